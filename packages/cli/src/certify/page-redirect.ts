// The contract lets an authorize endpoint answer 200 with an HTML page that redirects the browser
// itself. A page that does so without a person (a meta refresh) is followed as a 302 would be; a page
// that waits for someone to approve is not, and certify asks for --redirect-url instead.

/** How much of a page is searched: a redirecting page states it in its head. */
const SEARCHED_CHARS = 64 * 1024;
/** A `<meta>` tag, at most 2,000 characters, with nothing nested: bounded, so a hostile page cannot make it slow. */
const META_TAG = /<meta\b[^<>]{0,2000}>/gi;
const REFRESH = /http-equiv\s*=\s*["']?refresh["']?/i;
const CONTENT = /content\s*=\s*(?:"([^"]{0,2000})"|'([^']{0,2000})')/i;
/** `0; url=…` with no delay: a page that waits before it redirects is a page a person reads. */
const IMMEDIATE = /^\s*0*(?:\.0+)?\s*[;,]\s*url\s*=\s*['"]?([^'"]+)['"]?\s*$/i;
const ENTITIES: Readonly<Record<string, string>> = { '&amp;': '&', '&quot;': '"', '&#39;': "'", '&apos;': "'", '&lt;': '<', '&gt;': '>' };

/** The URL an HTML answer sends the browser to at once with a meta refresh, or `undefined`. */
export function pageRedirect(options: { contentType: string | undefined; bodyText: string }): string | undefined {
  if (!/^\s*text\/html\b/i.test(options.contentType ?? '')) return undefined;
  for (const [tag] of options.bodyText.slice(0, SEARCHED_CHARS).matchAll(META_TAG)) {
    if (!REFRESH.test(tag)) continue;
    const content = CONTENT.exec(tag);
    const target = IMMEDIATE.exec(content?.[1] ?? content?.[2] ?? '')?.[1];
    if (target !== undefined) return target.replace(/&(?:amp|quot|#39|apos|lt|gt);/g, (entity) => ENTITIES[entity]!);
  }
  return undefined;
}

/** The URL a browser would follow for a redirect's `location` (relative to `base`); undefined when the partner's answer named no URL at all. */
export function redirectUrl(options: { location: string; base: string }): URL | undefined {
  try {
    return new URL(options.location, options.base);
  } catch {
    return undefined;
  }
}
