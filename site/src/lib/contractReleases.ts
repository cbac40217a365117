// What a changelog page shows for one contract release, built at build time from the release
// manifest (specs/releases/<api>/releases.json, written by npm run contracts:release) and the
// bundled contract, so the page's list is the generated diff and never a retyped copy.
import type { OpenApiDocument } from './openapi/types';

/** How long a deprecated field, operation or event keeps working; scripts/contracts-diff enforces the same figure. */
export const DEPRECATION_DAYS = 180;

export interface ReleaseChange {
  kind: string;
  breaking: boolean;
  target: { type: 'operation' | 'webhook' | 'schema'; name: string };
  key: string;
  message: string;
  reason: string;
}

export interface ContractRelease {
  version: string;
  date: string;
  summary: string;
  changes: ReleaseChange[];
}

export interface ContractDeprecation {
  target: string;
  announced: string;
  version: string;
  replacement: string;
}

export interface ContractManifest {
  api: string;
  releases: ContractRelease[];
  deprecations: ContractDeprecation[];
}

export interface ChangeItem {
  /** Markdown with code spans. */
  message: string;
  reason: string;
  /** The API reference anchor, when the operation, event or schema is in the current contract. */
  href?: string;
}

export interface DeprecationItem {
  /** The deprecated place, as a code span: `CatalogResponse.tax_rate`. */
  name: string;
  replacement: string;
  announced: string;
  /** The first day a major release may remove it. */
  removableFrom: string;
  href?: string;
}

export interface ChangeListData {
  api: string;
  version: string;
  date: string;
  summary: string;
  /** True for a contract's first release, which has no earlier version to compare with. */
  first: boolean;
  breaking: ChangeItem[];
  compatible: ChangeItem[];
  /** Operations, events and schemas whose descriptions alone changed. */
  reworded: { name: string; href?: string }[];
  deprecations: DeprecationItem[];
}

/** The heading anchor of a release on its changelog page: 1.1.0 → `v1-1-0`. */
export function releaseAnchor(version: string): string {
  return `v${version.replace(/\./g, '-')}`;
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

function anchorExists(doc: OpenApiDocument, type: string, name: string): boolean {
  const raw = doc as unknown as Record<string, Record<string, Record<string, { operationId?: string }>>>;
  if (type === 'schema') return name in (raw.components?.schemas ?? {});
  if (type === 'webhook') return name in (raw.webhooks ?? {});
  return Object.values(raw.paths ?? {}).some((item) => Object.values(item ?? {}).some((op) => op?.operationId === name));
}

/** A change key's place, as the reader knows it: `schema:CatalogResponse.tax_rate` → `CatalogResponse.tax_rate`. */
function keyTarget(key: string): { type: string; name: string; label: string } {
  const [type = '', rest = ''] = key.split(/:(.*)/s);
  const name = rest.split(/[.#[|=]/)[0] ?? rest;
  return { type, name, label: rest };
}

export interface ChangeListOptions {
  manifest: ContractManifest;
  /** The bundled contract the API reference renders, to link only anchors that exist. */
  doc: OpenApiDocument;
  version: string;
  /** The API reference page: `/api/become-a-dsp`. */
  route: string;
}

export function changeListData({ manifest, doc, version, route }: ChangeListOptions): ChangeListData {
  const index = manifest.releases.findIndex((release) => release.version === version);
  if (index < 0) {
    const known = manifest.releases.map((release) => release.version).join(', ');
    throw new Error(`The ${manifest.api} contract has no release ${version} (releases: ${known}). Cut it with npm run contracts:release.`);
  }
  const release = manifest.releases[index];
  const href = (type: string, name: string) => (anchorExists(doc, type, name) ? `${route}#${type}/${name}` : undefined);
  const item = (change: ReleaseChange): ChangeItem => ({
    message: change.message,
    reason: change.reason,
    href: change.kind.endsWith('-removed') && change.target.type !== 'schema' ? undefined : href(change.target.type, change.target.name),
  });
  const shape = release.changes.filter((change) => change.kind !== 'description-changed');
  return {
    api: manifest.api,
    version: release.version,
    date: release.date,
    summary: release.summary,
    first: index === manifest.releases.length - 1,
    breaking: shape.filter((change) => change.breaking).map(item),
    compatible: shape.filter((change) => !change.breaking).map(item),
    reworded: release.changes
      .filter((change) => change.kind === 'description-changed')
      .map((change) => ({ name: change.target.name, href: href(change.target.type, change.target.name) })),
    deprecations: manifest.deprecations
      .filter((entry) => entry.version === release.version)
      .map((entry) => {
        const target = keyTarget(entry.target);
        return {
          name: target.label,
          replacement: entry.replacement,
          announced: entry.announced,
          removableFrom: addDays(entry.announced, DEPRECATION_DAYS),
          href: href(target.type, target.name),
        };
      }),
  };
}

/** The same list as Markdown, for the page's Markdown copy and /llms.txt readers. */
export function changeListMarkdown(data: ChangeListData, link: (url: string) => string = (url) => url): string {
  const linked = (text: string, url: string | undefined) => (url ? `[${text}](${link(url)})` : text);
  const lines: string[] = [`Released ${data.date}. ${data.summary}`, ''];
  if (data.first) lines.push('The first release of this contract: everything in the reference is new.', '');
  const list = (title: string, items: ChangeItem[]) => {
    if (items.length === 0) return;
    lines.push(`**${title}**`, '');
    for (const entry of items) lines.push(`- ${linked(entry.message, entry.href)}: ${entry.reason}`);
    lines.push('');
  };
  list('Breaking changes', data.breaking);
  list('Compatible changes', data.compatible);
  if (data.reworded.length > 0) {
    lines.push(`**Reworded descriptions** (nothing sent or accepted changes): ${data.reworded.map((entry) => linked(`\`${entry.name}\``, entry.href)).join(', ')}.`, '');
  }
  if (data.deprecations.length > 0) {
    lines.push('**Deprecated in this release**', '');
    for (const entry of data.deprecations) {
      lines.push(`- ${linked(`\`${entry.name}\``, entry.href)}: ${entry.replacement} Announced ${entry.announced}; kept until at least ${entry.removableFrom}.`);
    }
    lines.push('');
  }
  if (!data.first && data.breaking.length + data.compatible.length + data.reworded.length === 0) lines.push('No change to the contract.', '');
  return lines.join('\n').trimEnd();
}
