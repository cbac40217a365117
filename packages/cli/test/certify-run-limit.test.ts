// A partner's server that takes its time: each call may wait --timeout-ms (30 s) and a run makes
// hundreds, so certify bounds the whole run. Past the limit the requirements left read "not run",
// never passed, every report says so and certify exits 1.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { call, captureIo, closeSandboxes, openConsoleStream, openSandbox } from './support.js';
import { connect, type Connected } from './mcp-client.js';

let slow: Server;
let url: string;
const held = new Set<ServerResponse>();

beforeAll(async () => {
  // Answers the authorize page at once (so POS-OAU-01 is judged before the limit) and holds every other call unanswered.
  slow = createServer((request, response) => {
    const query = new URL(request.url ?? '/', 'http://partner').searchParams;
    if (request.url?.includes('/authorize') && query.get('redirect_uri') !== null) {
      response.writeHead(302, { Location: `${query.get('redirect_uri')}?code=code-slow&state=${encodeURIComponent(query.get('state') ?? '')}` }).end();
      return;
    }
    held.add(response);
    response.on('close', () => held.delete(response));
  });
  await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const response of held) response.destroy();
  slow.closeAllConnections();
  await new Promise((resolve) => slow.close(resolve));
});

interface JsonResult {
  results: { requirement: { id: string }; status: string; reason?: string; evidence: unknown[] }[];
  counts: { passed: number; notRun: number; mustFailed: number };
  runLimitMs: number;
  timeLimitReached: boolean;
  allMustPassed: boolean;
  certified: boolean;
}

describe('certify against a server that never answers most calls', () => {
  it('stops at --run-limit-ms instead of waiting 30 s a call, judges what finished before it, reports the rest as not run and exits 1', { timeout: 30_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'certify-run-limit-'));
    const captured = captureIo();
    const started = Date.now();
    const code = await main(['certify', 'pos', '--base-url', url, '--skip-sandbox', '--run-limit-ms', '1500', '--json', '--junit', join(dir, 'junit.xml'), '--report', join(dir, 'report.md')], { io: captured.io });
    const elapsed = Date.now() - started;
    expect(code).toBe(1);
    // One held call alone would have taken the 30 s --timeout-ms.
    expect(elapsed).toBeLessThan(8000);
    const result = JSON.parse(captured.stdout()) as JsonResult;
    expect(result.runLimitMs).toBe(1500);
    expect(result.timeLimitReached).toBe(true);
    expect(result.allMustPassed).toBe(false);
    expect(result.certified).toBe(false);
    const statuses = result.results.map((item) => item.status);
    // The authorize redirect came back at once and was judged; the token call it waited on next was cut.
    expect(statuses[0]).not.toBe('not_run');
    const firstCut = statuses.indexOf('not_run');
    expect(firstCut).toBeGreaterThan(0);
    expect(result.results.slice(firstCut).every((item) => item.status === 'not_run' || item.status === 'skipped')).toBe(true);
    expect(result.counts.notRun).toBe(statuses.filter((status) => status === 'not_run').length);
    const interrupted = result.results[firstCut]!;
    expect(interrupted.reason).toBe("the run's time limit of 1500 ms was reached while its check ran, so it was not judged (its calls so far are its evidence)");
    expect(interrupted.evidence.length).toBeGreaterThan(0);
    expect(result.results.at(-1)!.reason).toBe("the run's time limit of 1500 ms was reached before it began");
    const junit = readFileSync(join(dir, 'junit.xml'), 'utf8');
    expect(junit).toContain('<property name="timeLimitReached" value="true"/>');
    expect(junit).toContain(`not run: the run's time limit of 1500 ms was reached before it began`);
    const report = readFileSync(join(dir, 'report.md'), 'utf8');
    expect(report).toContain(`The run reached its time limit of 1500 ms (--run-limit-ms) with ${result.counts.notRun} requirement(s) not run, so this server would not pass certification yet`);
    expect(report).toMatch(/\| POS-VAL-01 \| must \| .* \| not run \|/);
  });

  it('prints each cut requirement as not run, never as a pass, and says in the summary that the limit was reached', { timeout: 30_000 }, async () => {
    const captured = captureIo({ STREAM_CERTIFY_RUN_LIMIT_MS: '1200' });
    const code = await main(['certify', 'pos', '--base-url', url, '--skip-sandbox', '--only', 'POS-OAU-03,POS-LOC-01,POS-ORD-01'], { io: captured.io });
    expect(code).toBe(1);
    const out = captured.stdout();
    expect(out).not.toContain('✔ pass');
    expect(out.match(/◌ not run {2}POS-/g)).toHaveLength(3);
    expect(out).toContain('The run reached its time limit of 1200 ms (--run-limit-ms) with 3 requirement(s) not run');
  });

  it('refuses a limit that is not a whole number of milliseconds up to a day, from the flag or the variable, with exit code 2', async () => {
    for (const [args, env, source] of [
      [['--run-limit-ms', '0'], {}, '--run-limit-ms'],
      [['--run-limit-ms', '90s'], {}, '--run-limit-ms'],
      [[], { STREAM_CERTIFY_RUN_LIMIT_MS: '86400001' }, '$STREAM_CERTIFY_RUN_LIMIT_MS'],
    ] as const) {
      const captured = captureIo(env);
      const code = await main(['certify', 'pos', '--base-url', url, '--skip-sandbox', ...args], { io: captured.io });
      expect(code).toBe(2);
      expect(captured.stderr()).toContain(`${source} must be a whole number of milliseconds from 1 to 86400000 (a day), such as 1800000 for 30 min`);
      expect(captured.stdout()).toBe('');
    }
  });

  it('says in --help what the default limit is and why', async () => {
    const captured = captureIo();
    await main(['certify', '--help'], { io: captured.io });
    const help = captured.stdout().replace(/\s+/g, ' ');
    expect(help).toContain('--run-limit-ms <ms>');
    expect(help).toContain('default: $STREAM_CERTIFY_RUN_LIMIT_MS, else 1800000, 30 min');
    expect(help).toContain('a server that answers slowly could hold a CI runner for hours');
    expect(help).toContain('or the run reached its time limit, 2 wrong usage');
  });
});

