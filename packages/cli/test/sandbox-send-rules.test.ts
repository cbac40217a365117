// The sandbox refuses what a partner sends that breaks a named rule of the contract's request body
// (x-stream-rules), with the rule's code and name, before it records anything.
import { afterEach, describe, expect, it } from 'vitest';
import { exampleValue } from '../src/openapi.js';
import { call, closeSandboxes, expectContractAnswer, openSandbox, sendSigned, sentAt, START } from './support.js';

afterEach(closeSandboxes);

const POS_WEBHOOK = '/pos/demo-partner/webhook';

function inStoreOrder(): any {
  const order = sentAt({ api: 'pos', operationId: 'sendWebhookEvent', body: exampleValue('pos', 'InStoreOrderCreated') as any, now: START });
  order.object.provider_id = `pos-ord-${Math.random().toString(16).slice(2)}`;
  return order;
}

const recorded = (sandbox: { state(): { orders: unknown[] } }, id: string) => sandbox.state().orders.some((order) => (order as { id: string }).id === id);

describe("the sandbox applies the contract's rules to a POS's in-store order", () => {
  it('accepts the contract example, whose subtotal and total add up', async () => {
    const { sandbox } = await openSandbox();
    const order = inStoreOrder();
    const answer = await sendSigned(sandbox, POS_WEBHOOK, order);
    expect(answer.status, answer.text).toBe(204);
    expect(recorded(sandbox, order.object.provider_id)).toBe(true);
  });

  it("refuses a subtotal that leaves out a modifier with the contract's invalid_order, naming the rule and what the lines come to, and records nothing", async () => {
    const { sandbox } = await openSandbox();
    const order = inStoreOrder();
    // 2 × 999 + 249, the cheese forgotten; the total follows the wrong subtotal, so only the subtotal rule breaks.
    order.object.subtotal = 2247;
    order.object.total = 3263;
    const answer = await sendSigned(sandbox, POS_WEBHOOK, order);
    expect(answer.status).toBe(400);
    expectContractAnswer('pos', 'sendWebhookEvent', answer);
    expect(answer.body).toMatchObject({ code: 'invalid_order' });
    expect(answer.body.message).toContain('[in-store-subtotal-adds-up] the body: object/subtotal is 2247, but');
    expect(answer.body.message).toContain('comes to 2447');
    expect(recorded(sandbox, order.object.provider_id)).toBe(false);
  });

  it('refuses a total that does not take off the discount, and takes the same order once the total is fixed', async () => {
    const { sandbox } = await openSandbox();
    const order = inStoreOrder();
    order.object.discount_total = 300;
    const refused = await sendSigned(sandbox, POS_WEBHOOK, order);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'invalid_order' });
    expect(refused.body.message).toContain('[in-store-total-adds-up] the body: object/total is 3463, but');
    expect(refused.body.message).toContain('comes to 3163');
    order.object.total = 3163;
    const fixed = await sendSigned(sandbox, POS_WEBHOOK, order);
    expect(fixed.status, fixed.text).toBe(204);
  });

  it('leaves the other POS events alone: a catalog update has no sums to add up', async () => {
    const { sandbox } = await openSandbox();
    const answer = await sendSigned(sandbox, POS_WEBHOOK, exampleValue('pos', 'LocationCatalogUpdated'));
    expect(answer.status, answer.text).toBe(204);
  });
});

describe("the sandbox applies the contract's rules to an events provider's driver", () => {
  const PATH = '/event-provider/demo-partner/webhook';
  const assignment = (picture_url: string) => ({ order_id: 'ord_7d2f9a41', location_id: 'loc_51b0c3', driver: { name: 'Dana R.', phone: { number: '+14155550188' }, picture_url } });

  it("refuses a driver picture served over http with the contract's invalid_request, naming the rule, and keeps no driver", async () => {
    const { sandbox } = await openSandbox();
    const answer = await sendSigned(sandbox, PATH, assignment('http://cdn.acme-couriers.example/drivers/dana-r.jpg'));
    expect(answer.status).toBe(400);
    expectContractAnswer('events', 'sendDeliveryUpdate', answer);
    expect(answer.body).toMatchObject({ code: 'invalid_request' });
    expect(answer.body.message).toContain('[driver-picture-https] the body: driver/picture_url is "http://cdn.acme-couriers.example/drivers/dana-r.jpg": its scheme is http, not https');
    const order = sandbox.state().orders.find((candidate) => (candidate as { id: string }).id === 'ord_7d2f9a41') as { driver?: unknown } | undefined;
    expect(order).toBeDefined();
    expect(order!.driver).toBeUndefined();
  });

  it('takes the same driver with an https picture', async () => {
    const { sandbox } = await openSandbox();
    const answer = await sendSigned(sandbox, PATH, assignment('https://cdn.acme-couriers.example/drivers/dana-r.jpg'));
    expect(answer.status, answer.text).toBe(204);
  });

  it("refuses a driver source written as a display name with the contract's invalid_request, naming the slug it meant, and takes the slug", async () => {
    const { sandbox } = await openSandbox();
    const sound = assignment('https://cdn.acme-couriers.example/drivers/dana-r.jpg');
    const driver = (source: string) => ({ ...sound, driver: { ...sound.driver, source } });
    const refused = await sendSigned(sandbox, PATH, driver('Acme Couriers'));
    expect(refused.status).toBe(400);
    expectContractAnswer('events', 'sendDeliveryUpdate', refused);
    expect(refused.body).toMatchObject({ code: 'invalid_request' });
    expect(refused.body.message).toContain('[driver-source-is-a-slug] the body: driver/source is "Acme Couriers": write it as a slug, lower-case words joined by hyphens ("acme-couriers")');
    const taken = await sendSigned(sandbox, PATH, driver('acme-couriers'));
    expect(taken.status, taken.text).toBe(204);
  });
});

