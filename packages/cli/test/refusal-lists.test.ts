// The refusal lists the contracts state (x-stream-refusal-lists): which list of a POS posValidation
// names an item the catalog lacks and which one an item it lists as inactive; how many entries an events refusal holds.
import { describe, expect, it } from 'vitest';
import { findOperation } from '../src/openapi.js';
import { listRefusalLists, refusalListIssue } from '../src/refusal-lists.js';

const lists = listRefusalLists('pos');
const named = (rule: string) => lists.find((list) => list.rule === rule)!;
const refusal = (posValidation: Record<string, unknown>) => ({ posValidation: { stockValidation: [], orderTotalsValidation: [], orderValidation: [], ...posValidation } });

describe('the refusal lists of the POS contract', () => {
  it('state, for POS-ORD-03 on the orders endpoint\'s 400, an unknown item or modifier as an invalid cart and an inactive or sold-out one as out of stock, and for POS-ORD-09 a foreign location as store_unavailable; for POS-SEC-05 a contract break as one entry of other', () => {
    expect(lists.map((list) => [list.rule, list.requirement, list.operationId, list.status, list.names, list.object, list.list])).toEqual([
      ['contract-break-is-one-other-entry', 'POS-SEC-05', 'receiveOrderEvent', '400', 'contract-break', 'item', '/posValidation/orderValidation'],
      ['unknown-item-is-invalid-cart', 'POS-ORD-03', 'receiveOrderEvent', '400', 'unknown', 'item', '/posValidation/orderValidation'],
      ['inactive-item-is-out-of-stock', 'POS-ORD-03', 'receiveOrderEvent', '400', 'inactive', 'item', '/posValidation/stockValidation'],
      ['sold-out-item-is-out-of-stock', 'POS-ORD-03', 'receiveOrderEvent', '400', 'sold-out', 'item', '/posValidation/stockValidation'],
      ['unknown-modifier-is-invalid-cart', 'POS-ORD-03', 'receiveOrderEvent', '400', 'unknown', 'modifier', '/posValidation/orderValidation'],
      ['inactive-modifier-is-out-of-stock', 'POS-ORD-03', 'receiveOrderEvent', '400', 'inactive', 'modifier', '/posValidation/stockValidation'],
      ['foreign-location-is-store-unavailable', 'POS-ORD-09', 'receiveOrderEvent', '400', 'foreign-location', 'item', '/posValidation/orderValidation'],
    ]);
  });

  it('pass an inactive modifier listed as out of stock with type modifier, and find it listed as an item', () => {
    const inactive = named('inactive-modifier-is-out-of-stock');
    expect(refusalListIssue(inactive, refusal({ stockValidation: [{ type: 'modifier', provider_id: 'mod-pepper-jack', quantity: 0 }] }), 'mod-pepper-jack')).toBeUndefined();
    expect(refusalListIssue(inactive, refusal({ stockValidation: [{ type: 'item', provider_id: 'mod-pepper-jack', quantity: 0 }] }), 'mod-pepper-jack')).toMatch(/^\[inactive-modifier-is-out-of-stock\] posValidation\.stockValidation holds no entry \{ type: "modifier", quantity: 0, provider_id: "mod-pepper-jack" \}/);
  });

  it('pass an inactive item listed as out of stock, and find it filed as an order error, with a count left, or under another id', () => {
    const inactive = named('inactive-item-is-out-of-stock');
    expect(refusalListIssue(inactive, refusal({ stockValidation: [{ type: 'item', provider_id: 'item-classic-triple', quantity: 0 }] }), 'item-classic-triple')).toBeUndefined();
    const filedAsError = refusal({ orderValidation: [{ order_error: 'other', order_error_reason: 'Out of stock: item-classic-triple' }] });
    expect(refusalListIssue(inactive, filedAsError, 'item-classic-triple')).toMatch(/^\[inactive-item-is-out-of-stock\] posValidation\.stockValidation holds no entry \{ type: "item", quantity: 0, provider_id: "item-classic-triple" \}/);
    // The contract's own example is a shortage (one left), not an item off sale.
    const example = findOperation('pos', 'receiveOrderEvent').responses.get('400')!.examples.get('StockValidationFailed');
    expect(refusalListIssue(inactive, example, 'item-fries-large')).toMatch(/holds no entry/);
    expect(refusalListIssue(inactive, refusal({ stockValidation: [{ type: 'item', provider_id: 'item-other', quantity: 0 }] }), 'item-classic-triple')).toMatch(/holds no entry/);
  });

  it('find an unknown item filed as out of stock, and pass it filed as an invalid cart', () => {
    const unknown = named('unknown-item-is-invalid-cart');
    expect(refusalListIssue(unknown, refusal({ orderValidation: [{ order_error: 'invalid_cart', order_error_reason: 'No item x.' }] }), 'x')).toBeUndefined();
    expect(refusalListIssue(unknown, refusal({ stockValidation: [{ type: 'item', provider_id: 'x', quantity: 0 }] }), 'x')).toMatch(/^\[unknown-item-is-invalid-cart\] posValidation\.orderValidation holds no entry \{ order_error: "invalid_cart" \}/);
  });

  it('pass an order for a foreign location refused as store_unavailable, and find it refused as pos_offline', () => {
    const foreign = named('foreign-location-is-store-unavailable');
    expect(refusalListIssue(foreign, refusal({ orderValidation: [{ order_error: 'store_unavailable', order_error_reason: 'Not your location.' }] }), 'loc-x')).toBeUndefined();
    expect(refusalListIssue(foreign, refusal({ orderValidation: [{ order_error: 'pos_offline', order_error_reason: 'No till online.' }] }), 'loc-x')).toMatch(/^\[foreign-location-is-store-unavailable\] posValidation\.orderValidation holds no entry \{ order_error: "store_unavailable" \} for loc-x/);
  });
});

describe('the refusal list of the events contract', () => {
  const [contractBreak] = listRefusalLists('events');

  it('states, for EVT-SEC-03 on the event endpoint\'s 400, a body that breaks the contract as exactly one orderValidation entry of order_error other', () => {
    expect(listRefusalLists('events').map((list) => [list.rule, list.requirement, list.operationId, list.status, list.names, list.list, list.count])).toEqual([
      ['contract-break-is-one-other-entry', 'EVT-SEC-03', 'receiveOrderEvent', '400', 'contract-break', '/posValidation/orderValidation', 1],
    ]);
  });

  it('passes one entry of order_error other, and finds one entry per problem or an invalid_cart entry', () => {
    const other = (reason: string) => ({ order_error: 'other', order_error_reason: reason });
    expect(refusalListIssue(contractBreak!, refusal({ orderValidation: [other('object.id and occurred_at are required')] }), 'object.id')).toBeUndefined();
    expect(refusalListIssue(contractBreak!, refusal({ orderValidation: [other('object.id is required'), other('occurred_at is required')] }), 'object.id')).toMatch(/^\[contract-break-is-one-other-entry\] posValidation\.orderValidation holds 2 entries, not 1/);
    expect(refusalListIssue(contractBreak!, refusal({ orderValidation: [{ order_error: 'invalid_cart', order_error_reason: 'object.id is required' }] }), 'object.id')).toMatch(/^\[contract-break-is-one-other-entry\] posValidation\.orderValidation holds no entry \{ order_error: "other" \}/);
  });
});
