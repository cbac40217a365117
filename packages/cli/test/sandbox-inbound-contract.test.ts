// Every answer of the routes the sandbox serves from the DSP, POS and events contracts, success and
// refusal, checked against the contract: a documented status, the documented content type, a body
// that validates and the required headers. The calls are real signed requests to a real sandbox;
// the last test checks every answer the file got and names any Stream-hosted operation no test
// called. (The guard's Host refusal is the local server's own defence against DNS rebinding, not
// an answer of Stream's, and is tested in sandbox-hostile.test.ts.)
import { signWebhook } from '@stream-partner/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deref, exampleValue, findOperation, isObject, listEvents, type ApiName } from '../src/openapi.js';
import type { ConsoleSandbox } from '../src/console/index.js';
import { contractLedger } from './contract-ledger.js';
import { call, closeSandboxes, openSandbox, sentAt, START, type Answer, type CallOptions, type Clock } from './support.js';

const APIS: readonly ApiName[] = ['dsp', 'pos', 'events'];
const ledger = contractLedger();
let sandbox: ConsoleSandbox;
let clock: Clock;

beforeAll(async () => {
  ({ sandbox, clock } = await openSandbox());
});
afterAll(closeSandboxes);

interface Route {
  readonly api: ApiName;
  readonly operationId: string;
  readonly path: string;
}

const ORDER: Route = { api: 'dsp', operationId: 'sendOrderEvent', path: '/order/demo-partner-id' };
const POS: Route = { api: 'pos', operationId: 'sendWebhookEvent', path: '/pos/demo-partner/webhook' };
const DELIVERY: Route = { api: 'events', operationId: 'sendDeliveryUpdate', path: '/event-provider/demo-partner/webhook' };
const MENU: Route = { api: 'dsp', operationId: 'getMenuFile', path: '/stream-dsp/v1/menuFileS3Url' };

/** The body over the signature, sent as the route's contract says unless `options` say otherwise. */
function signed(body: unknown, options: { signature?: string | null; contentType?: string } = {}): CallOptions {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const signature = options.signature === undefined ? signWebhook({ secret: sandbox.credentials.webhookSecret, body: raw }) : options.signature;
  return { raw, headers: { ...(signature === null ? {} : { 'stream-signature': signature }), ...(options.contentType === undefined ? {} : { 'content-type': options.contentType }) } };
}

function send(route: Route, label: string, body: unknown, options: { signature?: string | null; contentType?: string; path?: string } = {}): Promise<Answer> {
  return ledger.drive(sandbox, { api: route.api, operationId: route.operationId, label }, 'POST', options.path ?? route.path, signed(body, options));
}

function examples(route: Route): [string, any][] {
  const list = [...findOperation(route.api, route.operationId).requestExamples.entries()];
  expect(list.length, `${route.api}:${route.operationId} has named request examples`).toBeGreaterThan(0);
  // Sent as a partner sends them: at the sandbox's now, which the times of something that just happened must be near.
  return list.map(([name, value]) => [name, sentAt({ api: route.api, operationId: route.operationId, body: value, now: clock.now() })]);
}

/** The answers `route` got so far, each checked against its contract. */
function expectConforming(route: Route): void {
  expect(ledger.problems().filter((problem) => problem.startsWith(`${route.api}:${route.operationId} `))).toEqual([]);
}

/** The largest body the contract says Stream reads, from the route's 413 answer. */
function bodyLimit(route: Route): number {
  const responses = findOperation(route.api, route.operationId).raw.responses as Record<string, unknown>;
  const tooLarge = deref(route.api, responses['413']);
  const limit = isObject(tooLarge) ? tooLarge['x-max-body-bytes'] : undefined;
  expect(typeof limit, `${route.api}:${route.operationId} states x-max-body-bytes on its 413`).toBe('number');
  return limit as number;
}

