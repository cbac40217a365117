import Ajv2020Module from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { dspDocument } from '../src/generated/dsp.schemas.js';
import { eventsDocument } from '../src/generated/events.schemas.js';
import { partnerDocument } from '../src/generated/partner.schemas.js';
import { posDocument } from '../src/generated/pos.schemas.js';
import {
  API_NAMES,
  StreamContractsError,
  assertValid,
  contractInfo,
  isValid,
  listSchemas,
  validate,
  validators,
  type ApiName,
  type ValidationIssue,
} from '../src/index.js';
import { example, loadSpec, namedExamples } from './support.js';

const messagesOf = (result: { valid: boolean; errors?: readonly ValidationIssue[] }) => (result.valid ? [] : result.errors!.map((e) => e.message));

async function newOrder() {
  return (await example('dsp', 'MerchantDeliveryOrder')).data;
}

describe.each(API_NAMES)('the %s validators', (api: ApiName) => {
  it('accept every named request, response and event example the spec attaches to a named schema', async () => {
    const examples = await namedExamples(api);
    expect(examples.length).toBeGreaterThan(0);
    const failures = examples
      .map((ex) => ({ ex, result: validate(api, ex.schemaName as never, ex.value) }))
      .filter(({ result }) => !result.valid)
      .map(({ ex, result }) => `${ex.label} (${ex.schemaName}): ${messagesOf(result).join('; ')}`);
    expect(failures).toEqual([]);
  });

  it('cover exactly the schemas the spec defines', async () => {
    const doc = await loadSpec(api);
    const names = Object.keys(doc.components.schemas);
    expect(listSchemas(api)).toEqual(names);
    expect(Object.keys(validators[api])).toEqual(names);
  });

  it('are built from schemas that JSON Schema 2020-12 itself accepts, each checked against its meta-schema', () => {
    // The validators compile without a meta-schema check (it never reached the component schemas and cost more than the compile), so it is made here.
    const Ajv2020 = ((Ajv2020Module as unknown as { default?: unknown }).default ?? Ajv2020Module) as typeof Ajv2020Module.default;
    const ajv = new Ajv2020({ strict: false });
    expect(ajv.validateSchema({ type: 'string', minLength: 'three' }), 'the meta-schema check refuses a broken schema').toBe(false);
    const documents = { partner: partnerDocument, dsp: dspDocument, pos: posDocument, events: eventsDocument };
    const schemas = Object.entries(documents[api].components.schemas);
    expect(schemas.length).toBeGreaterThan(0);
    const refused = schemas.flatMap(([name, schema]) => (ajv.validateSchema(schema as object) ? [] : [`${name}: ${ajv.errorsText()}`]));
    expect(refused).toEqual([]);
  });

  it('report the contract title and version from the spec', async () => {
    const doc = await loadSpec(api);
    expect(contractInfo(api)).toEqual({ title: doc.info.title, version: doc.info.version });
  });
});

