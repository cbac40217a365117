// An agent's own tool input nested thousands of levels deep (a JSON line of a few kilobytes, which
// the SDK's client could not even write) ended in "Maximum call stack size exceeded": the tool
// now answers what is wrong and how deep a value may nest. Raw JSON-RPC lines over real stdio.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_DEPTH_LIMIT } from '../src/trigger/build.js';
import { ROOT } from './kits.js';
import { ensureCorpus } from './mcp-client.js';
import { TEST_RUNTIME_DIR } from './support.js';

let child: ChildProcessWithoutNullStreams;
interface Answer {
  readonly id?: number;
  readonly result?: { isError?: boolean; content: { text: string }[] };
}
const waiting = new Map<number, (message: Answer) => void>();

function request(id: number, method: string, params: string): Promise<Answer> {
  return new Promise((done) => {
    waiting.set(id, done);
    child.stdin.write(`{"jsonrpc":"2.0","id":${id},"method":"${method}","params":${params}}\n`);
  });
}

beforeAll(async () => {
  ensureCorpus();
  child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', join(ROOT, 'packages', 'cli', 'src', 'bin.ts'), 'mcp'], { cwd: ROOT, env: { ...process.env, XDG_RUNTIME_DIR: TEST_RUNTIME_DIR } });
  createInterface({ input: child.stdout }).on('line', (line) => {
    const message = JSON.parse(line) as Answer;
    if (message.id !== undefined) waiting.get(message.id)?.(message);
  });
  await request(1, 'initialize', JSON.stringify({ protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'deep', version: '1' } }));
  child.stdin.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
}, 120_000);

afterAll(() => {
  child.kill();
});

describe('trigger_event given a set value nested ten thousand levels deep', () => {
  it('answers a tool error naming the field and the depth bound, not a stack overflow', async () => {
    const deep = `${'['.repeat(10_000)}1${']'.repeat(10_000)}`;
    const answer = await request(2, 'tools/call', `{"name":"trigger_event","arguments":{"name":"events:order.confirmed","to":"http://127.0.0.1:9","allow_invalid":true,"set":{"data.note":${deep}}}}`);
    const text = answer.result?.content[0]?.text ?? '';
    expect(answer.result?.isError).toBe(true);
    expect(text).not.toContain('call stack');
    expect(text).toContain(`set["data.note"] nests deeper than ${BODY_DEPTH_LIMIT} levels`);
  }, 60_000);

  it('answers the same for a path of ten thousand fields, which would nest the body as deep', async () => {
    const path = Array.from({ length: 10_000 }, () => 'a').join('.');
    const answer = await request(3, 'tools/call', JSON.stringify({ name: 'trigger_event', arguments: { name: 'events:order.confirmed', to: 'http://127.0.0.1:9', allow_invalid: true, set: { [path]: 1 } } }));
    const text = answer.result?.content[0]?.text ?? '';
    expect(answer.result?.isError).toBe(true);
    expect(text).toContain(`nest deeper than ${BODY_DEPTH_LIMIT} levels`);
  }, 60_000);
});
