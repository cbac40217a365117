/**
 * `/llms-full.txt`: every page's Markdown copy in one file (the llms.txt convention's companion
 * file), so an assistant can take in the whole documentation with one request. Each copy is kept
 * whole and is preceded by the URL of its own copy, so a reader can cite the page.
 */

export const LLMS_FULL_FILE = 'llms-full.txt';

export interface MarkdownPage {
  /** Absolute URL of the page's Markdown copy. */
  url: string;
  markdown: string;
}

/** The pages in the order given (guides in sidebar order, then the API references), one after another. */
export function llmsFullText(options: { title: string; summary: string; pages: readonly MarkdownPage[] }): string {
  const head = `# ${options.title}\n\n> ${options.summary}\n\nEvery page of the documentation in one file; each starts with \`Source:\`, the URL of that page's own Markdown copy.`;
  const pages = options.pages.map((page) => `Source: ${page.url}\n\n${page.markdown.trim()}`);
  return `${[head, ...pages].join('\n\n---\n\n')}\n`;
}
