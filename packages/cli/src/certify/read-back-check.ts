// One check for every read-back the audience's contract states (`x-stream-read-back`): it makes each
// stated call for one of the merchant's locations and reads the location back after it. The calls,
// the key and the answers come from the contract; no read-back has code of its own.
import { detachedStart } from '../detached.js';
import type { HttpExchange } from '../http.js';
import { judge } from '../judge.js';
import { groupByRequirement } from '../relations.js';
import { listReadBacks, type ReadBack } from '../read-backs.js';
import type { Audience } from '../trigger/targets.js';
import { loadCatalogue } from './catalogue.js';
import { accessToken, refreshOnce } from './checks-oauth.js';
import { answered, Blocked, fail, pass, type CertifyContext, type Check, type CheckOutcome } from './context.js';

/** The merchant's location ids as the list answers them, in its order. */
async function locationIds(context: CertifyContext): Promise<string[]> {
  const exchange = await context.call('list locations', { target: context.target('listLocations'), token: await accessToken(context) });
  const list = (exchange.json as { locations?: { provider_id?: unknown }[] } | undefined)?.locations;
  const ids = Array.isArray(list) ? list.map((location) => location?.provider_id).filter((id): id is string => typeof id === 'string' && id !== '') : [];
  if (ids.length === 0) throw new Blocked(`no location to read back: the location list ${answered(exchange)}`, `${context.config.audience === 'dsp' ? 'DSP' : 'POS'}-LOC-01`);
  return ids;
}

/** The requirement that judges a call's own answer: the first partner-side one about that operation. */
function ownerOf(audience: Audience, operationId: string, self: string): string | undefined {
  return loadCatalogue(audience).requirements.find((requirement) => requirement.id !== self && requirement.via === 'partner' && requirement.contract.operationId === operationId)?.id;
}

/** A rule of certify's on the read-backs: a call on one location leaves every other location as it was. */
export const EFFECTS_STAY_WHERE_ASKED = 'effects-stay-where-asked';

/** A rule of certify's on the read-backs: what a partner keeps for a location is the merchant's, not the access token's, so a refresh changes no read. */
export const STATE_SURVIVES_REFRESH = 'state-survives-refresh';

/** The access token Stream's refresh answered (the shared one of OAU-05), or undefined where there is none to try. */
async function renewedToken(context: CertifyContext): Promise<string | undefined> {
  if (context.config.token !== undefined) return undefined;
  // A refresh that fails is OAU-05's finding, not the read-back's.
  const refreshed = await refreshOnce(context).catch(() => undefined);
  const token = (refreshed?.exchange.json as { access_token?: unknown } | undefined)?.access_token;
  return refreshed !== undefined && ok(refreshed.exchange) && typeof token === 'string' ? token : undefined;
}

/** How many of the merchant's other locations are read before and after each call. */
const OTHERS_READ = 8;

const ok = (exchange: HttpExchange) => exchange.status !== undefined && exchange.status >= 200 && exchange.status < 300;

async function follow(context: CertifyContext, readBack: ReadBack): Promise<CheckOutcome> {
  const audience = context.config.audience;
  const ids = await locationIds(context);
  // Not the first location: the other checks work with that one, and a server that answers every read with its
  // first location's state would pass on it.
  const id = ids[1] ?? ids[0]!;
  const findings: string[] = [];
  const carry = (step: ReadBack['steps'][number]) => (step.carries === 'query' ? { params: { [readBack.key]: id } } : { body: { [readBack.key]: id } });
  const readOf = async (other: string, what: string) => context.call(`${readBack.read.operationId} ${other} ${what}`, { target: context.target(readBack.read.operationId), token: await accessToken(context), params: { [readBack.key]: other } });
  // Every other location as it was before the calls: a call on one location must leave the rest as they were.
  const others = new Map<string, string>();
  for (const other of ids.filter((each) => each !== id).slice(0, OTHERS_READ)) {
    const before = await readOf(other, 'before the calls on another location');
    if (ok(before)) others.set(other, before.bodyText);
  }
  for (const step of readBack.steps) {
    const name = step.operation.operationId;
    const change = await context.call(`${name} ${id}`, { target: context.target(name), token: await accessToken(context), ...carry(step) });
    if (!ok(change)) throw new Blocked(`${name} of ${id} ${answered(change)}, so there is nothing to read back`, ownerOf(audience, name, readBack.requirement));
    const read = await context.call(`${readBack.read.operationId} ${id} after ${name}`, { target: context.target(readBack.read.operationId), token: await accessToken(context), params: { [readBack.key]: id } });
    // An answer the contract does not shape is the read's own requirement's finding: its values cannot be told.
    if (!ok(read) || !judge(readBack.read, read).ok) throw new Blocked(`reading ${id} back after ${name} ${answered(read)}`, ownerOf(audience, readBack.read.operationId, readBack.requirement));
    const body = read.json as Record<string, unknown> | undefined;
    const expected: Record<string, unknown> = { ...step.expect, [readBack.key]: id };
    const wrong = Object.entries(expected).filter(([field, value]) => body?.[field] !== value);
    if (wrong.length > 0) findings.push(`after ${name} of ${id} the read answered ${wrong.map(([field]) => `${field}: ${JSON.stringify(body?.[field])}`).join(', ')}, not ${wrong.map(([field, value]) => `${field}: ${JSON.stringify(value)}`).join(', ')}`);
    for (const [other, before] of others) {
      const after = await readOf(other, `after ${name} of ${id}`);
      if (after.bodyText !== before) findings.push(`[${EFFECTS_STAY_WHERE_ASKED}] after ${name} of ${id}, the read of ${other} (not named by the call) answered ${after.status} ${detachedStart(after.bodyText, 200)}, where before it answered ${detachedStart(before, 200)}`);
    }
  }
  // Leave the location as the first call left it (connected), as a merchant would find it.
  const first = readBack.steps[0]!;
  if (readBack.steps.length > 1) await context.call(`${first.operation.operationId} ${id} again`, { target: context.target(first.operation.operationId), token: await accessToken(context), ...carry(first) });
  // Stream refreshes its token every hour and keeps reading with the new one: the read must answer as before.
  const renewed = await renewedToken(context);
  if (renewed !== undefined) {
    const before = await readOf(id, 'with the access token that made the calls');
    const after = await context.call(`${readBack.read.operationId} ${id} with the renewed access token`, { target: context.target(readBack.read.operationId), token: renewed, params: { [readBack.key]: id } });
    if (ok(before) && after.bodyText !== before.bodyText) findings.push(`[${STATE_SURVIVES_REFRESH}] after Stream refreshed its token, the read of ${id} with the renewed access token answered ${after.status} ${detachedStart(after.bodyText, 200)}, where with the token that made the calls it answered ${detachedStart(before.bodyText, 200)}: keep what the calls did per location, not per access token`);
  }
  if (findings.length === 0) return pass(`${readBack.steps.length} read(s) of ${id} told what the call before each did`);
  return fail(findings.join('; '), readBack.statement);
}

export function readBackChecks(audience: Audience): Record<string, Check> {
  return Object.fromEntries(
    [...groupByRequirement(listReadBacks(audience))].map(([id, readBacks]) => [
      id,
      (async (context) => {
        let outcome: CheckOutcome = pass();
        for (const readBack of readBacks) {
          outcome = await follow(context, readBack);
          if (!outcome.passed) return outcome;
        }
        return outcome;
      }) satisfies Check,
    ]),
  );
}
