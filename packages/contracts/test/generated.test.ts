import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED_DIR, generateAll } from '../scripts/generate.mjs';

describe('the generated types and schemas', () => {
  it('match the specs (run npm run generate -w packages/contracts when this fails)', async () => {
    const expected = (await generateAll()) as Record<string, string>;
    const committed = Object.fromEntries(
      readdirSync(GENERATED_DIR)
        .filter((name) => name.endsWith('.ts'))
        .map((name) => [name, readFileSync(join(GENERATED_DIR, name), 'utf8')]),
    );
    const stale = Object.keys({ ...expected, ...committed }).filter((name) => expected[name] !== committed[name]);
    expect(stale, 'Stale generated files: run npm run generate -w packages/contracts').toEqual([]);
  }, 60_000);
});
