// `--state FILE` keeps a snapshot and a journal beside it: a change appends what it touched, start-up
// replays the journal, a journal that outgrows the snapshot (or a clean stop) folds into a new one.
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { findOperation } from '../src/openapi.js';
import { startSandbox } from '../src/sandbox/index.js';
import { loadState } from '../src/sandbox/state-load.js';
import { writeLargeState } from './large-state.js';
import { accessToken, call, closeSandboxes, openSandbox, sendSigned, START, tempDir, TEST_RUNTIME_DIR, sentAt } from './support.js';

afterEach(closeSandboxes);

const size = (file: string) => (existsSync(file) ? statSync(file).size : 0);
const plain = (value: unknown) => JSON.parse(JSON.stringify(value));
// DSP orders: a POS order without provider_id would be given the contract example's at the next start.
const order = (id: string) => ({ json: { id, audience: 'dsp', location_id: 'loc-downtown' } });

describe('a change to a saved state', () => {
  it('appends about the size of the change to the journal and leaves a large snapshot untouched', { timeout: 60_000 }, async () => {
    const stateFile = join(tempDir('large'), 'state.json');
    const snapshot = writeLargeState(stateFile, { bytes: 5_000_000, now: START });
    const { sandbox } = await openSandbox({ stateFile });
    const journal = `${stateFile}.journal`;
    const before = size(journal);
    const modified = statSync(stateFile).mtimeMs;

    const answer = await call(sandbox, 'POST', '/_sandbox/orders', order('ord_one_more'));
    expect(answer.status).toBe(201);
    const appended = size(journal) - before;
    // One order of about 150 bytes and the list's new length: the line, not the 5 MB state.
    expect(appended).toBeGreaterThan(100);
    expect(appended).toBeLessThan(400);
    expect(size(stateFile)).toBe(snapshot);
    expect(statSync(stateFile).mtimeMs).toBe(modified);
    expect(loadState(stateFile)!.orders.at(-1)).toMatchObject({ id: 'ord_one_more' });
  });

  it('appends only the new digest for a DSP event, however many event digests the state remembers', { timeout: 60_000 }, async () => {
    const stateFile = join(tempDir('digests'), 'state.json');
    await (await startSandbox({ port: 0, stateFile })).close();
    const saved = JSON.parse(readFileSync(stateFile, 'utf8'));
    saved.dsp_event_digests = Array.from({ length: 4000 }, (_, index) => [`evt_old_${index}`, 'f'.repeat(64)]);
    writeFileSync(stateFile, JSON.stringify(saved));
    const { sandbox } = await openSandbox({ stateFile });
    const before = size(`${stateFile}.journal`);
    const dspOrder = sentAt({ api: 'dsp', operationId: 'sendOrderEvent', body: findOperation('dsp', 'sendOrderEvent').requestExamples.get('PickupOrder'), now: START }) as { event_id: string };
    expect((await sendSigned(sandbox, '/order/demo-partner-id', { ...dspOrder, event_id: 'evt_new_digest' })).status).toBe(202);
    // The order, its event id and its digest: a few KB, not the 4,000 remembered digests (about 300 KB).
    expect(size(`${stateFile}.journal`) - before).toBeLessThan(4000);
    expect(loadState(stateFile)!.dsp_event_digests!.map(([id]) => id)).toContain('evt_new_digest');
  });

  it('reloads exactly the state in memory after tokens, onboarding, order events, pauses and a token deletion', { timeout: 60_000 }, async () => {
    const stateFile = join(tempDir('mixed'), 'state.json');
    const { sandbox, clock } = await openSandbox({ stateFile });
    const admin = await accessToken(sandbox);
    const created = await call(sandbox, 'POST', '/tokens', { token: admin, json: { org_id: 'org_demo', token_name: 'Short-lived', scopes: ['onboarding'] } });
    expect(created.status).toBe(201);
    expect((await call(sandbox, 'PUT', `/tokens/${created.body._id}`, { token: admin, json: { token_name: 'Renamed' } })).status).toBe(200);
    const dspOrder = sentAt({ api: 'dsp', operationId: 'sendOrderEvent', body: findOperation('dsp', 'sendOrderEvent').requestExamples.get('PickupOrder'), now: START }) as { event_id: string; data: { id: string } };
    expect((await sendSigned(sandbox, '/order/demo-partner-id', dspOrder)).status).toBe(202);
    const pause = { type: 'location.status.updated', object: { status: 'inactive', location_id: 'loc-downtown', paused_until: clock.now() + 60_000 } };
    expect((await sendSigned(sandbox, '/pos/demo-partner/webhook', pause)).status).toBe(204);
    const ready = findOperation('pos', 'sendWebhookEvent').requestExamples.get('OrderReadyForPickup');
    expect((await sendSigned(sandbox, '/pos/demo-partner/webhook', ready)).status).toBe(204);
    // Deleting a token splices it out of its list and revokes its access tokens.
    expect((await call(sandbox, 'DELETE', `/tokens/${created.body._id}`, { token: admin })).status).toBe(204);
    expect((await call(sandbox, 'POST', '/_sandbox/menus', { json: { location_id: '__proto__' } })).status).toBe(201);

    expect(plain(loadState(stateFile))).toEqual(JSON.parse(sandbox.stateJson()));
    const inMemory = JSON.parse(sandbox.stateJson());
    await sandbox.close();
    const again = await startSandbox({ port: 0, stateFile, now: clock.now });
    try {
      expect(JSON.parse(again.stateJson())).toEqual(inMemory);
      const listed = await call(again, 'GET', '/tokens?org_id=org_demo', { token: admin });
      expect(listed.status).toBe(200);
      expect(listed.body.tokens.map((token: { _id: string }) => token._id)).not.toContain(created.body._id);
    } finally {
      await again.close();
    }
  });
});

