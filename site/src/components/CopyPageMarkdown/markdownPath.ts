/**
 * Where the build writes a page's Markdown copy (plugins/llms): beside the page, with `.md`
 * added, so `/docs/intro` has `/docs/intro.md` and `/api/` has `/api/index.md`.
 */
export function markdownPath(pagePath: string): string {
  return pagePath.endsWith('/') ? `${pagePath}index.md` : `${pagePath}.md`;
}
