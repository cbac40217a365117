// The relations the contracts state in x-stream-relations: every one names a requirement of the
// catalogue, and the one judge certify uses finds a value an answer failed to keep.
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../src/certify/catalogue.js';
import { findTarget, AUDIENCES } from '../src/trigger/targets.js';
import { evaluate, judgeRelations, listRelations, type ObservedExchange } from '../src/relations.js';
import { sandboxRelations } from '../src/sandbox/relations.js';

function exchange(target: string, parts: Partial<ObservedExchange>): ObservedExchange {
  const found = findTarget(target);
  return {
    api: found.audience,
    operations: [found.operation, found.carrier],
    what: `send ${target}`,
    requestBody: undefined,
    requestHeaders: {},
    status: 200,
    responseHeaders: { 'content-type': 'application/json; charset=utf-8' },
    responseText: '{}',
    responseBody: undefined,
    ...parts,
  };
}

describe('the relations the contracts state', () => {
  for (const audience of AUDIENCES) {
    it(`names only requirements of the ${audience} catalogue, each with a statement`, () => {
      const ids = new Set(loadCatalogue(audience).requirements.map((requirement) => requirement.id));
      const relations = listRelations(audience);
      expect(relations.length).toBeGreaterThan(0);
      for (const relation of relations) {
        expect(ids.has(relation.requirement), relation.requirement).toBe(true);
        expect(relation.statement).toMatch(/\.$/);
      }
    });
  }

  it('has somewhere in the sandbox to look up every earlier answer a partner send must repeat: each POS event\'s location in the location list, an order status\'s order, an object update\'s object', () => {
    expect(() => AUDIENCES.map((audience) => sandboxRelations(audience))).not.toThrow();
    expect(sandboxRelations('pos').map(({ relation, code }) => [relation.event, relation.requirement, relation.in!.operation, code])).toEqual([
      ['location.catalog.updated', 'POS-SND-03', 'listLocations', 'unknown_location'],
      ['order.status.updated', 'POS-SND-01', 'listLocations', 'unknown_location'],
      ['order.status.updated', 'POS-SND-01', 'order.created', 'unknown_order'],
      ['location.status.updated', 'POS-SND-02', 'listLocations', 'unknown_location'],
      ['location.catalog.object.updated', 'POS-SND-04', 'listLocations', 'unknown_location'],
      ['location.catalog.object.updated', 'POS-SND-04', 'getCatalog', 'unknown_catalog_object'],
      ['location.connection.offline', 'POS-SND-05', 'listLocations', 'unknown_location'],
      ['incoming.order.created', 'POS-SND-06', 'listLocations', 'unknown_location'],
      ['incoming.order.created', 'POS-SND-06', 'getCatalog', 'unknown_catalog_object'],
      ['incoming.order.created', 'POS-SND-06', 'getCatalog', 'unknown_catalog_object'],
    ]);
  });
});

