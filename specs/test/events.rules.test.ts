// The rule table of the events contract: for every rule the spec encodes, a payload it accepts
// and one it rejects. Valid payloads start from the spec's own named examples.
import { describe, expect, it } from 'vitest';
import { describeErrors, loadSpec, validatorFor } from './support';

type Json = Record<string, any>;

async function example(name: string): Promise<Json> {
  const doc = (await loadSpec('events')) as Json;
  const value = doc.components?.examples?.[name]?.value;
  if (value === undefined) throw new Error(`No named example ${name} in the events spec.`);
  return structuredClone(value);
}

async function accepts(schema: string, value: unknown): Promise<void> {
  const validate = await validatorFor('events', schema);
  expect(validate(value), describeErrors(validate.errors)).toBe(true);
}

async function rejects(schema: string, value: unknown): Promise<void> {
  const validate = await validatorFor('events', schema);
  expect(validate(value)).toBe(false);
}

const without = (obj: Json, key: string): Json => {
  const copy = structuredClone(obj);
  delete copy[key];
  return copy;
};

const ORDER_UPDATE_STATUSES = [
  'ready_for_pickup',
  'out_for_delivery',
  'dsp_canceled',
  'merchant_canceled',
  'completed',
  'failed',
];

const DELIVERY_STATUSES = [
  'pending',
  'pending_driver_confirmation',
  'enroute_to_pickup',
  'arrived_at_pickup',
  'enroute_to_dropoff',
  'arrived_at_dropoff',
  'completed',
  'failed_to_assign_driver',
  'failed_to_deliver',
  'failed_to_pickup',
  'failed',
  'merchant_canceled',
  'enroute_to_return',
  'arrived_at_return',
  'returned',
];

const FULFILLMENT_TYPES = ['curbside', 'delivery', 'dine_in', 'merchant_managed_delivery', 'pickup'];

describe('events sent by Stream to POST /event', () => {
  it('accepts each envelope type on the endpoint body: order.created, order.updated and order.canceled', async () => {
    for (const name of ['OrderConfirmedDelivery', 'OrderUpdatedReadyForPickup', 'OrderCanceledByMerchant']) {
      await accepts('OrderEvent', await example(name));
    }
  });

  it('rejects an envelope typed order.confirmed, since the confirmed event travels as order.created', async () => {
    const event = await example('OrderConfirmedDelivery');
    event.type = 'order.confirmed';
    await rejects('OrderEvent', event);
    await rejects('NewOrderEvent', event);
  });

  it('rejects an unknown event type', async () => {
    const event = await example('OrderCanceledByMerchant');
    event.type = 'order.deleted';
    await rejects('OrderEvent', event);
  });

  it('rejects an updated-order body sent with the canceled type', async () => {
    const event = await example('OrderUpdatedReadyForPickup');
    event.type = 'order.canceled';
    await rejects('OrderEvent', event);
  });

  it('requires an event id that is a UUID on every envelope', async () => {
    for (const [schema, name] of [
      ['NewOrderEvent', 'OrderConfirmedDelivery'],
      ['UpdatedOrderEvent', 'OrderUpdatedReadyForPickup'],
      ['CanceledOrderEvent', 'OrderCanceledByMerchant'],
    ]) {
      const event = await example(name);
      await accepts(schema, event);
      await rejects(schema, without(event, 'event_id'));
      await rejects(schema, { ...event, event_id: 'evt-1' });
    }
  });

  it('requires occurred_at as an RFC 3339 timestamp', async () => {
    const event = await example('OrderCanceledByMerchant');
    await rejects('CanceledOrderEvent', without(event, 'occurred_at'));
    await rejects('CanceledOrderEvent', { ...event, occurred_at: 1749751770000 });
  });

  it('rejects a field the envelope does not define', async () => {
    const event = await example('OrderCanceledByMerchant');
    await rejects('CanceledOrderEvent', { ...event, reason: 'closed' });
  });
});

