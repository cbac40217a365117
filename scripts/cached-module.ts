// Tests that run a TypeScript entry point many times compile it once with esbuild and run the
// result with plain node. The module is written under the repository's node_modules/.cache (so node
// finds the packages a bundle leaves out), named by its content, so every worker shares one copy.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Writes `code` as node_modules/.cache/<folder>/<hash>.mjs unless it is there already, and returns the file. */
export function cachedModule(options: { folder: string; code: Uint8Array }): string {
  const dir = join(ROOT, 'node_modules', '.cache', options.folder);
  const file = join(dir, `${createHash('sha256').update(options.code).digest('hex').slice(0, 24)}.mjs`);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    // Written aside and renamed, so a run started at the same moment never reads half a file.
    const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    writeFileSync(partial, options.code);
    renameSync(partial, file);
  }
  return file;
}
