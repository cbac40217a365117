// The events guides' per-event handlers (order confirmed, updated, canceled), in both languages,
// driven through one order's life with the contract's own examples: their answers must be what the
// contract allows, and they must call "your" database and queue as the pages say.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { validate } from '../../packages/contracts/src/validate.js';
import { blocksOf } from './extract.js';
import { ROOT, runDir, runProcess } from './run.js';

type OrderEvent = { event_id: string; type: string; occurred_at: string; object: Record<string, unknown> };

/** One delivery of the scenario: which handler, which event, and whether the merchant's area covers the address. */
interface Step {
  readonly name: string;
  readonly handler: 'confirmed' | 'updated' | 'canceled';
  readonly event: OrderEvent;
  readonly covers?: boolean;
}

/** What the handlers answered at each step, and the calls they made to the database and the queue. */
interface Observation {
  answers: { name: string; status: number; body: unknown }[];
  saves: string[];
  updates: string[];
  cancels: string[];
  jobs: string[];
}

function example(name: string): OrderEvent {
  const spec = JSON.parse(readFileSync(join(ROOT, 'specs', 'dist', 'events.json'), 'utf8')) as { components: { examples: Record<string, { value: OrderEvent }> } };
  const value = spec.components.examples[name]?.value;
  if (value === undefined) throw new Error(`the events contract has no example ${name}: update this test with the contract`);
  return structuredClone(value);
}

/** One order's life, from the contract's examples: confirmed (twice), updated out of order, canceled (twice), and a second order refused. */
function scenario(): Step[] {
  const confirmed = example('OrderConfirmedDelivery');
  const ready = example('OrderUpdatedReadyForPickup');
  const onTheWay = example('OrderUpdatedRobotDelivery');
  const canceled = example('OrderCanceledByMerchant');
  expect(new Set([confirmed.object.id, ready.object.order_id, onTheWay.object.order_id, canceled.object.order_id]).size).toBe(1);
  expect(Date.parse(ready.occurred_at)).toBeLessThan(Date.parse(onTheWay.occurred_at));
  // A retry of the ready update that was held up: newer than the first, older than the robot's.
  const lateReady = { ...ready, event_id: `${ready.event_id.slice(0, -4)}beef`, occurred_at: new Date((Date.parse(ready.occurred_at) + Date.parse(onTheWay.occurred_at)) / 2).toISOString() };
  const outside = { ...confirmed, event_id: `${confirmed.event_id.slice(0, -4)}f00d`, object: { ...confirmed.object, id: 'ord_outside_area' } };
  const unknown = { ...ready, event_id: `${ready.event_id.slice(0, -4)}cafe`, object: { ...ready.object, order_id: 'ord_never_seen' } };
  return [
    { name: 'confirmed', handler: 'confirmed', event: confirmed, covers: true },
    { name: 'confirmed again', handler: 'confirmed', event: confirmed, covers: true },
    { name: 'ready', handler: 'updated', event: ready },
    { name: 'on the way', handler: 'updated', event: onTheWay },
    { name: 'late ready', handler: 'updated', event: lateReady },
    { name: 'canceled', handler: 'canceled', event: canceled },
    { name: 'canceled again', handler: 'canceled', event: canceled },
    { name: 'updated after the cancellation', handler: 'updated', event: onTheWay },
    { name: 'outside the area', handler: 'confirmed', event: outside, covers: false },
    { name: 'unknown order updated', handler: 'updated', event: unknown },
  ];
}

