// The sandbox refuses what Stream would refuse from a DSP beyond the schema: times in seconds,
// an event_id reused for another event, orders off the published menu or for a location Stream
// never connected, a subtotal that does not add up, a cancellation of an order never sent.
import { afterEach, describe, expect, it } from 'vitest';
import { exampleValue } from '../src/openapi.js';
import { call, closeSandboxes, openSandbox, sendSigned, START } from './support.js';

afterEach(closeSandboxes);

const PATH = '/order/demo-partner-id';

function pickupOrder(): any {
  const order = structuredClone(exampleValue('dsp', 'PickupOrder')) as any;
  order.event_id = `evt_rules_${Math.random().toString(16).slice(2)}`;
  order.occurred_at_ms = START;
  delete order.data.estimated_ready_at_ms;
  return order;
}

describe('the sandbox checks a DSP order event beyond its schema', () => {
  it('accepts the contract example order: a connected location, items from the published menu, a subtotal that adds up', async () => {
    const { sandbox } = await openSandbox();
    const answer = await sendSigned(sandbox, PATH, pickupOrder());
    expect(answer.status, answer.text).toBe(202);
  });

  it('refuses an order whose subtotal is not the sum of its lines, saying what the lines add up to', async () => {
    const { sandbox } = await openSandbox();
    const order = pickupOrder();
    order.data.subtotal = 1000;
    const answer = await sendSigned(sandbox, PATH, order);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'invalid_order' });
    expect(answer.body.message).toContain('[order-subtotal-adds-up]');
    expect(answer.body.message).toContain('data/subtotal is 1000, but');
    expect(answer.body.message).toContain('comes to 1740');
  });

  it("refuses an order whose line or modifier is priced off the published menu with invalid_order, naming the rule and the menu's price", async () => {
    const { sandbox } = await openSandbox();
    const line = pickupOrder();
    line.data.items[0].price = 995;
    line.data.subtotal = 1 * (995 + 0 + 0) + 2 * 395;
    const lineAnswer = await sendSigned(sandbox, PATH, line);
    expect(lineAnswer.status, lineAnswer.text).toBe(400);
    expect(lineAnswer.body).toMatchObject({ code: 'invalid_order' });
    expect(lineAnswer.body.message).toContain('[line-price-from-the-menu] the body: data/items/0/price is 995, but the menu published for the location prices var_classic_single at 950');
    const modifier = pickupOrder();
    modifier.data.items[0].modifiers[1].price = 250;
    modifier.data.subtotal = 1 * (950 + 0 + 250) + 2 * 395;
    modifier.data.tax = 84 + 70;
    const modifierAnswer = await sendSigned(sandbox, PATH, modifier);
    expect(modifierAnswer.status, modifierAnswer.text).toBe(400);
    expect(modifierAnswer.body.message).toContain('data/items/0/modifiers/1/price is 250, but the menu published for the location prices mod_bacon at 200');
  });

  it("takes a free extra at 0 or, as advice, charged, and refuses a second extra made free, naming the rule", async () => {
    const { sandbox } = await openSandbox();
    const charged = pickupOrder();
    charged.data.items[0].modifiers[1].price = 200;
    charged.data.subtotal = 1 * (950 + 0 + 200) + 2 * 395;
    expect((await sendSigned(sandbox, PATH, charged)).status).toBe(202);
    const both = pickupOrder();
    both.data.items[0].modifiers.push({ id: 'mod_pickles', modifier_group_id: 'mg_extras', name: 'Pickles', quantity: 1, price: 0, currency: 'usd' });
    const answer = await sendSigned(sandbox, PATH, both);
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body).toMatchObject({ code: 'invalid_order' });
    expect(answer.body.message).toContain('[free-modifiers-within-the-group] the body: data/items/0/modifiers (mg_extras, 1 free) charges 0, but the menu published for the location makes only the cheapest 1 chosen free, which leaves 200 to charge');
  });

  it("refuses an order whose tax is not what the menu's tax rates come to on its lines, naming the rule, and takes a tax a discount lowered", async () => {
    const { sandbox } = await openSandbox();
    const rate = pickupOrder();
    rate.data.tax = 9;
    const rateAnswer = await sendSigned(sandbox, PATH, rate);
    expect(rateAnswer.status, rateAnswer.text).toBe(400);
    expect(rateAnswer.body).toMatchObject({ code: 'invalid_order' });
    expect(rateAnswer.body.message).toContain('[order-tax-from-the-menu-rates] the body: data/tax is 9, but the menu published for the location puts 154 (8.875% of 950 + 8.875% of 790, rounded per line) on these lines, so it lies between 152 and 156: 9 is the rate 8.875 written as an amount');
    const doubled = pickupOrder();
    doubled.data.tax = 308;
    expect((await sendSigned(sandbox, PATH, doubled)).status).toBe(400);
    const discounted = pickupOrder();
    discounted.data.discounts = [{ id: 'promo_5off', amount: 500 }];
    discounted.data.tax = Math.round(((1740 - 500) * 8.875) / 100);
    const discountedAnswer = await sendSigned(sandbox, PATH, discounted);
    expect(discountedAnswer.status, discountedAnswer.text).toBe(202);
  });

  it("refuses an order whose line is in another currency than the published menu gives it, and a future order with no ready time, naming each rule", async () => {
    const { sandbox } = await openSandbox();
    const foreign = pickupOrder();
    foreign.data.items[0].currency = 'cad';
    const foreignAnswer = await sendSigned(sandbox, PATH, foreign);
    expect(foreignAnswer.status, foreignAnswer.text).toBe(400);
    expect(foreignAnswer.body).toMatchObject({ code: 'invalid_order' });
    expect(foreignAnswer.body.message).toContain('[line-currency-from-the-menu] the body: data/items/0/currency is "cad", but the menu published for the location gives var_classic_single currency "usd"');
    const later = pickupOrder();
    later.data.is_future_order = true;
    delete later.data.estimated_ready_at_ms;
    const laterAnswer = await sendSigned(sandbox, PATH, later);
    expect(laterAnswer.status, laterAnswer.text).toBe(400);
    expect(laterAnswer.body).toMatchObject({ code: 'invalid_order' });
    expect(laterAnswer.body.message).toContain('[future-order-gives-ready-time] the body: data/estimated_ready_at_ms is missing, and data/is_future_order is true, which requires it');
  });

  it('refuses an order whose line sits under a category, or whose modifier under a group, that does not list it on the published menu, naming the rule', async () => {
    const { sandbox } = await openSandbox();
    const category = pickupOrder();
    category.data.items[0].category_id = 'cat_drinks';
    const categoryAnswer = await sendSigned(sandbox, PATH, category);
    expect(categoryAnswer.status, categoryAnswer.text).toBe(400);
    expect(categoryAnswer.body).toMatchObject({ code: 'invalid_order' });
    expect(categoryAnswer.body.message).toContain('[line-category-holds-the-item] the body: data/items/0/category_id is "cat_drinks", but item_id "item_classic_burger" is held by "cat_burgers"');
    const group = pickupOrder();
    group.data.items[0].modifiers[1].modifier_group_id = 'mg_cheese';
    const groupAnswer = await sendSigned(sandbox, PATH, group);
    expect(groupAnswer.status, groupAnswer.text).toBe(400);
    expect(groupAnswer.body.message).toContain('[modifier-group-holds-the-modifier] the body: data/items/0/modifiers/1/modifier_group_id is "mg_cheese", but id "mod_bacon" is held by "mg_extras"');
    const without = pickupOrder();
    delete without.data.items[0].category_id;
    expect((await sendSigned(sandbox, PATH, without)).status).toBe(202);
  });

  it('refuses an order for an item or a variation that is not on the published menu', async () => {
    const { sandbox } = await openSandbox();
    const order = pickupOrder();
    order.data.items[1].item_id = 'item_milkshake';
    order.data.items[0].id = 'var_classic_triple';
    const answer = await sendSigned(sandbox, PATH, order);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/item_milkshake is not an item/);
    expect(answer.body.message).toMatch(/var_classic_triple is not a variation of item_classic_burger/);
  });

  it('refuses an order for a location Stream never connected', async () => {
    const { sandbox } = await openSandbox();
    const order = pickupOrder();
    order.location_id = 'store-9999';
    const answer = await sendSigned(sandbox, PATH, order);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/location store-9999 is not connected/);
  });

  it('refuses times in seconds, naming the unit and the value in milliseconds', async () => {
    const { sandbox } = await openSandbox();
    const order = pickupOrder();
    order.occurred_at_ms = Math.floor(START / 1000);
    const answer = await sendSigned(sandbox, PATH, order);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'invalid_time' });
    expect(answer.body.message).toContain('reads as seconds');
    expect(answer.body.message).toContain(String(Math.floor(START / 1000) * 1000));
  });

  it('refuses times no date can hold with a 400, never a 500, and keeps no trace of the order', async () => {
    const { sandbox } = await openSandbox();
    for (const [field, value] of [['occurred_at_ms', -1e20], ['occurred_at_ms', 1e20], ['estimated_ready_at_ms', 1e300]] as const) {
      const order = pickupOrder();
      if (field === 'occurred_at_ms') order.occurred_at_ms = value;
      else order.data.estimated_ready_at_ms = value;
      const answer = await sendSigned(sandbox, PATH, order);
      expect(answer.status, `${field} ${value}`).toBe(400);
      expect(answer.body.message).toContain(field);
    }
    expect(sandbox.state().orders.filter((order) => (order as { audience: string }).audience === 'dsp')).toEqual([]);
  });

  it('refuses a store status whose end_time is in seconds', async () => {
    const { sandbox } = await openSandbox();
    const status = structuredClone(exampleValue('dsp', 'StorePausedUntil')) as any;
    status.occurred_at_ms = START;
    status.data.start_time = START;
    status.data.end_time = Math.floor(START / 1000) + 3600;
    const answer = await sendSigned(sandbox, PATH, status);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/data\.end_time .* reads as seconds/);
  });

  it('refuses a pause whose end_time is 0 by telling the DSP to leave end_time out for a pause until further notice, not to send 0', async () => {
    const { sandbox } = await openSandbox();
    const status = structuredClone(exampleValue('dsp', 'StorePausedUntil')) as any;
    status.occurred_at_ms = START;
    status.data.start_time = START;
    status.data.end_time = 0;
    const answer = await sendSigned(sandbox, PATH, status);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('data.end_time is 0, the Unix epoch itself');
    expect(answer.body.message).toContain('leave data.end_time out');
    expect(answer.body.message).not.toMatch(/send 0\b/);
  });

  it("refuses a pause that ends before it starts with the contract's invalid_time, naming the rule, and takes the same event_id once the times are fixed", async () => {
    const { sandbox } = await openSandbox();
    const status = structuredClone(exampleValue('dsp', 'StorePausedUntil')) as any;
    status.event_id = 'evt_pause_backwards';
    status.occurred_at_ms = START;
    status.data.start_time = START + 3600_000;
    status.data.end_time = START + 60_000;
    const answer = await sendSigned(sandbox, PATH, status);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: 'invalid_time', message: `[pause-ends-after-it-starts] the body: data/end_time is ${START + 60_000}, not > data/start_time (${START + 3600_000}). A \`store_status_update\` pause's \`end_time\` is later than its \`start_time\` when both are sent.` });
    status.data.end_time = START + 7200_000;
    const fixed = await sendSigned(sandbox, PATH, status);
    expect(fixed.status, fixed.text).toBe(202);
    expect(fixed.body).not.toHaveProperty('duplicate');
  });

  it('refuses a pause window read from a local wall clock as UTC, its start and then its end hours early, naming each rule, and takes the window in UTC', async () => {
    const { sandbox } = await openSandbox();
    const status = structuredClone(exampleValue('dsp', 'StorePausedUntil')) as any;
    status.event_id = 'evt_pause_local_clock';
    status.occurred_at_ms = START;
    status.data.start_time = START - 5 * 3600_000;
    status.data.end_time = START - 4 * 3600_000;
    const answer = await sendSigned(sandbox, PATH, status);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('invalid_time');
    expect(answer.body.message).toMatch(new RegExp(`^\\[status-starts-when-sent\\] the body: data/start_time is ${START - 5 * 3600_000}`));
    delete status.data.start_time;
    const endOnly = await sendSigned(sandbox, PATH, status);
    expect(endOnly.status).toBe(400);
    expect(endOnly.body.message).toMatch(new RegExp(`^\\[pause-ends-after-it-is-sent\\] the body: data/end_time is ${START - 4 * 3600_000}, not > occurred_at_ms \\(${START}\\)`));
    status.data.start_time = START;
    status.data.end_time = START + 3600_000;
    const fixed = await sendSigned(sandbox, PATH, status);
    expect(fixed.status, fixed.text).toBe(202);
  });

  it('answers a resent event as a duplicate, but refuses its event_id reused for a different event with a 400 that names it', async () => {
    const { sandbox } = await openSandbox();
    const order = pickupOrder();
    expect((await sendSigned(sandbox, PATH, order)).status).toBe(202);
    const again = await sendSigned(sandbox, PATH, JSON.stringify(order, null, 2));
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ duplicate: true });
    const other = { event_id: order.event_id, type: 'cancel_order', location_id: order.location_id, occurred_at_ms: START, data: { order_id: order.data.id } };
    const reused = await sendSigned(sandbox, PATH, other);
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({ code: 'event_id_reused' });
    expect(reused.body.message).toContain(order.event_id);
  });

  it('refuses a cancellation of an order the DSP never sent, and accepts one of an order it sent', async () => {
    const { sandbox } = await openSandbox();
    const cancel = (orderId: string) => ({ event_id: `evt_cancel_${orderId}`, type: 'cancel_order', location_id: 'store-0042', occurred_at_ms: START, data: { order_id: orderId } });
    const unknown = await sendSigned(sandbox, PATH, cancel('ord_never_sent'));
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'unknown_order' });
    const order = pickupOrder();
    order.data.id = 'ord_sent_first';
    expect((await sendSigned(sandbox, PATH, order)).status).toBe(202);
    expect((await sendSigned(sandbox, PATH, cancel('ord_sent_first'))).status).toBe(202);
  });

  it("refuses a cancellation dated before its order's new_order with 400 invalid_time, and accepts one dated at or after it", async () => {
    const { sandbox } = await openSandbox();
    const order = pickupOrder();
    order.data.id = 'ord_placed_at_start';
    expect((await sendSigned(sandbox, PATH, order)).status).toBe(202);
    const cancel = (id: string, at: number) => ({ event_id: id, type: 'cancel_order', location_id: order.location_id, occurred_at_ms: at, data: { order_id: 'ord_placed_at_start' } });
    const early = await sendSigned(sandbox, PATH, cancel('evt_cancel_early', START - 20 * 60 * 1000));
    expect(early.status, early.text).toBe(400);
    expect(early.body).toMatchObject({ code: 'invalid_time' });
    expect(early.body.message).toContain('[cancel-after-its-order]');
    expect(early.body.message).toContain('Send the moment the order was canceled');
    expect(sandbox.state().orders.find((candidate) => (candidate as { id: string }).id === 'ord_placed_at_start')).toMatchObject({ status: 'received' });
    const onTime = await sendSigned(sandbox, PATH, cancel('evt_cancel_on_time', START));
    expect(onTime.status, onTime.text).toBe(202);
  });

  it('answers the next sends to a route with the 5xx asked for at POST /_sandbox/outages, then processes a retry of the same event as usual', async () => {
    const { sandbox } = await openSandbox();
    const asked = await call(sandbox, 'POST', '/_sandbox/outages', { json: { operation: 'dsp:sendOrderEvent', requests: 1, status: 503 } });
    expect(asked.status, asked.text).toBe(200);
    const order = pickupOrder();
    const first = await sendSigned(sandbox, PATH, order);
    expect(first.status).toBe(503);
    expect(first.body.message).toContain('same event_id');
    expect(sandbox.state().orders.some((candidate) => (candidate as { id: string }).id === order.data.id)).toBe(false);
    const retry = await sendSigned(sandbox, PATH, order);
    expect(retry.status, retry.text).toBe(202);
    expect(retry.body).toEqual({ event_id: order.event_id });
  });

  it('answers the next send with a final 401 asked for at POST /_sandbox/outages, saying not to send the event again, and stores nothing', async () => {
    const { sandbox } = await openSandbox();
    const asked = await call(sandbox, 'POST', '/_sandbox/outages', { json: { operation: 'dsp:sendOrderEvent', requests: 1, status: 401 } });
    expect(asked.status, asked.text).toBe(200);
    const order = pickupOrder();
    const first = await sendSigned(sandbox, PATH, order);
    expect(first.status).toBe(401);
    expect(first.body).toMatchObject({ code: 'signature_missing' });
    expect(first.body.message).toContain('do not send this event again');
    expect(sandbox.state().orders.some((candidate) => (candidate as { id: string }).id === order.data.id)).toBe(false);
    expect((await sendSigned(sandbox, PATH, order)).status).toBe(202);
  });

  it('refuses an outage for a route partners do not send to, or with a status that is neither a 5xx nor a final answer the route names, saying what to send', async () => {
    const { sandbox } = await openSandbox();
    for (const json of [{ operation: 'partner:listOrganizations' }, { operation: 'dsp:sendOrderEvent', status: 404 }, { operation: 'pos:sendWebhookEvent', status: 401 }, { operation: 'dsp:sendOrderEvent', status: '401' }, { operation: 'dsp:sendOrderEvent', requests: 11 }, { operation: 'dsp:sendOrderEvent', requests: -1 }, { operation: '__proto__' }]) {
      const answer = await call(sandbox, 'POST', '/_sandbox/outages', { json });
      expect(answer.status, JSON.stringify(json)).toBe(400);
      expect(answer.body.message).toContain('Send {"operation"');
    }
    expect((await sendSigned(sandbox, PATH, pickupOrder())).status).toBe(202);
  });

  it('refuses a cancellation that names an order of another location with 400 unknown_order, naming both, and leaves the order uncanceled', async () => {
    const { sandbox } = await openSandbox();
    const order = pickupOrder();
    order.data.id = 'ord_sent_here';
    expect((await sendSigned(sandbox, PATH, order)).status).toBe(202);
    const elsewhere = { event_id: 'evt_cancel_elsewhere', type: 'cancel_order', location_id: 'store-0057', occurred_at_ms: START, data: { order_id: 'ord_sent_here' } };
    const refused = await sendSigned(sandbox, PATH, elsewhere);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'unknown_order' });
    expect(refused.body.message).toContain(`order ord_sent_here of ${order.location_id}, not of location_id store-0057`);
    expect(sandbox.state().orders.find((candidate) => (candidate as { id: string }).id === 'ord_sent_here')).toMatchObject({ status: 'received' });
  });

  it('refuses a POS pause whose paused_until is in seconds', async () => {
    const { sandbox } = await openSandbox();
    const body = { type: 'location.status.updated', object: { status: 'inactive', location_id: 'loc-downtown', paused_until: Math.floor(START / 1000) + 1800 } };
    const answer = await sendSigned(sandbox, '/pos/demo-partner/webhook', body);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/object\.paused_until .* reads as seconds/);
  });

  it('refuses a POS pause whose paused_until has already passed, naming the rule, and takes one that ends later', async () => {
    const { sandbox } = await openSandbox();
    const pause = (pausedUntil: number) => ({ type: 'location.status.updated', object: { status: 'inactive', location_id: 'loc-downtown', paused_until: pausedUntil } });
    const past = await sendSigned(sandbox, '/pos/demo-partner/webhook', pause(START - 30 * 60 * 1000));
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({ code: 'invalid_time' });
    expect(past.body.message).toMatch(/\[pause-ends-in-the-future\] the body: object\/paused_until is \d+ \(.*\), which is not after the time it arrived/);
    const later = await sendSigned(sandbox, '/pos/demo-partner/webhook', pause(START + 30 * 60 * 1000));
    expect(later.status, later.text).toBe(204);
  });

  it('publishes the v2 menu form by default when started with menuVersion v2, and v1 when asked', async () => {
    const { sandbox } = await openSandbox({ menuVersion: 'v2' });
    const v2 = await call(sandbox, 'POST', '/_sandbox/menus', { json: { location_id: 'store-0077' } });
    expect(v2.body).toMatchObject({ menu_version: 'v2' });
    const menu = await call(sandbox, 'GET', new URL(v2.body.url).pathname + new URL(v2.body.url).search);
    expect(menu.status).toBe(200);
    expect(menu.body.item_families.length).toBeGreaterThan(0);
    const v1 = await call(sandbox, 'POST', '/_sandbox/menus', { json: { location_id: 'store-0078', menu_version: 'v1' } });
    expect(v1.body).toMatchObject({ menu_version: 'v1' });
    const order = pickupOrder();
    order.location_id = 'store-0077';
    expect((await sendSigned(sandbox, PATH, order)).status, 'an order from the v2 menu').toBe(202);
  });
});
