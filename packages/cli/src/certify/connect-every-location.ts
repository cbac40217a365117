// `DSP-LOC-03` for every location: a merchant connects each of its stores on its own, so a DSP that
// connects one store per merchant (a per-store plan, a single "connected location" column) passes a
// check that connects only the first. Certify connects a second and a third listed location too.
import { judge } from '../judge.js';
import { answered, fail, pass, type CertifyContext, type CheckOutcome } from './context.js';

/** A rule of certify's on DSP-LOC-03 (catalogue 1.14.0): each listed location connects, whatever else is connected. */
export const CONNECT_EVERY_LOCATION = 'connect-every-location';

/** Locations beyond the first that certify connects: enough to see a limit of one, few enough to stay quick. */
const MORE = 2;

export interface EveryLocationOptions {
  readonly context: CertifyContext;
  readonly token: string;
  /** The location already connected by the first call. */
  readonly first: string;
}

export async function connectOtherLocations(options: EveryLocationOptions): Promise<CheckOutcome> {
  const { context, token, first } = options;
  const ids = (await listedIds(context, token)).filter((id) => id !== first);
  const others = [...new Set(ids)].slice(0, MORE);
  if (others.length === 0) return pass(`connected ${first}, the only location listed`);
  const target = context.target('connectLocation');
  const connected: string[] = [];
  try {
    for (const id of others) {
      const exchange = await context.call(`connect ${id} while ${first} is connected`, { target, body: { location_id: id }, token });
      connected.push(id);
      const verdict = judge(target.operation, exchange);
      // A listed id the list no longer gives is unstable ids, DSP-LOC-06's finding, not a refused connect.
      if (exchange.status === 404 && !(await listedIds(context, token)).includes(id)) continue;
      if (!verdict.ok) {
        return fail(
          `[${CONNECT_EVERY_LOCATION}] connecting ${id}, another listed location, while ${first} is connected, ${answered(exchange)}: ${verdict.issues.join('; ')}`,
          '200 with Connection for each location the merchant connects: every store of the merchant can be connected at once; only a location_id the merchant does not have is a 404',
        );
      }
    }
    return pass(`connected ${[first, ...others].join(', ')}, one after another`);
  } finally {
    // Only the first location stays connected, as the checks that follow expect.
    for (const id of connected) await context.call(`disconnect ${id} again`, { target: context.target('disconnectLocation'), params: { location_id: id }, token });
  }
}

async function listedIds(context: CertifyContext, token: string): Promise<string[]> {
  const listed = await context.call('list locations, to connect more than one', { target: context.target('listLocations'), token });
  const locations = (listed.json as { locations?: { provider_id?: unknown }[] } | undefined)?.locations;
  return (Array.isArray(locations) ? locations : []).map((location) => location?.provider_id).filter((id): id is string => typeof id === 'string');
}