/** The refusals every signed route gives for the signature, the media type and the body's size and shape. */
async function commonRefusals(route: Route, body: unknown): Promise<void> {
  const raw = JSON.stringify(body);
  await send(route, 'no signature', body, { signature: null });
  await send(route, 'malformed signature', body, { signature: `sha256=${signWebhook({ secret: sandbox.credentials.webhookSecret, body: raw })}` });
  await send(route, 'wrong secret', body, { signature: signWebhook({ secret: 'not-the-webhook-secret', body: raw }) });
  await send(route, 'body re-serialised after signing', JSON.stringify(body, null, 2), { signature: signWebhook({ secret: sandbox.credentials.webhookSecret, body: raw }) });
  await send(route, 'not JSON', '{"type": ');
  await send(route, 'empty body', '');
  // The signature is checked before the body is read, whatever it is (signature-on-every-body): Stream's own rule for what it receives.
  for (const [what, raw] of [['empty body', ''], ['body {}', '{}']] as const) {
    const unsigned = await send(route, `${what} without a signature`, raw, { signature: null });
    expect(unsigned.body, `${route.operationId}: ${what}`).toMatchObject({ code: 'signature_missing' });
  }
  await send(route, 'a JSON array', '[]');
  expect((await send(route, 'text/plain body', body, { contentType: 'text/plain' })).body).toMatchObject({ code: 'unsupported_media_type' });
  await send(route, 'form body', body, { contentType: 'application/x-www-form-urlencoded' });
  const limit = bodyLimit(route);
  const atLimit = await send(route, 'body at the size limit', ' '.repeat(limit - raw.length) + raw);
  expect(atLimit.status, atLimit.text).toBeLessThan(300);
  const over = await send(route, 'body over the size limit', ' '.repeat(limit + 1 - raw.length) + raw);
  expect(over.body).toMatchObject({ code: 'body_too_large', message: expect.stringContaining(`${limit + 1} bytes`) });
}

