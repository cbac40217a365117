// The sandbox's own routes under /_sandbox/: the state and the exchange log to read, orders and
// menus to register, a throttle, and the page an onboarding's `entry_url` opens. All but the last
// are `config.control` routes, which only the token's holder may call (control-gate.ts); the
// consent page is the merchant's browser's, and its address, with a random onboarding id that only
// the partner who created the onboarding was given, is what lets it in.
import { randomBytes } from 'node:crypto';
import { dropEarlierCodes } from './capacity.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isObject } from '../openapi.js';
import { sendReply } from './app.js';
import { errorReply, type HandlerReply } from './context.js';
import { THROTTLE_STATUSES } from './rate-limit.js';
import { outageRequest } from './outages.js';
import type { SandboxRuntime } from './runtime.js';
import { registerSsoPage } from './sso-page.js';
import type { OrderRecord, SandboxState } from './state.js';
import { encodeQueryValue, LONE_SURROGATE, STATE_LISTS, STATE_PAGE_LIMIT, statePage, stateView, type StateList } from './state-view.js';

/** The JSON body of a `/_sandbox/` call: the value, or the 400 that says what is wrong. */
function consoleBody(raw: unknown, shape: string): { value: Record<string, unknown> } | { reply: HandlerReply } {
  const text = typeof raw === 'string' ? raw : '';
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { reply: errorReply(400, 'invalid_request', `The body is not valid JSON (${(error as Error).message}). Send ${shape} with Content-Type: application/json.`) };
  }
  if (!isObject(value)) return { reply: errorReply(400, 'invalid_request', `The body must be a JSON object: ${shape}.`) };
  return { value };
}