describe('validate', () => {
  it('returns the value, unchanged, when it is valid', async () => {
    const order = await newOrder();
    const before = structuredClone(order);
    const result = validate('dsp', 'NewOrder', order);
    expect(result).toEqual({ valid: true, value: order, warnings: [] });
    expect(order).toEqual(before);
  });

  it('names the field path and says a price must be an integer number of cents', async () => {
    const order = await newOrder();
    order.items[0].price = 12.5;
    const result = validate('dsp', 'NewOrder', order);
    expect(result.valid).toBe(false);
    if (result.valid) return;
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ path: 'items[0].price', rule: 'type' });
    expect(result.errors[0]!.message).toContain('items[0].price must be an integer number of cents');
    expect(result.errors[0]!.message).toContain('12.5');
  });

  it('says a subtotal given as a decimal string must be an integer number of cents', async () => {
    const order = await newOrder();
    order.subtotal = '42.50';
    expect(messagesOf(validate('dsp', 'NewOrder', order))).toEqual([
      'subtotal must be an integer number of cents (the lowest currency unit), got the string "42.50"',
    ]);
  });

  it('says a required field is required, with its full path', async () => {
    const order = await newOrder();
    delete order.customer.name;
    expect(messagesOf(validate('dsp', 'NewOrder', order))).toEqual(['customer.name is required']);
  });

  it('says an unexpected field is not a known field', async () => {
    const order = await newOrder();
    order.items[1].colour = 'red';
    expect(messagesOf(validate('dsp', 'NewOrder', order))).toEqual(['items[1].colour is not a known field']);
  });

  it('lists the allowed values of an enum', async () => {
    const order = await newOrder();
    order.fulfillment_type = 'teleport';
    const message = messagesOf(validate('dsp', 'NewOrder', order)).find((m) => m.startsWith('fulfillment_type'));
    expect(message).toMatch(/^fulfillment_type must be one of curbside, delivery, dine_in, merchant_managed_delivery, pickup, stream_managed_delivery, drive_thru, got the string "teleport"/);
  });

  it('explains E.164 phone numbers, lower-case DSP currencies and upper-case POS currencies', async () => {
    const order = await newOrder();
    order.customer.phone = '(212) 555-0199';
    order.items[0].currency = 'USD';
    expect(messagesOf(validate('dsp', 'NewOrder', order))).toEqual([
      'customer.phone must be an E.164 phone number (a plus sign, then up to 15 digits), such as +14155550123, got the string "(212) 555-0199"',
      'items[0].currency must be a lower-case three-letter ISO 4217 currency code, such as usd, got the string "USD"',
    ]);
    const catalog = await example('pos', 'LocationCatalog');
    const family = catalog.item_family.find((f: { price_currency?: string }) => f.price_currency) ?? catalog.item_family[0];
    family.price_currency = 'usd';
    const index = catalog.item_family.indexOf(family);
    expect(messagesOf(validate('pos', 'CatalogResponse', catalog))).toContain(
      `item_family[${index}].price_currency must be an upper-case three-letter ISO 4217 currency code, such as USD, got the string "usd"`,
    );
  });

  it('explains HH:mm-HH:mm schedules and MM-DD holiday dates', () => {
    const result = validate('dsp', 'Holiday', { date: '2025-12-25', name: 'Christmas Day', recurring_yearly: true, hours: ['9am-5pm'] });
    expect(messagesOf(result)).toEqual([
      'date must be a day of the year as MM-DD, such as 12-25, got the string "2025-12-25"',
      'hours[0] must be a time range as HH:mm-HH:mm on the 24-hour clock, such as 11:00-22:00, got the string "9am-5pm"',
    ]);
  });

  it('says under which condition a conditionally required field is required', async () => {
    const order = await newOrder();
    delete order.delivery_address;
    expect(messagesOf(validate('dsp', 'NewOrder', order))).toEqual([
      'delivery_address is required when fulfillment_type is merchant_managed_delivery or stream_managed_delivery',
    ]);
    expect(messagesOf(validate('dsp', 'Holiday', { date: '12-26', name: 'Boxing Day', recurring_yearly: false }))).toEqual([
      'specific_years is required when recurring_yearly is false',
    ]);
    expect(messagesOf(validate('dsp', 'Holiday', { date: '12-26', name: 'Boxing Day', recurring_yearly: true, specific_years: [2026] }))).toEqual([
      'specific_years is not allowed unless recurring_yearly is false',
    ]);
  });

  it('says an item family needs at least one item id because it has no price of its own', () => {
    const family = { provider_id: 'family-1', name: 'Classic Burger' };
    expect(messagesOf(validate('pos', 'ItemFamily', family))).toEqual([
      'item_ids is required (at least one entry) when the item family has no price_amount',
    ]);
    expect(messagesOf(validate('pos', 'ItemFamily', { ...family, item_ids: [] }))).toEqual([
      'item_ids must have at least one entry when the item family has no price_amount',
    ]);
    expect(validate('pos', 'ItemFamily', { ...family, price_amount: 1299, price_currency: 'USD' }).valid).toBe(true);
  });

  it('reports only the errors of the event the type names, not of every event in the union', async () => {
    const event = await example('events', 'OrderConfirmedDelivery');
    event.object.items[0].price = 12.5;
    event.object.surprise = true;
    expect(messagesOf(validate('events', 'OrderEvent', event))).toEqual([
      'object.surprise is not a known field',
      'object.items[0].price must be an integer number of cents (the lowest currency unit), got 12.5',
    ]);
  });

  it('says which event types exist when the type is unknown or missing', async () => {
    const event = await example('events', 'OrderConfirmedDelivery');
    event.type = 'order.teleported';
    expect(messagesOf(validate('events', 'OrderEvent', event))).toEqual([
      'type must be one of order.created, order.updated, order.canceled, got the string "order.teleported"',
    ]);
    delete event.type;
    expect(messagesOf(validate('events', 'OrderEvent', event))).toEqual(['type is required']);
  });

  it('says which fields tell the forms of an undiscriminated union apart', () => {
    expect(messagesOf(validate('events', 'DeliveryUpdateEvent', { location_id: 'loc_1', order_id: 'ord_1' }))).toEqual([
      'The value must have exactly one of driver, delivery_status',
    ]);
  });

  it('says which keys a map keyed by DSP slug allows', () => {
    const messages = messagesOf(validate('pos', 'DspPriceOverrides', { ubereats: { price_amount: 500, price_currency: 'USD' } }));
    expect(messages).toEqual(['The value has an unknown key "ubereats": keys must each be one of doordash, uber, grubhub, chownow, flipdish']);
  });

  it('describes a wrong type at the root in plain words', () => {
    expect(messagesOf(validate('dsp', 'NewOrder', [1, 2]))).toEqual(['The value must be an object, got a list']);
    expect(messagesOf(validate('pos', 'PosWebhookEvent', 'location.catalog.updated'))).toEqual([
      'The value must be an object, got the string "location.catalog.updated"',
    ]);
  });

  it('never passes on Ajv wording, schema paths or JSON pointers', async () => {
    const order = await newOrder();
    Object.assign(order, { id: '', items: [{ price: -1, quantity: 0, extra: 1 }], fulfillment_type: 7, unpaid: true, customer: { email: 'nope' } });
    const result = validate('dsp', 'NewOrder', order);
    expect(result.valid).toBe(false);
    for (const message of messagesOf(result)) {
      expect(message).not.toMatch(/must NOT|must have required property|must match|#\/|\/items\/|instancePath|schemaPath/);
    }
  });

  it('warns, without failing, when a value uses a deprecated field', async () => {
    const catalog = await example('pos', 'LocationCatalog');
    catalog.tax_rate = [];
    const result = validate('pos', 'CatalogResponse', catalog);
    expect(result.valid).toBe(true);
    expect(result.warnings).toEqual([{ path: 'tax_rate', rule: 'deprecated', message: expect.stringMatching(/^tax_rate is deprecated/) }]);
  });

  it('refuses an unknown contract or schema with unknown_schema and suggests close names', () => {
    expect(() => validate('dsp', 'Neworder' as never, {})).toThrow(
      expect.objectContaining({ code: 'unknown_schema', message: expect.stringContaining('Did you mean NewOrder') }),
    );
    expect(() => validate('ordering' as never, 'NewOrder' as never, {})).toThrow(
      expect.objectContaining({ code: 'unknown_schema', message: expect.stringContaining('partner, dsp, pos, events') }),
    );
    expect(() => listSchemas('ordering' as never)).toThrow(StreamContractsError);
    expect(() => contractInfo('ordering' as never)).toThrow(StreamContractsError);
  });
});

