// A stock_count the catalog serves is enforced (stock-count-enforced, POS-ORD-03): certify orders one
// more than the count, and only a refusal naming the item with the count served passes.
import { describe, expect, it } from 'vitest';
import { stockCountFinding } from '../src/certify/stock-count-enforced.js';

type Json = Record<string, unknown>;
const catalog = (fries: Json = {}) => ({
  item_family: [{ provider_id: 'fam-fries', item_ids: ['item-fries-large'] }],
  item: [
    { provider_id: 'item-classic-single', name: 'Single', price_amount: 999 },
    { provider_id: 'item-fries-large', name: 'Fries – Large', price_amount: 549, stock_count: 2, ...fries },
  ],
});
const orderFor = async (line: { provider_id: string; name: string }) => ({ body: { type: 'order.created', object: { line_items: [{ ...line, quantity: 1, price_amount: 999 }], subtotal: 999, tax: 0, total: 999 } } });

/** Runs the finding against a POS that answers `answer`, and gives the finding and the body it was sent. */
async function judged(answer: { status: number; json?: unknown }, served: Json = catalog()) {
  const sent: Json[] = [];
  const finding = await stockCountFinding({ catalog: served, order: orderFor, send: async (body) => { sent.push(body); return { ...answer, summary: `answered ${answer.status}` }; } });
  return { finding, sent };
}
const refusal = (entry: Json) => ({ status: 400, json: { posValidation: { stockValidation: [entry], orderTotalsValidation: [], orderValidation: [] } } });

describe('an order for one more than the stock_count the catalog serves', () => {
  it('asks for count + 1 units at the served price, with the amounts added up', async () => {
    const { sent } = await judged(refusal({ type: 'item', provider_id: 'item-fries-large', quantity: 2 }));
    expect(sent[0]?.object).toMatchObject({ line_items: [{ provider_id: 'item-fries-large', quantity: 3, price_amount: 549 }], subtotal: 1647, total: 1647 });
  });

  it('passes a refusal that lists the item with the count served', async () => {
    expect((await judged(refusal({ type: 'item', provider_id: 'item-fries-large', quantity: 2 }))).finding).toBeUndefined();
  });

  it('finds an order the POS makes although the catalog has fewer left', async () => {
    expect((await judged({ status: 201, json: { order: { provider_id: 'o1' } } })).finding).toMatch(/^\[stock-count-enforced\] an order for 3 of item-fries-large, which the catalog serves with stock_count: 2 answered 201/);
  });

  it('finds a refusal that says the item is sold out while the catalog counts 2', async () => {
    expect((await judged(refusal({ type: 'item', provider_id: 'item-fries-large', quantity: 0 }))).finding).toMatch(/lists item-fries-large with type "item" and quantity 0, not type item and quantity 2/);
  });

  it('finds a refusal for another reason that names no stock entry for the item', async () => {
    expect((await judged({ status: 400, json: { posValidation: { stockValidation: [], orderTotalsValidation: [], orderValidation: [{ order_error: 'other' }] } } })).finding).toMatch(/has no stockValidation entry naming item-fries-large/);
  });

  it('orders past each counted item, and names the one whose count is not kept', async () => {
    const served = { ...catalog(), item: [...catalog().item, { provider_id: 'item-fries-small', name: 'Fries – Small', price_amount: 399, stock_count: 5 }] };
    const sent: Json[] = [];
    const finding = await stockCountFinding({
      catalog: served,
      order: orderFor,
      send: async (body) => {
        sent.push(body);
        const line = ((body.object as Json).line_items as Json[])[0];
        return line?.provider_id === 'item-fries-large' ? { ...refusal({ type: 'item', provider_id: 'item-fries-large', quantity: 2 }), summary: 'answered 400' } : { status: 201, summary: 'answered 201' };
      },
    });
    expect(sent.map((body) => ((body.object as Json).line_items as Json[])[0]?.quantity)).toEqual([3, 6]);
    expect(finding).toMatch(/^\[stock-count-enforced\] an order for 6 of item-fries-small, which the catalog serves with stock_count: 5 answered 201/);
  });

  it('orders nothing when no item is served with a count, or the count changes by location', async () => {
    expect((await judged({ status: 201 }, catalog({ stock_count: undefined }))).sent).toEqual([]);
    expect((await judged({ status: 201 }, catalog({ location_overrides: [{ location_id: 'loc-downtown', stock_count: 9 }] }))).sent).toEqual([]);
  });
});
