// The DSP requirements: Stream's calls to the DSP's endpoints, and what the DSP sends Stream.
import { randomBytes } from 'node:crypto';
import type { HttpExchange } from '../http.js';
import { judge } from '../judge.js';
import { pagedIssue } from './answer-marks.js';
import type { SandboxExchange } from '../sandbox/index.js';
import { expectFromPartner } from './checks-arrivals.js';
import { accessToken, oauthChecks } from './checks-oauth.js';
import { bearerConfusion, withCredentialConfusion } from './credential-confusion.js';
import { assertContract, bearerRefusals, CONNECTION_CALL_REPEATED, UNKNOWN_LOCATION_EVERY_CALL, SIGNATURE_REFUSAL_NOT_RECORDED, eventBody, invalidBodyRefusal, rawBytesAcceptance, signatureRefusal, unknownFieldsAcceptance, type SignedBody, timingCheck } from './checks-shared.js';
import { refusalIssues, unknownToken } from './refusals.js';
import { authorizeRefusalCheck } from './authorize-refusals.js';
import { repeatDifference } from './repeat-answer.js';
import { dedupeOverSequence } from './dedupe-sequence.js';
import { connectOtherLocations } from './connect-every-location.js';
import { rotationCheck } from './rotation.js';
import { caseTurned, LOCATION_ID_COMPARED_EXACTLY, unknownLocationCheck } from './unknown-location.js';
import { unknownTypeCheck } from './unknown-type.js';
import { loadCatalogue } from './catalogue.js';
import { answered, Blocked, fail, pass, type CertifyContext, type Check } from './context.js';
import { blockIfBaseRefused } from './base-bodies.js';
import { anyStateIssues, heldMenuLocation } from './any-state.js';
import { REPEAT_DOWNLOADS_NOTHING, refusedWorkIssues } from './refused-no-work.js';
import { changedLinkIssue } from './verbatim-download.js';
import { sendRetryCheck, type SendRetryOptions } from './send-retry.js';
import { finalAnswers } from '../final-answers.js';

type Json = Record<string, unknown>;

export function firstLocation(context: CertifyContext): Promise<string> {
  return context.once('dsp-location', async () => {
    const exchange = await context.call('list locations', { target: context.target('listLocations'), token: await accessToken(context) });
    const locations = (exchange.json as { locations?: { provider_id?: unknown }[] } | undefined)?.locations;
    const id = Array.isArray(locations) ? locations.find((location) => typeof location?.provider_id === 'string')?.provider_id : undefined;
    if (typeof id !== 'string') throw new Blocked(`no location to work with: GET /stream-dsp/v1/locations ${answered(exchange)}`, 'DSP-LOC-01');
    return id;
  });
}

/** A Stream-to-DSP event from the contract's example, for the DSP's first location, with a fresh event_id. */
export async function dspEvent(context: CertifyContext, name: string, sets: Json = {}): Promise<Json> {
  const target = context.target(name);
  const body = eventBody(target, undefined, { event_id: `evt_cert_${randomBytes(8).toString('hex')}`, location_id: await firstLocation(context), ...sets });
  assertContract(target, body);
  return body;
}

// A DSP that downloads on a repeat does so about as fast as it did for the first delivery: twice that long, within bounds.
const REPEAT_WATCH_MS = 1500;
const REPEAT_WATCH_MAX_MS = 10_000;

/** The menu forms to publish: both unless `--menu-version` names one. */
function menuVersions(context: CertifyContext): readonly ('v1' | 'v2')[] {
  return context.config.menuVersions ?? ['v1', 'v2'];
}

/** The menu link a `location.publish` carries: the sandbox's, so the download can be watched. */
/** The `token` a menu link carries, which names the publish it came from; undefined for a URL without one. */
function linkToken(url: string): string | undefined {
  return new URLSearchParams(url.includes('?') ? url.slice(url.indexOf('?') + 1) : '').get('token') ?? undefined;
}

