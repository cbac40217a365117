import { join } from 'node:path';
import type { LoadContext } from '@docusaurus/types';

/** Escapes text for use inside a regular expression. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** A loader rule's `test` for Docusaurus' generated route registry, `.docusaurus/registry.js`. */
export function registryFile(context: LoadContext): RegExp {
  return new RegExp(`^${escapeRegExp(join(context.generatedFilesDir, 'registry.js'))}$`);
}
