// The named rules the contracts state in x-stream-rules: every one names a requirement of the
// catalogue, the contracts' own examples keep them, and the one judge certify uses finds each kind
// of break with the rule's name in its message.
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../src/certify/catalogue.js';
import { exampleValue, findOperation } from '../src/openapi.js';
import { judgeRules, type JudgedAnswer } from '../src/rules-judge.js';
import { listRules, select, type Rule } from '../src/rules.js';
import { holdersIn } from '../src/holdings.js';
import { AUDIENCES } from '../src/trigger/targets.js';

function rule(api: 'pos' | 'dsp' | 'events', name: string): Rule {
  const found = listRules(api).find((candidate) => candidate.rule === name);
  if (found === undefined) throw new Error(`the ${api} contract has no rule ${name}`);
  return found;
}

function catalog(changes: Record<string, unknown> = {}): Record<string, unknown> {
  const base = findOperation('pos', 'getCatalog').responses.get('200')!.examples.get('LocationCatalog');
  return { ...structuredClone(base as Record<string, unknown>), ...changes };
}

const messages = (rules: readonly Rule[], bodies: readonly unknown[]) =>
  judgeRules({ rules, answers: bodies.map((body, index) => ({ body, what: `read ${index + 1}` })) }).map((finding) => finding.message);

