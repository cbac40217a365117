import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { BUILD_DIR, builtHtml, builtRoutes, waitForHydration } from '../support/site';

const LLMS = join(BUILD_DIR, 'llms.txt');
const ITEM = /^- \[([^\]]+)\]\(([^)\s]+)\): (.+)$/;

function llmsText(): string {
  return readFileSync(LLMS, 'utf8');
}

/** The entries of one `## Section` of llms.txt. */
function entries(section: string): { title: string; url: string; description: string }[] {
  const body = llmsText().split(/^## /m).find((part) => part.startsWith(`${section}\n`)) ?? '';
  return body
    .split('\n')
    .filter((line) => line.startsWith('- '))
    .map((line) => {
      const match = ITEM.exec(line);
      if (!match) throw new Error(`Not a llms.txt list entry: ${line}`);
      return { title: match[1], url: match[2], description: match[3] };
    });
}

/** Guide and API reference pages: every page that must have a Markdown copy. */
function documentedRoutes(): string[] {
  return builtRoutes().filter((route) => route.startsWith('/api') || (route.startsWith('/docs/') && !route.endsWith('/docs')));
}

/** The Markdown copy of a built page: `/docs/intro.md`, or `index.md` inside a folder page. */
function markdownFile(route: string): string | undefined {
  return [join(BUILD_DIR, `${route}.md`), join(BUILD_DIR, route, 'index.md')].find((file) => existsSync(file));
}

function h1Text(html: string): string {
  const inner = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '';
  return inner
    .replace(/<a\b[^>]*class="?hash-link[\s\S]*?<\/a>/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/\u200b/g, '')
    .trim();
}

test('llms.txt names the site, summarises it and lists the guides and the API references', () => {
  const text = llmsText();
  expect(text.startsWith('# Stream Partner Docs\n\n> ')).toBe(true);
  const guides = entries('Guides');
  const references = entries('API reference');
  expect(guides.length).toBeGreaterThan(10);
  expect(references.map((entry) => entry.title)).toEqual(['Stream Partner API', 'Stream DSP API', 'Stream POS API', 'Stream Events API']);
  for (const entry of [...guides, ...references]) {
    expect(entry.url, entry.title).toMatch(/\.md$/);
    expect(entry.description.trim().length, entry.title).toBeGreaterThan(20);
  }
});

test('every URL listed in llms.txt is served from the build', async ({ request }) => {
  const listed = [...entries('Guides'), ...entries('API reference')];
  for (const { url } of listed) {
    const path = new URL(url).pathname;
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type'], path).toContain('text/markdown');
  }
});

test('llms.txt lists every guide page of the build', () => {
  const listed = new Set(entries('Guides').map((entry) => new URL(entry.url).pathname));
  const guides = documentedRoutes().filter((route) => route.startsWith('/docs/'));
  const missing = guides.filter((route) => !listed.has(`${route}.md`) && !listed.has(`${route}/index.md`));
  expect(missing).toEqual([]);
});

test('every guide and API reference has a non-empty Markdown copy whose first heading is the page title', () => {
  const problems: string[] = [];
  for (const route of documentedRoutes()) {
    const file = markdownFile(route);
    if (!file) {
      problems.push(`${route}: no Markdown copy`);
      continue;
    }
    const markdown = readFileSync(file, 'utf8');
    const heading = /^# (.+)$/m.exec(markdown)?.[1]?.trim();
    const title = h1Text(builtHtml(route));
    if (markdown.trim().split('\n').length < 5) problems.push(`${route}: the Markdown copy is (nearly) empty`);
    if (heading !== title) problems.push(`${route}: Markdown heading "${heading}" but page h1 "${title}"`);
  }
  expect(problems).toEqual([]);
});

test('the Markdown copies keep no MDX: spec components, tabs, admonitions and heading ids are converted', () => {
  const leftovers = /<(SchemaFields|SpecExample|Tabs|TabItem)\b|^:::|\\?\{#[\w-]+\\?\}\s*$/m;
  const offending = documentedRoutes()
    .map((route) => ({ route, file: markdownFile(route) }))
    .filter(({ file }) => file !== undefined && leftovers.test(readFileSync(file, 'utf8')))
    .map(({ route }) => route);
  expect(offending).toEqual([]);
  // A guide built from spec components shows them as a field table and a JSON example.
  const guide = readFileSync(
    markdownFile('/docs/become-a-stream-integration/integrate-with-stream-as-a-pos/integration-steps/location-management') ?? '',
    'utf8',
  );
  expect(guide).toContain('| Field | Type | Required | Description |');
  expect(guide).toContain('```json');
});

test('"Copy page as Markdown" puts the page’s Markdown copy on the clipboard and says so', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/docs/authenticating/implementing-hmac-webhook-authentication');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Copy page as Markdown' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const expected = readFileSync(markdownFile('/docs/authenticating/implementing-hmac-webhook-authentication') ?? '', 'utf8');
  expect(copied).toBe(expected);
  expect(copied.startsWith('# Implementing HMAC webhook authentication\n')).toBe(true);
});

test('"Copy page as Markdown" explains what to do when the clipboard is refused', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new Error('permission denied')) },
    });
  });
  await page.goto('/docs/intro');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Copy page as Markdown' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Could not copy' })).toContainText('permission denied');
  await expect(page.getByRole('link', { name: 'View Markdown' })).toHaveAttribute('href', '/docs/intro.md');
});

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decode(html: string): string {
  return html.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (match, name: string) => {
    if (/^#x/i.test(name)) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? match;
  });
}

