// The rule table of the POS contract: for every rule the schemas encode, at least one payload
// that is accepted and one that is rejected.
import { describe, expect, it } from 'vitest';
import { describeErrors, loadSpec, validatorFor } from './support';

async function expectAccepted(schema: string, value: unknown) {
  const validate = await validatorFor('pos', schema);
  const ok = validate(value);
  expect(ok, `${schema} should accept ${JSON.stringify(value)}: ${describeErrors(validate.errors)}`).toBe(true);
}

async function expectRejected(schema: string, value: unknown) {
  const validate = await validatorFor('pos', schema);
  expect(validate(value), `${schema} should reject ${JSON.stringify(value)}`).toBe(false);
}

const usd = (price_amount: number) => ({ price_amount, price_currency: 'USD' });

const orderData = (overrides: Record<string, unknown> = {}) => ({
  id: 'ord_1',
  idempotency_key: 'key-1',
  source: 'doordash',
  source_order_id: 'DD-1',
  location_id: 'loc-downtown',
  fulfillment_type: 'pickup',
  placed_at: '2026-01-15T18:04:12Z',
  requested_for: '2026-01-15T18:35:00Z',
  is_future_order: false,
  customers: [{ name: 'Jordan Lee' }],
  line_items: [{ provider_id: 'item-classic-single', name: 'Single', quantity: 1, price_amount: 999 }],
  currency: 'USD',
  subtotal: 999,
  tax: 89,
  total: 1088,
  ...overrides,
});

const incomingOrder = (overrides: Record<string, unknown> = {}) => ({
  provider_id: 'pos-ord-1',
  location_id: 'loc-downtown',
  fulfillment_type: 'pickup',
  placed_at: '2026-01-15T18:04:12Z',
  requested_for: '2026-01-15T18:35:00Z',
  customers: [{ name: 'Priya Natarajan' }],
  line_items: [{ provider_id: 'item-classic-single', name: 'Single', quantity: 1, price_amount: 999 }],
  currency: 'USD',
  subtotal: 999,
  tax: 89,
  total: 1088,
  ...overrides,
});

const address = { address_line_1: '55 Water St', locality: 'New York', country: 'US' };

const emptyValidation = { stockValidation: [], orderTotalsValidation: [], orderValidation: [], unknownValidation: [] };

