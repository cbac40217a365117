// How certify gets the answers the contracts' `x-stream-rules` judge, per operation: the same reads
// the other checks make (memoised, so a run reads once), and a second location list for the rules
// that compare reads, and a second catalog read of the same location.
import type { Audience } from '../trigger/targets.js';
import { accessToken, obtainTokens } from './checks-oauth.js';
import { acceptedOrder as posOrder, catalogReadTwice, firstLocation as posLocation } from './checks-pos.js';
import { acceptedOrder as eventsOrder } from './checks-events.js';
import { firstLocation as dspLocation } from './checks-dsp.js';
import type { CertifyContext } from './context.js';
import type { AnswerMaker } from './rules-check.js';

function twoListReads(first: (context: CertifyContext) => Promise<string>): AnswerMaker {
  return async (context) => {
    await first(context);
    await context.once('rules-list-again', async () => context.call('list locations again', { target: context.target('listLocations'), token: await accessToken(context) }));
  };
}

export const RULE_MAKERS: Readonly<Record<Audience, Readonly<Record<string, AnswerMaker>>>> = {
  pos: { getCatalog: catalogReadTwice, listLocations: twoListReads(posLocation), exchangeToken: obtainTokens, receiveOrderEvent: posOrder },
  dsp: { listLocations: twoListReads(dspLocation), exchangeToken: obtainTokens },
  events: { receiveOrderEvent: eventsOrder },
};
