// The rule table of the DSP contract: for every rule the schemas encode, one payload the rule
// accepts and one it rejects.
import { describe, expect, it } from 'vitest';
import { describeErrors, loadSpec, validatorFor } from './support';

async function accepts(schema: string, value: unknown): Promise<void> {
  const validate = await validatorFor('dsp', schema);
  const valid = validate(value);
  expect(valid, `${schema} should accept the payload: ${describeErrors(validate.errors)}`).toBe(true);
}

async function rejects(schema: string, value: unknown): Promise<void> {
  const validate = await validatorFor('dsp', schema);
  expect(validate(value), `${schema} should reject the payload`).toBe(false);
}

/** Removes the named keys from a copy of an object. */
function without<T extends Record<string, unknown>>(value: T, ...keys: string[]): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...value };
  for (const key of keys) delete copy[key];
  return copy;
}

async function schemaProperty(schema: string, property: string): Promise<Record<string, unknown>> {
  const doc = (await loadSpec('dsp')) as any;
  return doc.components.schemas[schema].properties[property];
}

const address = {
  address_line_1: '401 W 42nd St',
  address_line_2: 'Apt 12C',
  city: 'New York',
  state: 'NY',
  postal_code: '10036',
  country: 'US',
};

const orderItem = {
  id: 'var_classic_single',
  item_id: 'item_classic_burger',
  category_id: 'cat_burgers',
  name: 'Classic burger',
  quantity: 1,
  price: 950,
  currency: 'usd',
};

/** A valid pickup order with nothing optional. */
const pickupOrder = {
  id: 'ord_8c1f2a9e',
  customer: { name: 'Dana Whitfield' },
  items: [orderItem],
  subtotal: 950,
  customer_facing_id: 'A-1042',
  fulfillment_type: 'pickup',
  tax: 84,
};

const merchantDeliveryOrder = {
  ...pickupOrder,
  fulfillment_type: 'merchant_managed_delivery',
  delivery_address: address,
  driver_tip: 500,
  delivery_fee: 399,
  delivery_fee_taxes: 35,
};

const variation = { stream_id: 'var_classic_single', name: 'Single', price: 950, currency: 'usd' };
const rules = { minimum_unique_modifiers_allowed: 0, maximum_unique_modifiers_allowed: 1 };
const modifier = { stream_id: 'mod_cheddar', name: 'Cheddar', price: 0, currency: 'usd' };
const modifierGroup = { stream_id: 'mg_cheese', name: 'Choose a cheese', modifiers: [modifier], rules };
const item = { stream_id: 'item_classic_burger', name: 'Classic burger', variations: [variation] };
const week = {
  monday: ['11:00-22:00'],
  tuesday: ['11:00-22:00'],
  wednesday: ['11:00-22:00'],
  thursday: ['11:00-22:00'],
  friday: ['11:00-23:30'],
  saturday: ['11:00-23:30'],
  sunday: [],
};
const tax = { stream_id: 'tax_nyc_sales', rate: 8.875, name: 'NYC sales tax' };
const menuV1 = {
  prep_time_minutes: 20,
  menus: [
    {
      stream_id: 'menu_all_day',
      name: 'All day',
      schedule: week,
      categories: [{ stream_id: 'cat_burgers', name: 'Burgers', items: [item] }],
    },
  ],
  holidays: [],
  taxes: [tax],
};
const menuV2 = {
  prep_time_minutes: 20,
  menus: [{ stream_id: 'menu_all_day', name: 'All day', schedule: week, category_ids: ['cat_burgers'] }],
  categories: [{ stream_id: 'cat_burgers', name: 'Burgers', item_family_ids: ['item_classic_burger'] }],
  item_families: [{ stream_id: 'item_classic_burger', name: 'Classic burger', item_ids: ['var_classic_single'] }],
  items: [variation],
  modifier_groups: [],
  modifiers: [],
  holidays: [],
  taxes: [tax],
};

function streamEvent(type: string, data: Record<string, unknown>) {
  return { event_id: 'evt_01JH3Q7V8K2M5N6P7R8S9T0V1W', type, location_id: 'store-0042', occurred_at_ms: 1767282300000, data };
}

