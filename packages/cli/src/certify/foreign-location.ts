// `POS-ORD-09`: an order for a location that is not one of the merchant's is refused with 400 and a
// posValidation holding the entry the contract's refusal list for that case names (`x-stream-refusal-lists`,
// names: foreign-location), so an order sent with a wrong or another merchant's location is never made.
import { randomBytes } from 'node:crypto';
import { validate } from '@stream-partner/contracts';
import { listRefusalLists, refusalListIssue } from '../refusal-lists.js';
import { setPath } from '../trigger/payload.js';
import { accessToken } from './checks-oauth.js';
import { answered, fail, pass, type CertifyContext, type Check } from './context.js';

export interface ForeignLocationOptions {
  /** Makes a valid order.created for the merchant's first location (the other order checks' builder). */
  readonly order: (context: CertifyContext) => Promise<{ body: Record<string, unknown> }>;
  /** Resolves once the same order at the merchant's own location was taken; throws Blocked when it was not. */
  readonly accepted: (context: CertifyContext) => Promise<unknown>;
}

export function foreignLocationCheck({ order, accepted }: ForeignLocationOptions): Check {
  return async (context) => {
    const list = listRefusalLists(context.config.audience).find((candidate) => candidate.names === 'foreign-location' && candidate.requirement === 'POS-ORD-09');
    const entry = list === undefined ? '' : ` whose ${list.list.slice(1).split('/').pop()} holds { ${Object.entries(list.entry).map(([field, value]) => `${field}: ${String(value)}`).join(', ')} }`;
    const expected = `400 with a posValidation${entry}: the location is not one of this merchant's`;
    const foreign = `certify-not-yours-${randomBytes(4).toString('hex')}`;
    const body = setPath(structuredClone((await order(context)).body), 'object.location_id', foreign);
    const exchange = await context.call(`send order.created for location ${foreign}, which the merchant does not have`, { target: context.target('order.created'), body, token: await accessToken(context) });
    if (exchange.status !== 400) return fail(`an order for a location the merchant does not have ${answered(exchange)}`, expected);
    const result = validate('pos', 'PosValidationError', exchange.json);
    if (!result.valid) return fail(`the 400 body is not a PosValidationError: ${result.errors.map((issue) => issue.message).join('; ')}`, expected);
    const issue = list === undefined ? undefined : refusalListIssue(list, exchange.json, foreign);
    if (issue === undefined) return pass();
    // A POS that refuses the order itself (no tax, a closed kitchen) gives that reason first: the
    // location's code is only owed when the same order at the merchant's own location is taken.
    await accepted(context);
    return fail(issue, expected);
  };
}