describe('isValid', () => {
  it('is true for a valid value and false for an invalid one', async () => {
    const order = await newOrder();
    expect(isValid('dsp', 'NewOrder', order)).toBe(true);
    expect(isValid('dsp', 'NewOrder', { ...order, subtotal: 1.5 })).toBe(false);
  });
});

describe('assertValid', () => {
  it('returns the value when it is valid', async () => {
    const order = await newOrder();
    expect(assertValid('dsp', 'NewOrder', order)).toBe(order);
  });

  it('throws invalid_payload listing every problem, with the issues attached', async () => {
    const order = await newOrder();
    order.items[0].price = 12.5;
    delete order.customer.name;
    let thrown: unknown;
    try {
      assertValid('dsp', 'NewOrder', order);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(StreamContractsError);
    const error = thrown as StreamContractsError;
    expect(error.code).toBe('invalid_payload');
    expect(error.message).toContain('not a valid dsp NewOrder');
    expect(error.message).toContain('  - customer.name is required');
    expect(error.message).toContain('  - items[0].price must be an integer number of cents');
    expect(error.issues.map((issue) => issue.path).sort()).toEqual(['customer.name', 'items[0].price']);
  });
});

describe('validators', () => {
  it('work as type guards, and validate or assert one schema', async () => {
    const order = await newOrder();
    expect(validators.dsp.NewOrder(order)).toBe(true);
    expect(validators.dsp.NewOrder({})).toBe(false);
    expect(validators.dsp.NewOrder.validate(order)).toEqual({ valid: true, value: order, warnings: [] });
    expect(validators.dsp.NewOrder.assert(order)).toBe(order);
    expect(() => validators.dsp.NewOrder.assert({})).toThrow(expect.objectContaining({ code: 'invalid_payload' }));
    expect(validators.events.OrderEvent.api).toBe('events');
    expect(validators.events.OrderEvent.schemaName).toBe('OrderEvent');
  });

  it('validate whole events a DSP sends, new orders included', async () => {
    for (const name of ['PickupOrder', 'MerchantDeliveryOrder', 'DriveThruUnpaidOrder']) {
      expect(validators.dsp.DspToStreamEvent(await example('dsp', name))).toBe(true);
    }
  });
});