function dspEvent(type: string, data: Record<string, unknown>) {
  return { event_id: 'evt_dsp_7f21c9a0b4', type, location_id: 'store-0042', occurred_at_ms: 1767282300000, data };
}

describe('the dsp spec: prices and currencies', () => {
  it('accepts a variation priced as a whole number of cents', () => accepts('Variation', variation));
  it('rejects a variation priced as a decimal amount', () => rejects('Variation', { ...variation, price: 9.5 }));
  it('rejects a variation with a negative price', () => rejects('Variation', { ...variation, price: -1 }));
  it('rejects an order item priced as a decimal amount', () => rejects('OrderItem', { ...orderItem, price: 9.5 }));
  it('rejects an order with a negative subtotal', () => rejects('NewOrder', { ...pickupOrder, subtotal: -950 }));
  it('rejects a modifier priced as a string', () => rejects('Modifier', { ...modifier, price: '0' }));
  it('accepts a lower-case ISO currency code', () => accepts('Variation', { ...variation, currency: 'eur' }));
  it('rejects an upper-case currency code', () => rejects('Variation', { ...variation, currency: 'USD' }));
  it('rejects an order item whose currency is not three letters', () =>
    rejects('OrderItem', { ...orderItem, currency: 'usdollar' }));
  it('accepts a discount with a whole-cent amount', () => accepts('Discount', { id: 'promo_welcome_5', amount: 500 }));
  it('rejects a discount with a negative amount', () => rejects('Discount', { id: 'promo_welcome_5', amount: -500 }));
});

describe('the dsp spec: customers and addresses', () => {
  it('accepts a customer phone number in E.164 form', () =>
    accepts('Customer', { name: 'Dana Whitfield', phone: '+12125550147', masked_phone_code: '482 193' }));
  it('rejects a customer phone number that is not E.164', () =>
    rejects('Customer', { name: 'Dana Whitfield', phone: '(212) 555-0147' }));
  it('rejects a customer email address that is not an address', () =>
    rejects('Customer', { name: 'Dana Whitfield', email: 'dana at mail' }));
  it('accepts an address with a two-letter upper-case country code', () => accepts('Address', address));
  it('rejects an address with a country name instead of a code', () =>
    rejects('Address', { ...address, country: 'United States' }));
  it('rejects an address without address_line_1', () => rejects('Address', without(address, 'address_line_1')));
});

describe('the dsp spec: schedules and holidays', () => {
  it('accepts 24-hour HH:mm-HH:mm ranges, including one past midnight', () =>
    accepts('Schedule', { ...week, saturday: ['11:00-15:00', '17:00-02:00'] }));
  it('rejects a schedule range written with am and pm', () => rejects('Schedule', { ...week, monday: ['11am-10pm'] }));
  it('rejects a schedule range with a one-digit hour', () => rejects('Schedule', { ...week, monday: ['9:00-17:00'] }));
  it('rejects a schedule range with an hour past 23', () => rejects('Schedule', { ...week, monday: ['11:00-24:00'] }));
  it('rejects a schedule that leaves out a weekday', () => rejects('Schedule', without(week, 'sunday')));
  it('accepts a holiday dated MM-DD', () =>
    accepts('Holiday', { date: '12-25', name: 'Christmas Day', recurring_yearly: true }));
  it('rejects a holiday dated with a year', () =>
    rejects('Holiday', { date: '2026-12-25', name: 'Christmas Day', recurring_yearly: true }));
  it('rejects a holiday dated in month 13', () =>
    rejects('Holiday', { date: '13-01', name: 'Not a day', recurring_yearly: true }));
  it('accepts a holiday without hours, meaning closed all day', () =>
    accepts('Holiday', { date: '07-04', name: 'Independence Day', recurring_yearly: true }));
  it('accepts holiday hours written as HH:mm-HH:mm ranges', () =>
    accepts('Holiday', { date: '12-24', name: 'Christmas Eve', recurring_yearly: true, hours: ['11:00-15:00'] }));
  it('rejects holiday hours that are not HH:mm-HH:mm ranges', () =>
    rejects('Holiday', { date: '12-24', name: 'Christmas Eve', recurring_yearly: true, hours: ['morning'] }));
  it('accepts a one-off holiday that lists its specific_years', () =>
    accepts('Holiday', { date: '11-26', name: 'Thanksgiving', recurring_yearly: false, specific_years: [2026] }));
  it('rejects a holiday that does not recur yearly and has no specific_years', () =>
    rejects('Holiday', { date: '11-26', name: 'Thanksgiving', recurring_yearly: false }));
  it('rejects a holiday that recurs yearly and also lists specific_years', () =>
    rejects('Holiday', { date: '12-25', name: 'Christmas Day', recurring_yearly: true, specific_years: [2026] }));
});

