import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ANCHORED_ATTRIBUTE, ROOT_ID } from './constants';

describe('holding an anchor after a client-side jump', () => {
  it('lays out every operation, examples pane and schema of the root the page marks, as :target does on a full load', () => {
    const css = readFileSync(new URL('../ApiReferenceBody/styles.module.css', import.meta.url), 'utf8');
    for (const block of ['operation', 'operationSide', 'schema']) {
      expect(css).toContain(`:global(#${ROOT_ID}[${ANCHORED_ATTRIBUTE}]) .${block}`);
    }
  });
});
