// `POS-ORD-07`, `DSP-EVT-11`, `EVT-ORD-06`: an event the receiver cannot sort by type is answered
// as the contract allows (an acknowledgement or a 4xx), never a 5xx that Stream would retry for a
// day. Three bodies: a type added after the receiver was written, no type at all, a type that is
// not a string; a receiver that reads `type` as a string before checking it answers the last two 500.
// Then JSON that is no object at all (`null`, a list), whose fields a receiver may read unchecked.
import type { TriggerTarget } from '../trigger/targets.js';
import { answered, fail, pass, type CertifyContext, type Check } from './context.js';

/** The rule certify names when a body without a usable `type` gets a 5xx (a catalogue change scopes its warning to it). */
export const TYPELESS_BODY = 'typeless-body-answered';

/** The rule certify names when correctly signed JSON that is not an object (`null`, a list) gets a 5xx. */
export const NON_OBJECT_BODY = 'non-object-body-answered';

export interface UnknownTypeOptions {
  readonly target: (context: CertifyContext) => TriggerTarget;
  /** A new body of an event of a type the contract does not name (its own event id each call), signed and sent as is. */
  readonly body: (context: CertifyContext) => Promise<Record<string, unknown>>;
  /** The acknowledgement the contract allows besides a 4xx (204, 200), or undefined when only a 4xx is. */
  readonly acknowledged?: number;
  readonly token?: (context: CertifyContext) => Promise<string>;
  /**
   * A fresh, valid body of an event the receiver handles, sent without its type: a receiver that
   * still guesses the type from the rest (an order object read as a new order) processes it. When
   * absent, the unknown-type body goes without its type.
   */
  readonly typed?: (context: CertifyContext) => Promise<Record<string, unknown>>;
}

export function unknownTypeCheck(options: UnknownTypeOptions): Check {
  return async (context) => {
    // A fresh body for each form: a receiver that answers a repeated event_id from memory must still read each one.
    const without = async () => {
      const { type: _unused, ...untyped } = await (options.typed ?? options.body)(context);
      return untyped;
    };
    const forms: readonly [string, Record<string, unknown>, boolean][] = [
      ['an unknown event type', await options.body(context), false],
      ['an event without a type', await without(), true],
      ['an event whose type is a number', { ...(await without()), type: 42 }, true],
    ];
    const allowed = (status: number | undefined) => status !== undefined && (status === options.acknowledged || (status >= 400 && status < 500));
    const expected = `${options.acknowledged === undefined ? '' : `${options.acknowledged} (ignored) or `}a 4xx, never a 5xx: Stream does not retry it`;
    const token = options.token === undefined ? {} : { token: await options.token(context) };
    const older: string[] = [];
    const newer: string[] = [];
    for (const [what, body, named] of forms) {
      const exchange = await context.call(`send ${what}`, { target: options.target(context), rawBody: JSON.stringify(body), ...token });
      if (allowed(exchange.status)) continue;
      (named ? newer : older).push(`${named ? `[${TYPELESS_BODY}] ` : ''}${what} ${answered(exchange)}`);
    }
    // JSON that is no object has no type either: a receiver that reads a field of `null` before checking answers 500.
    for (const [what, raw] of [['the JSON null', 'null'], ['a JSON list holding the event', JSON.stringify([await without()])]] as const) {
      const exchange = await context.call(`send ${what}`, { target: options.target(context), rawBody: raw, ...token });
      if (!allowed(exchange.status)) newer.push(`[${NON_OBJECT_BODY}] ${what} ${answered(exchange)}`);
    }
    // The older form's failure fails at once; a mixed reason names no rule in brackets, so it cannot turn into a warning.
    if (older.length > 0) return fail([...older, ...newer.map((text) => text.replace(/^\[[a-z-]+\] /, ''))].join('; '), expected);
    // Mixed rules name none in brackets, so one rule's later effective day cannot turn the other's failure into a warning.
    const rules = new Set(newer.map((text) => /^\[([a-z-]+)\]/.exec(text)?.[1]));
    if (newer.length > 0) return fail((rules.size > 1 ? newer.map((text) => text.replace(/^\[[a-z-]+\] /, '')) : newer).join('; '), expected);
    return pass('an unknown type, no type, a type that is not a string, the JSON null and a JSON list were each answered without a 5xx');
  };
}