describe('the confirmed order', () => {
  it('accepts the delivery order example', async () => {
    await accepts('ConfirmedOrder', (await example('OrderConfirmedDelivery')).object);
  });

  it('requires every field the product specification lists for a confirmed order', async () => {
    const order = (await example('OrderConfirmedDelivery')).object;
    for (const field of [
      'id',
      'customer',
      'currency',
      'dsp_order_id',
      'dsp_order_number',
      'estimated_fulfillment_time',
      'fulfillment_type',
      'items',
      'subtotal',
      'tax',
      'delivery_fee',
      'total',
      'source',
      'status',
    ]) {
      await rejects('ConfirmedOrder', without(order, field));
    }
  });

  it('requires the location id and the time the order was placed', async () => {
    const order = (await example('OrderConfirmedDelivery')).object;
    await rejects('ConfirmedOrder', without(order, 'location_id'));
    await rejects('ConfirmedOrder', without(order, 'placed_at'));
  });

  it('accepts the source status in_progress', async () => {
    const order = (await example('OrderConfirmedDelivery')).object;
    expect(order.status).toBe('in_progress');
    await accepts('ConfirmedOrder', order);
    await rejects('ConfirmedOrder', { ...order, status: '' });
  });

  it('takes prices as integers in the lowest currency unit', async () => {
    const order = (await example('OrderConfirmedDelivery')).object;
    await accepts('ConfirmedOrder', { ...order, total: 0 });
    await rejects('ConfirmedOrder', { ...order, total: 34.87 });
    await rejects('ConfirmedOrder', { ...order, subtotal: '2748' });
    await rejects('ConfirmedOrder', { ...order, delivery_fee: -1 });
    await accepts('OrderItem', order.items[0]);
    await rejects('OrderItem', { ...order.items[0], price: 12.99 });
    await rejects('OrderItemModifier', { ...order.items[0].modifiers[0], price: 0.75 });
  });

  it('takes currency as an upper-case ISO 4217 code', async () => {
    const order = (await example('OrderConfirmedDelivery')).object;
    await accepts('ConfirmedOrder', { ...order, currency: 'CAD' });
    await rejects('ConfirmedOrder', { ...order, currency: 'usd' });
    await rejects('ConfirmedOrder', { ...order, currency: 'US' });
  });

  it('requires at least one item, each with a quantity of one or more', async () => {
    const order = (await example('OrderConfirmedDelivery')).object;
    await rejects('ConfirmedOrder', { ...order, items: [] });
    await rejects('OrderItem', { ...order.items[0], quantity: 0 });
  });

  it('accepts nested modifiers on a modifier', async () => {
    const modifier = (await example('OrderConfirmedDelivery')).object.items[0].modifiers[0];
    await accepts('OrderItemModifier', { ...modifier, modifiers: [{ id: 'mod_2', name: 'Chili oil', quantity: 1, price: 0 }] });
    await rejects('OrderItemModifier', { ...modifier, modifiers: [{ id: 'mod_2', name: 'Chili oil', quantity: 1 }] });
  });

  it('requires the delivery address on a merchant-managed delivery order only', async () => {
    const order = (await example('OrderConfirmedDelivery')).object;
    expect(order.fulfillment_type).toBe('merchant_managed_delivery');
    await rejects('ConfirmedOrder', without(order, 'delivery_address'));
    await accepts('ConfirmedOrder', { ...without(order, 'delivery_address'), fulfillment_type: 'pickup' });
  });

  it('requires address_line_1 in a delivery address', async () => {
    const address = (await example('OrderConfirmedDelivery')).object.delivery_address;
    await accepts('Address', { address_line_1: '500 Market St' });
    await rejects('Address', without(address, 'address_line_1'));
  });

  it('takes the delivery address state without its country prefix, like the other APIs', async () => {
    const address = (await example('OrderConfirmedDelivery')).object.delivery_address;
    expect(address.administrative_district_level_1).toBe('CA');
    await rejects('Address', { ...address, administrative_district_level_1: 'US-CA' });
  });

  it('requires the estimated fulfillment time as an RFC 3339 timestamp', async () => {
    const order = (await example('OrderConfirmedDelivery')).object;
    await rejects('ConfirmedOrder', { ...order, estimated_fulfillment_time: 1749753251000 });
    await rejects('ConfirmedOrder', { ...order, estimated_fulfillment_time: '18:34' });
  });

  it('requires a customer name and takes the customer phone in E.164', async () => {
    const customer = (await example('OrderConfirmedDelivery')).object.customer;
    await accepts('Customer', { name: 'Jordan Lee' });
    await rejects('Customer', without(customer, 'name'));
    await rejects('Customer', { ...customer, phone: '(415) 555-0123' });
  });
});