describe('the named rules the contracts state', () => {
  for (const audience of AUDIENCES) {
    it(`names only requirements of the ${audience} catalogue, each with a statement that is a sentence`, () => {
      const ids = new Set(loadCatalogue(audience).requirements.map((requirement) => requirement.id));
      for (const entry of listRules(audience)) {
        expect(ids.has(entry.requirement), entry.requirement).toBe(true);
        expect(entry.statement).toMatch(/\.$/);
      }
    });
  }

  it('states the catalog, location list and token rules certify judges', () => {
    const answered = (api: 'pos' | 'dsp') => new Set(listRules(api).filter((entry) => entry.on === 'response').map((entry) => entry.requirement));
    expect(answered('pos')).toEqual(new Set(['POS-CAT-01', 'POS-CAT-02', 'POS-CAT-03', 'POS-CAT-07', 'POS-CAT-08', 'POS-CAT-09', 'POS-CAT-10', 'POS-CAT-11', 'POS-CAT-13', 'POS-CAT-14', 'POS-CAT-15', 'POS-LOC-04', 'POS-OAU-10', 'POS-OAU-13', 'POS-VAL-01', 'POS-VAL-02']));
    expect(answered('dsp')).toEqual(new Set(['DSP-LOC-06', 'DSP-LOC-07', 'DSP-OAU-10', 'DSP-OAU-13']));
  });

  it("states the rules on a DSP's sends with the error code the sandbox refuses them with, and every request example keeps them", () => {
    const sent = listRules('dsp').filter((entry) => entry.on === 'request');
    expect(sent.map((entry) => [entry.rule, entry.requirement, entry.code, entry.operationId])).toEqual([
      ['delivery-state-postal', 'DSP-SND-01', 'invalid_order', 'sendOrderEvent'],
      ['order-subtotal-adds-up', 'DSP-SND-01', 'invalid_order', 'sendOrderEvent'],
      ['line-price-from-the-menu', 'DSP-SND-01', 'invalid_order', 'sendOrderEvent'],
      ['line-currency-from-the-menu', 'DSP-SND-01', 'invalid_order', 'sendOrderEvent'],
      ['customer-name-not-an-id', 'DSP-SND-01', 'invalid_order', 'sendOrderEvent'],
      ['customer-name-not-a-contact', 'DSP-SND-01', 'invalid_order', 'sendOrderEvent'],
      ['order-id-not-the-hand-off-number', 'DSP-SND-01', 'invalid_order', 'sendOrderEvent'],
      ['line-category-holds-the-item', 'DSP-SND-01', 'invalid_order', 'sendOrderEvent'],
      ['modifier-group-holds-the-modifier', 'DSP-SND-01', 'invalid_order', 'sendOrderEvent'],
      ['modifier-group-offered-at-its-level', 'DSP-SND-01', 'invalid_order', 'sendOrderEvent'],
      ['free-modifiers-within-the-group', 'DSP-SND-01', 'invalid_order', 'sendOrderEvent'],
      ['discount-names-an-order-line', 'DSP-SND-01', 'invalid_order', 'sendOrderEvent'],
      ['future-order-gives-ready-time', 'DSP-SND-01', 'invalid_order', 'sendOrderEvent'],
      ['masked-code-with-its-phone', 'DSP-SND-01', 'invalid_order', 'sendOrderEvent'],
      ['future-order-ready-after-it-is-placed', 'DSP-SND-01', 'invalid_time', 'sendOrderEvent'],
      ['later-order-flagged-future', 'DSP-SND-01', 'invalid_time', 'sendOrderEvent'],
      ['event-sent-as-it-happens', 'DSP-SND-01', 'invalid_time', 'sendOrderEvent'],
      ['order-tax-from-the-menu-rates', 'DSP-SND-01', 'invalid_order', 'sendOrderEvent'],
      ['masked-code-not-the-country-code', 'DSP-VAL-01', undefined, 'sendOrderEvent'],
      ['ready-time-after-preparing', 'DSP-VAL-01', undefined, 'sendOrderEvent'],
      ['future-order-not-ready-as-soon-as-possible', 'DSP-VAL-01', undefined, 'sendOrderEvent'],
      ['fees-in-the-lowest-denomination', 'DSP-VAL-01', undefined, 'sendOrderEvent'],
      ['free-modifier-not-charged', 'DSP-VAL-01', undefined, 'sendOrderEvent'],
      ['fee-tax-within-the-fee', 'DSP-VAL-01', undefined, 'sendOrderEvent'],
      ['drop-off-not-the-store', 'DSP-VAL-01', undefined, 'sendOrderEvent'],
      ['pause-ends-after-it-starts', 'DSP-SND-03', 'invalid_time', 'sendOrderEvent'],
      ['pause-lasts-a-minute', 'DSP-SND-03', 'invalid_time', 'sendOrderEvent'],
      ['status-starts-when-sent', 'DSP-SND-03', 'invalid_time', 'sendOrderEvent'],
      ['pause-ends-after-it-is-sent', 'DSP-SND-03', 'invalid_time', 'sendOrderEvent'],
    ]);
    const examples = [...findOperation('dsp', 'sendOrderEvent').requestExamples.values()];
    expect(examples.length).toBeGreaterThan(0);
    expect(messages(sent, examples)).toEqual([]);
    expect(messages(sent, [{ data: { status: 'paused', start_time: 2_000, end_time: 1_000 } }])).toEqual(['[pause-ends-after-it-starts] read 1: data/end_time is 1000, not > data/start_time (2000)', '[pause-lasts-a-minute] read 1: data/end_time is 1000, not >= data/start_time + 1 minutes (2000)']);
    // A pause whose start is the store's wall clock read as UTC: five hours before the event's own moment.
    expect(messages(sent, [{ occurred_at_ms: 1_767_243_600_000, data: { status: 'paused', start_time: 1_767_225_600_000 } }])).toEqual(['[status-starts-when-sent] read 1: data/start_time is 1767225600000, not >= occurred_at_ms - 30 minutes (1767243600000)']);
    // A scheduled order whose time lies before the order time; the same time on an order for now is Stream's to replace, not refused.
    const placed = { occurred_at_ms: 1_767_243_600_000, data: { estimated_ready_at_ms: 1_767_232_800_000 } };
    expect(messages([rule('dsp', 'future-order-ready-after-it-is-placed')], [{ ...placed, data: { ...placed.data, is_future_order: true } }, placed])).toEqual(['[future-order-ready-after-it-is-placed] read 1: data/estimated_ready_at_ms is 1767232800000, not > occurred_at_ms (1767243600000) while data/is_future_order is true']);
    // A customer known by a login email or a number has no name to call out.
    expect(messages([rule('dsp', 'customer-name-not-a-contact')], [{ data: { customer: { name: 'dana@mail.example', email: 'dana@mail.example' } } }, { data: { customer: { name: 'Dana', email: 'dana@mail.example' } } }])).toEqual(['[customer-name-not-a-contact] read 1: data/customer/name is "dana@mail.example", the id data/customer/email gives: send the name people use, not an id']);
    // A one-hour pause written as 3600 (seconds) after a millisecond start: later, but by 3.6 s.
    expect(messages(sent, [{ data: { status: 'paused', start_time: 1_767_225_600_000, end_time: 1_767_225_603_600 } }])).toEqual(['[pause-lasts-a-minute] read 1: data/end_time is 1767225603600, not >= data/start_time + 1 minutes (1767225600000)']);
  });

  it("finds a DSP order's subtotal that leaves out a modifier nested under another, reading nested_modifiers below the first level", () => {
    const subtotal = rule('dsp', 'order-subtotal-adds-up');
    // 2 × (500 + 1 × (100 + 2 × 25)) + 3 × 200 = 1300 + 600 = 1900
    const items = [{ quantity: 2, price: 500, modifiers: [{ quantity: 1, price: 100, nested_modifiers: [{ quantity: 2, price: 25 }] }] }, { quantity: 3, price: 200 }];
    expect(messages([subtotal], [{ data: { items, subtotal: 1900 } }])).toEqual([]);
    expect(messages([subtotal], [{ data: { items, subtotal: 1800 } }])).toEqual([
      '[order-subtotal-adds-up] read 1: data/subtotal is 1800, but quantity × (price + modifiers (+ nested_modifiers)) over data/items/* comes to 1900',
    ]);
  });

  it("states the sums of a POS's in-store order with the code the sandbox refuses them with, and every example of the POS's sends keeps them", () => {
    const sent = listRules('pos').filter((entry) => entry.on === 'request');
    expect(sent.map((entry) => [entry.rule, entry.requirement, entry.code, entry.operationId])).toEqual([
      ['pause-ends-in-the-future', 'POS-SND-02', 'invalid_time', 'sendWebhookEvent'],
      ['in-store-ready-after-placed', 'POS-SND-06', 'invalid_time', 'sendWebhookEvent'],
      ['in-store-later-order-flagged-future', 'POS-SND-06', 'invalid_time', 'sendWebhookEvent'],
      ['in-store-placed-just-now', 'POS-SND-06', 'invalid_time', 'sendWebhookEvent'],
      ['in-store-line-in-its-family', 'POS-SND-06', 'invalid_order', 'sendWebhookEvent'],
      ['in-store-modifier-in-its-group', 'POS-SND-06', 'invalid_order', 'sendWebhookEvent'],
      ['in-store-modifier-group-offered-at-its-level', 'POS-SND-06', 'invalid_order', 'sendWebhookEvent'],
      ['in-store-delivery-is-merchant-managed', 'POS-SND-06', 'invalid_order', 'sendWebhookEvent'],
      ['in-store-delivery-address-in-its-country', 'POS-SND-06', 'invalid_order', 'sendWebhookEvent'],
      ['in-store-delivery-state-postal', 'POS-SND-06', 'invalid_order', 'sendWebhookEvent'],
      ['in-store-subtotal-adds-up', 'POS-SND-06', 'invalid_order', 'sendWebhookEvent'],
      ['in-store-total-adds-up', 'POS-SND-06', 'invalid_order', 'sendWebhookEvent'],
      ['in-store-phone-code-omitted-not-filled', 'POS-SND-07', undefined, 'sendWebhookEvent'],
      ['in-store-phone-code-not-country-code', 'POS-SND-07', undefined, 'sendWebhookEvent'],
    ]);
    const examples = [...findOperation('pos', 'sendWebhookEvent').requestExamples.values()];
    expect(examples.length).toBeGreaterThan(1);
    expect(messages(sent, examples)).toEqual([]);
  });

  it("finds an in-store order line filed under another family, or a modifier under another group, than the catalog the POS served, and the contract's examples keep both", () => {
    const held = listRules('pos').filter((entry) => entry.kind === 'held');
    const served = holdersIn({ document: catalog(), idKey: 'provider_id' });
    const judged = (bodies: readonly unknown[]) => judgeRules({ rules: held, answers: bodies.map((body) => ({ body, what: 'the body' })), holders: (id) => served.get(id) }).map((finding) => finding.message);
    const example = structuredClone(findOperation('pos', 'sendWebhookEvent').requestExamples.get('InStoreOrderCreated')) as { object: { line_items: Record<string, unknown>[] } };
    const line = example.object.line_items[0]!;
    const family = served.get(String(line.provider_id));
    expect(family?.has(String(line.item_family_id))).toBe(true);
    expect(judged([example])).toEqual([]);
    line.item_family_id = 'some-other-family';
    expect(judged([example])).toEqual([`[in-store-line-in-its-family] the body: object/line_items/0/item_family_id is "some-other-family", but provider_id ${JSON.stringify(line.provider_id)} is held by ${[...family!].map((id) => JSON.stringify(id)).join(' or ')}`]);
  });

  it('finds a token answer whose expire_time lies seconds ahead of when it arrived (a lifetime in seconds added to milliseconds), judged by each answer\'s own arrival', () => {
    const outlives = rule('pos', 'access-token-outlives-a-minute');
    const arrived = Date.parse('2026-11-28T12:00:00Z');
    const judge = (expireTime: number, receivedAt?: number) =>
      judgeRules({ rules: [outlives], answers: [{ body: { expire_time: expireTime }, what: 'exchange the code', ...(receivedAt === undefined ? {} : { receivedAt }) }], now: arrived }).map((finding) => finding.message);
    expect(judge(arrived + 3600)).toEqual([
      '[access-token-outlives-a-minute] exchange the code: expire_time is 1795867203600 (2026-11-28T12:00:03.600Z), only 3.6 second(s) after the time it arrived (2026-11-28T12:00:00.000Z), less than 60: a length in seconds added to a millisecond clock?',
    ]);
    expect(judge(arrived - 1000)).toEqual(['[access-token-outlives-a-minute] exchange the code: expire_time is 1795867199000 (2026-11-28T11:59:59.000Z), which is not after the time it arrived (2026-11-28T12:00:00.000Z)']);
    expect(judge(arrived + 3600 * 1000)).toEqual([]);
    // An answer read ten minutes before the run's clock is judged by its own arrival, not by when the run ends.
    expect(judge(arrived + 30 * 1000)).toHaveLength(1);
    expect(judge(arrived + 30 * 1000, arrived - 10 * 60 * 1000)).toEqual([]);
    expect(judge(arrived + 3600, arrived + 3600 * 1000)).toHaveLength(1);
  });

  it("finds a DSP event whose occurred_at_ms is a store's local wall clock read as UTC, hours off either way, and allows the drift of a retried or late send", () => {
    const happened = rule('dsp', 'event-sent-as-it-happens');
    const now = Date.parse('2026-11-28T12:00:00Z');
    const judge = (occurredAt: number) => judgeRules({ rules: [happened], answers: [{ body: { type: 'cancel_order', occurred_at_ms: occurredAt }, what: 'the body' }], now }).map((finding) => finding.message);
    // New York's wall clock read as UTC: five hours behind.
    expect(judge(now - 5 * 3600_000)).toEqual([
      '[event-sent-as-it-happens] the body: occurred_at_ms is 1795849200000, 300 minute(s) before the time it arrived (2026-11-28T12:00:00.000Z): a local clock time written with Z or a wrong offset?',
    ]);
    expect(judge(now + 3600_000)).toHaveLength(1);
    expect(judge(now - 29 * 60_000)).toEqual([]);
    expect(judge(now + 4 * 60_000)).toEqual([]);
  });

  it('finds an in-store order placed hours after or before it reached Stream (a local clock written with Z), and allows five minutes of drift ahead and thirty behind', () => {
    const placed = rule('pos', 'in-store-placed-just-now');
    const now = Date.parse('2026-11-28T12:00:00Z');
    const judge = (placedAt: string) => judgeRules({ rules: [placed], answers: [{ body: { type: 'order.created', object: { placed_at: placedAt } }, what: 'the body' }], now }).map((finding) => finding.message);
    expect(judge('2026-11-28T14:00:00Z')).toEqual([
      '[in-store-placed-just-now] the body: object/placed_at is 2026-11-28T14:00:00Z, 120 minute(s) after the time it arrived (2026-11-28T12:00:00.000Z): a local clock time written with Z or a wrong offset?',
    ]);
    // A till in Los Angeles writing its wall clock with Z: eight hours behind.
    expect(judge('2026-11-28T04:00:00Z')).toEqual([
      '[in-store-placed-just-now] the body: object/placed_at is 2026-11-28T04:00:00Z, 480 minute(s) before the time it arrived (2026-11-28T12:00:00.000Z): a local clock time written with Z or a wrong offset?',
    ]);
    expect(judge('2026-11-28T12:04:00Z')).toEqual([]);
    expect(judge('2026-11-28T16:00:00+04:00')).toEqual([]);
    expect(judge('2026-11-28T04:00:00-08:00')).toEqual([]);
    expect(judge('2026-11-28T11:31:00Z')).toEqual([]);
    expect(judge('2026-11-28T11:00:00Z')).toHaveLength(1);
    // Without a clock (certify judging an answer) nothing is judged.
    expect(messages([placed], [{ object: { placed_at: '2999-01-01T00:00:00Z' } }])).toEqual([]);
  });

  it('finds a location time zone that is an abbreviation or misspelled, and keeps IANA names and their Area/Location links', () => {
    const zone = rule('pos', 'location-zone-is-iana');
    const list = (...zones: string[]) => ({ locations: zones.map((timezone, index) => ({ provider_id: `loc-${index}`, timezone })) });
    expect(messages([zone], [list('America/Los_Angeles', 'Europe/Paris', 'UTC', 'US/Pacific')])).toEqual([]);
    expect(messages([zone], [list('PST', 'america/new_york', 'Mars/Olympus_Mons')])).toEqual([
      '[location-zone-is-iana] read 1: locations/0/timezone is "PST": an abbreviation or alias, not a name of the time zone database: send the Area/Location name, such as America/Los_Angeles',
      '[location-zone-is-iana] read 1: locations/1/timezone is "america/new_york": the time zone database spells it America/New_York',
      '[location-zone-is-iana] read 1: locations/2/timezone is "Mars/Olympus_Mons": no time zone has this name',
    ]);
  });

  it('finds a location time zone with no place (UTC, an Etc offset), which a server default gives, and keeps a place\'s zone', () => {
    const zone = rule('pos', 'location-zone-is-geographic');
    const list = (...zones: string[]) => ({ locations: zones.map((timezone, index) => ({ provider_id: `loc-${index}`, timezone })) });
    expect(messages([zone], [list('America/Los_Angeles', 'Europe/Paris', 'America/Marigot', 'PST')])).toEqual([]);
    expect(messages([zone], [list('UTC', 'Etc/GMT+8')])).toEqual([
      '[location-zone-is-geographic] read 1: locations/0/timezone is "UTC": a zone with no place, often a server\'s default; send the zone of the location\'s own place, such as America/Los_Angeles',
      '[location-zone-is-geographic] read 1: locations/1/timezone is "Etc/GMT+8": a zone with no place, often a server\'s default; send the zone of the location\'s own place, such as America/Los_Angeles',
    ]);
  });

  it('finds a location time zone given by a backward-compatibility link (US/Pacific, Canada/Pacific, Asia/Calcutta) and names the Area/Location zone to send', () => {
    const zone = rule('pos', 'location-zone-is-geographic');
    const list = (...zones: string[]) => ({ locations: zones.map((timezone, index) => ({ provider_id: `loc-${index}`, timezone })) });
    expect(messages([zone], [list('US/Pacific', 'Asia/Calcutta', 'Canada/Pacific')])).toEqual([
      '[location-zone-is-geographic] read 1: locations/0/timezone is "US/Pacific": a backward-compatibility link of the time zone database, not the Area/Location name it lists the place under: send America/Los_Angeles',
      '[location-zone-is-geographic] read 1: locations/1/timezone is "Asia/Calcutta": a backward-compatibility link of the time zone database, not the Area/Location name it lists the place under: send Asia/Kolkata',
      '[location-zone-is-geographic] read 1: locations/2/timezone is "Canada/Pacific": a backward-compatibility link of the time zone database, not the Area/Location name it lists the place under: send America/Vancouver',
    ]);
  });

  it('finds a prep time counted in seconds in a location, a POS order answer and an events order answer, and keeps one in minutes', () => {
    const location = rule('pos', 'location-prep-time-in-minutes');
    expect(messages([location], [{ locations: [{ prep_time_minutes: 15 }, { prep_time_minutes: 240 }, {}] }])).toEqual([]);
    expect(messages([location], [{ locations: [{ prep_time_minutes: 900 }] }])).toEqual(['[location-prep-time-in-minutes] read 1: locations/0/prep_time_minutes is 900, more than 240 minutes: is it counted in another unit?']);
    for (const [api, name] of [['pos', 'order-prep-time-in-minutes'], ['events', 'confirmed-prep-time-in-minutes']] as const) {
      expect(messages([rule(api, name)], [{ order: { provider_id: 'a', prep_time_minutes: 30 } }])).toEqual([]);
      expect(messages([rule(api, name)], [{ order: { provider_id: 'a', prep_time_minutes: 1800 } }])).toEqual([`[${name}] read 1: order/prep_time_minutes is 1800, more than 240 minutes: is it counted in another unit?`]);
    }
  });

  it('finds a catalog whose tax rates are all written as fractions, and keeps percentages, a 0% tax and a rate below 1% served beside a larger one', () => {
    const percent = rule('pos', 'tax-rate-percent');
    const tax = (provider_id: string, rate: number) => ({ provider_id, name: provider_id, rate });
    expect(messages([percent], [catalog()])).toEqual([]);
    expect(messages([percent], [catalog({ tax: [tax('state', 6.25), tax('district', 0.5), tax('exempt', 0)] })])).toEqual([]);
    expect(messages([percent], [catalog({ tax: [tax('exempt', 0)] }), catalog({ tax: [] })])).toEqual([]);
    expect(messages([percent], [catalog({ tax: [tax('state', 0.0625), tax('exempt', 0)] })])).toEqual([
      '[tax-rate-percent] read 1: tax/0/rate is 0.0625: every rate given is below 1, so they read as fractions (0.0625 means 0.0625%, not 6.25%); write percentages',
    ]);
    // The deprecated list is read when tax is empty: its rates are percentages too.
    expect(messages([percent], [catalog({ tax: [], tax_rate: [{ provider_id: 'sf', rate: 0.08625 }] })])).toEqual([
      '[tax-rate-percent] read 1: tax_rate/0/rate is 0.08625: every rate given is below 1, so they read as fractions (0.08625 means 0.08625%, not 8.625%); write percentages',
    ]);
  });

  it('finds a subtotal that is not the lines with their modifiers, counting nested modifiers per unit of their parent', () => {
    const modifier = (price: number, quantity: number, modifiers: unknown[] = []) => ({ price_amount: price, quantity, modifiers });
    // 2 × (500 + 1 × (100 + 2 × 25)) + 3 × 200 = 1300 + 600 = 1900
    const lines = [{ quantity: 2, price_amount: 500, modifiers: [modifier(100, 1, [modifier(25, 2)])] }, { quantity: 3, price_amount: 200 }];
    const subtotal = rule('pos', 'in-store-subtotal-adds-up');
    expect(messages([subtotal], [{ object: { line_items: lines, subtotal: 1900 } }])).toEqual([]);
    expect(messages([subtotal], [{ object: { line_items: lines, subtotal: 1850 } }])).toEqual([
      '[in-store-subtotal-adds-up] read 1: object/subtotal is 1850, but quantity × (price_amount + modifiers) over object/line_items/* comes to 1900',
    ]);
  });

  it('finds an in-store order wanted before it was placed, comparing date-times as instants whatever their offsets', () => {
    const ready = rule('pos', 'in-store-ready-after-placed');
    expect(messages([ready], [{ object: { placed_at: '2026-11-28T12:00:00Z', requested_for: '2026-11-28T07:20:00-05:00' } }])).toEqual([]);
    expect(messages([ready], [{ object: { placed_at: '2026-11-28T12:00:00Z', requested_for: '2026-11-28T11:40:00.000Z' } }])).toEqual([
      '[in-store-ready-after-placed] read 1: object: requested_for is 2026-11-28T11:40:00.000Z, not >= placed_at (2026-11-28T12:00:00Z)',
    ]);
    expect(messages([ready], [{ object: { location_id: 'loc-1', paused_until: 1 } }])).toEqual([]);
  });

  it("finds a DSP order line or nested modifier priced off the menu only where the menu's prices are known", () => {
    const priced = rule('dsp', 'line-price-from-the-menu');
    const body = { data: { items: [{ id: 'var_a', price: 900, modifiers: [{ id: 'mod_b', price: 50, nested_modifiers: [{ id: 'mod_c', price: 30 }] }] }] } };
    const menu = new Map([['var_a', new Set([950, 900])], ['mod_b', new Set([50])], ['mod_c', new Set([25])]]);
    const found = judgeRules({ rules: [priced], answers: [{ body, what: 'the body' }], prices: (id) => menu.get(id) }).map((finding) => finding.message);
    expect(found).toEqual(['[line-price-from-the-menu] the body: data/items/0/modifiers/0/nested_modifiers/0/price is 30, but the menu published for the location prices mod_c at 25']);
    expect(messages([priced], [body])).toEqual([]);
  });

  it("finds a DSP order whose customer's name is the order's own id or hand-off number, and keeps a person's name", () => {
    const named = rule('dsp', 'customer-name-not-an-id');
    const order = (name: string) => ({ location_id: 'store-0042', data: { id: 'ord_8c1f2a9e', customer_facing_id: 'A-1042', customer: { name } } });
    expect(messages([named], [order('A-1042')])).toEqual(['[customer-name-not-an-id] read 1: data/customer/name is "A-1042", the id data/customer_facing_id gives: send the name people use, not an id']);
    expect(messages([named], [order('Dana Whitfield')])).toEqual([]);
  });

  it("finds a DSP order whose id is its hand-off number, and keeps an order whose id is its own", () => {
    const keyed = rule('dsp', 'order-id-not-the-hand-off-number');
    const order = (id: string) => ({ location_id: 'store-0042', data: { id, customer_facing_id: 'A-1042', customer: { name: 'Dana Whitfield' } } });
    expect(messages([keyed], [order('A-1042')])).toEqual(['[order-id-not-the-hand-off-number] read 1: data/id is "A-1042", the id data/customer_facing_id gives: give data/id its own value, not the one data/customer_facing_id gives']);
    expect(messages([keyed], [order('ord_8c1f2a9e')])).toEqual([]);
  });

  it('finds a future DSP order without its ready time, and leaves an order for as soon as possible without one alone', () => {
    const ready = rule('dsp', 'future-order-gives-ready-time');
    expect(messages([ready], [{ data: { is_future_order: true, fulfillment_instructions: 'Scheduled for 18:30' } }])).toEqual([
      '[future-order-gives-ready-time] read 1: data/estimated_ready_at_ms is missing, and data/is_future_order is true, which requires it',
    ]);
    expect(messages([ready], [{ data: { is_future_order: true, estimated_ready_at_ms: 1_767_290_000_000 } }, { data: { is_future_order: false } }, { data: {} }])).toEqual([]);
  });

  it('finds a DSP order that gives the code to dial after a masked number without the number, and leaves a customer with both, or with neither, alone', () => {
    const masked = rule('dsp', 'masked-code-with-its-phone');
    expect(messages([masked], [{ data: { customer: { name: 'Dana Whitfield', masked_phone_code: '482 193' } } }])).toEqual([
      '[masked-code-with-its-phone] read 1: data/customer/phone is missing, and data/customer/masked_phone_code is given, which requires it',
    ]);
    expect(messages([masked], [{ data: { customer: { name: 'Dana Whitfield', phone: '+12125550147', masked_phone_code: '482 193' } } }, { data: { customer: { name: 'Dana Whitfield' } } }])).toEqual([]);
  });

  it("finds a DSP order line or nested modifier in another currency than the menu gives it, only where the menu is known, and every example order keeps it", () => {
    const published = rule('dsp', 'line-currency-from-the-menu');
    const menu = new Map([['var_a', new Map([['currency', new Set(['usd'])]])], ['mod_c', new Map([['currency', new Set(['usd'])]])]]);
    const judged = (body: unknown) => judgeRules({ rules: [published], answers: [{ body, what: 'the body' }], menu: (id, field) => menu.get(id)?.get(field) }).map((finding) => finding.message);
    const body = { data: { items: [{ id: 'var_a', currency: 'cad', modifiers: [{ id: 'mod_b', currency: 'cad', nested_modifiers: [{ id: 'mod_c', currency: 'cad' }] }] }] } };
    expect(judged(body)).toEqual([
      '[line-currency-from-the-menu] the body: data/items/0/currency is "cad", but the menu published for the location gives var_a currency "usd"',
      '[line-currency-from-the-menu] the body: data/items/0/modifiers/0/nested_modifiers/0/currency is "cad", but the menu published for the location gives mod_c currency "usd"',
    ]);
    expect(messages([published], [body])).toEqual([]);
    for (const example of findOperation('dsp', 'sendOrderEvent').requestExamples.values()) {
      const values = new Map<string, Map<string, Set<unknown>>>();
      const walk = (node: unknown): void => {
        if (Array.isArray(node)) return node.forEach(walk);
        if (typeof node !== 'object' || node === null) return;
        const object = node as Record<string, unknown>;
        if (typeof object.stream_id === 'string' && typeof object.currency === 'string') values.set(object.stream_id, new Map([['currency', new Set([object.currency])]]));
        Object.values(object).forEach(walk);
      };
      walk(exampleValue('dsp', 'BurgerMenuV1'));
      expect(judgeRules({ rules: [published], answers: [{ body: example, what: 'the example' }], menu: (id, field) => values.get(id)?.get(field) })).toEqual([]);
    }
  });

  for (const version of ['BurgerMenuV1', 'BurgerMenuV2'] as const) {
    it(`finds a DSP order line under a category, or a modifier under a group, that does not hold it on the ${version} menu, and every example order keeps both`, () => {
      const held = listRules('dsp').filter((entry) => entry.kind === 'held');
      const map = holdersIn({ document: exampleValue('dsp', version), idKey: 'stream_id' });
      const judged = (bodies: readonly unknown[]) => judgeRules({ rules: held, answers: bodies.map((body) => ({ body, what: 'the body' })), holders: (id) => map.get(id) }).map((finding) => finding.message);
      expect(judged([...findOperation('dsp', 'sendOrderEvent').requestExamples.values()])).toEqual([]);
      const line = { id: 'var_classic_single', item_id: 'item_classic_burger', category_id: 'cat_drinks', modifiers: [{ id: 'mod_sauce_regular', modifier_group_id: 'mg_cheese', nested_modifiers: [{ id: 'mod_bacon', modifier_group_id: 'mg_extras' }] }] };
      expect(judged([{ data: { items: [line] } }])).toEqual([
        '[line-category-holds-the-item] the body: data/items/0/category_id is "cat_drinks", but item_id "item_classic_burger" is held by "cat_burgers"',
        '[modifier-group-holds-the-modifier] the body: data/items/0/modifiers/0/modifier_group_id is "mg_cheese", but id "mod_sauce_regular" is held by "mg_sauce_amount"',
      ]);
      // Without the menu nothing is judged; an id the menu lacks is another rule's finding.
      expect(judgeRules({ rules: held, answers: [{ body: { data: { items: [line] } }, what: 'the body' }] })).toEqual([]);
      expect(judged([{ data: { items: [{ ...line, item_id: 'item_unknown', modifiers: [] }] } }])).toEqual([]);
    });
  }

  for (const version of ['BurgerMenuV1', 'BurgerMenuV2'] as const) {
    it(`finds a DSP order modifier from a nested group sent at the line's top level, or a top-level group nested, on the ${version} menu, and every example order keeps it`, () => {
      const offered = rule('dsp', 'modifier-group-offered-at-its-level');
      const map = holdersIn({ document: exampleValue('dsp', version), idKey: 'stream_id' });
      const judged = (bodies: readonly unknown[]) => judgeRules({ rules: [offered], answers: bodies.map((body) => ({ body, what: 'the body' })), holders: (id) => map.get(id) }).map((finding) => finding.message);
      expect(judged([...findOperation('dsp', 'sendOrderEvent').requestExamples.values()])).toEqual([]);
      const sauce = { id: 'mod_house_sauce', modifier_group_id: 'mg_extras' };
      const extra = { id: 'mod_sauce_extra', modifier_group_id: 'mg_sauce_amount' };
      const line = (modifiers: unknown[]) => ({ data: { items: [{ id: 'var_classic_single', item_id: 'item_classic_burger', modifiers }] } });
      expect(judged([line([{ ...sauce, nested_modifiers: [extra] }])])).toEqual([]);
      expect(judged([line([sauce, extra])])).toEqual([
        '[modifier-group-offered-at-its-level] the body: data/items/0/modifiers/1/modifier_group_id is "mg_sauce_amount", a group offered under "mod_house_sauce", not with the line\'s item_id "item_classic_burger": send a nested group\'s choice under its parent\'s nested_modifiers',
      ]);
      expect(judged([line([{ ...sauce, nested_modifiers: [{ id: 'mod_bacon', modifier_group_id: 'mg_extras' }] }])])).toEqual([
        '[modifier-group-offered-at-its-level] the body: data/items/0/modifiers/0/nested_modifiers/0/modifier_group_id is "mg_extras", a group offered under "item_classic_burger" or "item_veggie_burger", not with its parent "mod_house_sauce": send a nested group\'s choice under its parent\'s nested_modifiers',
      ]);
      // Without the menu nothing is judged; a group the menu lacks is another rule's finding.
      expect(judgeRules({ rules: [offered], answers: [{ body: line([sauce, extra]), what: 'the body' }] })).toEqual([]);
      expect(judged([line([{ id: 'mod_x', modifier_group_id: 'mg_unknown' }])])).toEqual([]);
    });
  }

  it("finds an in-store modifier from a nested group sent at the line's top level, offered by the item's family in the catalog the POS served, and the contract's examples keep it", () => {
    const offered = rule('pos', 'in-store-modifier-group-offered-at-its-level');
    const served = holdersIn({ document: catalog(), idKey: 'provider_id' });
    const judged = (bodies: readonly unknown[]) => judgeRules({ rules: [offered], answers: bodies.map((body) => ({ body, what: 'the body' })), holders: (id) => served.get(id) }).map((finding) => finding.message);
    expect(judged([...findOperation('pos', 'sendWebhookEvent').requestExamples.values()])).toEqual([]);
    // The example catalog has no nested group: offer "how crispy" only under bacon.
    const body = catalog();
    (body.modifier_group as Record<string, unknown>[]).push({ provider_id: 'mg-bacon-crisp', modifier_ids: ['mod-extra-crisp'] });
    (body.modifier as Record<string, unknown>[]).push({ provider_id: 'mod-extra-crisp' });
    (body.modifier as Record<string, unknown>[]).find((modifier) => modifier.provider_id === 'mod-bacon')!.nested_modifier_group_ids = ['mg-bacon-crisp'];
    const withNested = holdersIn({ document: body, idKey: 'provider_id' });
    const judgedNested = (line: unknown) => judgeRules({ rules: [offered], answers: [{ body: { object: { line_items: [line] } }, what: 'the body' }], holders: (id) => withNested.get(id) }).map((finding) => finding.message);
    const bacon = { provider_id: 'mod-bacon', modifier_group_id: 'mg-toppings' };
    const crisp = { provider_id: 'mod-extra-crisp', modifier_group_id: 'mg-bacon-crisp' };
    expect(judgedNested({ provider_id: 'item-classic-single', modifiers: [{ ...bacon, modifiers: [crisp] }] })).toEqual([]);
    expect(judgedNested({ provider_id: 'item-classic-single', modifiers: [bacon, crisp] })).toEqual([
      '[in-store-modifier-group-offered-at-its-level] the body: object/line_items/0/modifiers/1/modifier_group_id is "mg-bacon-crisp", a group offered under "mod-bacon", not with the line\'s provider_id "item-classic-single": send a nested group\'s choice under its parent\'s modifiers',
    ]);
    // The fries family offers no toppings.
    expect(judgedNested({ provider_id: 'item-fries-large', modifiers: [bacon] })).toEqual([
      '[in-store-modifier-group-offered-at-its-level] the body: object/line_items/0/modifiers/0/modifier_group_id is "mg-toppings", a group offered under "fam-classic-burger" or "fam-veggie-burger", not with the line\'s provider_id "item-fries-large": send a nested group\'s choice under its parent\'s modifiers',
    ]);
  });

  it("finds a global catalog's overrides in a location's catalog, and only in an answer to a location read", () => {
    const absent = rule('pos', 'location-catalog-without-overrides');
    const body = catalog();
    (body.item as Record<string, unknown>[])[0]!.location_overrides = [{ location_id: 'loc-downtown', price_amount: 1, price_currency: 'USD' }];
    (body.item_family as Record<string, unknown>[])[0]!.location_memberships = ['loc-downtown'];
    const judged = (requestHeaders: Record<string, string>) => judgeRules({ rules: [absent], answers: [{ body, what: 'read the catalog', requestHeaders }] }).map((finding) => finding.message);
    expect(judged({ 'provider-location-id': 'loc-downtown' })).toEqual([
      '[location-catalog-without-overrides] read the catalog: item/0/location_overrides is given, and this answer must leave it out',
      '[location-catalog-without-overrides] read the catalog: item_family/0/location_memberships is given, and this answer must leave it out',
    ]);
    expect(judged({ 'Provider-Location-Id': 'loc-downtown', 'Provider-Merchant-Id': 'merchant-4417' })).toEqual([]);
    expect(judged({})).toEqual([]);
  });

  it('finds a total that is not the subtotal plus charges less discounts, counting a left-out amount as 0', () => {
    const total = rule('pos', 'in-store-total-adds-up');
    const object = { subtotal: 1000, tax: 80, tip: 150, discount_total: 100 };
    expect(messages([total], [{ object: { ...object, total: 1130 } }])).toEqual([]);
    expect(messages([total], [{ object: { ...object, total: 1230 } }])).toEqual([
      '[in-store-total-adds-up] read 1: object/total is 1230, but object/subtotal + object/tax + object/tip + object/delivery_fee + object/service_charge − object/discount_total comes to 1130',
    ]);
  });

  it('leaves a sum alone when its total is absent or a part is not a number, which the schema reports instead', () => {
    const total = rule('pos', 'in-store-total-adds-up');
    expect(messages([total], [{ type: 'location.catalog.updated', object: { location_id: 'loc' } }])).toEqual([]);
    expect(messages([total], [{ object: { subtotal: '1000', tax: 80, total: 5 } }])).toEqual([]);
  });

  it("states the https and slug rules on an events provider's driver with the code the sandbox refuses them with, and every example it sends keeps them", () => {
    const sent = listRules('events').filter((entry) => entry.on === 'request');
    expect(sent.map((entry) => [entry.rule, entry.requirement, entry.code, entry.operationId, entry.advice])).toEqual([
      ['driver-picture-https', 'EVT-SND-01', 'invalid_request', 'sendDeliveryUpdate', undefined],
      ['driver-source-is-a-slug', 'EVT-SND-01', 'invalid_request', 'sendDeliveryUpdate', undefined],
      ['driver-name-not-an-id', 'EVT-SND-01', 'invalid_request', 'sendDeliveryUpdate', undefined],
      ['driver-passcode-not-an-id', 'EVT-SND-01', 'invalid_request', 'sendDeliveryUpdate', undefined],
      ['driver-name-reads-as-a-name', 'EVT-VAL-02', undefined, 'sendDeliveryUpdate', true],
      ['driver-details-omitted-not-filled', 'EVT-VAL-02', undefined, 'sendDeliveryUpdate', true],
      ['driver-code-not-country-code', 'EVT-VAL-02', undefined, 'sendDeliveryUpdate', true],
    ]);
    const examples = [...findOperation('events', 'sendDeliveryUpdate').requestExamples.values()];
    expect(examples.some((example) => JSON.stringify(example).includes('picture_url'))).toBe(true);
    expect(examples.some((example) => JSON.stringify(example).includes('"source"'))).toBe(true);
    expect(messages(sent, examples)).toEqual([]);
  });

  it("finds a driver's name that is the event's order or location id, and warns on one that reads as a record key while keeping people's and robots' names", () => {
    const driver = (name: string) => ({ order_id: 'ord_7d2f9a41', location_id: 'loc_51b0c3', driver: { name, phone: { number: '+14155550188' } } });
    const distinct = rule('events', 'driver-name-not-an-id');
    const readable = rule('events', 'driver-name-reads-as-a-name');
    expect(messages([distinct], [driver('ord_7d2f9a41')])).toEqual(['[driver-name-not-an-id] read 1: driver/name is "ord_7d2f9a41", the id order_id gives: send the name people use, not an id']);
    const passcode = rule('events', 'driver-passcode-not-an-id');
    const coded = (code: string) => ({ ...driver('Rover 7'), driver: { ...driver('Rover 7').driver, passcode: code } });
    expect(messages([passcode], [coded('loc_51b0c3'), coded('4821'), driver('Dana R.')])).toEqual(['[driver-passcode-not-an-id] read 1: driver/passcode is "loc_51b0c3", the id location_id gives: give driver/passcode its own value, not the one location_id gives']);
    expect(messages([readable], [driver('drv_8841'), driver('DRV8841'), driver('driver-17')])).toEqual([
      '[driver-name-reads-as-a-name] read 1: driver/name is "drv_8841", which reads as a record key, not a name a person is called by',
      '[driver-name-reads-as-a-name] read 2: driver/name is "DRV8841", which reads as a record key, not a name a person is called by',
      '[driver-name-reads-as-a-name] read 3: driver/name is "driver-17", which reads as a record key, not a name a person is called by',
    ]);
    expect(messages([distinct, readable], ['Dana R.', 'Rover 117', 'R-1042', 'Jean-Luc', 'Anne_Marie'].map(driver))).toEqual([]);
  });

  it('finds a POS order answer estimating 0 minutes, a "no change" written as a value, and keeps an estimate or an answer without one', () => {
    const zero = rule('pos', 'order-prep-time-not-zero');
    expect(messages([zero], [{ order: { provider_id: 'a', prep_time_minutes: 0.5 } }, { order: { provider_id: 'a', prep_time_minutes: 15 } }, { order: { provider_id: 'a' } }])).toEqual([]);
    expect(messages([zero], [{ order: { provider_id: 'a', prep_time_minutes: 0 } }])).toEqual([
      '[order-prep-time-not-zero] read 1: order/prep_time_minutes is 0, not more than 0 minutes: to keep the value Stream has, leave the field out rather than send 0',
    ]);
  });

  it('warns on an events order answer whose prep time is below a minute, hours written as minutes, and keeps a fraction above one', () => {
    const least = rule('events', 'confirmed-prep-time-at-least-a-minute');
    expect(messages([least], [{ order: { provider_id: 'a', prep_time_minutes: 12.5 } }, { order: { provider_id: 'a', prep_time_minutes: 1 } }, { order: { provider_id: 'a' } }])).toEqual([]);
    expect(messages([least], [{ order: { provider_id: 'a', prep_time_minutes: 0.5 } }])).toEqual(['[confirmed-prep-time-at-least-a-minute] read 1: order/prep_time_minutes is 0.5, less than 1 minutes: is it counted in another unit?']);
    expect(loadCatalogue('events').requirements.find((requirement) => requirement.id === least.requirement)?.severity).toBe('should');
  });

  it('finds a URL of another scheme, and leaves an absent URL or one the schema refuses to the schema', () => {
    const https = rule('events', 'driver-picture-https');
    const driver = (picture_url?: string) => ({ order_id: 'o', location_id: 'l', driver: { name: 'Dana', phone: { number: '+14155550188' }, ...(picture_url === undefined ? {} : { picture_url }) } });
    expect(messages([https], [driver('https://cdn.example/d.jpg'), driver(), driver('not a url')])).toEqual([]);
    expect(messages([https], [driver('http://cdn.example/d.jpg'), driver('ftp://cdn.example/d.jpg')])).toEqual([
      '[driver-picture-https] read 1: driver/picture_url is "http://cdn.example/d.jpg": its scheme is http, not https',
      '[driver-picture-https] read 2: driver/picture_url is "ftp://cdn.example/d.jpg": its scheme is ftp, not https',
    ]);
  });

  it('finds a driver source in title case, in capitals or with underscores, and keeps a slug, an absent source and one the schema refuses', () => {
    const slug = rule('events', 'driver-source-is-a-slug');
    const driver = (source?: unknown) => ({ order_id: 'o', location_id: 'l', driver: { name: 'Dana', phone: { number: '+14155550188' }, ...(source === undefined ? {} : { source }) } });
    expect(messages([slug], [driver('acme-couriers'), driver('rover-labs-2'), driver(), driver(42)])).toEqual([]);
    expect(messages([slug], [driver('Acme Couriers'), driver('ACME_COURIERS'), driver('acme--couriers')])).toEqual([
      '[driver-source-is-a-slug] read 1: driver/source is "Acme Couriers": write it as a slug, lower-case words joined by hyphens ("acme-couriers")',
      '[driver-source-is-a-slug] read 2: driver/source is "ACME_COURIERS": write it as a slug, lower-case words joined by hyphens ("acme-couriers")',
      '[driver-source-is-a-slug] read 3: driver/source is "acme--couriers": write it as a slug, lower-case words joined by hyphens ("acme-couriers")',
    ]);
  });

  for (const api of ['pos', 'dsp'] as const) {
    it(`finds every example of the ${api} contract's answers keeping the rules stated on them`, () => {
      let judged = 0;
      for (const entry of listRules(api).filter((candidate) => candidate.on === 'response')) {
        const examples = [...findOperation(api, entry.operationId).responses.get(entry.status!)!.examples.values()];
        expect(examples.length, entry.rule).toBeGreaterThan(0);
        judged += examples.length;
        // A stable rule compares reads of one thing: each example, read twice (a location and a global catalog differ).
        const series = entry.kind === 'stable' ? examples.map((example) => [example, example]) : [examples];
        for (const answers of series) expect(messages([entry], answers), entry.rule).toEqual([]);
      }
      expect(judged).toBeGreaterThan(0);
    });
  }

  it('reads pointers with wildcards over arrays and objects, skipping what is not there', () => {
    expect(select({ a: [{ b: 1 }, { c: 2 }, { b: 3 }] }, '/a/*/b').map(({ path, value }) => [path, value])).toEqual([['/a/0/b', 1], ['/a/2/b', 3]]);
    expect(select({ s: { monday: ['x'], friday: [] } }, '/s/*').map(({ path }) => path)).toEqual(['/s/monday', '/s/friday']);
    expect(select({ a: 1 }, '')).toEqual([{ path: '', value: { a: 1 } }]);
  });

  it('names an item provider_id used twice, with the rule', () => {
    const body = catalog();
    const items = body.item as Record<string, unknown>[];
    items.push({ ...items[0]!, name: 'Copy' });
    expect(messages([rule('pos', 'catalog-ids-unique')], [body])).toEqual([`[catalog-ids-unique] read 1: provider_id ${JSON.stringify(items[0]!.provider_id)} is used twice in item`]);
  });

  it('names an id a list of ids gives twice, and leaves the same id in two lists alone', () => {
    const body = catalog();
    const group = (body.modifier_group as { modifier_ids: string[] }[])[0]!;
    group.modifier_ids.push(group.modifier_ids[0]!);
    const category = (body.category as { item_family_ids: string[] }[])[0]!;
    (body.category as unknown[]).push({ ...category, provider_id: 'cat-again' });
    expect(messages([rule('pos', 'catalog-id-lists-unique')], [body])).toEqual([`[catalog-id-lists-unique] read 1: the id ${JSON.stringify(group.modifier_ids[0])} is used twice in modifier_group/0/modifier_ids`]);
  });

  it("names a DSP price override in dollars beside its item's own price in cents, and leaves a marked-up override alone", () => {
    const body = catalog();
    const items = body.item as Record<string, unknown>[];
    items[0] = { ...items[0]!, price_amount: 999, price_currency: 'USD', dsp_price_overrides: { doordash: { price_amount: 11, price_currency: 'USD' }, ubereats: { price_amount: 1149, price_currency: 'USD' } } };
    expect(messages([rule('pos', 'overrides-in-the-lowest-denomination')], [body])).toEqual([
      expect.stringMatching(/^\[overrides-in-the-lowest-denomination\] read 1: item\/0\/dsp_price_overrides\/doordash\/price_amount is 11, .* of item\/0\/price_amount \(999\)/),
    ]);
  });

  it('names a modifier id a group lists that the catalog lacks', () => {
    const body = catalog();
    (body.modifier_group as { modifier_ids: string[] }[])[0]!.modifier_ids.push('mod-ghost');
    const found = messages([rule('pos', 'group-modifiers-resolve')], [body]);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^\[group-modifiers-resolve\] read 1: modifier_group\/0\/modifier_ids\/\d+ names "mod-ghost"/);
  });

  it('finds a group whose minimum exceeds its maximum or its modifiers, and leaves a group without a maximum alone', () => {
    const group = { provider_id: 'mg', name: 'Sauces', selection_type: 'multiple', modifier_ids: ['a', 'b'] };
    const body = { modifier_group: [{ ...group, min_selections: 3, max_selections: 2 }, { ...group, provider_id: 'open', min_selections: 1 }] };
    const found = messages(listRules('pos').filter((entry) => entry.requirement === 'POS-CAT-07'), [body]);
    expect(found).toEqual([
      '[group-min-within-max] read 1: modifier_group/0: min_selections is 3, not <= max_selections (2)',
      '[group-min-within-modifiers] read 1: modifier_group/0: min_selections is 3, not <= count(/modifier_ids) (2)',
    ]);
  });

  it('finds a range that ends before it starts and ranges listed out of order, accepting back-to-back ranges and 24:00', () => {
    const schedule = { monday: ['11:00-14:00', '14:00-24:00'], tuesday: ['22:00-02:00'], wednesday: ['17:00-22:00', '11:00-15:00'] };
    const found = messages([rule('pos', 'schedule-ranges-ordered')], [{ menu: [{ provider_id: 'm', schedule }] }]);
    expect(found).toEqual([
      '[schedule-ranges-ordered] read 1: menu/0/schedule/tuesday has 22:00-02:00, which ends before it starts (split a range past midnight at 24:00)',
      '[schedule-ranges-ordered] read 1: menu/0/schedule/wednesday lists 11:00-15:00 after 17:00-22:00: ranges go from the earliest and do not overlap',
    ]);
  });

  it('finds a refresh token that expires before its access token', () => {
    const grant = { access_token: 'a', refresh_token: 'r', expire_time: 1_900_000_000_000, refresh_token_expire_time: 1_800_000_000_000, id: 'm' };
    expect(messages([rule('dsp', 'refresh-outlives-access')], [grant])).toEqual(['[refresh-outlives-access] read 1: refresh_token_expire_time is 1800000000000, not > expire_time (1900000000000)']);
    expect(messages([rule('dsp', 'refresh-outlives-access')], [{ ...grant, refresh_token_expire_time: 1_900_000_000_001 }])).toEqual([]);
  });

  it('finds a location list whose ids change between two reads, and not one that lists them in another order', () => {
    const list = (...ids: string[]) => ({ locations: ids.map((id) => ({ provider_id: id })) });
    const stable = rule('pos', 'location-ids-stable');
    expect(messages([stable], [list('a', 'b'), list('b', 'a')])).toEqual([]);
    expect(messages([stable], [list('a', 'b'), list('a', 'c')])).toEqual(['[location-ids-stable] read 2: locations/*/provider_id changed since read 1 ("b" gone, "c" new)']);
  });

  it('finds a catalog whose modifier group is renumbered on the second read, whichever object list the id is in', () => {
    const stable = rule('pos', 'catalog-ids-stable');
    const catalog = (group: string) => ({ category: [{ provider_id: 'cat-1' }], item_family: [{ provider_id: 'fam-1', modifier_group_ids: [group] }], modifier_group: [{ provider_id: group }], tax: [] });
    // Reads of one location's catalog: the rule judges answers to reads that sent Provider-Location-Id.
    const reads = (...bodies: unknown[]) =>
      judgeRules({ rules: [stable], answers: bodies.map((body, index) => ({ body, what: `read ${index + 1}`, requestHeaders: { 'Provider-Location-Id': 'loc-downtown' } })) }).map((finding) => finding.message);
    expect(reads(catalog('mg-cheese'), catalog('mg-cheese'))).toEqual([]);
    expect(reads(catalog('mg-cheese'), catalog('mg-cheese-2'))).toEqual(['[catalog-ids-stable] read 2: */*/provider_id changed since read 1 ("mg-cheese" gone, "mg-cheese-2" new)']);
  });

  it("leaves a read of the token merchant's catalog (neither header) out of the ids a location's catalog keeps between reads", () => {
    const stable = rule('pos', 'catalog-ids-stable');
    const catalog = (id: string) => ({ category: [{ provider_id: id }], item_family: [], item: [], modifier_group: [], modifier: [], menu: [], tax: [] });
    const answers: JudgedAnswer[] = [
      { body: catalog('cat-downtown'), what: 'read the catalog', requestHeaders: { 'Provider-Location-Id': 'loc-downtown' } },
      { body: catalog('cat-every-location'), what: "read the merchant's catalog", requestHeaders: {} },
      { body: catalog('cat-downtown'), what: 'read the catalog again', requestHeaders: { 'Provider-Location-Id': 'loc-downtown' } },
    ];
    expect(judgeRules({ rules: [stable], answers })).toEqual([]);
  });
});
