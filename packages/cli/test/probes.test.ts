// The probes certify derives from the contracts: each means what it says (a refusal probe breaks the
// schema, an acceptance probe keeps to it), the seed reproduces them, and the command line carries
// the seed and depth into every result.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isValid } from '@stream-partner/contracts';
import { describe, expect, it } from 'vitest';
import { eventBody } from '../src/certify/checks-shared.js';
import { acceptanceProbes, applyEdits, type BodyShape } from '../src/certify/probes/acceptances.js';
import { parseDepth, refusalProbes, selectProbes } from '../src/certify/probes/derive.js';
import { Draw } from '../src/certify/probes/draw.js';
import { exampleBody, exampleProbes } from '../src/certify/probes/examples.js';
import { main } from '../src/cli.js';
import { listTargets, type TriggerTarget } from '../src/trigger/targets.js';
import { startKit } from './kits.js';
import { captureIo, tempDir } from './support.js';

/** Every body Stream sends a partner that has a schema and an example: what the probes start from. */
const RECEIVED = listTargets().filter((target) => target.operation.requestSchema !== undefined && target.operation.requestExamples.size > 0 && target.operation.host !== 'stream');

function shapeOf(target: TriggerTarget): BodyShape {
  const schema = target.operation.requestSchema!;
  return { api: target.audience, schema: { $ref: `#/components/schemas/${schema}` }, protect: (path) => path.join('.') === 'type', valid: (body) => isValid(target.audience as never, schema as never, body) };
}

describe('probes derived from the contracts', () => {
  it('covers every body a partner receives, with refusal probes that break the schema and acceptance probes that keep to it', () => {
    expect(RECEIVED.length).toBeGreaterThanOrEqual(14);
    for (const target of RECEIVED) {
      const shape = shapeOf(target);
      const body = eventBody(target, undefined, {});
      const refusals = refusalProbes(shape, body, new Draw(1));
      expect(refusals.length, `${target.qualified} has no refusal probe`).toBeGreaterThan(1);
      for (const probe of refusals.filter((item) => item.raw === undefined)) expect(shape.valid(applyEdits(body, probe.edits)), `${target.qualified} ${probe.pointer} ${probe.change}`).toBe(false);
      for (const probe of acceptanceProbes(shape, body, new Draw(1))) expect(shape.valid(applyEdits(body, probe.edits)), `${target.qualified} ${probe.pointer} ${probe.change}`).toBe(true);
    }
  });

  it('sends every named example of a body, with the fresh body\'s event id and order id in place of the example\'s', () => {
    const target = listTargets().find((item) => item.qualified === 'dsp:location.order.fail')!;
    const fresh = eventBody(target, undefined, { event_id: 'evt_fresh_1', 'data.order_id': 'ord_fresh_1' });
    const probes = exampleProbes(target, fresh, shapeOf(target).valid, ['event_id', 'data.order_id']);
    expect(probes.map((probe) => probe.change)).toEqual([...target.operation.requestExamples.keys()].map((name) => `replaced by the contract's named example ${name}`));
    expect(probes.map((probe) => probe.change)).toContain("replaced by the contract's named example OrderFailedStoreClosed");
    const closed = probes.find((probe) => probe.change.endsWith('OrderFailedStoreClosed'))!;
    const sent = exampleBody(closed.example, fresh, ['event_id', 'data.order_id']) as { event_id: string; data: { order_id: string; details?: { invalid_item_ids?: unknown } } };
    expect(sent.event_id).toBe('evt_fresh_1');
    expect(sent.data.order_id).toBe('ord_fresh_1');
    expect(sent.data.details?.invalid_item_ids).toBeUndefined();
  });

  it('leaves out a field the contract requires only for another value of a list, beside the same body with it, and sends a UUID of another version than 4', () => {
    const target = listTargets().find((item) => item.qualified === 'events:order.confirmed')!;
    const body = eventBody(target, undefined, {});
    const probes = acceptanceProbes(shapeOf(target), body, new Draw(3));
    const delivery = probes.find((probe) => probe.family === 'required-when' && probe.change.startsWith('set to "delivery" with /object/delivery_address left out'))!;
    const sent = applyEdits(body, delivery.edits) as { object: { fulfillment_type: string; delivery_address?: unknown } };
    expect(sent.object.fulfillment_type).toBe('delivery');
    expect(sent.object.delivery_address).toBeUndefined();
    expect((applyEdits(body, delivery.sibling!) as { object: { delivery_address?: unknown } }).object.delivery_address).toBeDefined();
    const versions = probes.filter((probe) => probe.family === 'uuid-version' && probe.pointer === '/event_id').map((probe) => String(probe.edits[0]!.value).charAt(14));
    expect(versions.sort()).toEqual(['1', '7']);
  });

  it("sends a confirmed order's free strings in another shape, its source with each separator, and its times with +00:00", () => {
    const target = listTargets().find((item) => item.qualified === 'events:order.confirmed')!;
    const body = eventBody(target, undefined, {});
    const probes = acceptanceProbes(shapeOf(target), body, new Draw(3));
    const any = probes.filter((probe) => probe.family === 'any-value').map((probe) => probe.pointer).sort();
    expect(any).toEqual(['/object/customer/masked_phone_code', '/object/dsp_order_id', '/object/dsp_order_number', '/object/status']);
    expect(probes.find((probe) => probe.family === 'any-value' && probe.pointer === '/object/status')!.edits[0]!.value).toBe('in_progress Q-7');
    const sources = probes.filter((probe) => probe.pointer === '/object/source' && (probe.family === 'open-value' || probe.family === 'open-separator')).map((probe) => probe.edits[0]!.value);
    expect(sources).toEqual(['stream-added-later', 'stream_added_later', 'streamaddedlater']);
    const utc = probes.filter((probe) => probe.family === 'utc-offset').map((probe) => String(probe.edits[0]!.value));
    expect(utc.length).toBeGreaterThanOrEqual(3);
    expect(utc.every((value) => value.endsWith('+00:00') && !Number.isNaN(Date.parse(value)))).toBe(true);
  });

  it('sends an event as happening now, not on the day of the contract\'s example', () => {
    const target = listTargets().find((item) => item.qualified === 'events:order.confirmed')!;
    const occurred = Date.parse(String(eventBody(target, undefined, {}).occurred_at));
    expect(Math.abs(Date.now() - occurred)).toBeLessThan(60_000);
  });

  it('derives a missing-field, wrong-type, enum and broken-format probe for an order, each naming its field', () => {
    const target = listTargets().find((item) => item.qualified === 'events:order.confirmed')!;
    const probes = refusalProbes(shapeOf(target), eventBody(target, undefined, {}), new Draw(5));
    const named = probes.map((probe) => `${probe.family} ${probe.pointer} ${probe.change}`);
    expect(named).toContain('missing /object/id removed (it is required)');
    expect(named.some((text) => text.startsWith('enum /object/fulfillment_type set to "MERCHANT_MANAGED_DELIVERY"'))).toBe(true);
    expect(named.some((text) => text.startsWith('format /object/placed_at set to'))).toBe(true);
    expect(named.some((text) => text.startsWith('number-as-string /object/subtotal sent as the string'))).toBe(true);
    expect(named).toContain('not-json (the body) cut short so it is not JSON');
  });

  it('sends the same probes for the same seed and others for another seed', () => {
    const target = listTargets().find((item) => item.qualified === 'pos:order.created')!;
    const body = eventBody(target, undefined, {});
    const pick = (seed: number) => {
      const draw = new Draw(seed);
      return selectProbes([...refusalProbes(shapeOf(target), body, draw), ...acceptanceProbes(shapeOf(target), body, draw)], 3, draw).map((probe) => `${probe.pointer} ${probe.change}`);
    };
    expect(pick(42)).toEqual(pick(42));
    expect(pick(42)).not.toEqual(pick(43));
  });

  it('sends fields nearest the top first and at most the depth of each family', () => {
    const target = listTargets().find((item) => item.qualified === 'pos:order.created')!;
    const draw = new Draw(9);
    const selected = selectProbes(refusalProbes(shapeOf(target), eventBody(target, undefined, {}), draw), 2, draw);
    const missing = selected.filter((probe) => probe.family === 'missing');
    expect(missing).toHaveLength(2);
    expect(missing.every((probe) => probe.pointer.split('/').length <= 3)).toBe(true);
  });

  it('reads quick, default, deep and a number as a depth and refuses anything else with a usage error', () => {
    expect(parseDepth('quick')).toBe(2);
    expect(parseDepth('default')).toBe(16);
    expect(parseDepth('deep')).toBe(Number.POSITIVE_INFINITY);
    expect(parseDepth('5')).toBe(5);
    for (const wrong of ['0', 'shallow', '2.5']) expect(() => parseDepth(wrong)).toThrow(/--depth must be quick, default, deep or a whole number/);
  });
});