describe("the console's Certify page against the same server", () => {
  afterAll(closeSandboxes);

  it('ends the run at its time limit, frees the run slot, and says the limit was reached with the requirements left not run', { timeout: 30_000 }, async () => {
    const { sandbox } = await openSandbox({ now: Date.now });
    const headers = { 'x-sandbox-console-token': sandbox.consoleToken };
    const refused = await call(sandbox, 'POST', '/_sandbox/console/certify', { json: { audience: 'events', baseUrl: url, runLimitMs: 1_800_001 }, headers });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('runLimitMs must be a whole number of milliseconds from 1000 to 1800000 (30 min, the default)');
    const stream = await openConsoleStream(sandbox);
    const started = await call(sandbox, 'POST', '/_sandbox/console/certify', { json: { audience: 'events', baseUrl: url, runLimitMs: 1000 }, headers });
    expect(started.status, started.text).toBe(202);
    const finished = await stream.next('certify', (data) => data.id === started.body.id && data.phase === 'finished', 10_000);
    stream.close();
    expect(finished.timeLimitReached).toBe(true);
    expect(finished.timeLimit).toBe('1 s');
    expect(finished.certified).toBe(false);
    expect(finished.counts.notRun).toBeGreaterThan(0);
    const run = await call(sandbox, 'GET', `/_sandbox/console/certify/${started.body.id as string}`, { headers });
    expect((run.body.results as { status: string }[]).filter((item) => item.status === 'passed')).toEqual([]);
    const again = await call(sandbox, 'POST', '/_sandbox/console/certify', { json: { audience: 'events', baseUrl: url, runLimitMs: 1000 }, headers });
    expect(again.status).toBe(202);
    // Left to end on its own limit, not cut by the sandbox closing under it.
    for (let done = false; !done; await new Promise((wake) => setTimeout(wake, 200))) {
      done = (await call(sandbox, 'GET', `/_sandbox/console/certify/${again.body.id as string}`, { headers })).body.finished === true;
    }
  });
});

describe("certify through stream-partner mcp against the same server", () => {
  let server: Connected;
  beforeAll(async () => {
    server = await connect();
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('bounds run_limit_ms to the default, and a run cut by it reads not_run in the result and its text', { timeout: 60_000 }, async () => {
    const tools = await server.client.listTools();
    const certify = tools.tools.find((tool) => tool.name === 'certify')!;
    expect(certify.description).toContain('A run stops after run_limit_ms (default 1800000, 30 min, also the most');
    for (const limit of [999, 1_800_001]) {
      const refused = await server.client.callTool({ name: 'certify', arguments: { audience: 'pos', base_url: url, skip_sandbox: true, run_limit_ms: limit } });
      expect(refused.isError, String(limit)).toBe(true);
    }
    const result = await server.client.callTool({ name: 'certify', arguments: { audience: 'pos', base_url: url, skip_sandbox: true, only: ['POS-OAU-03', 'POS-LOC-01'], run_limit_ms: 1000 } }, undefined, { timeout: 30_000 });
    expect(result.isError).toBeFalsy();
    const structured = result.structuredContent as { timeLimitReached: boolean; results: { status: string }[] };
    expect(structured.timeLimitReached).toBe(true);
    expect(structured.results.map((item) => item.status)).toEqual(['not_run', 'not_run']);
    const text = (result.content as { text: string }[])[0]!.text;
    expect(text).toContain('The run reached its time limit of 1 s (run_limit_ms) with 2 requirement(s) not run');
    expect(text).toContain('beyond, stream-partner certify --run-limit-ms in a terminal');
  });
});
