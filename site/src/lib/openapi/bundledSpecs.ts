import { readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { OpenApiDocument } from './types';

const cache = new Map<string, { mtimeMs: number; doc: OpenApiDocument }>();

export function bundledSpecPath(distDir: string, api: string, extension: 'json' | 'yaml' = 'json'): string {
  return join(distDir, `${api}.${extension}`);
}

/**
 * Reads `specs/dist/<api>.json`, the single bundled document `npm run specs:bundle` writes.
 * Cached by modification time so a dev server picks up a re-bundled spec.
 */
export function readBundledSpec(distDir: string, api: string): OpenApiDocument {
  const file = bundledSpecPath(distDir, api);
  let mtimeMs: number;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    throw new Error(
      `The bundled ${api} spec ${relative(process.cwd(), file)} does not exist. Run npm run specs:bundle (the root npm run build does it first).`,
    );
  }
  const cached = cache.get(file);
  if (cached && cached.mtimeMs === mtimeMs) return cached.doc;
  const doc = JSON.parse(readFileSync(file, 'utf8')) as OpenApiDocument;
  cache.set(file, { mtimeMs, doc });
  return doc;
}
