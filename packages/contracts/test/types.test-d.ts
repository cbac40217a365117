// Type tests for the generated contract types. Discriminated unions, literal enums and composed
// schemas are where generators break (a literal widened to string, a union collapsing to unknown),
// so each one the partners branch on is pinned here.
import { assertType, describe, expectTypeOf, test } from 'vitest';
import {
  assertValid,
  validate,
  validators,
  type Dsp,
  type Events,
  type Partner,
  type Pos,
  type Schema,
  type SchemaName,
  type ValidationResult,
} from '../src/index.js';

describe('the events contract', () => {
  test('OrderEvent is a union told apart by type', () => {
    expectTypeOf<Events.OrderEvent['type']>().toEqualTypeOf<'order.created' | 'order.updated' | 'order.canceled'>();
  });

  test('narrowing an OrderEvent by type gives the event type, with a typed order', () => {
    const event = {} as Events.OrderEvent;
    if (event.type === 'order.created') {
      expectTypeOf(event).toEqualTypeOf<Events.NewOrderEvent>();
      expectTypeOf(event.object).not.toBeUnknown();
      expectTypeOf(event.object.id).toEqualTypeOf<string>();
      expectTypeOf(event.object.fulfillment_type).toEqualTypeOf<Events.ConfirmedOrder['fulfillment_type']>();
    } else if (event.type === 'order.updated') {
      expectTypeOf(event).toEqualTypeOf<Events.UpdatedOrderEvent>();
    } else {
      expectTypeOf(event).toEqualTypeOf<Events.CanceledOrderEvent>();
    }
  });

  test('the events fulfillment types omit stream_managed_delivery and drive_thru', () => {
    expectTypeOf<Events.ConfirmedOrder['fulfillment_type']>().toEqualTypeOf<'curbside' | 'delivery' | 'dine_in' | 'merchant_managed_delivery' | 'pickup'>();
  });

  test('the delivery updates an event provider sends are the driver and the status events', () => {
    expectTypeOf<Events.DeliveryUpdateEvent>().toEqualTypeOf<Events.AssignDriverEvent | Events.DeliveryStatusEvent>();
    const update = {} as Events.DeliveryUpdateEvent;
    if ('driver' in update) expectTypeOf(update).toEqualTypeOf<Events.AssignDriverEvent>();
    else expectTypeOf(update.delivery_status).toEqualTypeOf<Events.DeliveryStatus>();
  });

  test('the refusal body is one object with four arrays, not a union with unknown', () => {
    expectTypeOf<Events.PosValidation>().not.toBeUnknown();
    expectTypeOf<Events.PosValidation['stockValidation']>().toEqualTypeOf<Events.StockValidation[]>();
  });
});

describe('the POS contract', () => {
  test('webhook events a POS sends are told apart by type', () => {
    expectTypeOf<Pos.PosWebhookEvent['type']>().toEqualTypeOf<
      | 'location.catalog.updated'
      | 'order.status.updated'
      | 'location.status.updated'
      | 'location.catalog.object.updated'
      | 'location.connection.offline'
      | 'order.created'
    >();
  });

  test('narrowing a POS webhook event by type gives the event type', () => {
    const event = {} as Pos.PosWebhookEvent;
    switch (event.type) {
      case 'location.catalog.object.updated':
        expectTypeOf(event).toEqualTypeOf<Pos.LocationCatalogObjectUpdatedEvent>();
        expectTypeOf(event.object.object_type).toEqualTypeOf<Pos.CatalogObjectType>();
        break;
      case 'order.status.updated':
        expectTypeOf(event).toEqualTypeOf<Pos.OrderStatusUpdatedEvent>();
        break;
      case 'location.status.updated':
        expectTypeOf(event).toEqualTypeOf<Pos.LocationStatusUpdatedEvent>();
        break;
      case 'order.created':
        expectTypeOf(event).toEqualTypeOf<Pos.IncomingOrderCreatedEvent>();
        break;
      default:
        expectTypeOf(event).toEqualTypeOf<Pos.LocationCatalogUpdatedEvent | Pos.LocationConnectionOfflineEvent>();
    }
  });

  test('order events Stream sends a POS are told apart by type', () => {
    expectTypeOf<Pos.OrderEvent['type']>().toEqualTypeOf<'order.created' | 'order.updated' | 'order.canceled'>();
    const event = {} as Pos.OrderEvent;
    if (event.type === 'order.created') expectTypeOf(event).toEqualTypeOf<Pos.NewOrderEvent>();
  });

  test('catalog object types that can be switched on and off are item_family, item and modifier', () => {
    expectTypeOf<Pos.CatalogObjectType>().toEqualTypeOf<'item_family' | 'item' | 'modifier'>();
  });

  test('the catalog response holds one typed list per catalog object type', () => {
    expectTypeOf<Pos.CatalogResponse['category'][number]>().toEqualTypeOf<Pos.Category>();
    expectTypeOf<Pos.CatalogResponse['item_family'][number]>().toEqualTypeOf<Pos.ItemFamily>();
    expectTypeOf<Pos.CatalogResponse['item'][number]>().toEqualTypeOf<Pos.Item>();
    expectTypeOf<Pos.CatalogResponse['modifier_group'][number]>().toEqualTypeOf<Pos.ModifierGroup>();
    expectTypeOf<Pos.CatalogResponse['modifier'][number]>().toEqualTypeOf<Pos.Modifier>();
    expectTypeOf<Pos.CatalogResponse['menu'][number]>().toEqualTypeOf<Pos.Menu>();
    expectTypeOf<Pos.ItemFamily['provider_id']>().toEqualTypeOf<string>();
    expectTypeOf<Pos.SelectionType>().toEqualTypeOf<'single' | 'multiple'>();
  });

  test('the POS fulfillment types are the seven of the product specification', () => {
    expectTypeOf<Pos.OrderEventData['fulfillment_type']>().toEqualTypeOf<
      'curbside' | 'delivery' | 'dine_in' | 'merchant_managed_delivery' | 'pickup' | 'stream_managed_delivery' | 'drive_thru'
    >();
  });
});