describe('fulfillment types', () => {
  it('accepts each of the five fulfillment types of the events specification', async () => {
    for (const type of FULFILLMENT_TYPES) await accepts('EventsFulfillmentType', type);
  });

  it('rejects drive_thru and stream_managed_delivery, which the events specification omits', async () => {
    await rejects('EventsFulfillmentType', 'drive_thru');
    await rejects('EventsFulfillmentType', 'stream_managed_delivery');
  });
});

describe('order updates', () => {
  it('accepts every order update status', async () => {
    for (const status of ORDER_UPDATE_STATUSES) await accepts('OrderUpdateStatus', status);
  });

  it('rejects a status that is not an order update status', async () => {
    await rejects('OrderUpdateStatus', 'in_progress');
    await rejects('OrderUpdateStatus', 'READY_FOR_PICKUP');
  });

  it('requires status, location_id and order_id in the updated order', async () => {
    const object = (await example('OrderUpdatedReadyForPickup')).object;
    await accepts('UpdatedOrder', without(object, 'provider_id'));
    for (const field of ['status', 'location_id', 'order_id']) await rejects('UpdatedOrder', without(object, field));
  });

  it('accepts an update without delivery status or driver details, as for a pickup order', async () => {
    const event = await example('OrderUpdatedReadyForPickup');
    await accepts('UpdatedOrderEvent', without(without(event, 'delivery_status'), 'driver_details'));
  });

  it('accepts a robot delivery update', async () => {
    await accepts('UpdatedOrderEvent', await example('OrderUpdatedRobotDelivery'));
  });
});

describe('cancellations', () => {
  it('requires location_id and order_id in the canceled order', async () => {
    const object = (await example('OrderCanceledByMerchant')).object;
    await accepts('CanceledOrder', { location_id: object.location_id, order_id: object.order_id });
    await rejects('CanceledOrder', without(object, 'location_id'));
    await rejects('CanceledOrder', without(object, 'order_id'));
  });

  it('takes merchant_canceled or dsp_canceled as the cancellation status, nothing else', async () => {
    const object = (await example('OrderCanceledByMerchant')).object;
    expect(object.status).toBe('merchant_canceled');
    await accepts('CanceledOrder', { ...object, status: 'dsp_canceled' });
    await rejects('CanceledOrder', { ...object, status: 'completed' });
  });
});

describe('delivery status', () => {
  it('accepts every delivery status value', async () => {
    for (const status of DELIVERY_STATUSES) await accepts('DeliveryStatus', status);
  });

  it('rejects an unknown delivery status', async () => {
    await rejects('DeliveryStatus', 'delivered');
    await rejects('DeliveryStatus', 'en_route_to_pickup');
  });
});

describe('driver details', () => {
  it('requires source, name and phone', async () => {
    const driver = (await example('OrderUpdatedReadyForPickup')).driver_details;
    await accepts('DeliveryDriverDetails', { source: driver.source, name: driver.name, phone: driver.phone });
    for (const field of ['source', 'name', 'phone']) await rejects('DeliveryDriverDetails', without(driver, field));
  });

  it('requires a driver phone number in E.164 and makes the code optional', async () => {
    await accepts('DriverPhone', { number: '+14155550188' });
    await accepts('DriverPhone', { number: '+14155550188', code: '4821' });
    await rejects('DriverPhone', { code: '4821' });
    await rejects('DriverPhone', { number: '4155550188' });
    await rejects('DriverPhone', { number: '+1 415 555 0188' });
    await rejects('DriverPhone', { number: '+04155550188' });
  });

  it('takes picture_url as a URL', async () => {
    const driver = (await example('OrderUpdatedReadyForPickup')).driver_details;
    await rejects('DeliveryDriverDetails', { ...driver, picture_url: 'dana r.jpg' });
  });

  it('takes handoff instructions and a passcode as text', async () => {
    const driver = (await example('OrderUpdatedRobotDelivery')).driver_details;
    await accepts('DeliveryDriverDetails', driver);
    await rejects('DeliveryDriverDetails', { ...driver, passcode: 5306 });
    await rejects('DeliveryDriverDetails', { ...driver, handoff_instructions: '' });
  });

  it('requires make, model and color of the vehicle', async () => {
    const vehicle = (await example('OrderUpdatedReadyForPickup')).driver_details.vehicle_info;
    await accepts('VehicleInfo', { make: 'Toyota', model: 'Prius', color: 'silver' });
    for (const field of ['make', 'model', 'color']) await rejects('VehicleInfo', without(vehicle, field));
  });

  it('takes is_autonomous as a boolean that is true when a robot delivers', async () => {
    const vehicle = (await example('OrderUpdatedRobotDelivery')).driver_details.vehicle_info;
    expect(vehicle.is_autonomous).toBe(true);
    await accepts('VehicleInfo', vehicle);
    await rejects('VehicleInfo', { ...vehicle, is_autonomous: 'true' });
    await rejects('VehicleInfo', { ...vehicle, is_autonomous: 1 });
  });
});