/** The page's promises, checked on what the handlers did; the order is that of scenario(). */
function expectThePagesBehaviour(seen: Observation, steps: readonly Step[]): void {
  const orderId = steps[0]!.event.object.id as string;
  expect(seen.answers.map((answer) => [answer.name, answer.status])).toEqual(steps.map((step) => [step.name, step.name === 'outside the area' ? 400 : step.handler === 'confirmed' ? 201 : 204]));
  const [first, again] = seen.answers;
  for (const answer of [first!, again!]) expect(validate('events', 'CreatedOrderEventResponse', answer.body).valid, JSON.stringify(answer.body)).toBe(true);
  expect((again!.body as { order: { provider_id: string } }).order.provider_id, 'a repeated order.created gets the provider_id of the first answer').toBe((first!.body as { order: { provider_id: string } }).order.provider_id);
  const refused = seen.answers.find((answer) => answer.name === 'outside the area')!;
  const refusal = validate('events', 'PosValidationError', refused.body);
  expect(refusal.valid, JSON.stringify(refusal.valid ? null : refusal.errors)).toBe(true);
  for (const answer of seen.answers.filter((a) => a.status === 204)) expect(answer.body, `${answer.name}: a 204 has no body`).toBeNull();
  expect(seen.saves, 'the order is saved once, and a refused one not at all').toEqual([orderId]);
  expect(seen.updates, 'the late update and those after the cancellation change nothing').toEqual([`${orderId}:ready_for_pickup`, `${orderId}:out_for_delivery`]);
  expect(seen.cancels).toEqual([`${orderId}:merchant_canceled`]);
  expect(seen.jobs).toEqual([`dispatch-driver:${orderId}`, `tell-driver-order-ready:${orderId}`, `call-off-delivery:${orderId}`]);
}

/** The "your database and background queue" module the TypeScript handlers import, in memory. */
const TS_APP = `
type Row = { orderId: string; providerId: string; canceled: boolean; lastUpdateAt?: number; deliveryStatus?: string; driver?: unknown; status?: string };
const rows = new Map<string, Row>();
export const seen = { saves: [] as string[], updates: [] as string[], cancels: [] as string[], jobs: [] as string[] };
export const area = { covers: true };
export const db = {
  async findProviderId(orderId: string) { return rows.get(orderId)?.providerId ?? null; },
  async coversAddress(address: unknown) { return address !== undefined && area.covers; },
  async saveOrder(row: { providerId: string; orderId: string; locationId: string }) {
    if (rows.has(row.orderId)) throw new Error('duplicate key: orderId');
    rows.set(row.orderId, { orderId: row.orderId, providerId: row.providerId, canceled: false });
    seen.saves.push(row.orderId);
  },
  async findOrder(orderId: string) { const row = rows.get(orderId); return row ? { ...row } : undefined; },
  async updateOrder(orderId: string, changes: Partial<Row>) { Object.assign(rows.get(orderId)!, changes); seen.updates.push(orderId + ':' + changes.status); },
  async markCanceled(orderId: string, how: { canceledBy: string; at: string }) {
    const row = rows.get(orderId);
    if (!row || row.canceled) return false;
    row.canceled = true;
    seen.cancels.push(orderId + ':' + how.canceledBy);
    return true;
  },
};
export const jobs = { async enqueue(name: string, payload: { orderId: string }) { seen.jobs.push(name + ':' + payload.orderId); } };
`;

/** The same module for the Python handlers. */
const PYTHON_APP = `from types import SimpleNamespace

ROWS = {}
SEEN = {"saves": [], "updates": [], "cancels": [], "jobs": []}
AREA = {"covers": True}


class _Db:
    def find_provider_id(self, order_id):
        row = ROWS.get(order_id)
        return row.provider_id if row else None

    def covers_address(self, address):
        return address is not None and AREA["covers"]

    def save_order(self, provider_id, order_id, location_id, order):
        if order_id in ROWS:
            raise ValueError("duplicate key: order_id")
        ROWS[order_id] = SimpleNamespace(order_id=order_id, provider_id=provider_id, canceled=False, last_update_at=None, delivery_status=None, driver=None, status=None)
        SEEN["saves"].append(order_id)

    def find_order(self, order_id):
        row = ROWS.get(order_id)
        return SimpleNamespace(**vars(row)) if row else None

    def update_order(self, order_id, **changes):
        vars(ROWS[order_id]).update(changes)
        SEEN["updates"].append(f"{order_id}:{changes['status']}")

    def mark_canceled(self, order_id, canceled_by, at):
        row = ROWS.get(order_id)
        if row is None or row.canceled:
            return False
        row.canceled = True
        SEEN["cancels"].append(f"{order_id}:{canceled_by}")
        return True


class _Jobs:
    def enqueue(self, name, **payload):
        SEEN["jobs"].append(f"{name}:{payload['order_id']}")


db = _Db()
jobs = _Jobs()
`;