async function menuLink(context: CertifyContext, locationId: string, version = menuVersions(context)[0]!): Promise<Json> {
  if (context.sandbox === undefined) return { 'data.menu_version': version };
  return { 'data.menu_file_url': await context.sandbox.publishMenu(locationId, version), 'data.menu_version': version };
}

/** A location the DSP lists that no event of this run has named: the last listed, when it is not the first. */
function unpublishedLocation(context: CertifyContext): Promise<string | undefined> {
  return context.once('dsp-unpublished-location', async () => {
    const exchange = await context.call('list locations, for one no event has named', { target: context.target('listLocations'), token: await accessToken(context) });
    const ids = ((exchange.json as { locations?: { provider_id?: unknown }[] } | undefined)?.locations ?? []).map((location) => location?.provider_id).filter((id): id is string => typeof id === 'string');
    const first = await firstLocation(context);
    return ids.reverse().find((id) => id !== first);
  });
}

/** The same event in the states the contract names (x-stream-any-state): for a location with no location.publish, and again under a new event_id. */
function inAnyState(context: CertifyContext, name: string): Promise<string[]> {
  return anyStateIssues(context, {
    event: name,
    make: (event) => dspEvent(context, event, event.startsWith('location.order.') ? { 'data.order_id': `ord_cert_${randomBytes(5).toString('hex')}` } : {}),
    freshSubject: () => unpublishedLocation(context),
    heldSubject: () => heldMenuLocation({ context, location: () => firstLocation(context) }),
  });
}

function eventCheck(name: string): Check {
  return async (context) => {
    const target = context.target(name);
    const extra = name === 'location.publish' ? await menuLink(context, await firstLocation(context)) : {};
    const exchange = await context.call(`send ${name}`, { target, body: await dspEvent(context, name, extra), token: await accessToken(context) });
    const verdict = judge(target.operation, exchange);
    if (verdict.ok) {
      // A menu publish is the event that opens a location's state; every other event is sent in the states around it.
      const states = name === 'location.publish' ? [] : await inAnyState(context, name);
      return states.length === 0 ? pass() : fail(states.join('; '), "200 with EventReceipt whatever came before: a location with no location.publish and a repeat under a new event_id are no reason to refuse a valid event");
    }
    // The checks that vary this event are blocked by this requirement when it is refused: say what the DSP answered.
    const refusal = exchange.status !== undefined && exchange.status >= 400 ? `${name} as certify builds it for every ${name} check ${answered(exchange)}: ` : '';
    return fail(`${refusal}${verdict.issues.join('; ')}`, '200 with EventReceipt');
  };
}

function bearerCalls(context: CertifyContext, locationId: string, event: Json) {
  return [
    { name: 'list locations', target: context.target('listLocations') },
    { name: 'read a connection', target: context.target('getLocationConnection'), params: { location_id: locationId } },
    { name: 'connect a location', target: context.target('connectLocation'), body: { location_id: locationId } },
    { name: 'disconnect a location', target: context.target('disconnectLocation'), params: { location_id: locationId } },
    { name: 'send an event', target: context.target('location.paused'), body: event },
  ];
}