describe('the pos spec rules', () => {
  describe('prices and currencies in the POS catalog', () => {
    it('accepts an upper-case ISO 4217 currency code', async () => {
      await expectAccepted('CurrencyCode', 'USD');
    });

    it('rejects a lower-case or malformed currency code', async () => {
      await expectRejected('CurrencyCode', 'usd');
      await expectRejected('CurrencyCode', 'US');
      await expectRejected('CurrencyCode', 'USDT');
    });

    it('accepts a price as an integer in the lowest currency unit', async () => {
      await expectAccepted('PriceAmount', 1299);
      await expectAccepted('PriceAmount', 0);
    });

    it('rejects a decimal, negative or string price', async () => {
      await expectRejected('PriceAmount', 12.99);
      await expectRejected('PriceAmount', -1);
      await expectRejected('PriceAmount', '1299');
    });

    it('accepts an item priced with an amount and a currency', async () => {
      await expectAccepted('Item', { provider_id: 'item-1', name: 'Single', ...usd(999) });
    });

    it('rejects an item whose price lacks its currency, or whose currency lacks a price', async () => {
      await expectRejected('Item', { provider_id: 'item-1', name: 'Single', price_amount: 999 });
      await expectRejected('Item', { provider_id: 'item-1', name: 'Single', price_currency: 'USD' });
    });

    it('rejects an item with a decimal price or a lower-case currency', async () => {
      await expectRejected('Item', { provider_id: 'item-1', name: 'Single', price_amount: 9.99, price_currency: 'USD' });
      await expectRejected('Item', { provider_id: 'item-1', name: 'Single', price_amount: 999, price_currency: 'usd' });
    });
  });

  describe('catalog objects', () => {
    it('accepts a catalog object without is_active, which means active', async () => {
      await expectAccepted('Category', { provider_id: 'cat-1', name: 'Burgers', item_family_ids: [] });
      await expectAccepted('Modifier', { provider_id: 'mod-1', name: 'Bacon', ...usd(200) });
    });

    it('documents that an unset is_active means active', async () => {
      const doc = (await loadSpec('pos')) as any;
      for (const name of ['Category', 'ItemFamily', 'Item', 'ModifierGroup', 'Modifier', 'Menu']) {
        expect(doc.components.schemas[name].properties.is_active.default, name).toBe(true);
      }
    });

    it('rejects a catalog object without its provider_id', async () => {
      await expectRejected('Item', { name: 'Single', ...usd(999) });
      await expectRejected('Category', { name: 'Burgers', item_family_ids: [] });
    });

    it('rejects a catalog object with a field the contract does not define', async () => {
      await expectRejected('Item', { provider_id: 'item-1', name: 'Single', price: 999 });
    });

    it('accepts an item with a stock count, including zero for sold out', async () => {
      await expectAccepted('Item', { provider_id: 'item-1', name: 'Large', stock_count: 0 });
    });

    it('rejects a negative or decimal stock count', async () => {
      await expectRejected('Item', { provider_id: 'item-1', name: 'Large', stock_count: -1 });
      await expectRejected('Item', { provider_id: 'item-1', name: 'Large', stock_count: 1.5 });
    });
  });

  describe('DSP price overrides', () => {
    it('accepts overrides keyed by doordash, uber, grubhub, chownow and flipdish', async () => {
      await expectAccepted('DspPriceOverrides', {
        doordash: usd(1149),
        uber: usd(1199),
        grubhub: usd(1149),
        chownow: usd(1099),
        flipdish: usd(1099),
      });
    });

    it('rejects an override keyed by any other slug', async () => {
      await expectRejected('DspPriceOverrides', { postmates: usd(1149) });
      await expectRejected('DspPriceOverrides', { DoorDash: usd(1149) });
      await expectRejected('Item', { provider_id: 'item-1', name: 'Single', dsp_price_overrides: { ubereats: usd(1199) } });
    });

    it('rejects an override without an integer amount and an upper-case currency', async () => {
      await expectRejected('DspPriceOverrides', { doordash: { price_amount: 1149 } });
      await expectRejected('DspPriceOverrides', { doordash: { price_amount: 11.49, price_currency: 'USD' } });
      await expectRejected('DspPriceOverrides', { doordash: { price_amount: 1149, price_currency: 'usd' } });
    });
  });

  describe('item families', () => {
    it('accepts a family without a price that names at least one item', async () => {
      await expectAccepted('ItemFamily', { provider_id: 'fam-1', name: 'Fries', item_ids: ['item-regular'] });
    });

    it('accepts a family with its own price and no items', async () => {
      await expectAccepted('ItemFamily', { provider_id: 'fam-1', name: 'Veggie Burger', ...usd(1149) });
    });

    it('rejects a family without a price and without items', async () => {
      await expectRejected('ItemFamily', { provider_id: 'fam-1', name: 'Fries' });
    });

    it('rejects a family without a price whose item list is empty', async () => {
      await expectRejected('ItemFamily', { provider_id: 'fam-1', name: 'Fries', item_ids: [] });
    });

    it('rejects a family whose price lacks its currency', async () => {
      await expectRejected('ItemFamily', { provider_id: 'fam-1', name: 'Veggie Burger', price_amount: 1149 });
    });

    it('accepts the item family extras', async () => {
      await expectAccepted('ItemFamily', {
        provider_id: 'fam-ipa',
        name: 'Hazy IPA',
        item_ids: ['item-can'],
        images: ['https://cdn.bunandpatty.example/ipa.jpg'],
        upc: '012345678905',
        sku: 'BEV-IPA-12',
        container_deposit: 5,
        is_alcohol: true,
        tax_ids: ['tax-1'],
        use_default_tax_rates: false,
        is_tax_exempt: false,
        location_memberships: ['loc-downtown'],
        allergens: ['gluten', 'barley'],
      });
    });

    it('rejects an unknown allergen, a malformed UPC and a decimal container deposit', async () => {
      const family = { provider_id: 'fam-1', name: 'Fries', item_ids: ['item-1'] };
      await expectRejected('ItemFamily', { ...family, allergens: ['nuts'] });
      await expectRejected('ItemFamily', { ...family, upc: '12345' });
      await expectRejected('ItemFamily', { ...family, container_deposit: 0.05 });
    });
  });

  describe('global catalog overrides', () => {
    it('accepts location overrides naming their location, with price, availability, stock and DSP prices', async () => {
      await expectAccepted('Item', {
        provider_id: 'item-1',
        name: 'Single',
        ...usd(999),
        location_overrides: [
          { location_id: 'loc-airport', ...usd(1249), dsp_price_overrides: { doordash: usd(1399) } },
          { location_id: 'loc-downtown', is_active: false, stock_count: 0 },
        ],
        menu_overrides: [{ menu_id: 'menu-happy-hour', ...usd(799) }],
      });
    });

    it('rejects a location override without location_id and a menu override without menu_id', async () => {
      await expectRejected('LocationOverride', { ...usd(1249) });
      await expectRejected('MenuOverride', { ...usd(799) });
    });

    it('rejects an override whose price lacks its currency', async () => {
      await expectRejected('LocationOverride', { location_id: 'loc-airport', price_amount: 1249 });
      await expectRejected('MenuOverride', { menu_id: 'menu-happy-hour', price_amount: 799 });
    });
  });

  describe('modifier groups', () => {
    it('accepts the selection types single and multiple', async () => {
      await expectAccepted('ModifierGroup', { provider_id: 'mg-1', name: 'Cheese', selection_type: 'single', modifier_ids: ['mod-1'] });
      await expectAccepted('ModifierGroup', {
        provider_id: 'mg-2',
        name: 'Toppings',
        selection_type: 'multiple',
        modifier_ids: ['mod-1', 'mod-2'],
        min_selections: 0,
        max_selections: 4,
      });
    });

    it('rejects any other selection type', async () => {
      await expectRejected('ModifierGroup', { provider_id: 'mg-1', name: 'Cheese', selection_type: 'any', modifier_ids: ['mod-1'] });
      await expectRejected('SelectionType', 'SINGLE');
    });

    it('defaults the selection type to single', async () => {
      const doc = (await loadSpec('pos')) as any;
      expect(doc.components.schemas.SelectionType.default).toBe('single');
    });

    it('accepts at most one selection when the selection type is single or omitted', async () => {
      await expectAccepted('ModifierGroup', { provider_id: 'mg-1', name: 'Cheese', modifier_ids: ['mod-1'], max_selections: 1 });
    });

    it('rejects more than one selection when the selection type is single or omitted', async () => {
      await expectRejected('ModifierGroup', { provider_id: 'mg-1', name: 'Cheese', selection_type: 'single', modifier_ids: ['mod-1'], max_selections: 2 });
      await expectRejected('ModifierGroup', { provider_id: 'mg-1', name: 'Cheese', modifier_ids: ['mod-1'], min_selections: 2 });
    });

    it('rejects a group without modifiers', async () => {
      await expectRejected('ModifierGroup', { provider_id: 'mg-1', name: 'Cheese', modifier_ids: [] });
    });
  });

  describe('menus and taxes', () => {
    const menu = (schedule: unknown) => ({ provider_id: 'menu-1', name: 'All day', category_ids: ['cat-1'], schedule });

    it('accepts a weekday schedule of HH:mm-HH:mm ranges, with 24:00 as an end', async () => {
      await expectAccepted('Menu', menu({ monday: ['11:00-15:00', '17:00-24:00'], sunday: [] }));
    });

    it('rejects malformed time ranges and unknown weekdays', async () => {
      await expectRejected('Menu', menu({ monday: ['9:00-17:00'] }));
      await expectRejected('Menu', menu({ monday: ['11-22'] }));
      await expectRejected('Menu', menu({ monday: ['24:00-25:00'] }));
      await expectRejected('Menu', menu({ mon: ['11:00-22:00'] }));
    });

    it('accepts a tax rate as a percentage, where 5 means 5%', async () => {
      await expectAccepted('Tax', { provider_id: 'tax-1', name: 'Sales tax', rate: 5 });
      await expectAccepted('Tax', { provider_id: 'tax-1', name: 'NYC sales tax', rate: 8.875 });
    });

    it('rejects a tax rate outside 0 to 100 percent', async () => {
      await expectRejected('Tax', { provider_id: 'tax-1', name: 'Sales tax', rate: 105 });
      await expectRejected('Tax', { provider_id: 'tax-1', name: 'Sales tax', rate: -1 });
    });

    it('marks tax_rate as deprecated in favour of tax', async () => {
      const doc = (await loadSpec('pos')) as any;
      expect(doc.components.schemas.TaxRate.deprecated).toBe(true);
      expect(doc.components.schemas.CatalogResponse.properties.tax_rate.deprecated).toBe(true);
    });
  });

  describe('catalog responses', () => {
    const empty = { category: [], item_family: [], item: [], modifier_group: [], modifier: [], menu: [], tax: [] };

    it('accepts a catalog with every list, with or without the deprecated tax_rate', async () => {
      await expectAccepted('CatalogResponse', empty);
      await expectAccepted('CatalogResponse', { ...empty, tax_rate: [{ provider_id: 'tr-1', rate: 5 }] });
    });

    it('rejects a catalog missing one of its lists', async () => {
      const { tax: _tax, ...withoutTax } = empty;
      await expectRejected('CatalogResponse', withoutTax);
    });
  });

  describe('locations', () => {
    const location = (overrides: Record<string, unknown> = {}) => ({
      provider_id: 'loc-downtown',
      name: 'Downtown',
      address,
      timezone: 'America/New_York',
      prep_time_minutes: 15,
      connection_status: 'online',
      ...overrides,
    });

    it('accepts the connection statuses online and offline', async () => {
      await expectAccepted('Location', location());
      await expectAccepted('Location', location({ connection_status: 'offline' }));
    });

    it('rejects any other connection status', async () => {
      await expectRejected('Location', location({ connection_status: 'connected' }));
      await expectRejected('ConnectionStatus', 'paused');
    });

    it('accepts an IANA time zone and rejects a UTC offset', async () => {
      await expectAccepted('Location', location({ timezone: 'America/Argentina/Buenos_Aires' }));
      await expectRejected('Location', location({ timezone: '-05:00' }));
    });

    it('accepts an address with only address_line_1, and rejects one without it', async () => {
      await expectAccepted('Address', { address_line_1: '120 Hudson St' });
      await expectRejected('Address', { locality: 'New York' });
    });

    it('rejects a lower-case country code', async () => {
      await expectRejected('Address', { address_line_1: '120 Hudson St', country: 'us' });
    });

    it('accepts a state code without its country prefix and rejects one with it', async () => {
      await expectAccepted('Address', { address_line_1: '120 Hudson St', administrative_district_level_1: 'NY', country: 'US' });
      await expectRejected('Address', { address_line_1: '120 Hudson St', administrative_district_level_1: 'US-NY', country: 'US' });
    });

    it('accepts a connection request with location_id and rejects one without it', async () => {
      await expectAccepted('LocationConnectionRequest', { location_id: 'loc-downtown' });
      await expectRejected('LocationConnectionRequest', {});
    });
  });

  describe('order event data', () => {
    it('accepts every order source', async () => {
      for (const source of ['uber', 'grubhub', 'doordash', 'example-dsp', 'jet', 'deliveroo', 'skipthedishes', 'flipdish', 'chownow']) {
        await expectAccepted('OrderEventData', orderData({ source }));
      }
    });

    it('rejects a brand-only value or an unknown value as the source', async () => {
      await expectRejected('OrderEventData', orderData({ source: 'caviar' }));
      await expectRejected('OrderSource', 'ubereats');
    });

    it('accepts every source and yelp, eat24, caviar, storefront and postmates as the brand', async () => {
      for (const brand of ['doordash', 'example-dsp', 'yelp', 'eat24', 'caviar', 'storefront', 'postmates']) {
        await expectAccepted('OrderEventData', orderData({ brand }));
      }
    });

    it('rejects an unknown brand', async () => {
      await expectRejected('OrderEventData', orderData({ brand: 'seamless' }));
    });

    it('accepts every fulfillment type', async () => {
      for (const fulfillment_type of ['curbside', 'delivery', 'dine_in', 'pickup', 'drive_thru']) {
        await expectAccepted('OrderEventData', orderData({ fulfillment_type }));
      }
      for (const fulfillment_type of ['merchant_managed_delivery', 'stream_managed_delivery']) {
        await expectAccepted('OrderEventData', orderData({ fulfillment_type, delivery_address: address }));
      }
    });

    it('rejects an unknown fulfillment type', async () => {
      await expectRejected('OrderEventData', orderData({ fulfillment_type: 'takeout' }));
      await expectRejected('FulfillmentType', 'Pickup');
    });

    it('requires delivery_address for merchant-managed and Stream-managed delivery', async () => {
      await expectRejected('OrderEventData', orderData({ fulfillment_type: 'merchant_managed_delivery' }));
      await expectRejected('OrderEventData', orderData({ fulfillment_type: 'stream_managed_delivery' }));
      await expectRejected('IncomingOrder', incomingOrder({ fulfillment_type: 'stream_managed_delivery' }));
      await expectAccepted('IncomingOrder', incomingOrder({ fulfillment_type: 'stream_managed_delivery', delivery_address: address }));
    });

    it('does not require delivery_address when the DSP delivers', async () => {
      await expectAccepted('OrderEventData', orderData({ fulfillment_type: 'delivery' }));
    });

    it('rejects an order without line items, or with a zero quantity', async () => {
      await expectRejected('OrderEventData', orderData({ line_items: [] }));
      await expectRejected('OrderEventData', orderData({ line_items: [{ provider_id: 'item-1', name: 'Single', quantity: 0, price_amount: 999 }] }));
    });

    it('accepts nested modifiers on a line item', async () => {
      await expectAccepted('OrderLineItem', {
        provider_id: 'item-fries',
        name: 'Fries',
        quantity: 1,
        price_amount: 399,
        modifiers: [
          {
            provider_id: 'mod-dip',
            modifier_group_id: 'mg-dips',
            name: 'Dip',
            quantity: 1,
            price_amount: 0,
            modifiers: [{ provider_id: 'mod-chipotle', modifier_group_id: 'mg-dip-flavor', name: 'Chipotle', quantity: 1, price_amount: 50 }],
          },
        ],
      });
    });

    it('rejects a modifier without its modifier group', async () => {
      await expectRejected('OrderModifier', { provider_id: 'mod-1', name: 'Bacon', quantity: 1, price_amount: 200 });
    });

    it('rejects decimal amounts and a lower-case currency on an order', async () => {
      await expectRejected('OrderEventData', orderData({ total: 10.88 }));
      await expectRejected('OrderEventData', orderData({ currency: 'usd' }));
    });

    it('accepts an E.164 customer phone and rejects a national-format one', async () => {
      await expectAccepted('OrderCustomer', { name: 'Jordan Lee', phone: '+12125550147' });
      await expectRejected('OrderCustomer', { name: 'Jordan Lee', phone: '(212) 555-0147' });
    });
  });

  describe('order events Stream sends to the POS', () => {
    it('accepts order.created, order.updated and order.canceled', async () => {
      await expectAccepted('OrderEvent', { type: 'order.created', object: orderData() });
      await expectAccepted('OrderEvent', {
        type: 'order.updated',
        object: { status: 'out_for_delivery', location_id: 'loc-downtown', order_id: 'pos-ord-1' },
        delivery_status: 'enroute_to_dropoff',
      });
      await expectAccepted('OrderEvent', { type: 'order.canceled', object: { location_id: 'loc-downtown', order_id: 'pos-ord-1' } });
    });

    it('rejects any other event type', async () => {
      await expectRejected('OrderEvent', { type: 'order.confirmed', object: { location_id: 'loc-downtown', order_id: 'pos-ord-1' } });
    });

    it('accepts every order update status and rejects the POS-only or unknown ones', async () => {
      for (const status of ['ready_for_pickup', 'out_for_delivery', 'dsp_canceled', 'merchant_canceled', 'completed', 'failed']) {
        await expectAccepted('UpdatedOrderEvent', { type: 'order.updated', object: { status, location_id: 'loc-1', order_id: 'ord-1' } });
      }
      await expectRejected('UpdatedOrderEvent', { type: 'order.updated', object: { status: 'in_progress', location_id: 'loc-1', order_id: 'ord-1' } });
    });

    it('rejects an unknown delivery status', async () => {
      await expectRejected('UpdatedOrderEvent', {
        type: 'order.updated',
        object: { status: 'out_for_delivery', location_id: 'loc-1', order_id: 'ord-1' },
        delivery_status: 'on_the_way',
      });
    });

    it('accepts driver details with an E.164 number and rejects them without a phone', async () => {
      await expectAccepted('DeliveryDriverDetails', {
        source: 'doordash',
        name: 'Sam R.',
        phone: { number: '+12125550199', code: '7734' },
        vehicle_info: { make: 'Toyota', model: 'Prius', color: 'Silver', is_autonomous: false },
      });
      await expectRejected('DeliveryDriverDetails', { source: 'doordash', name: 'Sam R.' });
      await expectRejected('DeliveryDriverDetails', { source: 'doordash', name: 'Sam R.', phone: { number: '2125550199' } });
    });

    it('rejects vehicle info without make, model and color', async () => {
      await expectRejected('VehicleInfo', { make: 'Toyota', model: 'Prius' });
    });

    it('rejects an empty license plate or empty handoff instructions', async () => {
      await expectRejected('VehicleInfo', { make: 'Toyota', model: 'Prius', color: 'Silver', license_plate: '' });
      await expectRejected('DeliveryDriverDetails', {
        source: 'doordash',
        name: 'Sam R.',
        phone: { number: '+12125550199' },
        handoff_instructions: '',
      });
    });
  });

  describe('answers to order events', () => {
    it('accepts a created order with its provider_id and an optional prep time', async () => {
      await expectAccepted('CreatedOrderEventResponse', { order: { provider_id: 'pos-ord-1', prep_time_minutes: 30 } });
      await expectAccepted('CreatedOrderEventResponse', { order: { provider_id: 'pos-ord-1' } });
    });

    it('rejects a created order without provider_id', async () => {
      await expectRejected('CreatedOrderEventResponse', { order: { prep_time_minutes: 30 } });
    });

    it('accepts a posValidation with at least one entry', async () => {
      await expectAccepted('PosValidationError', {
        posValidation: { ...emptyValidation, stockValidation: [{ type: 'item', provider_id: 'item-1', quantity: 0 }] },
      });
      await expectAccepted('PosValidationError', {
        posValidation: { ...emptyValidation, orderTotalsValidation: [{ posTotal: 2960, streamTotal: 2936 }] },
      });
    });

    it('accepts a posValidation that leaves out the deprecated unknownValidation array', async () => {
      const { unknownValidation: _deprecated, ...current } = emptyValidation;
      await expectAccepted('PosValidationError', {
        posValidation: { ...current, orderValidation: [{ order_error: 'pos_offline', order_error_reason: 'The till is offline.' }] },
      });
    });

    it('rejects a posValidation that leaves out orderValidation', async () => {
      const { orderValidation: _missing, ...rest } = emptyValidation;
      await expectRejected('PosValidationError', {
        posValidation: { ...rest, stockValidation: [{ type: 'item', provider_id: 'item-1', quantity: 0 }] },
      });
    });

    it('rejects a posValidation whose arrays are all empty', async () => {
      await expectRejected('PosValidationError', { posValidation: emptyValidation });
    });

    it('rejects a posValidation whose arrays are all empty when it leaves out the deprecated unknownValidation', async () => {
      const { unknownValidation: _deprecated, ...current } = emptyValidation;
      await expectRejected('PosValidationError', { posValidation: current });
    });

    it('accepts every order error code', async () => {
      for (const order_error of ['store_unavailable', 'invalid_cart', 'pos_offline', 'other']) {
        await expectAccepted('PosValidationError', {
          posValidation: { ...emptyValidation, orderValidation: [{ order_error, order_error_reason: 'Reason.' }] },
        });
      }
    });

    it('rejects an unknown order error code or a missing reason', async () => {
      await expectRejected('PosValidationError', {
        posValidation: { ...emptyValidation, orderValidation: [{ order_error: 'closed', order_error_reason: 'Closed.' }] },
      });
      await expectRejected('PosValidationError', {
        posValidation: { ...emptyValidation, orderValidation: [{ order_error: 'other' }] },
      });
    });

    it('rejects a stock validation entry that names neither an item nor a modifier', async () => {
      await expectRejected('PosValidationError', {
        posValidation: { ...emptyValidation, stockValidation: [{ type: 'item_family', provider_id: 'fam-1', quantity: 0 }] },
      });
    });

    it('rejects integer totals given as decimals', async () => {
      await expectRejected('PosValidationError', {
        posValidation: { ...emptyValidation, orderTotalsValidation: [{ posTotal: 29.6, streamTotal: 29.36 }] },
      });
    });
  });

  describe('events the POS sends to Stream', () => {
    it('accepts a catalog update with the location under object', async () => {
      await expectAccepted('LocationCatalogUpdatedEvent', { type: 'location.catalog.updated', object: { location_id: 'loc-1' } });
    });

    it('rejects a catalog update with the location at the top level', async () => {
      await expectRejected('LocationCatalogUpdatedEvent', { type: 'location.catalog.updated', location_id: 'loc-1' });
    });

    it('accepts the POS order statuses ready_for_pickup, completed and merchant_canceled', async () => {
      for (const status of ['ready_for_pickup', 'completed', 'merchant_canceled']) {
        await expectAccepted('OrderStatusUpdatedEvent', {
          type: 'order.status.updated',
          object: { status, provider_id: 'pos-ord-1', location_id: 'loc-1' },
        });
      }
    });

    it('rejects any other POS order status', async () => {
      for (const status of ['out_for_delivery', 'dsp_canceled', 'accepted']) {
        await expectRejected('OrderStatusUpdatedEvent', {
          type: 'order.status.updated',
          object: { status, provider_id: 'pos-ord-1', location_id: 'loc-1' },
        });
      }
    });

    it('rejects an order status update without the POS order id', async () => {
      await expectRejected('OrderStatusUpdatedEvent', { type: 'order.status.updated', object: { status: 'completed', location_id: 'loc-1' } });
    });

    const locationStatus = (object: Record<string, unknown>) => ({ type: 'location.status.updated', object: { location_id: 'loc-1', ...object } });

    it('accepts the location statuses active and inactive', async () => {
      await expectAccepted('LocationStatusUpdatedEvent', locationStatus({ status: 'active' }));
      await expectAccepted('LocationStatusUpdatedEvent', locationStatus({ status: 'inactive' }));
    });

    it('rejects any other location status', async () => {
      await expectRejected('LocationStatusUpdatedEvent', locationStatus({ status: 'paused' }));
      await expectRejected('LocationStatus', 'online');
    });

    it('accepts paused_until in Unix milliseconds, or null, with inactive', async () => {
      await expectAccepted('LocationStatusUpdatedEvent', locationStatus({ status: 'inactive', paused_until: 1768503600000 }));
      await expectAccepted('LocationStatusUpdatedEvent', locationStatus({ status: 'inactive', paused_until: null }));
    });

    it('rejects paused_until with active, even when null', async () => {
      await expectRejected('LocationStatusUpdatedEvent', locationStatus({ status: 'active', paused_until: 1768503600000 }));
      await expectRejected('LocationStatusUpdatedEvent', locationStatus({ status: 'active', paused_until: null }));
    });

    it('rejects paused_until given as a date string or a negative number', async () => {
      await expectRejected('LocationStatusUpdatedEvent', locationStatus({ status: 'inactive', paused_until: '2026-01-15T19:00:00Z' }));
      await expectRejected('LocationStatusUpdatedEvent', locationStatus({ status: 'inactive', paused_until: -1 }));
    });

    const objectUpdate = (object_type: string, object_update: unknown = { is_active: false }) => ({
      type: 'location.catalog.object.updated',
      object: { location_id: 'loc-1', object_id: 'obj-1', object_type, object_update },
    });

    it('accepts the catalog object types item_family, item and modifier', async () => {
      for (const type of ['item_family', 'item', 'modifier']) {
        await expectAccepted('LocationCatalogObjectUpdatedEvent', objectUpdate(type));
      }
    });

    it('rejects any other catalog object type', async () => {
      for (const type of ['category', 'modifier_group', 'menu']) {
        await expectRejected('LocationCatalogObjectUpdatedEvent', objectUpdate(type));
      }
    });

    it('rejects a catalog object update without is_active', async () => {
      await expectRejected('LocationCatalogObjectUpdatedEvent', objectUpdate('item', {}));
    });

    it('accepts a connection-offline event with the POS location id under object', async () => {
      await expectAccepted('LocationConnectionOfflineEvent', { type: 'location.connection.offline', object: { location_id: 'loc-1' } });
    });

    it('rejects a connection-offline event without a location', async () => {
      await expectRejected('LocationConnectionOfflineEvent', { type: 'location.connection.offline', object: {} });
    });

    it('accepts an in-store order as order.created with the order under object', async () => {
      await expectAccepted('IncomingOrderCreatedEvent', { type: 'order.created', object: incomingOrder() });
    });

    it('rejects an in-store order without the POS order id', async () => {
      const { provider_id: _id, ...withoutId } = incomingOrder();
      await expectRejected('IncomingOrderCreatedEvent', { type: 'order.created', object: withoutId });
    });

    it('accepts each of the six event types on the webhook', async () => {
      const events = [
        { type: 'location.catalog.updated', object: { location_id: 'loc-1' } },
        { type: 'order.status.updated', object: { status: 'completed', provider_id: 'pos-ord-1', location_id: 'loc-1' } },
        locationStatus({ status: 'inactive', paused_until: 1768503600000 }),
        objectUpdate('modifier'),
        { type: 'location.connection.offline', object: { location_id: 'loc-1' } },
        { type: 'order.created', object: incomingOrder() },
      ];
      for (const event of events) await expectAccepted('PosWebhookEvent', event);
    });

    it('rejects an unknown event type on the webhook', async () => {
      await expectRejected('PosWebhookEvent', { type: 'location.paused', object: { location_id: 'loc-1' } });
    });
  });

  describe('token exchange', () => {
    it('accepts an authorization-code exchange and a refresh', async () => {
      await expectAccepted('TokenExchangeRequest', { grant_type: 'authorization_code', client_id: 'c', client_secret: 's', code: 'x' });
      await expectAccepted('TokenExchangeRequest', { grant_type: 'refresh_token', refresh_token: 'rt' });
    });

    it('rejects any other grant type', async () => {
      await expectRejected('TokenExchangeRequest', { grant_type: 'client_credentials', client_id: 'c', client_secret: 's' });
    });
  });

  describe('the shape of the POS contract', () => {
    const methods = ['get', 'put', 'post', 'delete', 'patch'];
    const operations = async () => {
      const doc = (await loadSpec('pos')) as any;
      const ops: Array<{ where: string; op: any; pathItem: any }> = [];
      for (const section of ['paths', 'webhooks'] as const) {
        for (const [key, pathItem] of Object.entries<any>(doc[section] ?? {})) {
          for (const method of methods) if (pathItem[method]) ops.push({ where: `${section} ${method} ${key}`, op: pathItem[method], pathItem });
        }
      }
      return { doc, ops };
    };

    it('says who calls whom on every operation', async () => {
      const { ops } = await operations();
      for (const { where, op } of ops) {
        expect(['stream', 'pos'], where).toContain(op['x-caller']);
        expect(['stream', 'pos'], where).toContain(op['x-host']);
        expect(op['x-caller'], where).not.toBe(op['x-host']);
      }
    });

    it('requires the bearer token on every POS-hosted operation except authorize and token', async () => {
      const { ops } = await operations();
      for (const { where, op } of ops.filter(({ op }) => op['x-host'] === 'pos')) {
        const open = ['authorizeMerchant', 'exchangeToken'].includes(op.operationId);
        expect(op.security, where).toEqual(open ? [] : [{ bearerAuth: [] }]);
      }
    });

    it('signs every call the POS makes to Stream with Stream-Signature', async () => {
      const { doc, ops } = await operations();
      for (const { where, op } of ops.filter(({ op }) => op['x-caller'] === 'pos')) {
        const names = (op.parameters ?? []).map((p: any) => (p.$ref ? doc.components.parameters[p.$ref.split('/').pop()] : p).name);
        expect(names, where).toContain('Stream-Signature');
      }
    });

    it('answers the token exchange with 201 and the webhook with 204', async () => {
      const { doc } = await operations();
      expect(Object.keys(doc.paths['/stream-pos/v1/token'].post.responses)).toEqual(['201', '400', '401']);
      expect(Object.keys(doc.paths['/pos/{partner_slug}/webhook'].post.responses)).toContain('204');
      expect(doc.paths['/pos/{partner_slug}/webhook'].servers[0].url).toBe('https://api.stream.example');
    });

    it('lists one webhook per event type in both directions', async () => {
      const { doc } = await operations();
      expect(Object.keys(doc.webhooks).sort()).toEqual(
        [
          'order.created',
          'order.updated',
          'order.canceled',
          'location.catalog.updated',
          'order.status.updated',
          'location.status.updated',
          'location.catalog.object.updated',
          'location.connection.offline',
          'incoming.order.created',
        ].sort(),
      );
    });
  });
});