describe('the sandbox answers every DSP, POS and events route as its contract says', () => {
  it('answers DSP order events: every contract example, a repeat, and each refusal (signature, partner id, media type, size, body, times, menu, subtotal, cancellation)', async () => {
    for (const [name, body] of examples(ORDER)) expect((await send(ORDER, `example ${name}`, body)).status, name).toBe(202);
    // The example as the loop above sent it: its occurred_at_ms is the moment of sending.
    const order = sentAt({ api: 'dsp', operationId: 'sendOrderEvent', body: exampleValue('dsp', 'PickupOrder'), now: clock.now() }) as any;
    expect((await send(ORDER, 'repeat of an example', order)).body).toMatchObject({ duplicate: true });
    await send(ORDER, 'unknown partner id', order, { path: '/order/dsp_unknown' });
    await commonRefusals(ORDER, order);
    const fresh = (changes: (event: any) => void) => {
      const event = structuredClone(order);
      event.event_id = `evt_contract_${Math.random().toString(16).slice(2)}`;
      event.data.id = `ord_contract_${Math.random().toString(16).slice(2)}`;
      changes(event);
      return event;
    };
    await send(ORDER, 'missing location_id', fresh((event) => delete event.location_id));
    await send(ORDER, 'unknown type', fresh((event) => (event.type = 'refund_order')));
    await send(ORDER, 'event_id reused for another event', fresh((event) => (event.event_id = order.event_id)));
    await send(ORDER, 'occurred_at_ms in seconds', fresh((event) => (event.occurred_at_ms = Math.floor(START / 1000))));
    await send(ORDER, 'occurred_at_ms from a New York wall clock read as UTC', fresh((event) => (event.occurred_at_ms = clock.now() - 5 * 3600_000)));
    await send(ORDER, 'pause that ends before it starts', { ...fresh(() => undefined), type: 'store_status_update', data: { status: 'paused', start_time: START + 3600_000, end_time: START + 60_000 } });
    await send(ORDER, 'start_time out of range', { ...fresh(() => undefined), type: 'store_status_update', data: { status: 'paused', start_time: 1e20 } });
    await send(ORDER, 'subtotal that does not add up', fresh((event) => (event.data.subtotal += 1)));
    await send(ORDER, 'item off the menu', fresh((event) => (event.data.items[0].item_id = 'not-on-the-menu')));
    await send(ORDER, 'location never connected', fresh((event) => (event.location_id = 'store-never-connected')));
    await send(ORDER, 'cancellation of an order never sent', fresh((event) => Object.assign(event, { type: 'cancel_order', data: { order_id: 'ord_never_sent' } })));
    const statuses = new Set(ledger.entries().filter((entry) => entry.operationId === ORDER.operationId).map((entry) => entry.answer.status));
    expect([...statuses].sort()).toEqual([202, 400, 401, 413, 415]);
    expectConforming(ORDER);
  });

  it('answers DSP menu file downloads: the v1 and v2 files, an expired or wrong token, and a location with no menu', async () => {
    const published = listEvents('dsp').flatMap((event) => [...event.operation.requestExamples.values()]).map((example: any) => example?.data?.menu_file_url).find((url): url is string => typeof url === 'string');
    expect(published, 'a location.publish example names a menu_file_url').toBeDefined();
    const link = new URL(published!);
    const v1 = await ledger.drive(sandbox, { ...MENU, label: 'example link' }, 'GET', `${link.pathname}${link.search}`);
    expect(v1.status, v1.text).toBe(200);
    const made = await call(sandbox, 'POST', '/_sandbox/menus', { json: { location_id: 'store-0099', menu_version: 'v2' } });
    expect(made.status, made.text).toBe(201);
    const v2 = new URL(made.body.url);
    expect((await ledger.drive(sandbox, { ...MENU, label: 'v2 link' }, 'GET', `${v2.pathname}${v2.search}`)).body).toHaveProperty('item_families');
    await ledger.drive(sandbox, { ...MENU, label: 'wrong token' }, 'GET', `${MENU.path}?location_id=store-0099&token=mf_wrong`);
    await ledger.drive(sandbox, { ...MENU, label: 'no token' }, 'GET', `${MENU.path}?location_id=store-0099`);
    await ledger.drive(sandbox, { ...MENU, label: 'no menu published' }, 'GET', `${MENU.path}?location_id=store-without-menu&token=mf_x`);
    await ledger.drive(sandbox, { ...MENU, label: 'no query at all' }, 'GET', MENU.path);
    clock.advance(25 * 3600 * 1000);
    await ledger.drive(sandbox, { ...MENU, label: 'expired link' }, 'GET', `${v2.pathname}${v2.search}`);
    clock.advance(-25 * 3600 * 1000);
    const statuses = new Set(ledger.entries().filter((entry) => entry.operationId === MENU.operationId).map((entry) => entry.answer.status));
    expect([...statuses].sort()).toEqual([200, 403, 404]);
    expectConforming(MENU);
  });

  it('answers POS events: every contract example, and each refusal (signature, partner slug, media type, size, body, times)', async () => {
    for (const [name, body] of examples(POS)) expect((await send(POS, `example ${name}`, body)).status, name).toBe(204);
    const pause = structuredClone(exampleValue('pos', 'LocationPausedUntil')) as any;
    await send(POS, 'unknown partner slug', pause, { path: '/pos/someone-else/webhook' });
    await commonRefusals(POS, pause);
    await send(POS, 'missing object.location_id', { ...pause, object: { ...pause.object, location_id: undefined } });
    await send(POS, 'unknown type', { ...pause, type: 'location.deleted' });
    await send(POS, 'paused_until in seconds', { ...pause, object: { ...pause.object, paused_until: Math.floor(START / 1000) + 1800 } });
    await send(POS, 'paused_until no date can hold', { ...pause, object: { ...pause.object, paused_until: 1e300 } });
    const statuses = new Set(ledger.entries().filter((entry) => entry.operationId === POS.operationId).map((entry) => entry.answer.status));
    expect([...statuses].sort()).toEqual([204, 400, 401, 413, 415]);
    expectConforming(POS);
  });

  it('answers event-provider delivery updates: every contract example, and each refusal (signature, partner slug, unknown order, media type, size, body)', async () => {
    for (const [name, body] of examples(DELIVERY)) expect((await send(DELIVERY, `example ${name}`, body)).status, name).toBe(204);
    const update = structuredClone(examples(DELIVERY)[0]![1]);
    await send(DELIVERY, 'unknown partner slug', update, { path: '/event-provider/someone-else/webhook' });
    await send(DELIVERY, 'order Stream never sent', { ...update, order_id: 'ord_never_sent' });
    await commonRefusals(DELIVERY, update);
    await send(DELIVERY, 'missing order_id', { ...update, order_id: undefined });
    await send(DELIVERY, 'unknown delivery_status', { location_id: update.location_id, order_id: update.order_id, delivery_status: 'teleported' });
    const statuses = new Set(ledger.entries().filter((entry) => entry.operationId === DELIVERY.operationId).map((entry) => entry.answer.status));
    expect([...statuses].sort()).toEqual([204, 400, 401, 404, 413, 415]);
    expectConforming(DELIVERY);
  });

  it('got, over the whole file, only answers its contracts declare, and called every Stream-hosted operation of the DSP, POS and events contracts with a success and a refusal', () => {
    expect(ledger.problems()).toEqual([]);
    expect(ledger.gaps(APIS)).toEqual([]);
    expect(ledger.entries().length).toBeGreaterThan(60);
  });
});
