import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Test files that run longest, heaviest first (seconds on a fresh two-core CI run). Without a cache of
 * earlier runs Vitest starts the largest files first, and the mutation files are three lines each:
 * they started last and left one worker running them alone for minutes. A file missing from the
 * list keeps Vitest's own order after these.
 */
const HEAVIEST = [
  'packages/cli/test/mutations-pos.test.ts', // 135 s
  'packages/cli/test/mutations-dsp.test.ts', // 120 s
  'packages/cli/test/mutations-events.test.ts', // 67 s
  'site/samples/samples.test.ts', // 65 s
  'site/samples/client.test.ts', // 53 s
  'packages/cli/test/help-examples.test.ts', // 46 s
  'scripts/contracts-diff/cli.test.ts', // 39 s
  'packages/cli/test/kits.test.ts', // 32 s
  'packages/contracts/test/recipes.test.ts', // 30 s
  'packages/cli/test/mcp-certify.test.ts', // 30 s
  'scripts/collections/collections.test.ts', // 25 s
  'packages/cli/test/send-command-hostile.test.ts', // 20 s
];

export default class HeaviestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = HEAVIEST.findIndex((path) => file.moduleId.endsWith(path));
      return index === -1 ? HEAVIEST.length : index;
    };
    return sorted.map((file, position) => ({ file, position })).sort((a, b) => rank(a.file) - rank(b.file) || a.position - b.position).map(({ file }) => file);
  }
}
