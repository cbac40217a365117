import { Feed } from 'feed';
import { API_REFERENCES, PRODUCT_NAME, PRODUCT_SLUG } from '../../src/constants';
import { changeListData, releaseAnchor, type ChangeItem, type ContractManifest } from '../../src/lib/contractReleases';
import type { OpenApiDocument } from '../../src/lib/openapi/types';

/** Where the feed is served, under the site's base URL. */
export const FEED_FILE = 'changelog.xml';

/** Each contract's changelog page, under the site's base URL. */
export const CHANGELOG_PAGES: Record<string, string> = {
  partner: 'docs/white-label-stream/partner-api-changelog',
  dsp: `docs/become-a-${PRODUCT_SLUG}-integration/integrate-with-${PRODUCT_SLUG}-as-a-dsp/changelog`,
  pos: `docs/become-a-${PRODUCT_SLUG}-integration/integrate-with-${PRODUCT_SLUG}-as-a-pos/changelog`,
  events: `docs/become-a-${PRODUCT_SLUG}-integration/integrate-with-${PRODUCT_SLUG}-events/changelog`,
};

export interface ContractFeedInput {
  manifest: ContractManifest;
  /** The bundled contract the API reference renders, to link only anchors that exist. */
  doc: OpenApiDocument;
}

export interface FeedOptions {
  /** `https://partners.stream.example`, no trailing slash. */
  siteUrl: string;
  /** `/`, with a trailing slash. */
  baseUrl: string;
  contracts: ContractFeedInput[];
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const inlineHtml = (markdown: string) => escapeHtml(markdown).replace(/`([^`]+)`/g, '<code>$1</code>');

/** The Atom feed of contract releases: one entry per release of each contract, newest first. */
export function changelogFeed({ siteUrl, baseUrl, contracts }: FeedOptions): string {
  const absolute = (path: string) => `${siteUrl.replace(/\/$/, '')}${baseUrl}${path.replace(/^\//, '')}`;
  const entries = contracts.flatMap(({ manifest, doc }) => {
    const reference = API_REFERENCES.find((candidate) => candidate.spec === manifest.api);
    const page = CHANGELOG_PAGES[manifest.api];
    if (reference === undefined || page === undefined) throw new Error(`No changelog page for the ${manifest.api} contract.`);
    return manifest.releases.map((release) => {
      const data = changeListData({ manifest, doc, version: release.version, route: reference.route });
      const list = (title: string, items: ChangeItem[]) =>
        items.length === 0
          ? ''
          : `<p><strong>${title}</strong></p><ul>${items
              .map((item) => `<li>${item.href ? `<a href="${escapeHtml(absolute(item.href))}">${inlineHtml(item.message)}</a>` : inlineHtml(item.message)}: ${inlineHtml(item.reason)}</li>`)
              .join('')}</ul>`;
      const content = [
        `<p>${inlineHtml(release.summary)}</p>`,
        data.first ? '<p>The first release of this contract.</p>' : '',
        list('Breaking changes', data.breaking),
        list('Compatible changes', data.compatible),
        data.reworded.length > 0 ? `<p>Reworded descriptions: ${data.reworded.map((entry) => `<code>${escapeHtml(entry.name)}</code>`).join(', ')}.</p>` : '',
        data.deprecations.length > 0
          ? `<p><strong>Deprecated</strong></p><ul>${data.deprecations.map((entry) => `<li><code>${escapeHtml(entry.name)}</code>: ${inlineHtml(entry.replacement)} Kept until at least ${entry.removableFrom}.</li>`).join('')}</ul>`
          : '',
      ].join('');
      const link = absolute(`${page}#${releaseAnchor(release.version)}`);
      return {
        title: `${reference.label} ${release.version}${data.breaking.length > 0 ? ' (breaking)' : ''}`,
        id: link,
        link,
        date: new Date(`${release.date}T00:00:00Z`),
        description: release.summary,
        content,
      };
    });
  });
  entries.sort((a, b) => b.date.getTime() - a.date.getTime() || a.title.localeCompare(b.title));
  const feedUrl = absolute(FEED_FILE);
  const feed = new Feed({
    id: feedUrl,
    title: `${PRODUCT_NAME} contract changes`,
    description: `Each release of ${PRODUCT_NAME}'s Partner, DSP, POS and events API contracts, with its changes.`,
    link: absolute(''),
    language: 'en',
    updated: entries[0]?.date ?? new Date(0),
    generator: false,
    feedLinks: { atom: feedUrl },
    author: { name: `${PRODUCT_NAME} Partner Engineering`, email: 'partners@stream.example' },
    copyright: `${PRODUCT_NAME}`,
  });
  for (const entry of entries) feed.addItem(entry);
  return feed.atom1();
}