describe('certify --seed and --depth on the command line', () => {
  it('carries the seed and depth into --json, the Markdown report and the JUnit XML, and passes the POS kit', { timeout: 120_000 }, async () => {
    const kit = await startKit('pos');
    const dir = tempDir('certify-probes');
    try {
      const captured = captureIo();
      const argv = ['certify', 'pos', '--base-url', kit.url, '--skip-sandbox', '--only', 'POS-GEN-01,POS-GEN-02', '--seed', '1234', '--depth', 'quick', '--json'];
      const code = await main([...argv, '--junit', join(dir, 'junit.xml'), '--report', join(dir, 'report.md')], { io: captured.io });
      const result = JSON.parse(captured.stdout()) as { seed: number; depth: string; results: { status: string; reason: string }[] };
      expect(result.results.map((item) => item.status)).toEqual(['passed', 'passed']);
      expect(code).toBe(0);
      expect(result).toMatchObject({ seed: 1234, depth: 'quick' });
      expect(result.results[0]!.reason).toContain('rerun with --seed 1234');
      expect(readFileSync(join(dir, 'report.md'), 'utf8')).toContain('Probes: seed 1234, depth quick');
      expect(readFileSync(join(dir, 'junit.xml'), 'utf8')).toMatch(/<property name="seed" value="1234"\/>/);
    } finally {
      await kit.close();
    }
  });

  it('refuses a seed or depth that is not one, with exit code 2 and what to give instead', async () => {
    for (const [flag, value, message] of [
      ['--seed', 'abc', /--seed must be a whole number/],
      ['--depth', 'shallow', /--depth must be quick, default, deep/],
    ] as const) {
      const captured = captureIo();
      expect(await main(['certify', 'pos', '--base-url', 'http://127.0.0.1:9', '--skip-sandbox', flag, value], { io: captured.io })).toBe(2);
      expect(captured.stderr()).toMatch(message);
    }
  });
});