/** Why `holders` is not a list of at most MAX_CATALOG_IDS [member id, holder id] pairs; undefined when it is. */
function pairsProblem(name: string, pairs: unknown, pair: string): string | undefined {
  if (!Array.isArray(pairs) || pairs.length > MAX_CATALOG_IDS) return `${name} must be a list of at most ${MAX_CATALOG_IDS} ${pair} pairs`;
  for (const [index, entry] of pairs.entries()) {
    if (!Array.isArray(entry) || entry.length !== 2) return `${name}[${index}] must be a ${pair} pair`;
    const problem = idProblem(`${name}[${index}][0]`, entry[0]) ?? idProblem(`${name}[${index}][1]`, entry[1]);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/** A string id a client names: well-formed Unicode, 1 to 200 characters. */
function idProblem(field: string, value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return `${field} must be a non-empty string`;
  if (value.length > 200) return `${field} must be at most 200 characters`;
  if (value.replace(LONE_SURROGATE, '') !== value) return `${field} must be well-formed Unicode (it holds a lone surrogate such as \\ud800)`;
  return undefined;
}

/** `?list=orders&offset=0&limit=100`: which page of which list, or what is wrong with the query. */
function pageQuery(query: Record<string, unknown>): { list: StateList; offset: number; limit: number } | { problem: string } {
  const list = query.list;
  if (typeof list !== 'string' || !(STATE_LISTS as readonly string[]).includes(list)) return { problem: `list must be one of ${STATE_LISTS.join(', ')}; leave it out for the whole state.` };
  const number = (name: 'offset' | 'limit', fallback: number, least: number, most: number) => {
    const raw = Object.hasOwn(query, name) ? query[name] : undefined;
    if (raw === undefined) return fallback;
    const value = typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
    return value >= least && value <= most ? value : undefined;
  };
  const offset = number('offset', 0, 0, 999_999_999);
  if (offset === undefined) return { problem: 'offset must be a whole number from 0: the first entry of the page, oldest first.' };
  const limit = number('limit', STATE_PAGE_LIMIT, 1, STATE_PAGE_LIMIT);
  if (limit === undefined) return { problem: `limit must be a whole number from 1 to ${STATE_PAGE_LIMIT}.` };
  return { list: list as StateList, offset, limit };
}

const MAX_CATALOG_IDS = 5000;
/** Locations whose catalogs the sandbox keeps, and the ids (a pair is two) and their characters all of them hold together. */
export const MAX_CATALOGS = 200;
export const CATALOG_IDS_LIMIT = 200_000;
export const CATALOG_CHARS_LIMIT = 4_000_000;
/** Menu files a sandbox keeps published (one per location id); far above any test's needs. */
export const MAX_MENU_FILES = 10_000;
const CATALOG_TABLES = ['pos_catalogs', 'pos_catalog_holders', 'pos_catalog_kinds'] as const;

/** The ids (a pair is two) of one catalog entry, a list of ids or of id pairs, and their characters. */
function catalogSize(entry: readonly (string | readonly [string, string])[] | undefined): { ids: number; chars: number } {
  const size = { ids: 0, chars: 0 };
  for (const value of entry ?? []) {
    const ids = typeof value === 'string' ? [value] : value;
    size.ids += ids.length;
    for (const id of ids) size.chars += id.length;
  }
  return size;
}

/**
 * Why one more location's catalog would take the sandbox past what it keeps; undefined when it
 * fits. Read in the plain state: a registration replaces its location's own entries.
 */
function catalogRoomProblem(plain: SandboxState, locationId: string, adding: { ids: number; chars: number }): string | undefined {
  const locations = new Set(CATALOG_TABLES.flatMap((name) => Object.keys(plain[name])));
  if (!locations.has(locationId) && locations.size >= MAX_CATALOGS) return `The sandbox keeps the catalogs of at most ${MAX_CATALOGS} locations and holds ${locations.size}; nothing was changed.`;
  const held = { ids: 0, chars: 0 };
  for (const name of CATALOG_TABLES) {
    for (const key of Object.keys(plain[name])) {
      if (key === locationId) continue;
      const size = catalogSize(plain[name][key]);
      held.ids += size.ids;
      held.chars += size.chars;
    }
  }
  if (held.ids + adding.ids > CATALOG_IDS_LIMIT || held.chars + adding.chars > CATALOG_CHARS_LIMIT) {
    return `The sandbox keeps at most ${CATALOG_IDS_LIMIT} catalog ids of ${CATALOG_CHARS_LIMIT} characters in all (a [member, holder] or [id, key] pair counts two); other locations hold ${held.ids} ids of ${held.chars} characters, and this catalog has ${adding.ids} of ${adding.chars}; nothing was changed.`;
  }
  return undefined;
}

export function registerControlRoutes(app: FastifyInstance, runtime: SandboxRuntime): void {
  /** Sends the reply, then logs the exchange as sent. */
  const sendAndRecord = (request: FastifyRequest, fastifyReply: FastifyReply, reply: HandlerReply, started: number) => {
    sendReply(fastifyReply, reply);
    runtime.record({ request, reply, started, answered: fastifyReply });
    return fastifyReply;
  };

  app.get('/_sandbox/state', { config: { control: 'read' } }, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    if (!Object.hasOwn(query, 'list')) return reply.send(stateView(runtime.store.raw, runtime.now(), runtime.baseUrl));
    const page = pageQuery(query);
    if ('problem' in page) return sendReply(reply, errorReply(400, 'invalid_request', page.problem));
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(statePage({ state: runtime.store.raw, now: runtime.now(), baseUrl: runtime.baseUrl, ...page })));
  });
  app.get('/_sandbox/exchanges', { config: { control: 'read' } }, async (request, reply) => {
    const after = Number((request.query as { after?: string }).after ?? 0);
    return reply.type('application/json; charset=utf-8').send(JSON.stringify({ exchanges: runtime.log.after(Number.isFinite(after) ? after : 0) }));
  });
  app.post('/_sandbox/orders', { config: { accepts: 'application/json', control: 'change' } }, async (request, fastifyReply) => {
    const started = Date.now();
    const shape = '{"id", "audience": "pos"|"dsp"|"events", "location_id", "provider_id"?}';
    const parsed = consoleBody(request.body, shape);
    if ('reply' in parsed) return sendAndRecord(request, fastifyReply, parsed.reply, started);
    const body = parsed.value;
    const problem =
      idProblem('id', body.id) ??
      idProblem('location_id', body.location_id) ??
      (body.provider_id === undefined ? undefined : idProblem('provider_id', body.provider_id)) ??
      (['pos', 'dsp', 'events'].includes(String(body.audience)) ? undefined : 'audience must be "pos", "dsp" or "events"');
    if (problem !== undefined) return sendAndRecord(request, fastifyReply, errorReply(400, 'invalid_request', `${problem}. Send ${shape}.`), started);
    const reply = await runtime.transact((changed) => {
      runtime.addOrder({ id: body.id as string, audience: body.audience as OrderRecord['audience'], locationId: body.location_id as string, ...(body.provider_id === undefined ? {} : { providerId: body.provider_id as string }) });
      changed();
      return { status: 201, body: { registered: body.id }, note: `order ${String(body.id)} registered` };
    });
    return sendAndRecord(request, fastifyReply, reply, started);
  });
  // The ids of the catalog a POS served for a location, as certify read it: Stream checks a catalog
  // object update against the catalog it last read, and the sandbox reads no catalog itself.
  app.post('/_sandbox/catalogs', { config: { accepts: 'application/json', control: 'change' } }, async (request, fastifyReply) => {
    const started = Date.now();
    const shape = `{"location_id", "provider_ids": [at most ${MAX_CATALOG_IDS} ids], "holders": [at most ${MAX_CATALOG_IDS} [member id, holder id] pairs, optional], "kinds": [at most ${MAX_CATALOG_IDS} [id, key it is listed under] pairs, optional]}`;
    const parsed = consoleBody(request.body, shape);
    if ('reply' in parsed) return sendAndRecord(request, fastifyReply, parsed.reply, started);
    const body = parsed.value;
    const ids = body.provider_ids;
    const holders = body.holders ?? [];
    const kinds = body.kinds ?? [];
    const problem =
      idProblem('location_id', body.location_id) ??
      pairsProblem('holders', holders, '[member id, holder id]') ??
      pairsProblem('kinds', kinds, '[id, key]') ??
      (Array.isArray(ids) && ids.length <= MAX_CATALOG_IDS ? ids.map((id, index) => idProblem(`provider_ids[${index}]`, id)).find((found) => found !== undefined) : `provider_ids must be a list of at most ${MAX_CATALOG_IDS} ids`);
    if (problem !== undefined) return sendAndRecord(request, fastifyReply, errorReply(400, 'invalid_request', `${problem}. Send ${shape}.`), started);
    const locationId = body.location_id as string;
    const unique = [...new Set(ids as string[])];
    const sizes = [catalogSize(unique), catalogSize(holders as [string, string][]), catalogSize(kinds as [string, string][])];
    const adding = { ids: sizes.reduce((sum, size) => sum + size.ids, 0), chars: sizes.reduce((sum, size) => sum + size.chars, 0) };
    const reply = await runtime.transact((changed) => {
      // Checked where the change is made, so two registrations at once cannot both take the last room.
      const full = catalogRoomProblem(runtime.store.raw, locationId, adding);
      if (full !== undefined) return errorReply(507, 'sandbox_full', `${full} Reset the sandbox (the console's Reset, or a restart without --state) and register it again.`);
      const table = runtime.state.pos_catalogs;
      table[locationId] = unique;
      runtime.state.pos_catalog_holders[locationId] = holders as [string, string][];
      runtime.state.pos_catalog_kinds[locationId] = kinds as [string, string][];
      changed();
      return { status: 201, body: { location_id: locationId, provider_ids: table[locationId]!.length }, note: `catalog of ${locationId} registered (${table[locationId]!.length} ids)` };
    });
    return sendAndRecord(request, fastifyReply, reply, started);
  });
  // The location ids a POS listed, as certify read them: every location a POS event names is one of
  // them, and the sandbox reads no location list itself.
  app.post('/_sandbox/locations', { config: { accepts: 'application/json', control: 'change' } }, async (request, fastifyReply) => {
    const started = Date.now();
    const shape = `{"provider_ids": [1 to ${MAX_CATALOG_IDS} location ids]}`;
    const parsed = consoleBody(request.body, shape);
    if ('reply' in parsed) return sendAndRecord(request, fastifyReply, parsed.reply, started);
    const ids = parsed.value.provider_ids;
    const problem = Array.isArray(ids) && ids.length > 0 && ids.length <= MAX_CATALOG_IDS ? ids.map((id, index) => idProblem(`provider_ids[${index}]`, id)).find((found) => found !== undefined) : `provider_ids must be a list of 1 to ${MAX_CATALOG_IDS} ids`;
    if (problem !== undefined) return sendAndRecord(request, fastifyReply, errorReply(400, 'invalid_request', `${problem}. Send ${shape}.`), started);
    const reply = await runtime.transact((changed) => {
      runtime.state.pos_location_ids = [...new Set(ids as string[])];
      changed();
      return { status: 201, body: { provider_ids: runtime.state.pos_location_ids.length }, note: `location list registered (${runtime.state.pos_location_ids.length} ids)` };
    });
    return sendAndRecord(request, fastifyReply, reply, started);
  });
  // Publishes a menu for any location id (a DSP's store id, say) and answers the download link
  // that a `location.publish` event would carry.
  app.post('/_sandbox/menus', { config: { accepts: 'application/json', control: 'change' } }, async (request, fastifyReply) => {
    const started = Date.now();
    const shape = '{"location_id", "menu_version"?: "v1"|"v2"}';
    const parsed = consoleBody(request.body, shape);
    if ('reply' in parsed) return sendAndRecord(request, fastifyReply, parsed.reply, started);
    const body = parsed.value;
    const problem =
      idProblem('location_id', body.location_id) ??
      (body.menu_version === undefined || body.menu_version === 'v1' || body.menu_version === 'v2' ? undefined : 'menu_version must be "v1" or "v2"');
    if (problem !== undefined) return sendAndRecord(request, fastifyReply, errorReply(400, 'invalid_request', `${problem}. Send ${shape}.`), started);
    const locationId = body.location_id as string;
    const menuVersion = body.menu_version === 'v2' || body.menu_version === 'v1' ? body.menu_version : (runtime.config.menuVersion ?? 'v1');
    const token = `mf_${randomBytes(6).toString('hex')}`;
    const reply = await runtime.transact((changed) => {
      const published = Object.keys(runtime.store.raw.menu_tokens).length;
      if (!Object.hasOwn(runtime.store.raw.menu_tokens, locationId) && published >= MAX_MENU_FILES) {
        return errorReply(507, 'sandbox_full', `The sandbox keeps at most ${MAX_MENU_FILES} published menu files and holds ${published}; nothing was changed. Publish again for a location it already has, or reset the sandbox (the console's Reset, or a restart without --state).`);
      }
      runtime.state.menu_tokens[locationId] = { token, expires_at: runtime.now() + 24 * 3600 * 1000, menu_version: menuVersion };
      changed();
      return {
        status: 201,
        body: { url: `${runtime.baseUrl}/stream-dsp/v1/menuFileS3Url?location_id=${encodeQueryValue(locationId)}&token=${token}`, menu_version: menuVersion },
        note: `menu ${menuVersion} published for ${locationId}`,
      };
    });
    return sendAndRecord(request, fastifyReply, reply, started);
  });
  // The merchant's browser lands here from an onboarding's `entry_url`: the sandbox approves at
  // once (or refuses, with the sandbox-only `?consent=deny`) and sends it back to `return_url`
  // with a code, or with `error=access_denied`, as the POS or DSP would after its consent screen.
  app.get('/_sandbox/onboarding/:id/start', async (request, reply) => {
    const onboarding = runtime.state.onboardings.find((candidate) => candidate._id === (request.params as { id: string }).id);
    if (onboarding === undefined) return reply.code(404).type('text/plain').send('No such onboarding in the sandbox.');
    const query = request.query as Record<string, unknown>;
    const consent = query.consent ?? 'approve';
    if (consent !== 'approve' && consent !== 'deny') {
      return reply.code(400).type('text/plain').send('consent must be "approve" (the default) or "deny" (the merchant refuses and lands on return_url with error=access_denied).');
    }
    let target: URL;
    try {
      target = new URL(onboarding.return_url);
    } catch {
      return reply.code(400).type('text/plain').send(`The onboarding's return_url ${onboarding.return_url} is not an absolute URL; create the onboarding again with one.`);
    }
    const code = `sbx_code_${randomBytes(8).toString('hex')}`;
    const answer = await runtime.transact((changed) => {
      if (onboarding.status === 'pending') onboarding.status = 'waiting_for_oauth';
      // A refusal issues no code: the onboarding waits for the merchant to try again.
      if (consent === 'approve') {
        dropEarlierCodes(runtime.state.onboarding_codes, onboarding._id);
        runtime.state.onboarding_codes[code] = onboarding._id;
      }
      changed();
      return { status: 302, note: consent === 'approve' ? `merchant approved ${onboarding._id}` : `merchant refused ${onboarding._id}: return_url gets error=access_denied` };
    });
    if (answer.status !== 302) return sendReply(reply, answer);
    if (consent === 'approve') target.searchParams.set('code', code);
    else target.searchParams.set('error', 'access_denied');
    // Sandbox only: a runner that cannot stop at a redirect (Postman's and Bruno's script
    // requests follow every one) asks for the code and the return_url it would land on as JSON.
    if (query.respond === 'json') {
      return sendReply(reply, { status: 200, body: { ...(consent === 'approve' ? { code } : { error: 'access_denied' }), return_url: target.toString() } });
    }
    return reply.redirect(target.toString(), 302);
  });
  // Makes the next Partner API calls answer 429 (or 503), so a client's wait-and-retry can be tried on demand.
  app.post('/_sandbox/throttle', { config: { accepts: 'application/json', control: 'change' } }, async (request, fastifyReply) => {
    const started = Date.now();
    const shape = `{"requests": 1 to 1000, "retry_after": 1 to 3600 seconds (default 1), "status": ${THROTTLE_STATUSES.join(' or ')} (default 429)}`;
    const parsed = consoleBody(request.body, shape);
    if ('reply' in parsed) return sendAndRecord(request, fastifyReply, parsed.reply, started);
    const { requests, retry_after: retryAfter = 1, status = 429 } = parsed.value;
    const whole = (value: unknown, max: number) => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= max;
    const knownStatus = THROTTLE_STATUSES.find((candidate) => candidate === status);
    if (!whole(requests, 1000) || !whole(retryAfter, 3600) || knownStatus === undefined) return sendAndRecord(request, fastifyReply, errorReply(400, 'invalid_request', `Send ${shape}.`), started);
    runtime.limiter.throttle({ count: requests as number, seconds: retryAfter as number, status: knownStatus });
    return sendAndRecord(request, fastifyReply, { status: 200, body: { throttled: requests, retry_after: retryAfter, status: knownStatus }, note: `the next ${String(requests)} Partner API call(s) answer ${knownStatus}` }, started);
  });
  // Makes the next partner sends to one route answer a 5xx, so a sender's retry can be watched, or
  // holds their answers a while, so a second send made before the first was answered can be seen.
  app.post('/_sandbox/outages', { config: { accepts: 'application/json', control: 'change' } }, async (request, fastifyReply) => {
    const started = Date.now();
    const parsed = consoleBody(request.body, '{"operation", "requests"?, "status"? or "delay_ms"?}');
    if ('reply' in parsed) return sendAndRecord(request, fastifyReply, parsed.reply, started);
    const outage = outageRequest(parsed.value);
    if (typeof outage === 'string') return sendAndRecord(request, fastifyReply, errorReply(400, 'invalid_request', outage), started);
    runtime.outages.start(outage);
    return sendAndRecord(request, fastifyReply, { status: 200, body: outage, note: `the next ${outage.requests} ${outage.operation} call(s) ${outage.delay_ms === undefined ? `answer ${outage.status}` : `are answered after ${outage.delay_ms} ms`}` }, started);
  });
  registerSsoPage({
    app,
    sessions: runtime.config.ssoSessions,
    now: runtime.now,
    // The path is logged without its query: the token is a credential.
    note: (_request, status, note) => runtime.record({ request: { method: 'GET', url: '/sso/login', body: '' } as unknown as FastifyRequest, reply: { status, note }, started: Date.now() }),
  });
}