describe('answers to order.created', () => {
  it('requires provider_id in the created-order answer', async () => {
    await accepts('CreatedOrderEventResponse', await example('OrderCreatedAccepted'));
    await accepts('CreatedOrderEventResponse', { order: { provider_id: 'evp-1' } });
    await rejects('CreatedOrderEventResponse', { order: { prep_time_minutes: 30 } });
  });

  it('takes prep_time_minutes as a number', async () => {
    await accepts('CreatedOrderEventResponse', { order: { provider_id: 'evp-1', prep_time_minutes: 12.5 } });
    await rejects('CreatedOrderEventResponse', { order: { provider_id: 'evp-1', prep_time_minutes: '30' } });
  });

  it('requires at least one entry in a posValidation refusal', async () => {
    await accepts('PosValidationError', await example('OrderRefusedOutOfStock'));
    await rejects('PosValidationError', {
      posValidation: { stockValidation: [], orderTotalsValidation: [], orderValidation: [], unknownValidation: [] },
    });
  });

  it('takes only the four order error codes in an order validation', async () => {
    const refusal = {
      posValidation: {
        stockValidation: [],
        orderTotalsValidation: [],
        orderValidation: [{ order_error: 'pos_offline', order_error_reason: 'The till is offline.' }],
        unknownValidation: [],
      },
    };
    await accepts('PosValidationError', refusal);
    refusal.posValidation.orderValidation[0].order_error = 'closed';
    await rejects('PosValidationError', refusal);
  });

  it('takes an error body with code and message', async () => {
    await accepts('Error', await example('BadSignature'));
    await rejects('Error', { message: 'Stream-Signature does not match.' });
  });
});