describe('the journal', () => {
  it('is folded into a new snapshot once it grows past its limit, and removed at a clean stop', { timeout: 60_000 }, async () => {
    const stateFile = join(tempDir('compact'), 'state.json');
    const journal = `${stateFile}.journal`;
    const { sandbox } = await openSandbox({ stateFile, stateJournalLimit: 1000 });
    const first = readFileSync(stateFile, 'utf8');
    let sizes: number[] = [];
    for (let index = 0; index < 12; index += 1) {
      expect((await call(sandbox, 'POST', '/_sandbox/orders', order(`ord_fold_${index}`))).status).toBe(201);
      sizes = [...sizes, size(journal)];
    }
    // It grows line by line, then starts again empty once a save has written a snapshot instead.
    expect(sizes.some((bytes, index) => index > 0 && bytes < sizes[index - 1]!)).toBe(true);
    const snapshot = JSON.parse(readFileSync(stateFile, 'utf8'));
    expect(readFileSync(stateFile, 'utf8')).not.toBe(first);
    expect(snapshot.orders.some((saved: { id: string }) => saved.id === 'ord_fold_5')).toBe(true);
    expect(plain(loadState(stateFile))).toEqual(JSON.parse(sandbox.stateJson()));

    const inMemory = JSON.parse(sandbox.stateJson());
    await sandbox.close();
    expect(existsSync(journal)).toBe(false);
    expect(JSON.parse(readFileSync(stateFile, 'utf8'))).toEqual(inMemory);
  });

  it('and the snapshot can be read by their owner only', async () => {
    const stateFile = join(tempDir('mode'), 'state.json');
    const { sandbox } = await openSandbox({ stateFile });
    expect((await call(sandbox, 'POST', '/_sandbox/orders', order('ord_private'))).status).toBe(201);
    expect(statSync(stateFile).mode & 0o777).toBe(0o600);
    expect(statSync(`${stateFile}.journal`).mode & 0o777).toBe(0o600);
  });

  it('keeps every answered change of a sandbox killed with kill -9, dropping a torn last line with a notice', { timeout: 60_000 }, async () => {
    const stateFile = join(tempDir('killed'), 'state.json');
    const bin = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'bin.ts');
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', bin, 'sandbox', '--port', '0', '--state', stateFile, '--log', join(dirname(stateFile), 'log.jsonl')], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, XDG_RUNTIME_DIR: TEST_RUNTIME_DIR, NO_COLOR: '1' },
    });
    const exited = new Promise((done) => child.on('exit', done));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const found = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
          if (found) resolve(found[1]!);
        });
        child.on('exit', () => reject(new Error(`the sandbox exited: ${out}`)));
      });
      const killed = { url } as Parameters<typeof call>[0];
      // The terminal user's token, from the file the sandbox wrote for them.
      const tokenFile = join(TEST_RUNTIME_DIR, 'stream-partner', `console-${new URL(url).port}.token`);
      const owner = { 'x-sandbox-console-token': readFileSync(tokenFile, 'utf8').trim() };
      for (const id of ['ord_before_kill_1', 'ord_before_kill_2']) expect((await call(killed, 'POST', '/_sandbox/orders', { ...order(id), headers: owner })).status).toBe(201);
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
    expect(existsSync(`${stateFile}.journal`)).toBe(true);
    const whole = size(`${stateFile}.journal`);
    // What a crash in the middle of an append leaves: the start of a line and no newline.
    appendFileSync(`${stateFile}.journal`, '[[["orders","9"],{"id":"ord_torn","aud');

    const sandbox = await startSandbox({ port: 0, stateFile });
    try {
      const ids = sandbox.state().orders.map((saved) => (saved as { id: string }).id);
      expect(ids).toEqual(expect.arrayContaining(['ord_before_kill_1', 'ord_before_kill_2']));
      expect(ids).not.toContain('ord_torn');
      expect(sandbox.notices).toHaveLength(1);
      expect(sandbox.notices[0]).toContain(`${stateFile}.journal`);
      expect(sandbox.notices[0]).toContain('cut short');
      // The torn bytes are cut off, so the next change starts a line of its own.
      expect(size(`${stateFile}.journal`)).toBe(whole);
      expect((await call(sandbox, 'POST', '/_sandbox/orders', order('ord_after_restart'))).status).toBe(201);
      expect(loadState(stateFile)!.orders.map((saved) => saved.id)).toContain('ord_after_restart');
    } finally {
      await sandbox.close();
    }
  });

  it('refuses a damaged line before the last with state_corrupt, naming the journal, the line and what to do', async () => {
    const stateFile = join(tempDir('damaged'), 'state.json');
    await (await startSandbox({ port: 0, stateFile })).close();
    writeFileSync(`${stateFile}.journal`, '[[["orders","0"],{"id":"x"}]]\nnot json\n[]\n');
    const error = await startSandbox({ port: 0, stateFile }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'CliError', code: 'state_corrupt', exitCode: 2 });
    expect((error as Error).message).toContain(`Line 2 of the state journal ${stateFile}.journal`);
    expect((error as Error).message).toContain('Delete the journal');
    expect(existsSync(`${stateFile}.lock`)).toBe(false);
  });

  it.each([
    ['an entry that breaks the state', '[[["orders","0"],{"id":"x"}]]\n', '/orders/0'],
    ['a list index past its end', '[[["orders","999999"],{"id":"x"}]]\n', 'is not an index of orders'],
    ['a prototype as a field', '[[["__proto__"],{"polluted":true}]]\n', 'is not a state field'],
  ])('refuses %s with state_corrupt and one message', async (_name, line, expected) => {
    const stateFile = join(tempDir('bad-op'), 'state.json');
    await (await startSandbox({ port: 0, stateFile })).close();
    writeFileSync(`${stateFile}.journal`, line);
    const error = await startSandbox({ port: 0, stateFile }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'state_corrupt' });
    expect((error as Error).message).toContain(expected);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a journal without its state file rather than replay it over a fresh seed', async () => {
    const stateFile = join(tempDir('orphan'), 'state.json');
    writeFileSync(`${stateFile}.journal`, '[]\n');
    const error = await startSandbox({ port: 0, stateFile }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'state_corrupt' });
    expect((error as Error).message).toContain('Delete the journal');
  });
});