describe('judging exchanges against the relations', () => {
  const dsp = listRelations('dsp');

  it("finds a DSP receipt that echoes another event's event_id, naming DSP-REL-01 and both values", () => {
    const sent = { event_id: 'evt_1', type: 'location.paused' };
    const { covered, findings } = judgeRelations({
      relations: dsp,
      exchanges: [exchange('dsp:location.paused', { requestBody: sent, responseBody: { event_id: 'evt_1' } }), exchange('dsp:location.resumed', { requestBody: { ...sent, event_id: 'evt_2' }, responseBody: { event_id: 'evt_1' } })],
    });
    expect(covered).toBeGreaterThanOrEqual(4);
    expect(findings).toEqual([{ requirement: 'DSP-REL-01', what: 'send dsp:location.resumed', message: 'send dsp:location.resumed: $response.body#/event_id is "evt_1", but $request.body#/event_id is "evt_2"' }]);
  });

  it('finds a disconnect answer that names another location than the location_id of its query, naming the rule', () => {
    const call = (answered: string) =>
      exchange('dsp:disconnectLocation', { requestUrl: 'http://127.0.0.1:4102/stream-dsp/v1/locations/connection?location_id=store-0042', responseBody: { location_id: answered, connected: false } });
    const { findings } = judgeRelations({ relations: dsp, exchanges: [call('store-0042'), call('internal-77')] });
    expect(findings).toEqual([
      {
        requirement: 'DSP-REL-05',
        what: 'send dsp:disconnectLocation',
        message: '[disconnect-names-the-location] send dsp:disconnectLocation: $response.body#/location_id is "internal-77", but $request.query.location_id is "store-0042"',
      },
    ]);
  });

  it('finds a disconnect answer wrong when the call had no location_id to name, rather than passing it', () => {
    const { findings } = judgeRelations({ relations: dsp, exchanges: [exchange('dsp:disconnectLocation', { requestUrl: '/stream-dsp/v1/locations/connection', responseBody: { location_id: 'store-0042', connected: false } })] });
    expect(findings.map((finding) => finding.message)).toEqual(['[disconnect-names-the-location] send dsp:disconnectLocation: $response.body#/location_id is "store-0042", but $request.query.location_id is nothing']);
  });

  it('accepts application/json with a charset parameter and in any case, and finds text/plain and a missing Content-Type', () => {
    const answers = ['application/json; charset=utf-8', 'Application/JSON', 'text/plain; charset=utf-8', undefined].map((type) =>
      exchange('dsp:getLocationConnection', { status: 200, responseHeaders: type === undefined ? {} : { 'content-type': type }, responseText: '{"location_id":"a","connected":true}' }),
    );
    const { findings } = judgeRelations({ relations: dsp.filter((relation) => relation.requirement === 'DSP-REL-03'), exchanges: answers });
    expect(findings.map((finding) => finding.message)).toEqual([
      'send dsp:getLocationConnection: answered 200 with Content-Type "text/plain; charset=utf-8", not application/json',
      'send dsp:getLocationConnection: answered 200 with Content-Type nothing, not application/json',
    ]);
  });

  it('finds an error code spelled otherwise than the contract lists it, naming the right spelling and every listed code', () => {
    const refusal = (code: unknown, status = 401) => exchange('pos:exchangeToken', { status, responseBody: { code, message: 'no' }, requirement: 'POS-OAU-04' });
    const relations = listRelations('pos').filter((relation) => relation.requirement === 'POS-REL-04');
    const { covered, findings } = judgeRelations({ relations, exchanges: [refusal('invalid_grant'), refusal('INVALID_GRANT'), refusal('invalid-grant'), refusal('expired_code'), refusal('invalid_request', 400)] });
    expect(covered).toBe(5);
    expect(findings.map((finding) => finding.message)).toEqual([
      "send pos:exchangeToken (POS-OAU-04's call): answered 401, its code is \"INVALID_GRANT\" (spell it invalid_grant); the contract lists invalid_client, invalid_grant for this answer, spelled exactly",
      "send pos:exchangeToken (POS-OAU-04's call): answered 401, its code is \"invalid-grant\" (spell it invalid_grant); the contract lists invalid_client, invalid_grant for this answer, spelled exactly",
      "send pos:exchangeToken (POS-OAU-04's call): answered 401, its code is \"expired_code\"; the contract lists invalid_client, invalid_grant for this answer, spelled exactly",
    ]);
    // A success answer and an answer whose body is not the Error shape list no codes: not covered.
    expect(judgeRelations({ relations, exchanges: [exchange('pos:exchangeToken', { status: 201, responseBody: { code: 'x' } }), exchange('pos:order.created', { status: 400, responseBody: { posValidation: {} } })] }).covered).toBe(0);
  });

  it("finds a refresh whose grant names another merchant than the first grant's, and passes when every grant names the same one", () => {
    const grant = (id: string) => exchange('pos:exchangeToken', { status: 201, responseBody: { id } });
    const relations = listRelations('pos').filter((relation) => relation.requirement === 'POS-REL-02');
    expect(judgeRelations({ relations, exchanges: [grant('m-1'), grant('m-1'), grant('m-1')] }).findings).toEqual([]);
    const broken = judgeRelations({ relations, exchanges: [grant('m-1'), grant('m-1'), grant('m-2')] });
    expect(broken.findings.map((finding) => finding.message)).toEqual(["send pos:exchangeToken: the answer's /id is \"m-2\", but the first answer (send pos:exchangeToken) gave \"m-1\""]);
  });

  it("finds a grant whose id is a location's provider_id, listed before or after it, and passes ids of their own kind", () => {
    for (const api of ['pos', 'dsp'] as const) {
      const relations = listRelations(api).filter((relation) => relation.rule === 'merchant-id-not-a-location-id');
      const grant = (id: string) => exchange(`${api}:exchangeToken`, { status: api === 'pos' ? 201 : 200, requestBody: { client_id: 'stream-client' }, responseBody: { id } });
      const list = exchange(`${api}:listLocations`, { responseBody: { locations: [{ provider_id: 'store-0042' }, { provider_id: 'store-0057' }] } });
      expect(judgeRelations({ relations, exchanges: [grant('merchant_5521'), list] }).findings).toEqual([]);
      const broken = judgeRelations({ relations, exchanges: [grant('store-0042'), list] });
      expect(broken.findings.map((finding) => finding.message)).toEqual([
        `[merchant-id-not-a-location-id] send ${api}:exchangeToken: $response.body#/id is "store-0042", which send ${api}:listLocations (listLocations) also gives at $response.body#/locations/*/provider_id: an id of another kind`,
      ]);
      // A refused list names no locations of the merchant's.
      expect(judgeRelations({ relations, exchanges: [grant('store-0042'), { ...list, status: 401 }] }).findings).toEqual([]);
    }
  });

  it('finds a connect that answers the connection before the call (connected: false) and a disconnect that answers true, for any location', () => {
    const relations = listRelations('dsp').filter((relation) => relation.requirement === 'DSP-REL-06');
    expect(relations.map((relation) => [relation.rule, relation.operationId, relation.is])).toEqual([
      ['connect-answers-connected', 'connectLocation', true],
      ['disconnect-answers-disconnected', 'disconnectLocation', false],
    ]);
    const call = (target: string, connected: boolean) => exchange(target, { requestBody: { location_id: 'store-1' }, responseBody: { location_id: 'store-1', connected } });
    expect(judgeRelations({ relations, exchanges: [call('dsp:connectLocation', true), call('dsp:disconnectLocation', false)] })).toEqual({ covered: 2, findings: [] });
    const broken = judgeRelations({ relations, exchanges: [call('dsp:connectLocation', false), call('dsp:disconnectLocation', true)] });
    expect(broken.findings.map((finding) => finding.message)).toEqual([
      "send dsp:connectLocation: the answer's /connected is false, not true: the answer gives the state the call left, not the state before it",
      "send dsp:disconnectLocation: the answer's /connected is true, not false: the answer gives the state the call left, not the state before it",
    ]);
  });

  it('leaves relations on what Stream answers to the sandbox: certify never judges them', () => {
    const update = exchange('pos:order.updated', { status: 201, requestBody: { object: { order_id: 'pos-1' } }, responseBody: { order: { provider_id: 'pos-1' } } });
    const { covered, findings } = judgeRelations({ relations: listRelations('pos').filter((relation) => relation.requirement === 'POS-SND-01'), exchanges: [update] });
    expect({ covered, findings }).toEqual({ covered: 0, findings: [] });
  });

  it("reads each exchange's own value for an expression used again: an escaped body pointer, a header in any case, a query, the whole body", () => {
    const first = exchange('pos:order.updated', { requestBody: { 'a/b': { '~c': 1 } }, requestHeaders: { 'Stream-Signature': 'one' }, requestUrl: '/x?location_id=loc-1' });
    const second = exchange('pos:order.updated', { requestBody: { 'a/b': { '~c': 2 } }, requestHeaders: { 'stream-signature': 'two' }, requestUrl: '/x' });
    const read = (expression: string) => [first, second].map((observed) => evaluate(expression, observed));
    expect(read('$request.body#/a~1b/~0c')).toEqual([{ found: true, value: 1 }, { found: true, value: 2 }]);
    expect(read('$request.header.stream-signature')).toEqual([{ found: true, value: 'one' }, { found: true, value: 'two' }]);
    expect(read('$request.query.location_id')).toEqual([{ found: true, value: 'loc-1' }, { found: false, value: undefined }]);
    expect(read('$request.body#')).toEqual([{ found: true, value: first.requestBody }, { found: true, value: second.requestBody }]);
    expect(read('$request.body#/missing')).toEqual([{ found: false, value: undefined }, { found: false, value: undefined }]);
    expect(read('not an expression')).toEqual([{ found: false, value: undefined }, { found: false, value: undefined }]);
  });
});