describe('the dsp spec: taxes, items and modifier groups', () => {
  it('accepts a tax rate given as a percentage', () => accepts('Tax', tax));
  it('accepts a zero tax rate', () => accepts('Tax', { ...tax, rate: 0 }));
  it('rejects a tax rate above 100 percent', () => rejects('Tax', { ...tax, rate: 108.875 }));
  it('rejects a negative tax rate', () => rejects('Tax', { ...tax, rate: -1 }));
  it('accepts an allergen from the list', () => accepts('Item', { ...item, allergens: ['sulphur_dioxide_sulphites'] }));
  it('rejects an allergen that is not on the list', () => rejects('Item', { ...item, allergens: ['nuts'] }));
  it('lists exactly the 29 allergens of the product specification', async () => {
    const doc = (await loadSpec('dsp')) as any;
    expect(doc.components.schemas.Allergen.enum).toHaveLength(29);
  });
  it('rejects an item with no variations', () => rejects('Item', { ...item, variations: [] }));
  it('defaults is_active to true on items, variations and modifiers', async () => {
    for (const [schema, property] of [
      ['Item', 'is_active'],
      ['Variation', 'is_active'],
      ['Modifier', 'is_active'],
      ['ItemFamily', 'is_active'],
      ['NormalizedItem', 'is_active'],
      ['NormalizedModifier', 'is_active'],
    ]) {
      expect((await schemaProperty(schema, property)).default, `${schema}.${property}`).toBe(true);
    }
  });
  it('accepts a variation with is_active left unset', () => accepts('Variation', variation));
  it('rejects a variation whose is_active is not a boolean', () => rejects('Variation', { ...variation, is_active: 'yes' }));
  it('defaults selection_type to single', async () => {
    expect((await schemaProperty('ModifierGroupRules', 'selection_type')).default).toBe('single');
  });
  it('accepts modifier group rules with selection_type left unset', () => accepts('ModifierGroupRules', rules));
  it('accepts selection_type multiple', () => accepts('ModifierGroupRules', { ...rules, selection_type: 'multiple' }));
  it('rejects a selection_type other than single or multiple', () =>
    rejects('ModifierGroupRules', { ...rules, selection_type: 'radio' }));
  it('accepts a modifier with a nested modifier group', () =>
    accepts('Modifier', { ...modifier, nested_modifier_groups: [modifierGroup] }));
  it('rejects an invalid modifier inside a nested modifier group', () =>
    rejects('Modifier', {
      ...modifier,
      nested_modifier_groups: [{ ...modifierGroup, modifiers: [{ ...modifier, currency: 'USD' }] }],
    }));
  it('accepts default modifier quantities of at least one', () =>
    accepts('ModifierGroup', { ...modifierGroup, default_modifier_quantities: { mod_cheddar: 1 } }));
  it('rejects a default modifier quantity of zero', () =>
    rejects('ModifierGroup', { ...modifierGroup, default_modifier_quantities: { mod_cheddar: 0 } }));
  it('accepts a modifier override that changes the price', () =>
    accepts('ModifierOverride', { modifier_id: 'mod_pepperoni', price: 300 }));
  it('rejects a modifier override that changes nothing', () => rejects('ModifierOverride', { modifier_id: 'mod_pepperoni' }));
  it('accepts a menu-specific override that turns an item off', () =>
    accepts('MenuSpecificOverride', { menu_id: 'menu_lunch', is_active: false }));
  it('rejects a menu-specific override that changes nothing', () =>
    rejects('MenuSpecificOverride', { menu_id: 'menu_lunch' }));
});

