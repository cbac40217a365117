// Draws the CLI's rooms and the direction of their imports from the code (dependency-cruiser reads
// packages/cli/src), and keeps the README's copy between the markers in step: `npm run architecture`
// writes it, `npm run architecture -- --check` (part of `npm run lint`) fails when it is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type IModule } from 'dependency-cruiser';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const README = join(ROOT, 'README.md');
const START = '<!-- architecture:start (npm run architecture writes this; do not edit by hand) -->';
const END = '<!-- architecture:end -->';

/** Rooms from top to bottom, as .dependency-cruiser.cjs orders them. */
const ROOMS = ['program', 'commands', 'mcp', 'console', 'certify', 'trigger', 'sandbox', 'core'] as const;
type Room = (typeof ROOMS)[number];
const LABELS: Readonly<Record<Room, string>> = {
  program: 'program: cli.ts, bin.ts',
  commands: 'commands/',
  mcp: 'mcp/',
  console: 'console/',
  certify: 'certify/',
  trigger: 'trigger/',
  sandbox: 'sandbox/ (through index.ts)',
  core: 'core: src/*.ts',
};

export function roomOf(path: string): Room | undefined {
  const match = /^packages\/cli\/src\/(?:([^/]+)\/)?([^/]+)$/.exec(path);
  if (match === null) return undefined;
  const [, folder, file] = match;
  if (folder === undefined) return file === 'cli.ts' || file === 'bin.ts' ? 'program' : 'core';
  return (ROOMS as readonly string[]).includes(folder) && folder !== 'program' && folder !== 'core' ? (folder as Room) : undefined;
}

/** Each room's imports of other rooms, in the rooms' order. */
export function roomEdges(modules: readonly Pick<IModule, 'source' | 'dependencies'>[]): [Room, Room][] {
  const seen = new Set<string>();
  for (const module of modules) {
    const from = roomOf(module.source);
    if (from === undefined) continue;
    for (const dependency of module.dependencies) {
      const to = roomOf(dependency.resolved);
      if (to !== undefined && to !== from) seen.add(`${from}>${to}`);
    }
  }
  const order = (room: Room) => ROOMS.indexOf(room);
  return [...seen].map((edge) => edge.split('>') as [Room, Room]).sort((a, b) => order(a[0]) - order(b[0]) || order(a[1]) - order(b[1]));
}

export function diagram(edges: readonly [Room, Room][]): string {
  const present = ROOMS.filter((room) => edges.some(([from, to]) => from === room || to === room));
  const lines = ['```mermaid', 'flowchart TD', ...present.map((room) => `  ${room}["${LABELS[room]}"]`), ...edges.map(([from, to]) => `  ${from} --> ${to}`), '```'];
  return lines.join('\n');
}

async function currentDiagram(): Promise<string> {
  const result = await cruise(['packages/cli/src'], { tsPreCompilationDeps: true, exclude: { path: 'node_modules' }, doNotFollow: { path: 'node_modules' } });
  if (typeof result.output === 'string') throw new Error(`dependency-cruiser answered text instead of modules: ${result.output.slice(0, 200)}`);
  return diagram(roomEdges(result.output.modules));
}

function withDiagram(readme: string, drawn: string): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md has no architecture markers. Put ${START} and ${END} where the diagram goes.`);
  return `${readme.slice(0, start + START.length)}\n${drawn}\n${readme.slice(end)}`;
}

async function run(check: boolean): Promise<number> {
  process.chdir(ROOT);
  const readme = readFileSync(README, 'utf8');
  const updated = withDiagram(readme, await currentDiagram());
  if (updated === readme) return 0;
  if (check) {
    process.stderr.write('README.md\'s architecture diagram is stale: the imports between the CLI\'s rooms changed. Run npm run architecture and commit README.md.\n');
    return 1;
  }
  writeFileSync(README, updated);
  process.stdout.write('README.md: architecture diagram updated.\n');
  return 0;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  run(process.argv.includes('--check')).then(
    (code) => process.exit(code),
    (error: Error) => {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    },
  );
}