function connectionCheck(name: 'getLocationConnection' | 'connectLocation' | 'disconnectLocation'): Check {
  return async (context) => {
    const target = context.target(name);
    const locationId = await firstLocation(context);
    const send = async (what: string) =>
      context.call(what, { target, token: await accessToken(context), ...(name === 'connectLocation' ? { body: { location_id: locationId } } : { params: { location_id: locationId } }) });
    try {
      const first = await send(name);
      const verdict = judge(target.operation, first);
      if (!verdict.ok) return fail(verdict.issues.join('; '), '200 with Connection');
      if (name === 'getLocationConnection') return pass();
      // Stream repeats a connect or disconnect whose answer it lost: the contract answers one already done as the first.
      const verb = name === 'connectLocation' ? 'connect' : 'disconnect';
      const again = judge(target.operation, await send(`${verb} the same location again`), [String(first.status)]);
      if (!again.ok) return fail(`[${CONNECTION_CALL_REPEATED}] ${verb} ${locationId} a second time: ${again.issues.join('; ')}`, `200 with Connection again: a location already ${verb}ed answers as one just ${verb}ed`);
      // A merchant connects each of its stores: the others listed are connected too.
      if (name === 'connectLocation') return connectOtherLocations({ context, token: await accessToken(context), first: locationId });
      return pass(`${verb}ed ${locationId} twice, 200 both times`);
    } finally {
      // The checks that follow expect the first location connected.
      if (name !== 'getLocationConnection') await context.call('leave the location connected', { target: context.target('connectLocation'), body: { location_id: locationId }, token: await accessToken(context) });
    }
  };
}

/**
 * A 2xx other than the 200 an event's contract lists is the finding of the requirement about that
 * event's own answer (DSP-EVT-05 for location.paused): a later check that needs the event blocks on it.
 */
function ownAnswer(name: string, exchange: HttpExchange): void {
  if (exchange.status === undefined || exchange.status === 200 || exchange.status < 200 || exchange.status >= 300) return;
  const owner = loadCatalogue('dsp').requirements.find((requirement) => requirement.contract.event === name)?.id;
  throw new Blocked(`${name} ${answered(exchange)}, not 200`, owner);
}

/** A store cancellation, for the signature checks: its `reason` is free text, so it can carry non-ASCII. */
function signedEvent(context: CertifyContext): SignedBody {
  return { make: () => dspEvent(context, 'location.order.cancel', { 'data.order_id': `ord_cert_${randomBytes(5).toString('hex')}` }), textPath: 'data.reason' };
}

const SENT_TYPES = { 'DSP-SND-01': 'new_order', 'DSP-SND-02': 'cancel_order', 'DSP-SND-03': 'store_status_update' } as const;

/** Asks the send command for one new_order of a fresh id, for the send-retry checks. */
function newOrderAsk(locationId: string): SendRetryOptions {
  const orderId = `dsp-ord-${randomBytes(3).toString('hex')}`;
  return {
    operation: 'dsp:sendOrderEvent',
    event: 'new_order',
    instruction: `Send a new order (type new_order) for location ${locationId} with id ${orderId}.`,
    values: { location_id: locationId, order_id: orderId },
    subjectOf: (exchange) => (exchange.requestBody as { data?: { id?: unknown } } | undefined)?.data?.id,
    subject: orderId,
    sentBy: 'DSP-SND-01',
  };
}