describe('the dsp spec: menu files', () => {
  it('accepts a nested v1 menu file', () => accepts('MenuFile', menuV1));
  it('accepts a normalised v2 menu file', () => accepts('MenuFile', menuV2));
  it('rejects a v2 menu whose menus nest categories instead of listing category_ids', () =>
    rejects('MenuV2', { ...menuV2, menus: menuV1.menus }));
  it('rejects a menu file that mixes v1 and v2 shapes', () =>
    rejects('MenuFile', { ...menuV1, categories: menuV2.categories }));
});

describe('the dsp spec: new orders', () => {
  it('accepts a pickup order without a delivery_address', () => accepts('NewOrder', pickupOrder));
  it('accepts a merchant_managed_delivery order with a delivery_address', () =>
    accepts('NewOrder', merchantDeliveryOrder));
  it('rejects a merchant_managed_delivery order without a delivery_address', () =>
    rejects('NewOrder', without(merchantDeliveryOrder, 'delivery_address')));
  it('accepts a stream_managed_delivery order with a delivery_address', () =>
    accepts('NewOrder', { ...pickupOrder, fulfillment_type: 'stream_managed_delivery', delivery_address: address }));
  it('rejects a stream_managed_delivery order without a delivery_address', () =>
    rejects('NewOrder', { ...pickupOrder, fulfillment_type: 'stream_managed_delivery' }));
  it('accepts an unpaid drive_thru order', () =>
    accepts('NewOrder', { ...pickupOrder, fulfillment_type: 'drive_thru', unpaid: true }));
  it('rejects an unpaid pickup order', () => rejects('NewOrder', { ...pickupOrder, unpaid: true }));
  it('accepts a paid pickup order that says unpaid: false', () => accepts('NewOrder', { ...pickupOrder, unpaid: false }));
  it('accepts a driver_tip on a merchant_managed_delivery order', () =>
    accepts('NewOrder', without(merchantDeliveryOrder, 'delivery_fee', 'delivery_fee_taxes')));
  it('rejects a driver_tip on a stream_managed_delivery order', () =>
    rejects('NewOrder', {
      ...pickupOrder,
      fulfillment_type: 'stream_managed_delivery',
      delivery_address: address,
      driver_tip: 500,
    }));
  it('rejects a driver_tip on a pickup order', () => rejects('NewOrder', { ...pickupOrder, driver_tip: 500 }));
  it('accepts a delivery_fee on a merchant_managed_delivery order', () =>
    accepts('NewOrder', without(merchantDeliveryOrder, 'driver_tip')));
  it('rejects a delivery_fee on a delivery order that Stream manages', () =>
    rejects('NewOrder', {
      ...pickupOrder,
      fulfillment_type: 'stream_managed_delivery',
      delivery_address: address,
      delivery_fee: 399,
    }));
  it('rejects delivery_fee_taxes without a delivery_fee', () =>
    rejects('NewOrder', without(merchantDeliveryOrder, 'delivery_fee')));
  it('accepts a store_tip on a pickup order', () => accepts('NewOrder', { ...pickupOrder, store_tip: 200 }));
  it('accepts a store_tip on a dine_in order', () =>
    accepts('NewOrder', { ...pickupOrder, fulfillment_type: 'dine_in', store_tip: 200 }));
  it('rejects a store_tip on a curbside order', () =>
    rejects('NewOrder', { ...pickupOrder, fulfillment_type: 'curbside', store_tip: 200 }));
  it('rejects a store_tip on a merchant_managed_delivery order', () =>
    rejects('NewOrder', { ...merchantDeliveryOrder, store_tip: 200 }));
  it('defaults should_include_utensils to true', async () => {
    expect((await schemaProperty('NewOrder', 'should_include_utensils')).default).toBe(true);
  });
  it('accepts an order that leaves should_include_utensils unset', () => accepts('NewOrder', pickupOrder));
  it('rejects should_include_utensils that is not a boolean', () =>
    rejects('NewOrder', { ...pickupOrder, should_include_utensils: 'yes' }));
  it('accepts every fulfillment type of the product specification', async () => {
    for (const type of ['curbside', 'dine_in', 'pickup', 'delivery', 'drive_thru']) {
      await accepts('NewOrder', { ...pickupOrder, fulfillment_type: type });
    }
  });
  it('rejects a fulfillment type that is not on the list', () =>
    rejects('NewOrder', { ...pickupOrder, fulfillment_type: 'takeaway' }));
  it('rejects an order with no items', () => rejects('NewOrder', { ...pickupOrder, items: [] }));
  it('rejects an order item with a quantity of zero', () =>
    rejects('NewOrder', { ...pickupOrder, items: [{ ...orderItem, quantity: 0 }] }));
  it('accepts nested modifiers on an order modifier', () =>
    accepts('OrderItem', {
      ...orderItem,
      modifiers: [
        {
          id: 'mod_house_sauce',
          modifier_group_id: 'mg_extras',
          name: 'House sauce',
          quantity: 1,
          price: 75,
          currency: 'usd',
          nested_modifiers: [
            { id: 'mod_sauce_extra', modifier_group_id: 'mg_sauce_amount', name: 'Extra', quantity: 1, price: 50, currency: 'usd' },
          ],
        },
      ],
    }));
  it('rejects a nested order modifier priced as a decimal amount', () =>
    rejects('OrderItem', {
      ...orderItem,
      modifiers: [
        {
          id: 'mod_house_sauce',
          modifier_group_id: 'mg_extras',
          name: 'House sauce',
          quantity: 1,
          price: 75,
          currency: 'usd',
          nested_modifiers: [
            { id: 'mod_sauce_extra', modifier_group_id: 'mg_sauce_amount', name: 'Extra', quantity: 1, price: 0.5, currency: 'usd' },
          ],
        },
      ],
    }));
});

