// `npm run bench -- --only=mcp` (and part of the full bench): `stream-partner mcp` as a coding
// agent's host starts it, from the built package with plain node. Prints the start-up time (spawn
// to the tool list answered, median of five starts) and search_docs's own search time on the
// partner questions of packages/cli/test/mcp-questions.ts and on what an agent may send at most (500
// characters of the docs' commonest words, which each match many index terms), each beside its budget. Exits 1 when
// a figure is over budget. Run with `node --import tsx` (it reads the questions from TypeScript).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { QUESTIONS } from '../packages/cli/test/mcp-questions.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'packages', 'cli', 'bin', 'stream-partner.js');
const BUDGETS = { startupMs: 1000, searchMs: 50 };
const STARTS = 5;
const ROUNDS = 5;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const p95 = (values) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(values.length * 0.95) - 1)];

async function start() {
  const started = performance.now();
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp'], cwd: ROOT, stderr: 'ignore' });
  const client = new Client({ name: 'stream-partner-bench', version: '1.0.0' });
  await client.connect(transport);
  await client.listTools();
  return { client, ms: performance.now() - started, cpuMs: cpuMs(transport.pid) };
}

/** The server process's CPU time so far (Linux), which a busy shared machine does not inflate as it does the wall clock. */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

if (!existsSync(join(ROOT, 'packages', 'cli', 'dist', 'docs', 'pages.json'))) {
  console.error('No built CLI with its docs corpus: run npm run pack first.');
  process.exit(2);
}

const startups = [];
const startupCpu = [];
for (let run = 0; run < STARTS; run++) {
  const { client, ms, cpuMs: cpu } = await start();
  startups.push(ms);
  if (cpu !== undefined) startupCpu.push(cpu);
  await client.close();
}
const { client } = await start();
const searchTimes = [];
const longTimes = [];
// The words that cost a search most (each a prefix of many terms), to the tool's 500-character limit.
const LONG_QUERIES = ['stream order menu send merchant created client type event location', 'stream'].map((words) => `${words} `.repeat(60).slice(0, 500));
try {
  for (let round = 0; round < ROUNDS; round++) {
    for (const [query] of QUESTIONS) {
      const result = await client.callTool({ name: 'search_docs', arguments: { query, limit: 3 } });
      searchTimes.push(result.structuredContent.ms);
    }
    for (const query of LONG_QUERIES) longTimes.push((await client.callTool({ name: 'search_docs', arguments: { query } })).structuredContent.ms);
  }
} finally {
  await client.close();
}
const over = [];
const verdict = (ok, what) => {
  if (!ok) over.push(what);
  return ok ? 'ok' : 'OVER';
};
const startup = median(startups);
const cpu = startupCpu.length > 0 ? ` (CPU ${median(startupCpu).toFixed(0)} ms)` : '';
console.log(`stream-partner mcp start-up (spawn to tool list, median of ${STARTS}): ${startup.toFixed(0)} ms${cpu}, budget ${BUDGETS.startupMs} ms: ${verdict(startup <= BUDGETS.startupMs, `mcp start-up ${startup.toFixed(0)} ms`)}`);
const searchP95 = p95(searchTimes);
console.log(
  `search_docs on ${QUESTIONS.length} partner questions x ${ROUNDS}: median ${median(searchTimes).toFixed(1)} ms, p95 ${searchP95.toFixed(1)} ms, max ${Math.max(...searchTimes).toFixed(1)} ms; budget ${BUDGETS.searchMs} ms at p95: ${verdict(searchP95 <= BUDGETS.searchMs, `search_docs p95 ${searchP95.toFixed(1)} ms`)}`,
);
const longMax = Math.max(...longTimes);
console.log(`search_docs on 500 characters of common words x ${ROUNDS}: median ${median(longTimes).toFixed(1)} ms, max ${longMax.toFixed(1)} ms; budget ${BUDGETS.searchMs} ms at most: ${verdict(longMax <= BUDGETS.searchMs, `search_docs long query ${longMax.toFixed(1)} ms`)}`);
process.exitCode = over.length > 0 ? 1 : 0;