describe('events sent by the provider to POST /event-provider/{partner_slug}/webhook', () => {
  it('accepts an assign-driver event with a driver name and phone', async () => {
    const event = await example('DriverAssigned');
    await accepts('AssignDriverEvent', event);
    await accepts('DeliveryUpdateEvent', event);
    await accepts('AssignDriverEvent', { ...event, driver: { ...event.driver, phone: { number: '+14155550188' } } });
  });

  it('rejects an assign-driver event without location, order or driver, or with a driver missing name or phone', async () => {
    const event = await example('DriverAssigned');
    for (const field of ['location_id', 'order_id', 'driver']) await rejects('AssignDriverEvent', without(event, field));
    await rejects('AssignDriverEvent', { ...event, driver: without(event.driver, 'name') });
    await rejects('AssignDriverEvent', { ...event, driver: without(event.driver, 'phone') });
    await rejects('AssignDriverEvent', { ...event, driver: { ...event.driver, phone: { number: '555-0188' } } });
  });

  it('accepts an assign-driver event with the optional driver details: vehicle_info, passcode and the rest', async () => {
    const event = await example('DriverAssignedWithVehicle');
    expect(event.driver.vehicle_info.is_autonomous).toBe(true);
    expect(event.driver.passcode).toBeTypeOf('string');
    await accepts('AssignDriverEvent', event);
    await accepts('DeliveryUpdateEvent', event);
    const car = await example('DriverAssigned');
    car.driver.vehicle_info = { make: 'Toyota', model: 'Prius', color: 'silver', license_plate: '8ABC123' };
    car.driver.passcode = '4821';
    await accepts('AssignDriverEvent', car);
  });

  it('rejects an assign-driver driver whose phone has no number, even with the optional details', async () => {
    const event = await example('DriverAssignedWithVehicle');
    await rejects('AssignDriverEvent', { ...event, driver: { ...event.driver, phone: { code: '117' } } });
    await rejects('AssignDriverEvent', { ...event, driver: without(event.driver, 'name') });
  });

  it('rejects an assign-driver driver with a field driver details do not define', async () => {
    const event = await example('DriverAssignedWithVehicle');
    await rejects('AssignDriverEvent', { ...event, driver: { ...event.driver, rating: 4.9 } });
    await rejects('AssignDriverEvent', { ...event, driver: { ...event.driver, delivery_status: 'enroute_to_pickup' } });
  });

  it('rejects an assign-driver vehicle_info without color, and checks the optional details like driver details do', async () => {
    const event = await example('DriverAssignedWithVehicle');
    const driver = event.driver;
    await rejects('AssignDriverEvent', { ...event, driver: { ...driver, vehicle_info: without(driver.vehicle_info, 'color') } });
    await rejects('AssignDriverEvent', { ...event, driver: { ...driver, passcode: 5306 } });
    await rejects('AssignDriverEvent', { ...event, driver: { ...driver, handoff_instructions: '' } });
    await rejects('AssignDriverEvent', { ...event, driver: { ...driver, picture_url: 'rover 117.jpg' } });
    await rejects('AssignDriverEvent', { ...event, driver: { ...driver, source: '' } });
  });

  it('gives the assign-driver driver the fields and rules of driver details, with only name and phone required', async () => {
    const doc = (await loadSpec('events')) as Json;
    const assigned = doc.components.schemas.AssignedDriver;
    const details = doc.components.schemas.DeliveryDriverDetails;
    expect(Object.keys(assigned.properties).sort()).toEqual(Object.keys(details.properties).sort());
    expect(assigned.required).toEqual(['name', 'phone']);
    const rules = ({ description, examples, ...rest }: Json) => rest;
    for (const field of Object.keys(details.properties)) {
      expect(rules(assigned.properties[field]), field).toEqual(rules(details.properties[field]));
    }
  });

  it('accepts a delivery-status event with every delivery status', async () => {
    const event = await example('DeliveryStatusEnrouteToPickup');
    for (const status of DELIVERY_STATUSES) await accepts('DeliveryUpdateEvent', { ...event, delivery_status: status });
    await accepts('DeliveryStatusEvent', await example('DeliveryStatusCompleted'));
  });

  it('rejects a delivery-status event with an unknown status or without location or order', async () => {
    const event = await example('DeliveryStatusEnrouteToPickup');
    await rejects('DeliveryUpdateEvent', { ...event, delivery_status: 'lost' });
    for (const field of ['delivery_status', 'location_id', 'order_id']) await rejects('DeliveryStatusEvent', without(event, field));
  });

  it('rejects a body that is both a driver assignment and a delivery status', async () => {
    const assign = await example('DriverAssigned');
    const status = await example('DeliveryStatusEnrouteToPickup');
    await rejects('DeliveryUpdateEvent', { ...assign, ...status });
  });

  it('rejects a body that is neither a driver assignment nor a delivery status', async () => {
    await rejects('DeliveryUpdateEvent', { location_id: 'loc_51b0c3', order_id: 'ord_7d2f9a41' });
  });
});

describe('signatures and path parameters', () => {
  it('takes Stream-Signature as 64 lower-case hex characters', async () => {
    await accepts('#/components/parameters/StreamSignature/schema', 'a'.repeat(64));
    await rejects('#/components/parameters/StreamSignature/schema', 'A'.repeat(64));
    await rejects('#/components/parameters/StreamSignature/schema', `sha256=${'a'.repeat(64)}`);
  });

  it('requires the Stream-Signature header on every operation and webhook', async () => {
    const doc = (await loadSpec('events')) as Json;
    const operations = [
      doc.paths['/event'].post,
      doc.paths['/event-provider/{partner_slug}/webhook'].post,
      ...Object.values(doc.webhooks as Json).map((item: Json) => item.post),
    ];
    expect(operations).toHaveLength(5);
    for (const op of operations) {
      expect(op.parameters).toContainEqual({ $ref: '#/components/parameters/StreamSignature' });
    }
    expect(doc.components.parameters.StreamSignature.required).toBe(true);
  });

  it('takes the partner slug as lower-case words joined by hyphens', async () => {
    const pointer = '#/components/parameters/PartnerSlug/schema';
    await accepts(pointer, 'acme-couriers');
    await rejects(pointer, 'Acme Couriers');
  });
});