describe('the sandbox checks a catalog object update against the catalog the POS served', () => {
  const update = (objectId: string) => ({ type: 'location.catalog.object.updated', object: { location_id: 'loc-downtown', object_id: objectId, object_type: 'item', object_update: { is_active: false } } });

  it('refuses an object the registered catalog of the location does not have with unknown_catalog_object, naming the relation, and takes one it has', async () => {
    const { sandbox } = await openSandbox();
    const registered = await call(sandbox, 'POST', '/_sandbox/catalogs', { json: { location_id: 'loc-downtown', provider_ids: ['cat-sides', 'item-fries-large'] } });
    expect(registered.status, registered.text).toBe(201);
    const refused = await sendSigned(sandbox, POS_WEBHOOK, update('item-fries-xl'));
    expect(refused.status).toBe(400);
    expectContractAnswer('pos', 'sendWebhookEvent', refused);
    expect(refused.body).toMatchObject({ code: 'unknown_catalog_object' });
    expect(refused.body.message).toContain('POS-SND-04 [catalog-object-in-served-catalog]: object.object_id "item-fries-xl" is not one your POS answered to getCatalog for "loc-downtown"');
    const taken = await sendSigned(sandbox, POS_WEBHOOK, update('item-fries-large'));
    expect(taken.status, taken.text).toBe(204);
  });

  it('takes any object for a location whose catalog nobody registered: it has nothing to judge by', async () => {
    const { sandbox } = await openSandbox();
    await call(sandbox, 'POST', '/_sandbox/catalogs', { json: { location_id: 'loc-mission', provider_ids: ['item-a'] } });
    const answer = await sendSigned(sandbox, POS_WEBHOOK, update('item-anything'));
    expect(answer.status, answer.text).toBe(204);
  });

  it('keeps ids, holders and locations named __proto__, constructor, toString or hasOwnProperty as plain ids: nothing polluted, nothing crashes, and the catalog still judges', async () => {
    const { sandbox } = await openSandbox();
    const names = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'];
    for (const location of [...names, 'loc-downtown']) {
      const registered = await call(sandbox, 'POST', '/_sandbox/catalogs', { raw: `{"location_id": ${JSON.stringify(location)}, "provider_ids": ${JSON.stringify(names)}, "holders": [["constructor", "__proto__"], ["toString", "hasOwnProperty"]], "__proto__": {"polluted": true}}` });
      expect([201, 400], `${location}: ${registered.text}`).toContain(registered.status);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
    const update = (location: string, objectId: string) => ({ type: 'location.catalog.object.updated', object: { location_id: location, object_id: objectId, object_type: 'item', object_update: { is_active: false } } });
    for (const location of ['loc-downtown', ...names]) {
      const listed = await sendSigned(sandbox, POS_WEBHOOK, update(location, 'constructor'));
      const unlisted = await sendSigned(sandbox, POS_WEBHOOK, update(location, 'item-not-listed'));
      const inherited = await sendSigned(sandbox, POS_WEBHOOK, update(location, 'valueOf'));
      // A location id the contract refuses is refused as such, never with a 500.
      if (listed.status === 400 && listed.body.code !== 'unknown_catalog_object' && unlisted.body.code !== 'unknown_catalog_object') {
        expect(listed.body.code, location).toBe(unlisted.body.code);
        continue;
      }
      expect(listed.status, `${location}: ${listed.text}`).toBe(204);
      expect(unlisted.status, `${location}: ${unlisted.text}`).toBe(400);
      expect(unlisted.body.code).toBe('unknown_catalog_object');
      expect(inherited.body.code, `${location}: an id the catalog inherits from no prototype is still unknown`).toBe('unknown_catalog_object');
    }
    const state = await call(sandbox, 'GET', '/_sandbox/state');
    expect(state.status).toBe(200);
    expect((await sendSigned(sandbox, POS_WEBHOOK, update('loc-downtown', 'toString'))).status).toBe(204);
  });

  it('refuses an in-store line filed under another family, or a modifier under another group, than the registered catalog, naming the rule, and takes the order filed as the catalog files it', async () => {
    const { sandbox } = await openSandbox();
    const holders = [['item-classic-single', 'fam-classic-burger'], ['item-soda-medium', 'fam-soda'], ['mod-american', 'mg-cheese'], ['mg-cheese', 'fam-classic-burger']];
    const registered = await call(sandbox, 'POST', '/_sandbox/catalogs', { json: { location_id: 'loc-downtown', provider_ids: [...new Set(holders.flat())], holders } });
    expect(registered.status, registered.text).toBe(201);
    const family = inStoreOrder();
    family.object.line_items[0].item_family_id = 'fam-soda';
    const familyAnswer = await sendSigned(sandbox, POS_WEBHOOK, family);
    expect(familyAnswer.status).toBe(400);
    expectContractAnswer('pos', 'sendWebhookEvent', familyAnswer);
    expect(familyAnswer.body).toMatchObject({ code: 'invalid_order' });
    expect(familyAnswer.body.message).toContain('[in-store-line-in-its-family] the body: object/line_items/0/item_family_id is "fam-soda", but provider_id "item-classic-single" is held by "fam-classic-burger"');
    expect(recorded(sandbox, family.object.provider_id)).toBe(false);
    const group = inStoreOrder();
    group.object.line_items[0].modifiers[0].modifier_group_id = 'mg-sauces';
    const groupAnswer = await sendSigned(sandbox, POS_WEBHOOK, group);
    expect(groupAnswer.status).toBe(400);
    expect(groupAnswer.body.message).toContain('[in-store-modifier-in-its-group] the body: object/line_items/0/modifiers/0/modifier_group_id is "mg-sauces", but provider_id "mod-american" is held by "mg-cheese"');
    const filed = inStoreOrder();
    const taken = await sendSigned(sandbox, POS_WEBHOOK, filed);
    expect(taken.status, taken.text).toBe(204);
    expect(recorded(sandbox, filed.object.provider_id)).toBe(true);
  });

  it('refuses an order of thousands of lines misfiled under an item a registered catalog holds in thousands of families at once, naming five of them and how many more', async () => {
    const { sandbox } = await openSandbox();
    const holders = Array.from({ length: 4_999 }, (_, index) => ['item-classic-single', `fam-${index}`]);
    const registered = await call(sandbox, 'POST', '/_sandbox/catalogs', { json: { location_id: 'loc-downtown', provider_ids: ['item-classic-single'], holders } });
    expect(registered.status, registered.text).toBe(201);
    const order = inStoreOrder();
    const line = { ...order.object.line_items[0], item_family_id: 'fam-elsewhere', modifiers: [] };
    order.object.line_items = Array.from({ length: 2_000 }, () => line);
    const started = Date.now();
    const answer = await sendSigned(sandbox, POS_WEBHOOK, order);
    expect(answer.status, answer.text.slice(0, 300)).toBe(400);
    expect(answer.body.message).toContain('is held by "fam-0", "fam-1", "fam-2", "fam-3", "fam-4" or 4,994 more');
    expect(answer.text.length).toBeLessThan(20_000);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('refuses a registration whose holders are not [member, holder] pairs of ids, saying what to send', async () => {
    const { sandbox } = await openSandbox();
    for (const holders of ['fam-a', [['item-a']], [['item-a', 7]], Array.from({ length: 5001 }, () => ['item-a', 'fam-a'])]) {
      const answer = await call(sandbox, 'POST', '/_sandbox/catalogs', { json: { location_id: 'loc-downtown', provider_ids: ['item-a'], holders } });
      expect(answer.status, JSON.stringify(holders).slice(0, 60)).toBe(400);
      expect(answer.body).toMatchObject({ code: 'invalid_request' });
      expect(answer.body.message).toMatch(/holders/);
    }
  });

  it('refuses a registration that is not a list of ids, saying what to send', async () => {
    const { sandbox } = await openSandbox();
    const answer = await call(sandbox, 'POST', '/_sandbox/catalogs', { json: { location_id: 'loc-downtown', provider_ids: 'item-a' } });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'invalid_request' });
    expect(answer.body.message).toContain('provider_ids must be a list of at most 5000 ids');
  });
});
