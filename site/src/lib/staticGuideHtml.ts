/** The element whose children are a guide's text, in the server's HTML of every guide. */
export const CONTENT_SELECTOR = '.theme-doc-markdown';

/** The page on screen, as far as loading a guide's text needs it. */
export interface ShownPage {
  pathname: string;
  document: Document;
}

export interface StaticGuideHtmlOptions {
  permalink: string;
  /** Fetches a page's HTML; tests pass their own. */
  fetchPage?: (url: string) => Promise<string>;
  /** The page on screen before the app first renders; on a first load it already holds the text. */
  firstPage?: ShownPage | undefined;
}

/** `/docs/a`, `/docs/a/`, `/docs/a.html` and `/docs/a/index.html` are the same page. */
export const samePage = (a: string, b: string) => {
  const trim = (path: string) => path.replace(/(\/index)?(\.html)?\/?$/, '') || '/';
  return trim(a) === trim(b);
};

async function fetchPage(url: string): Promise<string> {
  const response = await fetch(url, { headers: { Accept: 'text/html' } });
  if (!response.ok) throw new Error(`the server answered HTTP ${response.status} for ${url}`);
  return response.text();
}

/** The inner HTML of a page's guide text; throws naming the page when it has none. */
export function extractGuideHtml({ page, url }: { page: string; url: string }): string {
  const content = new DOMParser().parseFromString(page, 'text/html').querySelector(CONTENT_SELECTOR);
  if (!content) throw new Error(`${url} holds no guide text (no ${CONTENT_SELECTOR} element)`);
  return content.innerHTML;
}

/** Each plain-HTML guide's text by permalink, once read; and every such guide this browser has loaded. */
const texts = new Map<string, string>();
const staticGuides = new Set<string>();
const requests = new Map<string, Promise<string>>();

/** A plain-HTML guide's text, if this browser has read it. */
export function staticGuideHtml({ permalink }: { permalink: string }): string | undefined {
  return texts.get(permalink);
}

/**
 * A plain-HTML guide's text: read once per page (one request shared by every caller) and kept.
 * Rejects, naming the page, when the request fails; a failed request is forgotten.
 */
export function readStaticGuideHtml({ permalink, fetchPage: fetchText = fetchPage }: StaticGuideHtmlOptions): Promise<string> {
  const known = texts.get(permalink);
  if (known !== undefined) return Promise.resolve(known);
  let request = requests.get(permalink);
  if (!request) {
    request = fetchText(permalink).then((page) => {
      const html = extractGuideHtml({ page, url: permalink });
      texts.set(permalink, html);
      return html;
    });
    request.then(
      () => requests.delete(permalink),
      () => requests.delete(permalink),
    );
    requests.set(permalink, request);
  }
  return request;
}

/**
 * A plain-HTML guide's module carries no JSX in the browser (plugins/static-content-chunk), so its
 * text is HTML; the module awaits this. On a first load the document already holds the text and
 * nothing is fetched. Otherwise the page's own HTML is fetched while the route loads, so the guide
 * renders whole and a link to one of its headings finds it. A failure never fails the navigation:
 * the guide then asks again as it renders, and says what went wrong.
 */
export async function loadStaticGuideHtml(options: StaticGuideHtmlOptions): Promise<void> {
  const { permalink, firstPage = pageBeforeFirstRender() } = options;
  staticGuides.add(permalink);
  if (firstPage && samePage(firstPage.pathname, permalink) && firstPage.document.querySelector(CONTENT_SELECTOR)) return;
  await readStaticGuideHtml(options).catch(() => undefined);
}

/**
 * Keeps the text of a plain-HTML guide the reader is leaving, as the server wrote it, so coming
 * back renders it at once. Called as a client-side navigation starts, while it is still on screen.
 */
export function keepLeavingGuideHtml({ leaving }: { leaving: ShownPage }): void {
  const permalink = [...staticGuides].find((guide) => samePage(guide, leaving.pathname));
  if (permalink === undefined || texts.has(permalink)) return;
  const content = leaving.document.querySelector(CONTENT_SELECTOR);
  if (content?.firstElementChild) texts.set(permalink, content.innerHTML);
}

/** The page on screen until the app's first render, or undefined after it (or on the server). */
function pageBeforeFirstRender(): ShownPage | undefined {
  if (typeof document === 'undefined') return undefined;
  const rendered = (window as { docusaurusRoot?: unknown }).docusaurusRoot !== undefined;
  return rendered ? undefined : { pathname: window.location.pathname, document };
}
