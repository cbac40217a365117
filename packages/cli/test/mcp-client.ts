// Drives `stream-partner mcp` as an agent host does: the MCP SDK's own client, spawning the CLI from
// source over stdio. The docs corpus comes from the build; it is written first when missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { ROOT } from './kits.js';
import { TEST_RUNTIME_DIR } from './support.js';

export const CORPUS_DIR = join(ROOT, 'packages', 'cli', 'dist', 'docs');

/** Writes packages/cli/dist/docs as npm run pack does, unless a build already has. */
export function ensureCorpus(): void {
  if (existsSync(join(CORPUS_DIR, 'pages.json'))) return;
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'site', 'plugins', 'llms', 'agentCorpus.ts'), CORPUS_DIR], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
  if (result.status !== 0) throw new Error(`could not write the docs corpus: ${result.stderr}`);
}

/** A progress notification as the server wrote it. */
export interface WireProgress {
  readonly progress: number;
  readonly total?: number;
  readonly message?: string;
}

export interface Connected {
  readonly client: Client;
  /**
   * Every progress notification read off the wire so far. The SDK's client hands a notification to
   * its handler a microtask later but a result at once, so when the last notification and the
   * result arrive in one read, the handler is gone and `onprogress` never sees it: what the server
   * sent is counted here.
   */
  progressSent(): readonly WireProgress[];
  /** What the server wrote to stderr so far. */
  stderr(): string;
  close(): Promise<void>;
}

export async function connect(args: readonly string[] = []): Promise<Connected> {
  ensureCorpus();
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--conditions=source', '--import', 'tsx', join(ROOT, 'packages', 'cli', 'src', 'bin.ts'), 'mcp', ...args],
    cwd: ROOT,
    // The runtime folder the tests' sandboxes write their console token files to, as the same user's would.
    env: { ...getDefaultEnvironment(), XDG_RUNTIME_DIR: TEST_RUNTIME_DIR },
    stderr: 'pipe',
  });
  let err = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    // Bounded: only the tail matters to a failing assertion.
    err = `${err}${chunk.toString('utf8')}`.slice(-20_000);
  });
  const client = new Client({ name: 'stream-partner-test', version: '1.0.0' });
  await client.connect(transport);
  const sent: WireProgress[] = [];
  const deliver = transport.onmessage;
  transport.onmessage = (message: JSONRPCMessage) => {
    if ('method' in message && message.method === 'notifications/progress') sent.push(message.params as unknown as WireProgress);
    deliver?.(message);
  };
  return { client, stderr: () => err, progressSent: () => sent, close: () => client.close() };
}

/** A tool's structured result, failing the test with the tool's own words when it answered an error. */
export async function call(client: Client, name: string, args: Record<string, unknown>, options: { timeout?: number; onprogress?: (progress: { progress: number; total?: number; message?: string }) => void } = {}): Promise<any> {
  const result = await client.callTool({ name, arguments: args }, undefined, { timeout: options.timeout ?? 60_000, ...(options.onprogress === undefined ? {} : { onprogress: options.onprogress, resetTimeoutOnProgress: true }) });
  if (result.isError) throw new Error(`${name} answered an error: ${JSON.stringify(result.content)}`);
  return result.structuredContent;
}