describe('the DSP contract', () => {
  test('events a DSP sends are told apart by type, and a new order carries a typed order', () => {
    expectTypeOf<Dsp.DspToStreamEvent['type']>().toEqualTypeOf<'new_order' | 'cancel_order' | 'store_status_update'>();
    const event = {} as Dsp.DspToStreamEvent;
    if (event.type === 'new_order') {
      expectTypeOf(event).toEqualTypeOf<Dsp.NewOrderEvent>();
      expectTypeOf(event.data).toEqualTypeOf<Dsp.NewOrder>();
      expectTypeOf(event.data.items[0]).toEqualTypeOf<Dsp.OrderItem>();
    }
  });

  test('events Stream sends a DSP are told apart by type', () => {
    expectTypeOf<Dsp.StreamToDspEvent['type']>().toEqualTypeOf<
      | 'location.order.accept'
      | 'location.order.fail'
      | 'location.order.notify_status_change'
      | 'location.order.cancel'
      | 'location.paused'
      | 'location.resumed'
      | 'location.publish'
      | 'location.update'
    >();
    const event = {} as Dsp.StreamToDspEvent;
    if (event.type === 'location.paused') expectTypeOf(event).toEqualTypeOf<Dsp.LocationPausedEvent>();
  });

  test('the DSP fulfillment types are the seven of the product specification', () => {
    expectTypeOf<Dsp.NewOrder['fulfillment_type']>().toEqualTypeOf<
      'curbside' | 'delivery' | 'dine_in' | 'merchant_managed_delivery' | 'pickup' | 'stream_managed_delivery' | 'drive_thru'
    >();
  });

  test('prices are numbers and overrides stay objects even though the schema requires one of two fields', () => {
    expectTypeOf<Dsp.OrderItem['price']>().toEqualTypeOf<number>();
    expectTypeOf<Dsp.ModifierOverride>().not.toBeUnknown();
    expectTypeOf<Dsp.ModifierOverride>().toHaveProperty('modifier_id');
  });
});

describe('the partner contract', () => {
  test('the OAuth token request is a union told apart by grant_type', () => {
    expectTypeOf<Partner.OAuthTokenRequest['grant_type']>().toEqualTypeOf<'client_credentials' | 'refresh_token'>();
  });
});

describe('the typed validators', () => {
  test('a validator narrows unknown input to the schema type', () => {
    const input: unknown = {};
    if (validators.dsp.NewOrder(input)) expectTypeOf(input).toEqualTypeOf<Dsp.NewOrder>();
    if (validators.events.OrderEvent(input)) expectTypeOf(input).toEqualTypeOf<Events.OrderEvent>();
    expectTypeOf(validators.pos.CatalogResponse.assert).returns.toEqualTypeOf<Pos.CatalogResponse>();
  });

  test('validate returns the typed value only when valid', () => {
    const result = validate('events', 'OrderEvent', {});
    expectTypeOf(result).toEqualTypeOf<ValidationResult<Events.OrderEvent>>();
    if (result.valid) expectTypeOf(result.value).toEqualTypeOf<Events.OrderEvent>();
    else expectTypeOf(result.errors[0].path).toEqualTypeOf<string>();
  });

  test('assertValid returns the schema type', () => {
    expectTypeOf(assertValid<'dsp', 'NewOrder'>).returns.toEqualTypeOf<Dsp.NewOrder>();
    expectTypeOf<Schema<'pos', 'Item'>>().toEqualTypeOf<Pos.Item>();
  });

  test('schema names are checked at compile time', () => {
    expectTypeOf<'NewOrder'>().toExtend<SchemaName<'dsp'>>();
    expectTypeOf<'NoSuchSchema'>().not.toExtend<SchemaName<'dsp'>>();
    // @ts-expect-error: the DSP contract has no schema of that name.
    assertType(() => validate('dsp', 'NoSuchSchema', {}));
  });
});