function pageBlock(server: string, language: 'ts' | 'python'): string {
  const blocks = blocksOf(server, language);
  expect(blocks, `one ${language} block marked sample="${server}"`).toHaveLength(1);
  return blocks[0]!.code;
}

describe('the events guides\' order handlers', () => {
  it('in TypeScript answer each event of an order\'s life as the contract allows and record the order, its updates and its cancellation once each', async () => {
    const dir = runDir('events-order-handlers-ts');
    writeFileSync(join(dir, 'app.ts'), TS_APP);
    writeFileSync(join(dir, 'confirmed.ts'), pageBlock('events-order-confirmed', 'ts'));
    writeFileSync(join(dir, 'updated.ts'), pageBlock('events-order-updated', 'ts'));
    writeFileSync(join(dir, 'canceled.ts'), pageBlock('events-order-canceled', 'ts'));
    const load = async <T>(file: string) => (await import(pathToFileURL(join(dir, file)).href)) as T;
    const app = await load<{ seen: Omit<Observation, 'answers'>; area: { covers: boolean } }>('app.ts');
    type Handler = (event: unknown) => Promise<{ status: number; body?: unknown }>;
    const handlers: Record<Step['handler'], Handler> = {
      confirmed: (await load<{ onOrderConfirmed: Handler }>('confirmed.ts')).onOrderConfirmed,
      updated: (await load<{ onOrderUpdated: Handler }>('updated.ts')).onOrderUpdated,
      canceled: (await load<{ onOrderCanceled: Handler }>('canceled.ts')).onOrderCanceled,
    };
    const steps = scenario();
    const answers: Observation['answers'] = [];
    for (const step of steps) {
      app.area.covers = step.covers ?? true;
      const answer = await handlers[step.handler](step.event);
      answers.push({ name: step.name, status: answer.status, body: answer.body ?? null });
    }
    expectThePagesBehaviour({ answers, ...app.seen }, steps);
  });

  it('in Python answer each event of an order\'s life as the contract allows and record each change once, as the TypeScript ones do', { timeout: 60_000 }, async () => {
    const dir = runDir('events-order-handlers-python');
    writeFileSync(join(dir, 'app.py'), PYTHON_APP);
    writeFileSync(join(dir, 'confirmed.py'), pageBlock('events-order-confirmed', 'python'));
    writeFileSync(join(dir, 'updated.py'), pageBlock('events-order-updated', 'python'));
    writeFileSync(join(dir, 'canceled.py'), pageBlock('events-order-canceled', 'python'));
    const steps = scenario();
    writeFileSync(join(dir, 'steps.json'), JSON.stringify(steps));
    writeFileSync(
      join(dir, 'driver.py'),
      `import json
import app
from canceled import on_order_canceled
from confirmed import on_order_confirmed
from updated import on_order_updated

HANDLERS = {"confirmed": on_order_confirmed, "updated": on_order_updated, "canceled": on_order_canceled}
with open("steps.json", encoding="utf-8") as f:
    steps = json.load(f)
answers = []
for step in steps:
    app.AREA["covers"] = step.get("covers", True)
    status, body = HANDLERS[step["handler"]](step["event"])
    answers.append({"name": step["name"], "status": status, "body": body})
print(json.dumps({"answers": answers, **app.SEEN}))
`,
    );
    const result = await runProcess('python3', ['driver.py'], dir);
    expect(result.code, result.output).toBe(0);
    expectThePagesBehaviour(JSON.parse(result.output.trim().split('\n').at(-1) ?? '{}') as Observation, steps);
  });
});