describe('the dsp spec: store status updates', () => {
  it('accepts a pause with an end_time', () =>
    accepts('StoreStatusUpdate', { status: 'paused', start_time: 1767282300000, end_time: 1767289500000 }));
  it('accepts a pause with no end_time, which is indefinite', () =>
    accepts('StoreStatusUpdate', { status: 'paused', start_time: 1767282300000 }));
  it('accepts going back online', () => accepts('StoreStatusUpdate', { status: 'online' }));
  it('rejects an online status with an end_time', () =>
    rejects('StoreStatusUpdate', { status: 'online', end_time: 1767289500000 }));
  it('rejects a status other than online or paused', () => rejects('StoreStatusUpdate', { status: 'closed' }));
});

describe('the dsp spec: events the DSP sends to Stream', () => {
  it('accepts a new_order event', () => accepts('DspToStreamEvent', dspEvent('new_order', pickupOrder)));
  it('accepts a cancel_order event', () =>
    accepts('DspToStreamEvent', dspEvent('cancel_order', { order_id: 'ord_8c1f2a9e' })));
  it('accepts a store_status_update event', () =>
    accepts('DspToStreamEvent', dspEvent('store_status_update', { status: 'paused' })));
  it('rejects an event type spelled differently from the contract', () =>
    rejects('DspToStreamEvent', dspEvent('order.created', pickupOrder)));
  it('rejects a new_order event whose order breaks an order rule', () =>
    rejects('DspToStreamEvent', dspEvent('new_order', { ...pickupOrder, unpaid: true })));
  it('rejects an event without an event_id', () =>
    rejects('DspToStreamEvent', without(dspEvent('cancel_order', { order_id: 'ord_8c1f2a9e' }), 'event_id')));
});

