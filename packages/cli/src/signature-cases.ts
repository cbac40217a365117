// Which error code answers which signature failure, as the contracts state it once on the shared
// Stream-Signature header (`x-stream-signature-cases`): certify sends each case and compares the
// 401's code with the one named for it; the guides render the same list.
import { CliError } from './errors.js';
import { isObject, loadContract, type ApiName } from './openapi.js';

export type SignatureCase = 'missing' | 'malformed' | 'mismatch';
/** A body a receiver may answer before verifying: no bytes (a health probe), `{}`, or an event without its `type`. */
export type BodyShape = 'empty' | 'empty-object' | 'untyped';
const SHAPES: readonly BodyShape[] = ['empty', 'empty-object', 'untyped'];

export interface SignatureCases {
  /** The rule's name, quoted as `[name]` in certify's findings. */
  readonly rule: string;
  readonly cases: readonly { readonly case: SignatureCase; readonly code: string; readonly when: string }[];
  /** The bodies each wrong signature is also sent with, under their own rule; absent when the contract names none. */
  readonly bodies?: { readonly rule: string; readonly shapes: readonly BodyShape[] };
}

const CASES: readonly SignatureCase[] = ['missing', 'malformed', 'mismatch'];
const cache = new Map<ApiName, SignatureCases | undefined>();

/** The cases one contract names on its Stream-Signature header; undefined for a contract without the header. */
export function signatureCases(api: ApiName): SignatureCases | undefined {
  if (cache.has(api)) return cache.get(api);
  const parameters = (loadContract(api).components as { parameters?: Record<string, unknown> } | undefined)?.parameters ?? {};
  const header = Object.values(parameters).find((parameter) => isObject(parameter) && parameter.name === 'Stream-Signature');
  const raw = isObject(header) ? header['x-stream-signature-cases'] : undefined;
  let found: SignatureCases | undefined;
  if (raw !== undefined) {
    const fail = () => new CliError('spec_invalid', `The ${api} contract's x-stream-signature-cases needs a kebab-case rule and one entry (case, code, when) for each of ${CASES.join(', ')}. Fix the contract and run npm run specs:bundle.`);
    if (!isObject(raw) || typeof raw.rule !== 'string' || !/^[a-z]+(-[a-z]+)*$/.test(raw.rule) || !Array.isArray(raw.cases)) throw fail();
    const cases = raw.cases.map((entry) => {
      if (!isObject(entry) || !CASES.includes(entry.case as SignatureCase) || typeof entry.code !== 'string' || typeof entry.when !== 'string') throw fail();
      return { case: entry.case as SignatureCase, code: entry.code, when: entry.when };
    });
    if (CASES.some((name) => cases.filter((entry) => entry.case === name).length !== 1)) throw fail();
    const bodies = raw.bodies;
    if (bodies !== undefined && (!isObject(bodies) || typeof bodies.rule !== 'string' || !/^[a-z]+(-[a-z]+)*$/.test(bodies.rule) || !Array.isArray(bodies.shapes) || !bodies.shapes.every((shape) => SHAPES.includes(shape as BodyShape)))) {
      throw new CliError('spec_invalid', `The ${api} contract's x-stream-signature-cases bodies needs a kebab-case rule and shapes among ${SHAPES.join(', ')}. Fix the contract and run npm run specs:bundle.`);
    }
    found = { rule: raw.rule, cases, ...(isObject(bodies) ? { bodies: { rule: bodies.rule as string, shapes: bodies.shapes as BodyShape[] } } : {}) };
  }
  cache.set(api, found);
  return found;
}

/** Why a 401's code is not the one the contract names for the case sent; undefined when it is (or the contract names none). */
export function signatureCaseIssue(api: ApiName, sent: SignatureCase, code: unknown): string | undefined {
  const named = signatureCases(api);
  const wanted = named?.cases.find((entry) => entry.case === sent);
  // A code no case names (misspelt, another API's) is the listed-codes rule's finding, not this one's.
  if (named === undefined || wanted === undefined || code === wanted.code || !named.cases.some((entry) => entry.code === code)) return undefined;
  return `[${named.rule}] answered 401 with code ${JSON.stringify(code)}, but the contract answers ${wanted.code} when ${wanted.when}`;
}
