import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { API_REFERENCES } from '../src/constants';
import { readBundledSpec } from '../src/lib/openapi/bundledSpecs';
import { changeListData, type ChangeListData, type ContractManifest } from '../src/lib/contractReleases';

/**
 * Remark plugin for the changelogs: finds <ContractChanges api="…" version="…" /> in MDX, builds
 * that release's change list from specs/releases/<api>/releases.json and the bundled contract, and
 * hands the component only what it renders as a JSON `data` attribute. An unknown contract or
 * version fails the build.
 */

export interface Options {
  /** `specs/dist`; the releases are in `specs/releases` beside it. */
  specsDistDir: string;
}

interface Attribute {
  type: string;
  name?: string;
  value?: unknown;
}

interface Node {
  type: string;
  name?: string | null;
  attributes?: Attribute[];
  children?: Node[];
  position?: { start: { line: number } };
}

export function releasesDir(specsDistDir: string): string {
  return join(specsDistDir, '..', 'releases');
}

export function readReleaseManifest(specsDistDir: string, api: string): ContractManifest {
  const file = join(releasesDir(specsDistDir), api, 'releases.json');
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as ContractManifest;
  } catch (error) {
    throw new Error(`Could not read the ${api} release manifest ${relative(process.cwd(), file)} (${(error as Error).message}). Cut a release with npm run contracts:release.`);
  }
}

/** The change list of one release, as the page and its Markdown copy show it. */
export function contractChangesData(specsDistDir: string, api: string, version: string): ChangeListData {
  const reference = API_REFERENCES.find((candidate) => candidate.spec === api);
  if (reference === undefined) throw new Error(`api="${api}" is not one of the contracts (${API_REFERENCES.map((r) => r.spec).join(', ')}).`);
  return changeListData({ manifest: readReleaseManifest(specsDistDir, api), doc: readBundledSpec(specsDistDir, api), version, route: reference.route });
}

function attribute(node: Node, name: string): string | undefined {
  const found = node.attributes?.find((a) => a.type === 'mdxJsxAttribute' && a.name === name);
  if (found && found.value !== undefined && found.value !== null && typeof found.value !== 'string') {
    throw new Error(`${name} must be a plain string (${name}="…"): it is read at build time.`);
  }
  return found?.value as string | undefined;
}

function visit(node: Node, found: Node[]): Node[] {
  if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name === 'ContractChanges') found.push(node);
  for (const child of node.children ?? []) visit(child, found);
  return found;
}

export default function remarkContractChanges(options: Options) {
  return (tree: Node, file: { path?: string }): void => {
    for (const node of visit(tree, [])) {
      let data: ChangeListData;
      try {
        data = contractChangesData(options.specsDistDir, attribute(node, 'api') ?? '', attribute(node, 'version') ?? '');
      } catch (error) {
        const where = `${file.path ? relative(process.cwd(), file.path) : 'an MDX file'}:${node.position?.start.line ?? '?'}`;
        throw new Error(`${where}: <ContractChanges>: ${(error as Error).message}`);
      }
      node.attributes = (node.attributes ?? []).filter((a) => a.name !== 'data');
      node.attributes.push({ type: 'mdxJsxAttribute', name: 'data', value: JSON.stringify(data) });
    }
  };
}