describe('the dsp spec: events Stream sends to the DSP', () => {
  it('accepts location.order.accept with the order id', () =>
    accepts('StreamToDspEvent', streamEvent('location.order.accept', { order_id: 'ord_8c1f2a9e' })));
  it('rejects location.order.accept without the order id', () =>
    rejects('StreamToDspEvent', streamEvent('location.order.accept', {})));
  it('accepts location.order.notify_status_change with status ready_for_pickup', () =>
    accepts('OrderStatusChangeEvent', streamEvent('location.order.notify_status_change', { order_id: 'ord_8c1f2a9e', status: 'ready_for_pickup' })));
  it('rejects location.order.notify_status_change with any other status', () =>
    rejects('OrderStatusChangeEvent', streamEvent('location.order.notify_status_change', { order_id: 'ord_8c1f2a9e', status: 'completed' })));
  it('accepts location.order.fail with a reason from the list', () =>
    accepts('OrderFailEvent', streamEvent('location.order.fail', { order_id: 'ord_8c1f2a9e', reason: 'location_not_found' })));
  it('rejects location.order.fail with a reason not on the list', () =>
    rejects('OrderFailEvent', streamEvent('location.order.fail', { order_id: 'ord_8c1f2a9e', reason: 'store_unavailable' })));
  it('accepts items_unavailable with the invalid_item_ids', () =>
    accepts('OrderFailEvent', streamEvent('location.order.fail', {
      order_id: 'ord_8c1f2a9e',
      reason: 'items_unavailable',
      details: { invalid_item_ids: ['var_lemonade_regular'], error_message: 'Out of stock.' },
    })));
  it('rejects pos_missing_items without invalid_item_ids', () =>
    rejects('OrderFailEvent', streamEvent('location.order.fail', {
      order_id: 'ord_8c1f2a9e',
      reason: 'pos_missing_items',
      details: { error_message: 'Unknown items.' },
    })));
  it('accepts location.paused with until_ms', () =>
    accepts('LocationPausedEvent', streamEvent('location.paused', { until_ms: 1767289500000 })));
  it('accepts location.paused without until_ms', () => accepts('LocationPausedEvent', streamEvent('location.paused', {})));
  it('rejects location.paused with until_ms in seconds as a string', () =>
    rejects('LocationPausedEvent', streamEvent('location.paused', { until_ms: '1767289500' })));
  it('accepts location.resumed with empty data', () => accepts('LocationResumedEvent', streamEvent('location.resumed', {})));
  it('rejects location.resumed that carries data', () =>
    rejects('LocationResumedEvent', streamEvent('location.resumed', { until_ms: 1767289500000 })));
  it('accepts location.publish with a menu download URL', () =>
    accepts('LocationPublishEvent', streamEvent('location.publish', {
      menu_file_url: 'https://api.stream.example/stream-dsp/v1/menuFileS3Url?location_id=store-0042&token=mf_4b7d0e2a91c3',
      menu_version: 'v2',
    })));
  it('rejects location.publish without a menu download URL', () =>
    rejects('LocationPublishEvent', streamEvent('location.publish', { menu_version: 'v2' })));
  it('accepts location.update that deactivates an item, a variation and a modifier by stream_id', () =>
    accepts('LocationUpdateEvent', streamEvent('location.update', {
      updates: [
        { object_type: 'item', stream_id: 'item_lager', is_active: false },
        { object_type: 'variation', stream_id: 'var_lemonade_large', is_active: false },
        { object_type: 'modifier', stream_id: 'mod_bacon', is_active: false },
      ],
    })));
  it('rejects location.update for an object type it does not cover', () =>
    rejects('LocationUpdateEvent', streamEvent('location.update', {
      updates: [{ object_type: 'category', stream_id: 'cat_drinks', is_active: false }],
    })));
  it('rejects an event type that is not one of the eight', () =>
    rejects('StreamToDspEvent', streamEvent('location.deleted', {})));
});

describe('the dsp spec: locations and connections', () => {
  it('accepts a connection that says whether the location is connected', () =>
    accepts('Connection', { location_id: 'store-0042', connected: true }));
  it('rejects a connection without connected', () => rejects('Connection', { location_id: 'store-0042' }));
  it('accepts a location with provider_id, name and address', () =>
    accepts('Location', { provider_id: 'store-0042', name: 'Stackhouse Burgers (Midtown)', address }));
  it('rejects a location without a provider_id', () =>
    rejects('Location', { name: 'Stackhouse Burgers (Midtown)', address }));
});
