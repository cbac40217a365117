// `POS-LOC-02`, `POS-LOC-03`: connecting and disconnecting a location answer 204, and so does the
// same call made again, since the contract says a location already connected (or disconnected)
// also answers 204: Stream repeats a call whose answer it did not get.
import { judge } from '../judge.js';
import { accessToken } from './checks-oauth.js';
import { CONNECTION_CALL_REPEATED } from './checks-shared.js';
import { fail, pass, type CertifyContext, type Check } from './context.js';

export interface ConnectionCheckOptions {
  readonly operationId: 'enableLocationConnection' | 'disableLocationConnection';
  /** The merchant's first location (the POS's own reader, passed in to keep the modules acyclic). */
  readonly location: (context: CertifyContext) => Promise<string>;
}

export function connectionCheck(options: ConnectionCheckOptions): Check {
  return async (context) => {
    const target = context.target(options.operationId);
    const locationId = await options.location(context);
    const verb = options.operationId === 'enableLocationConnection' ? 'connect' : 'disconnect';
    const send = async (what: string) => context.call(what, { target, body: { location_id: locationId }, token: await accessToken(context) });
    try {
      const verdict = judge(target.operation, await send(`${verb} a location`), ['204']);
      if (!verdict.ok) return fail(verdict.issues.join('; '), '204');
      const again = judge(target.operation, await send(`${verb} the same location again`), ['204']);
      if (!again.ok) return fail(`[${CONNECTION_CALL_REPEATED}] ${verb} ${locationId} a second time: ${again.issues.join('; ')}`, `204 again: a location already ${verb}ed also answers 204`);
      return pass(`${verb}ed ${locationId} twice, 204 both times`);
    } finally {
      // Leave the location connected for the order checks that follow.
      if (verb === 'disconnect') await context.call('reconnect the location', { target: context.target('enableLocationConnection'), body: { location_id: locationId }, token: await accessToken(context) });
    }
  };
}
