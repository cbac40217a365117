import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { guideMarkdown, type GuideContext } from '../../../plugins/llms/guideMarkdown';
import { readBundledSpec } from './bundledSpecs';
import { allRelations, valueRelationsData } from './relations';

const SPECS_DIST = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'specs', 'dist');
const spec = (api: string) => readBundledSpec(SPECS_DIST, api);

describe('the value relations a guide shows', () => {
  it("shows DSP-REL-01 once, with its sentence, every event whose receipt it covers and the contract's machine form", () => {
    const { rows } = valueRelationsData(spec('dsp'), 'dsp', ['DSP-REL-01']);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.statement).toBe("The receipt's `event_id` is the `event_id` of the event it answers, on the first delivery and on every repeat.");
    expect(rows[0]!.where).toContain('POST /stream-dsp/v1/event → 200');
    expect(rows[0]!.where).toContain('location.paused event → 200');
    expect(rows[0]!.rule).toBe('`$response.body#/event_id` equals `$request.body#/event_id` of the same exchange');
  });

  it('says how a contract-wide media type, a kept grant id and the spelling of error codes are judged', () => {
    const pos = allRelations(spec('pos'));
    expect(pos.find((row) => row.requirement === 'POS-REL-04')).toMatchObject({
      where: 'every error answer that lists its codes in `x-stream-error-codes`',
      rule: '`$response.body#/code` is one of the codes the answered response lists in `x-stream-error-codes`, spelled exactly',
    });
    expect(pos.find((row) => row.requirement === 'POS-REL-03')).toMatchObject({ where: 'every answer the contract gives as JSON', rule: '`$response.header.Content-Type` names the media type `application/json` (parameters allowed)' });
    expect(pos.find((row) => row.requirement === 'POS-REL-02')?.rule).toBe('`$response.body#/id` equals `$response.body#/id` of the first success answer');
  });

  it('fails the build for a requirement the spec states no relation for, listing the ones it does', () => {
    expect(() => valueRelationsData(spec('events'), 'events', ['EVT-REL-09'])).toThrow(/states no x-stream-relations, x-stream-rules or x-stream-backoff for EVT-REL-09\. It states: EVT-REL-01, EVT-REL-02, EVT-VAL-01, EVT-VAL-02, EVT-SEC-03, EVT-SND-03, EVT-SND-01\./);
  });

  it("shows a requirement with several named rules once, with each rule's sentence and its name in the machine form", () => {
    const { rows } = valueRelationsData(spec('pos'), 'pos', ['POS-CAT-07']);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.where).toBe('GET /stream-pos/v1/catalog → 200');
    expect(rows[0]!.statement).toContain('`min_selections` is at most its `max_selections`');
    expect(rows[0]!.statement).toContain('at most the number of modifiers');
    expect(rows[0]!.rule).toBe('`group-min-within-max`: `/min_selections` <= `/max_selections` in each `/modifier_group/*`, when both are given; `group-min-within-modifiers`: `/min_selections` <= `count(/modifier_ids)` in each `/modifier_group/*`, when both are given');
    expect(valueRelationsData(spec('dsp'), 'dsp', ['DSP-SND-03']).rows[0]).toMatchObject({ where: 'POST /order/{partner_id} request body', rule: '`pause-ends-after-it-starts`: `/data/end_time` > `/data/start_time`, when both are given, else refused with `400 invalid_time`; `pause-lasts-a-minute`: `/data/end_time` >= `/data/start_time` + 1 minutes, when both are given, else refused with `400 invalid_time`; `status-starts-when-sent`: `/data/start_time` >= `/occurred_at_ms` - 30 minutes, when both are given, else refused with `400 invalid_time`; `pause-ends-after-it-is-sent`: `/data/end_time` > `/occurred_at_ms`, when both are given, else refused with `400 invalid_time`' });
    expect(valueRelationsData(spec('pos'), 'pos', ['POS-OAU-10']).rows[0]!.rule).toBe('`access-token-outlives-a-minute`: every `/expire_time` given is later than the moment Stream receives the body by at least 60 seconds');
    expect(valueRelationsData(spec('dsp'), 'dsp', ['DSP-LOC-06']).rows[0]!.rule).toContain('`location-ids-stable`: every read lists the same `/locations/*/provider_id` as the first');
  });

  it("shows a location's state in its postal form and a menu schedule read in the location's zone, naming each rule", () => {
    expect(valueRelationsData(spec('dsp'), 'dsp', ['DSP-LOC-07']).rows[0]!.rule).toBe('`location-state-postal`: the `/state` of each `/locations/*/address` whose `/country` is `US` or `CA` is a two-letter code that country\'s postal service writes (`NY`, `QC`), not a name, lower case or dotted form');
    const hours = valueRelationsData(spec('pos'), 'pos', ['POS-CAT-13']).rows[0]!;
    expect(hours.statement).toContain('00:00-06:00');
    expect(hours.rule).toContain("`schedule-in-local-time` (a heuristic: certify warns): no day of a `/menu/*/schedule` is open over midnight and closed at noon in the `listLocations` `/timezone` of the location `Provider-Location-Id` names");
  });

  it("shows that a grant's id is none of the provider_ids the location list gives, in both OAuth contracts", () => {
    for (const api of ['pos', 'dsp'] as const) {
      const rule = valueRelationsData(spec(api), api, [`${api.toUpperCase()}-REL-02`]).rows[0]!.rule;
      expect(rule).toContain('`merchant-id-not-a-location-id`: `$response.body#/id` is none of the values `$response.body#/locations/*/provider_id` takes in any answer to `listLocations`: ids of different kinds never coincide');
    }
  });

  it("shows an in-store order's sums, times, meanings and location as the contract states them, with the code a broken one is refused with", () => {
    const { rows } = valueRelationsData(spec('pos'), 'pos', ['POS-SND-06']);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.where).toBe('POST /pos/{partner_slug}/webhook request body; incoming.order.created event → 204');
    expect(rows[0]!.statement).toContain("`subtotal` is the sum over its line items");
    expect(rows[0]!.rule).toBe(
      '`in-store-ready-after-placed`: `/requested_for` >= `/placed_at` in each `/object`, when both are given, else refused with `400 invalid_time`; ' +
        '`in-store-later-order-flagged-future`: `/requested_for` <= `/placed_at` + 120 minutes in each `/object`, when both are given, unless `/is_future_order` is `true`, else refused with `400 invalid_time`; ' +
        '`in-store-placed-just-now`: every `/object/placed_at` given lies between 30 minutes before and 5 minutes after the moment Stream receives the body, else refused with `400 invalid_time`; ' +
        '`in-store-line-in-its-family`: the `/item_family_id` of each `/object/line_items/*` names an object that holds the one its `/provider_id` names, in the menu or catalog it was ordered from, else refused with `400 invalid_order`; ' +
        '`in-store-modifier-in-its-group`: the `/modifier_group_id` of each `/object/line_items/*/modifiers/*` (and of each of its `/modifiers`) names an object that holds the one its `/provider_id` names, in the menu or catalog it was ordered from, else refused with `400 invalid_order`; ' +
        "`in-store-modifier-group-offered-at-its-level`: the `/modifier_group_id` of each of a `/object/line_items/*`'s `/modifiers` is a group offered with the object its `/provider_id` names, and of each `/modifiers` a group offered under the choice it is nested in (its `/provider_id`), in the menu or catalog it was ordered from, else refused with `400 invalid_order`; " +
        '`in-store-delivery-is-merchant-managed`: `/object/fulfillment_type` is never `delivery`, else refused with `400 invalid_order`; ' +
        '`in-store-delivery-address-in-its-country`: the `/latitude` and `/longitude` of each `/object/delivery_address` lie within 4,500 km of the reference point the IANA time zone database gives one of the zones of its `/country`, else refused with `400 invalid_order`; ' +
        '`in-store-delivery-state-postal`: the `/administrative_district_level_1` of each `/object/delivery_address` whose `/country` is `US` or `CA` is a two-letter code that country\'s postal service writes (`NY`, `QC`), not a name, lower case or dotted form, else refused with `400 invalid_order`; ' +
        '`in-store-subtotal-adds-up`: `/object/subtotal` = the sum over each `/object/line_items/*` of `/quantity` × (`/price_amount` + the same for each of its `/modifiers`, per unit), an absent amount counting as 0, else refused with `400 invalid_order`; ' +
        '`in-store-total-adds-up`: `/object/total` = `/object/subtotal` + `/object/tax` + `/object/tip` + `/object/delivery_fee` + `/object/service_charge` − `/object/discount_total`, an absent amount counting as 0, else refused with `400 invalid_order`; ' +
        '`in-store-order-names-a-listed-location`: `$request.body#/object/location_id` is one of the values `$response.body#/locations/*/provider_id` took in earlier answers to `listLocations`; ' +
        '`in-store-line-in-served-catalog`: `$request.body#/object/line_items/*/provider_id` is one of the values `$response.body#/*/*/provider_id` took in earlier answers to `getCatalog` for the location `$request.body#/object/location_id` names; ' +
        '`in-store-modifier-in-served-catalog`: `$request.body#/object/line_items/*/modifiers/*/provider_id` is one of the values `$response.body#/*/*/provider_id` took in earlier answers to `getCatalog` for the location `$request.body#/object/location_id` names',
    );
  });

  it('shows which list of a POS refusal names an unknown item and which an inactive or sold-out one, and that a catalog object update names an object of the served catalog', () => {
    const stock = valueRelationsData(spec('pos'), 'pos', ['POS-ORD-03']).rows[0]!;
    expect(stock.where).toBe('POST /stream-pos/v1/orders → 400');
    expect(stock.rule).toBe(
      '`unknown-item-is-invalid-cart`: an order whose line names an item the catalog does not list is refused with an entry { order_error: "invalid_cart" } in `/posValidation/orderValidation`; ' +
        '`inactive-item-is-out-of-stock`: an order whose line names an item the catalog lists with `is_active: false` is refused with an entry { type: "item", quantity: 0, provider_id: the line\'s item id } in `/posValidation/stockValidation`; ' +
        '`sold-out-item-is-out-of-stock`: an order whose line names an item the catalog lists with `stock_count: 0` is refused with an entry { type: "item", quantity: 0, provider_id: the line\'s item id } in `/posValidation/stockValidation`; ' +
        '`unknown-modifier-is-invalid-cart`: an order whose line carries a modifier the catalog does not list is refused with an entry { order_error: "invalid_cart" } in `/posValidation/orderValidation`; ' +
        '`inactive-modifier-is-out-of-stock`: an order whose line carries a modifier the catalog lists with `is_active: false` is refused with an entry { type: "modifier", quantity: 0, provider_id: the modifier id } in `/posValidation/stockValidation`',
    );
    const reference = valueRelationsData(spec('pos'), 'pos', ['POS-SND-04']).rows[0]!;
    expect(reference.rule).toBe('`object-update-names-a-listed-location`: `$request.body#/object/location_id` is one of the values `$response.body#/locations/*/provider_id` took in earlier answers to `listLocations`; `catalog-object-in-served-catalog`: `$request.body#/object/object_id` is one of the values `$response.body#/*/*/provider_id` took in earlier answers to `getCatalog` for the location `$request.body#/object/location_id` names, found under the key `$request.body#/object/object_type` names');
  });

  it("shows that a location's catalog leaves out a global catalog's fields, naming the reads it judges", () => {
    const { rows } = valueRelationsData(spec('pos'), 'pos', ['POS-CAT-10']);
    expect(rows).toEqual([
      {
        requirement: 'POS-CAT-10',
        statement: expect.stringContaining('carries no `location_overrides`, `menu_overrides` or `location_memberships`'),
        where: 'GET /stream-pos/v1/catalog → 200',
        rule: '`location-catalog-without-overrides`: none of `/*/*/location_overrides`, `/*/*/menu_overrides`, `/*/*/location_memberships` is given, in answers to reads with `Provider-Location-Id` and without `Provider-Merchant-Id`',
      },
    ]);
  });

  it("shows an events provider's https, slug, name and passcode rules on the driver it sends in one row, each with the code a broken one is refused with", () => {
    const { rows } = valueRelationsData(spec('events'), 'events', ['EVT-SND-01']);
    expect(rows).toEqual([
      {
        requirement: 'EVT-SND-01',
        statement:
          "An assign-driver event's `driver.picture_url`, when sent, is an `https` URL. An assign-driver event's `driver.source`, when sent, is a lower-case slug (`acme-couriers`, never `Acme Couriers` or `ACME_COURIERS`), since Stream passes it on as the `source` of the `driver_details` it sends. An assign-driver event's `driver.name` is the name the merchant calls the driver by, never the `order_id` or `location_id` the same event gives. An assign-driver event's `driver.passcode`, when sent, is the code the driver or robot shows or asks for at handoff, never the `order_id` or `location_id` the same event gives: the merchant already sees those ids, so they would let anyone collect the order.",
        where: 'POST /event-provider/{partner_slug}/webhook request body',
        rule:
          '`driver-picture-https`: every `/driver/picture_url` given is a URL whose scheme is `https`, else refused with `400 invalid_request`; `driver-source-is-a-slug`: every `/driver/source` given is a slug, lower-case letters and digits in words joined by hyphens (`acme-couriers`, not `Acme Couriers`), else refused with `400 invalid_request`; `driver-name-not-an-id`: every `/driver/name` differs from `/order_id`, `/location_id`, else refused with `400 invalid_request`; `driver-passcode-not-an-id`: every `/driver/passcode` differs from `/order_id`, `/location_id`, else refused with `400 invalid_request`',
      },
    ]);
  });

  it('shows the advice a should requirement warns on as advice, never with a code the body is refused with, beside the answer rule of the same requirement', () => {
    const { rows } = valueRelationsData(spec('events'), 'events', ['EVT-VAL-02']);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.where).toBe('POST /event → 201; POST /event-provider/{partner_slug}/webhook request body');
    expect(rows[0]!.rule).toBe(
      '`confirmed-prep-time-at-least-a-minute`: every `/order/prep_time_minutes` given is at least 1 minutes; `driver-name-reads-as-a-name`: every `/driver/name` reads as a name a person is called by, not a record key (advice: certify warns); ' +
        '`driver-details-omitted-not-filled`: every `/driver/vehicle_info/license_plate` and every `/driver/phone/code` given is not a stand-in for none (`N/A`, `none`, `-`, `0`): with nothing to give, it is left out (advice: certify warns); ' +
        '`driver-code-not-country-code`: every `/driver/phone/code` given is not a stand-in for none (`N/A`, `none`, `-`, `0`), nor the country calling code of `/driver/phone/number`: with nothing to give, it is left out (advice: certify warns)',
    );
  });

  it("shows a DSP's advice on a ready time, a future order's time, fees, a free modifier, a drop-off and a masked code in words, each marked as advice and none with a refusal code", () => {
    const { rows } = valueRelationsData(spec('dsp'), 'dsp', ['DSP-VAL-01']);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.where).toBe('POST /order/{partner_id} request body');
    expect(rows[0]!.rule).toBe(
      '`masked-code-not-the-country-code`: every `/data/customer/masked_phone_code` given is not a stand-in for none (`N/A`, `none`, `-`, `0`), nor the country calling code of `/data/customer/phone`: with nothing to give, it is left out (advice: certify warns); ' +
        '`ready-time-after-preparing`: `/data/estimated_ready_at_ms` >= `/occurred_at_ms` + 1 minutes, when both are given (advice: certify warns); ' +
        '`future-order-not-ready-as-soon-as-possible`: `/data/estimated_ready_at_ms` > `/occurred_at_ms` + 30 minutes, when both are given, only when `/data/is_future_order` is `true` (advice: certify warns); ' +
        '`fees-in-the-lowest-denomination`: every `/data/delivery_fee` and every `/data/service_charge` given that is not 0 is at least 100, or at least 1/100 of `/data/subtotal`: smaller, it reads as major units rounded (advice: certify warns); ' +
        '`free-modifier-not-charged`: under each `/data/items/*` and each of its `/modifiers` (and their `/nested_modifiers`), the choices of one `/modifier_group_id` charge no more than their menu prices less the cheapest units its `amount_of_modifiers_free` makes free, per unit of the parent (`/quantity` × `/price`, a free unit at 0) (advice: certify warns); ' +
        '`fee-tax-within-the-fee`: `/data/delivery_fee_taxes` <= `/data/delivery_fee`, when both are given (advice: certify warns); ' +
        "`drop-off-not-the-store`: `/data/delivery_address` is not the `/address` that the `/locations/*` of `listLocations` whose `/provider_id` is the body's `/location_id` gives (advice: certify warns)",
    );
  });

  it("shows an events provider's backoff with the numbers of the contract's x-stream-backoff, and other numbers when the contract states others", () => {
    const { rows } = valueRelationsData(spec('events'), 'events', ['EVT-SND-03']);
    expect(rows).toEqual([
      {
        requirement: 'EVT-SND-03',
        statement: 'Retry a timeout, a network error, a `429` or a `5xx` with backoff: wait before the first retry, and make each wait longer than the last.',
        where: 'POST /event-provider/{partner_slug}/webhook, while Stream is down',
        rule: '`retry-waits-grow`: while Stream answers `503` to 3 sends in a row, the first retry comes at least 100 ms after the refusal and each wait is longer than the one before it',
      },
    ]);
    const changed = structuredClone(spec('events'));
    Object.assign((changed.paths!['/event-provider/{partner_slug}/webhook'] as Record<string, Record<string, unknown>>).post!['x-stream-backoff'] as object, { first_wait_ms: 250, refusals: 4 });
    expect(valueRelationsData(changed, 'events', ['EVT-SND-03']).rows[0]!.rule).toContain('to 4 sends in a row, the first retry comes at least 250 ms after');
  });

  it('gives the Markdown copy the same relations, each with its anchor and a link to its requirement', () => {
    const context: GuideContext = { spec, reference: () => undefined, link: (url) => `https://docs.example${url}` };
    const source = "import ValueRelations from '@site/src/components/ValueRelations';\n\n# Orders\n\n<ValueRelations spec=\"dsp\" requirements=\"DSP-REL-01,DSP-REL-03\" />\n";
    const { markdown } = guideMarkdown(source, 'Orders', undefined, context);
    const lines = markdown.split('\n').filter((line) => line.startsWith('- '));
    expect(lines).toHaveLength(2);
    for (const row of valueRelationsData(spec('dsp'), 'dsp', ['DSP-REL-01', 'DSP-REL-03']).rows) {
      const line = lines.find((candidate) => candidate.includes(`<a id="${row.requirement.toLowerCase()}"></a>`));
      expect(line).toContain(`[\`${row.requirement}\`](https://docs.example/docs/become-a-stream-integration/certification#${row.requirement.toLowerCase()})`);
      expect(line).toContain(row.statement);
      expect(line).toContain(`In the contract: ${row.rule}.`);
    }
  });
});
