import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { expect, test } from '@playwright/test';
import { BUILD_DIR } from '../support/site';

/**
 * An independent link checker over the production build: it reads every built HTML file, as a
 * static host would serve it, and checks that every internal link reaches a file and every
 * fragment reaches an element id on the target page. Docusaurus checks links in Markdown and
 * <Link>; this also covers plain <a> elements, theme components and the generated API reference.
 */

const ORIGIN = 'http://site.invalid';
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'" };

function decode(value: string): string {
  return value.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (match, name: string) => {
    if (ENTITIES[name.toLowerCase()]) return ENTITIES[name.toLowerCase()];
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return match;
  });
}

interface Tag {
  name: string;
  attributes: Map<string, string>;
}

/** The start tags of a page, outside scripts, styles and comments, with their attributes. */
function tags(html: string): Tag[] {
  const markup = html.replace(/<!--[\s\S]*?-->/g, '').replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, '');
  const found: Tag[] = [];
  for (const match of markup.matchAll(/<([a-zA-Z][\w-]*)(\s[^<>]*?)?\/?>/g)) {
    const attributes = new Map<string, string>();
    for (const attribute of (match[2] ?? '').matchAll(/([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
      attributes.set(attribute[1].toLowerCase(), decode(attribute[2] ?? attribute[3] ?? attribute[4] ?? ''));
    }
    found.push({ name: match[1].toLowerCase(), attributes });
  }
  return found;
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The URL path a built file is served at: `docs/intro/index.html` is `/docs/intro`. */
function pagePath(file: string): string {
  const path = `/${relative(BUILD_DIR, file).split(sep).join('/')}`;
  return path.endsWith('/index.html') ? path.slice(0, -'/index.html'.length) || '/' : path;
}

/** The file a static host serves for a path, as scripts/serve.mjs resolves it. */
function servedFile(path: string): string | undefined {
  const target = join(BUILD_DIR, decodeURIComponent(path));
  const candidates = [target, join(target, 'index.html')];
  if (path.endsWith('.html')) candidates.push(join(target.slice(0, -'.html'.length), 'index.html'));
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

test('every internal link and anchor in the built site resolves', () => {
  const ids = new Map<string, Set<string>>();
  const idsOf = (file: string): Set<string> => {
    let set = ids.get(file);
    if (!set) {
      set = new Set<string>();
      for (const tag of tags(readFileSync(file, 'utf8'))) {
        const id = tag.attributes.get('id');
        if (id) set.add(id);
        const name = tag.attributes.get('name');
        if (tag.name === 'a' && name) set.add(name);
      }
      ids.set(file, set);
    }
    return set;
  };

  const broken: string[] = [];
  let checked = 0;
  for (const file of htmlFiles(BUILD_DIR)) {
    const base = new URL(pagePath(file), ORIGIN);
    for (const tag of tags(readFileSync(file, 'utf8'))) {
      if (tag.name !== 'a' && tag.name !== 'area') continue;
      const href = tag.attributes.get('href');
      if (href === undefined || href === '' || href === '#' || /^(mailto|tel|javascript|data):/i.test(href)) continue;
      const url = new URL(href, base);
      if (url.origin !== ORIGIN) continue;
      checked += 1;
      const where = `${pagePath(file)} → ${href}`;
      const target = url.pathname === base.pathname && href.startsWith('#') ? file : servedFile(url.pathname);
      if (!target) {
        broken.push(`${where}: no file is served at ${url.pathname}`);
        continue;
      }
      const fragment = decodeURIComponent(url.hash.slice(1));
      if (fragment && target.endsWith('.html') && !idsOf(target).has(fragment)) {
        broken.push(`${where}: ${pagePath(target)} has no element with id "${fragment}"`);
      }
    }
  }
  expect(checked, 'the checker found links to check').toBeGreaterThan(500);
  expect(broken).toEqual([]);
});