/** Code compared without whitespace: the built page splits highlighted code into token spans. */
function squeeze(code: string): string {
  return code.replace(/\s+/g, '');
}

/** What a built API reference page shows, read from its minified HTML. */
function referencePage(html: string) {
  const codes = [...html.matchAll(/<pre\b[^>]*><code\b[^>]*>([\s\S]*?)<\/code><\/pre>/g)].map((match) => decode((match[1] ?? '').replace(/<[^>]+>/g, '')));
  const titles = [...html.matchAll(/class="?codeBlockTitle_[\w-]+"?>([^<]*)</g)].map((match) => decode(match[1] ?? ''));
  const fields = new Set([...html.matchAll(/<code class="?name_[\w-]+"?>([^<]*)<\/code>/g)].map((match) => decode(match[1] ?? '')));
  fields.delete('{any key}');
  const body = html.slice(html.indexOf('<main'), html.lastIndexOf('</main>'));
  const text = decode(body.replace(/<[^>]+>/g, ' '));
  const urls = new Set([...text.matchAll(/https?:\/\/[^\s"'`<>)\]]+/g)].map((match) => match[0].replace(/[.,;:]+$/, '')));
  return { codes, titles, fields, urls };
}

test('each API reference’s Markdown copy holds every example, field and host its page shows', () => {
  const problems: string[] = [];
  for (const { url } of entries('API reference')) {
    const copy = new URL(url).pathname;
    const route = copy.replace(/\/index\.md$/, '').replace(/\.md$/, '');
    const html = readFileSync([join(BUILD_DIR, `${route}.html`), join(BUILD_DIR, route, 'index.html')].find((file) => existsSync(file)) ?? '', 'utf8');
    const markdown = readFileSync(join(BUILD_DIR, copy), 'utf8');
    const squeezed = squeeze(markdown);
    const page = referencePage(html);
    if (page.codes.length === 0 || page.fields.size === 0) problems.push(`${route}: found no code blocks or fields in the page`);
    for (const code of page.codes) if (!squeezed.includes(squeeze(code))) problems.push(`${route}: code block missing from the copy: ${code.slice(0, 60)}`);
    for (const title of page.titles) if (!markdown.includes(title)) problems.push(`${route}: example "${title}" missing from the copy`);
    for (const field of page.fields) {
      // A field shows in the copy's tables as `name` or inside a dotted path (`driver.phone.number`).
      if (!new RegExp(`[\`.]${field.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\`.[ ]`).test(markdown)) problems.push(`${route}: field ${field} missing from the copy`);
    }
    for (const link of page.urls) if (!markdown.includes(link)) problems.push(`${route}: URL ${link} missing from the copy`);
    // And the other way: every example or sample in the copy is on the page.
    const shown = new Set(page.codes.map(squeeze));
    for (const match of markdown.matchAll(/^(`{3,})[a-z]*\n([\s\S]*?)\n\1$/gm)) {
      if (!shown.has(squeeze(match[2] ?? ''))) problems.push(`${route}: the copy shows code the page does not: ${(match[2] ?? '').slice(0, 60)}`);
    }
  }
  expect(problems).toEqual([]);
});

test('llms.txt lists llms-full.txt, which holds every listed page’s Markdown copy whole and in the listed order', async ({ request }) => {
  const [full] = entries('Everything in one file');
  expect(full?.url).toMatch(/\/llms-full\.txt$/);
  const response = await request.get(new URL(full?.url ?? '').pathname);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/plain');
  const text = await response.text();
  let position = 0;
  for (const { url } of [...entries('Guides'), ...entries('API reference')]) {
    const copy = readFileSync(join(BUILD_DIR, new URL(url).pathname), 'utf8').trim();
    const at = text.indexOf(`Source: ${url}\n\n${copy}`, position);
    expect(at, `${url} in llms-full.txt after the pages listed before it`).toBeGreaterThan(position - 1);
    position = at + copy.length;
  }
});
