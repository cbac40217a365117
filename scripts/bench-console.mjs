// The sandbox console's first load: the JavaScript its index.html pulls in, gzip-compressed as a
// browser would receive it, from the console build that ships in the CLI package.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Bytes (gzip) of every script and module preload index.html names; `undefined` without a build. */
export function consoleFirstLoad(root) {
  const dir = [join(root, 'packages', 'cli', 'dist', 'console'), join(root, 'packages', 'console', 'dist')].find((candidate) => existsSync(join(candidate, 'index.html')));
  if (dir === undefined) return undefined;
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const files = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g)].map((match) => match[1]);
  const gzip = files.reduce((sum, file) => sum + gzipSync(readFileSync(join(dir, file)), { level: 9 }).length, 0);
  return { dir, files, gzip };
}