export const DSP_CHECKS: Readonly<Record<string, Check>> = {
  ...withCredentialConfusion('DSP', oauthChecks('DSP', '200')),
  'DSP-OAU-11': rotationCheck(),
  'DSP-OAU-12': authorizeRefusalCheck(),
  'DSP-SEC-01': async (context) => bearerRefusals(context, bearerCalls(context, await firstLocation(context), await dspEvent(context, 'location.paused')), null),
  'DSP-SEC-02': async (context) => {
    const calls = bearerCalls(context, await firstLocation(context), await dspEvent(context, 'location.paused'));
    return bearerConfusion(context, 'DSP', await bearerRefusals(context, calls, unknownToken()), calls);
  },
  'DSP-SEC-03': async (context) => signatureRefusal(context, context.target('location.order.cancel'), signedEvent(context), 'missing'),
  'DSP-SEC-04': async (context) => signatureRefusal(context, context.target('location.order.cancel'), signedEvent(context), 'wrong'),
  'DSP-SEC-06': async (context) => rawBytesAcceptance(context, context.target('location.order.cancel'), signedEvent(context)),
  'DSP-SEC-05': async (context) => invalidBodyRefusal(context, context.target('location.paused'), await dspEvent(context, 'location.paused'), 'event_id'),
  'DSP-LOC-01': async (context) => {
    const exchange = await context.call('list locations', { target: context.target('listLocations'), token: await accessToken(context) });
    const verdict = judge(context.target('listLocations').operation, exchange);
    if (!verdict.ok) return fail(verdict.issues.join('; '), '200 with LocationList');
    const count = (exchange.json as { locations: unknown[] }).locations.length;
    if (count === 0) return fail('the list is empty: Stream cannot connect a merchant with no locations', 'at least one location');
    const paged = pagedIssue(context.target('listLocations').operation, exchange);
    return paged === undefined ? pass(`${count} location(s)`) : fail(paged, 'every location in the one answer, with no next page');
  },
  'DSP-LOC-02': connectionCheck('getLocationConnection'),
  'DSP-LOC-03': connectionCheck('connectLocation'),
  'DSP-LOC-04': connectionCheck('disconnectLocation'),
  'DSP-LOC-05': async (context) => {
    const exchange = await context.call('read the connection of an unknown location', {
      target: context.target('getLocationConnection'),
      token: await accessToken(context),
      params: { location_id: `certify-unknown-${randomBytes(3).toString('hex')}` },
    });
    const issues = refusalIssues(context.target('getLocationConnection'), exchange, 404);
    if (issues.length > 0) return fail(`an unknown location: ${issues.join('; ')}`, "404 with the contract's Error body");
    // Connecting and disconnecting a location the merchant does not have are refused the same way, as the contract's 404s say.
    const others = await unknownLocationCheck(['connectLocation', 'disconnectLocation'])(context);
    if (!others.passed) return fail(`[${UNKNOWN_LOCATION_EVERY_CALL}] ${others.reason ?? ''}`, others.expected);
    // A listed id in other letter case is another id: a case-insensitive look-up (a collation) finds a store the merchant does not have.
    const listed = await firstLocation(context);
    const turned = caseTurned(listed);
    if (turned === listed) return pass(`3 calls refused the unknown location: ${others.reason ?? ''}`);
    const near = await unknownLocationCheck(['getLocationConnection', 'connectLocation'], turned)(context);
    if (!near.passed) return fail(`[${LOCATION_ID_COMPARED_EXACTLY}] ${turned} differs from the listed ${listed} only in letter case: ${near.reason ?? ''}`, near.expected);
    return pass(`3 calls refused the unknown location, 2 more its look-alike ${turned}: ${others.reason ?? ''}`);
  },
  'DSP-EVT-01': eventCheck('location.order.accept'),
  'DSP-EVT-02': eventCheck('location.order.fail'),
  'DSP-EVT-03': eventCheck('location.order.notify_status_change'),
  'DSP-EVT-04': eventCheck('location.order.cancel'),
  'DSP-EVT-05': eventCheck('location.paused'),
  'DSP-EVT-06': eventCheck('location.resumed'),
  'DSP-EVT-07': eventCheck('location.publish'),
  'DSP-EVT-08': eventCheck('location.update'),
  'DSP-EVT-09': async (context) => {
    const target = context.target('location.paused');
    const body = await dspEvent(context, 'location.paused');
    const token = await accessToken(context);
    const first = await context.call('send location.paused', { target, body, token });
    const again = await context.call('send the same event again', { target, body, token });
    if (again.status !== 200) {
      await blockIfBaseRefused(context, { target, make: () => dspEvent(context, 'location.paused') });
      return fail(`the repeat ${answered(again)}`, '200 again, with duplicate: true');
    }
    const duplicate = (again.json as { duplicate?: unknown } | undefined)?.duplicate;
    if (duplicate !== true) return fail(`the repeat was acknowledged but without duplicate: true (${again.bodyText})`, '200 with duplicate: true for an event_id already processed');
    const differs = repeatDifference(target, first, again);
    if (differs !== undefined) return fail(differs, '200 with the first receipt again, duplicate: true');
    // Then after other events: one of another type, one of the same type (A, B, A, C, A).
    // A publish in between too: a DSP that rebuilds a store's state from each new menu must keep its event_ids.
    const make = async (type: string) => (type === 'location.publish' ? dspEvent(context, type, await menuLink(context, await firstLocation(context))) : dspEvent(context, type));
    return dedupeOverSequence({ context, token, first: body, firstType: 'location.paused', make, between: ['location.resumed', 'location.publish', 'location.paused'] });
  },
  'DSP-EVT-10': timingCheck(),
  'DSP-EVT-12': async (context) => unknownFieldsAcceptance(context, context.target('location.order.cancel'), signedEvent(context).make, 'data'),
  'DSP-EVT-13': async (context) => {
    // A DSP that deduplicates on order_id instead of event_id drops the second event about an order.
    const orderId = `ord_cert_${randomBytes(5).toString('hex')}`;
    const token = await accessToken(context);
    const steps = [
      ['location.order.accept', {}],
      ['location.order.notify_status_change', {}],
      ['location.order.cancel', {}],
    ] as const;
    for (const [name, sets] of steps) {
      const exchange = await context.call(`send ${name} for order ${orderId}`, { target: context.target(name), body: await dspEvent(context, name, { 'data.order_id': orderId, ...sets }), token });
      ownAnswer(name, exchange);
      if (exchange.status !== 200) {
        // The same event about an order of its own answered so too is that event's requirement's finding.
        await blockIfBaseRefused(context, { target: context.target(name), make: () => dspEvent(context, name, { 'data.order_id': `ord_cert_${randomBytes(5).toString('hex')}` }) });
        return fail(`${name} for order ${orderId}, after an earlier event about the same order, ${answered(exchange)}`, '200: each new event_id is processed');
      }
      if ((exchange.json as { duplicate?: unknown } | undefined)?.duplicate === true) {
        return fail(`${name} for order ${orderId} was answered duplicate: true, though its event_id is new: it was deduplicated on the order, not on event_id (${exchange.bodyText})`, 'deduplicate on event_id only: two events about one order are both processed');
      }
    }
    return pass(`${steps.length} events about order ${orderId}, each processed`);
  },
  'DSP-SEQ-06': async (context) => {
    // Stream resends an event it got a 401 for once it has refreshed its token: that event was never processed.
    const target = context.target('location.paused');
    const body = await dspEvent(context, 'location.paused');
    const refused = await context.call('send location.paused with an access token the DSP never issued', { target, body, token: unknownToken() });
    if (refused.status !== 401) throw new Blocked(`an event with an unknown access token ${answered(refused)}, not 401`, 'DSP-SEC-02');
    const token = await accessToken(context);
    const resent = await context.call('resend the same event with the live access token', { target, body, token });
    ownAnswer('location.paused', resent);
    // An event never refused that is not acknowledged either is DSP-EVT-05's finding, not the resend's.
    const fresh = () => dspEvent(context, 'location.paused');
    if (resent.status !== 200) {
      await blockIfBaseRefused(context, { target, make: fresh });
      return fail(`the resend after a 401 ${answered(resent)}`, '200: the event was not processed when it was refused, so its resend is a first delivery');
    }
    if ((resent.json as { duplicate?: unknown } | undefined)?.duplicate === true) {
      return fail(`the resend after a 401 was answered duplicate: true (${resent.bodyText}): the event_id was recorded before the token was checked, so the event is never processed`, 'record an event_id only once the bearer token and the signature pass');
    }
    // The same with a live token and a signature that does not verify: a 401 for the signature is no delivery either.
    const second = await dspEvent(context, 'location.paused');
    const unsigned = await context.call('send location.paused signed with a secret that is not the webhook secret', { target, body: second, token, webhookSecret: `whsec_certify_other_${randomBytes(4).toString('hex')}` });
    if (unsigned.status !== 401) throw new Blocked(`an event with a signature that does not verify ${answered(unsigned)}, not 401`, 'DSP-SEC-03');
    const signed = await context.call('resend the same event signed with the webhook secret', { target, body: second, token });
    ownAnswer('location.paused', signed);
    if (signed.status !== 200) {
      await blockIfBaseRefused(context, { target, make: fresh });
      return fail(`[${SIGNATURE_REFUSAL_NOT_RECORDED}] the resend after a 401 for its signature ${answered(signed)}`, '200: the event was not processed when it was refused, so its resend is a first delivery');
    }
    if ((signed.json as { duplicate?: unknown } | undefined)?.duplicate === true) {
      return fail(`[${SIGNATURE_REFUSAL_NOT_RECORDED}] the resend after a 401 for its signature was answered duplicate: true (${signed.bodyText}): the event_id was recorded before the signature was checked, so the event is never processed`, 'record an event_id only once the bearer token and the signature pass');
    }
    // Nor does a refused event start any work: a forged location.publish's menu link is never fetched.
    const locationId = await firstLocation(context);
    const version = menuVersions(context)[0]!;
    const worked = await refusedWorkIssues({ context, locationId, token, version, publish: (link) => dspEvent(context, 'location.publish', { 'data.menu_file_url': link, 'data.menu_version': version }) });
    if (worked.length > 0) return fail(worked.join('; '), 'verify the bearer token and Stream-Signature before any work: an event answered 401 starts no download');
    return pass(`two events resent after a 401 (bearer token, then signature), each processed as a first delivery${context.sandbox === undefined ? '' : '; two forged location.publish events refused with 401, their menu links never fetched'}`);
  },
  'DSP-EVT-11': unknownTypeCheck({
    target: (context) => context.target('location.paused'),
    body: async (context) => ({ event_id: `evt_cert_${randomBytes(4).toString('hex')}`, type: 'location.renamed', location_id: await firstLocation(context), occurred_at_ms: context.config.now(), data: {} }),
    acknowledged: 200,
    token: accessToken,
  }),
  'DSP-MNU-01': async (context) => {
    const sandbox = context.sandbox;
    if (sandbox === undefined) throw new Blocked('no sandbox: the menu download is watched through the sandbox (drop --skip-sandbox)');
    const locationId = await firstLocation(context);
    const target = context.target('location.publish');
    // Stream publishes v1 or v2 depending on a partner flag: a DSP must take both forms.
    for (const version of menuVersions(context)) {
      const after = await sandbox.mark();
      const link = await menuLink(context, locationId, version);
      const body = await dspEvent(context, 'location.publish', link);
      const sentAt = Date.now();
      const published = await context.call(`send location.publish with a ${version} menu`, { target, body, token: await accessToken(context) });
      // Acknowledging location.publish is DSP-EVT-07's rule: a wrong answer blocks the download check rather than failing it twice.
      if (published.status !== 200) throw new Blocked(`location.publish with a ${version} menu ${answered(published)}`, 'DSP-EVT-07');
      // The download of this event's link, not the first download after it: a DSP that downloads after answering
      // may still be fetching the link of an earlier location.publish, which this one replaced (403 menu_link_expired).
      const token = linkToken(String(link['data.menu_file_url']));
      const download = await sandbox.waitFor(after, (exchange) => exchange.operation === 'dsp:getMenuFile' && linkToken(exchange.path) === token, context.within(Math.min(context.config.waitMs, 20_000)));
      if (download === undefined) {
        const other = await sandbox.waitFor(after, (exchange) => exchange.operation === 'dsp:getMenuFile', 0);
        const seen = other === undefined ? '' : `; the DSP downloaded another link instead (${other.status}: ${other.note ?? ''})`;
        return fail(`the ${version} menu file was not downloaded from the link location.publish carried${seen}`, 'GET the event\'s menu_file_url');
      }
      const changed = changedLinkIssue({ link: String(link['data.menu_file_url']), requested: download.path });
      if (changed !== undefined) return fail(changed, 'GET menu_file_url exactly as the event gives it: add, drop or reorder no query parameter (no cache buster; the link changes with each publish)');
      if (download.status !== 200) return fail(`the ${version} menu download was refused with ${download.status}: ${download.note ?? ''}`, 'GET the exact menu_file_url the event carries');
      // A repeat of the same event (Stream's retry after a lost answer) is answered duplicate: true and processed no further.
      const before = await sandbox.mark();
      await context.call(`send the same location.publish (${version}) again`, { target, body, token: await accessToken(context) });
      const again = await sandbox.waitFor(before, (exchange) => exchange.operation === 'dsp:getMenuFile' && linkToken(exchange.path) === token, context.within(Math.min(REPEAT_WATCH_MAX_MS, Math.max(REPEAT_WATCH_MS, 2 * (Date.parse(download.at) - sentAt) + 500))));
      if (again !== undefined) return fail(`[${REPEAT_DOWNLOADS_NOTHING}] the ${version} menu was downloaded again for a repeat of the same location.publish (its event_id already processed)`, 'answer a repeated event_id with duplicate: true and do nothing else: one download per published menu');
    }
    return pass(`${menuVersions(context).join(' and ')} menus published and downloaded`);
  },
  'DSP-SND-04': async (context) => {
    const locationId = await firstLocation(context).catch(() => 'store-0042');
    await context.sandbox?.publishMenu(locationId);
    return sendRetryCheck(context, newOrderAsk(locationId));
  },
  // Each final answer the contract names (400, 401) for one new_order each: a resend of either fails.
  'DSP-SND-05': async (context) => {
    const final = finalAnswers('dsp', 'sendOrderEvent');
    if (final === undefined) return pass('the contract names no final answers for the sender');
    const locationId = await firstLocation(context).catch(() => 'store-0042');
    await context.sandbox?.publishMenu(locationId);
    for (const status of final.statuses) {
      const outcome = await sendRetryCheck(context, { ...newOrderAsk(locationId), status, finalRule: final.rule });
      if (!outcome.passed) return outcome;
    }
    return pass(`a new_order answered ${final.statuses.join(' and one answered ')} was each sent once`);
  },
  ...Object.fromEntries(
    Object.entries(SENT_TYPES).map(([id, type]) => [
      id,
      (async (context) => {
        const locationId = await firstLocation(context).catch(() => 'store-0042');
        // Stream sends orders only for a location it connected and published a menu to: do both first.
        if (type === 'new_order') await context.sandbox?.publishMenu(locationId);
        const learned = type === 'cancel_order' ? context.learned.get('dsp-order-id') : undefined;
        const orderId = learned ?? `dsp-ord-${randomBytes(3).toString('hex')}`;
        // Without a new_order from the DSP, the cancellation is of an order the sandbox is told the DSP sent.
        if (type === 'cancel_order' && learned === undefined) await context.sandbox?.registerOrder({ id: orderId, audience: 'dsp', location_id: locationId });
        const outcome = await expectFromPartner(
          context,
          {
            event: type,
            instruction: type === 'new_order' ? `Send a new order (type new_order) for location ${locationId}.` : type === 'cancel_order' ? `Cancel order ${orderId} (type cancel_order).` : `Send a store status update (type store_status_update) for location ${locationId}.`,
            values: { location_id: locationId, order_id: orderId },
            match: (exchange: SandboxExchange) => exchange.operation === 'dsp:sendOrderEvent' && exchange.event === type,
          },
          (exchange) => {
            const id = (exchange.requestBody as { data?: { id?: unknown } }).data?.id;
            if (type === 'new_order' && typeof id === 'string') context.learned.set('dsp-order-id', id);
            return pass();
          },
        );
        return outcome;
      }) satisfies Check,
    ]),
  ),
};
