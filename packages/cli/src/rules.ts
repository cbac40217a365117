// The named rules a contract states with `x-stream-rules` about what an answer serves beyond its
// JSON Schema: ids unique, references that resolve, one number bounded by another, opening ranges
// in order, ids stable between reads. Read from the bundled contracts only; certify judges answers
// with them, generically, and the guides render them.
import { CliError } from './errors.js';
import { deref, isObject, listOperations, type ApiName, type JsonObject } from './openapi.js';
import { KINDS, readKind, type Rule, type RuleCondition } from './rules-kind.js';

const KEYS = new Set<string>(['rule', 'requirement', 'statement', 'code', 'when', 'advice', ...KINDS]);
const HEADER = /^[A-Za-z][A-Za-z0-9-]*$/;

export type { AwayFrom, OfferedChoices, PricedLines, Rule, RuleCondition, RuleKind, SumLines } from './rules-kind.js';

type Place = { operationId: string; on: 'request' } | { operationId: string; on: 'response'; status: string };

function readEntry(api: ApiName, raw: unknown, where: string, place: Place): Rule {
  const fail = (why: string) => new CliError('spec_invalid', `The ${api} contract's x-stream-rules at ${where} ${why}. Fix the contract and run npm run specs:bundle.`);
  if (!isObject(raw)) throw fail('holds an entry that is not an object');
  const unknown = Object.keys(raw).filter((key) => !KEYS.has(key));
  if (unknown.length > 0) throw fail(`has unknown key(s) ${unknown.join(', ')}`);
  const { rule, requirement, statement, code } = raw;
  if (typeof rule !== 'string' || !/^[a-z][a-z0-9-]*$/.test(rule)) throw fail('needs a rule name in kebab case, such as group-min-within-max');
  if (typeof requirement !== 'string' || !/^(POS|DSP|EVT)-[A-Z]{3}-\d{2}$/.test(requirement)) throw fail(`needs a requirement id such as POS-CAT-07 for ${rule}`);
  if (typeof statement !== 'string' || statement.trim() === '') throw fail(`needs a statement for ${rule}`);
  if (raw.advice !== undefined && raw.advice !== true) throw fail(`gives ${rule} advice ${JSON.stringify(raw.advice)}: write advice: true or leave it out`);
  const advice = raw.advice === true;
  if (advice && code !== undefined) throw fail(`gives ${rule} a code, but advice is never refused`);
  if (place.on === 'request' && !advice && (typeof code !== 'string' || !/^[a-z][a-z_]*$/.test(code))) throw fail(`needs the error code a breaking body is refused with for ${rule} (code: invalid_time)`);
  if (place.on === 'response' && code !== undefined) throw fail(`gives ${rule} a code, which only a rule on a request body has`);
  const kind = readKind(raw, (why) => fail(`${why} (rule ${rule})`));
  if (kind.kind === 'stable' && place.on === 'request') throw fail(`makes ${rule} stable on a request body, which only answers can be`);
  if (kind.kind === 'away' && !listOperations(api).some((operation) => operation.operationId === kind.listed)) throw fail(`gives ${rule} away.listed ${kind.listed}, which is not an operation of the contract`);
  const when = raw.when === undefined ? undefined : readCondition(raw.when, (why) => fail(`${why} (rule ${rule})`));
  if (when !== undefined && place.on === 'request') throw fail(`gives ${rule} a when, which only a rule on answers has`);
  return { api, rule, requirement, statement, ...(typeof code === 'string' ? { code } : {}), ...(when === undefined ? {} : { when }), ...(advice ? { advice: true as const } : {}), ...kind, ...place };
}

function readCondition(raw: unknown, fail: (why: string) => CliError): RuleCondition {
  if (!isObject(raw)) throw fail('gives when a value that is not an object');
  const headers = (name: 'sent' | 'not_sent') => {
    const value = raw[name] ?? [];
    if (!Array.isArray(value) || !value.every((header) => typeof header === 'string' && HEADER.test(header))) throw fail(`gives when.${name} a value that is not a list of header names`);
    return value as string[];
  };
  const unknown = Object.keys(raw).filter((key) => key !== 'sent' && key !== 'not_sent');
  if (unknown.length > 0) throw fail(`gives when unknown key(s) ${unknown.join(', ')}: use sent and not_sent`);
  const condition = { sent: headers('sent'), notSent: headers('not_sent') };
  if (condition.sent.length + condition.notSent.length === 0) throw fail('gives when no header: name the headers the request sent (sent) or did not (not_sent)');
  return condition;
}

const cache = new Map<ApiName, readonly Rule[]>();

/** Every rule one contract states on its request bodies and answers, in contract order. A rule name is used once per contract. */
export function listRules(api: ApiName): readonly Rule[] {
  let list = cache.get(api);
  if (list === undefined) {
    const found: Rule[] = [];
    const read = (holder: unknown, where: string, place: Place) => {
      const node = deref(api, holder);
      const entries = isObject(node) ? node['x-stream-rules'] : undefined;
      if (entries === undefined) return;
      if (!Array.isArray(entries)) throw new CliError('spec_invalid', `The ${api} contract's x-stream-rules at ${where} is not a list.`);
      entries.forEach((raw, index) => found.push(readEntry(api, raw, `${where}[${index}]`, place)));
    };
    for (const operation of listOperations(api)) {
      const at = `${operation.method} ${operation.path}`;
      read(operation.raw.requestBody, `${at} requestBody`, { operationId: operation.operationId, on: 'request' });
      for (const [status, response] of Object.entries((operation.raw.responses as JsonObject | undefined) ?? {})) {
        read(response, `${at} ${status}`, { operationId: operation.operationId, on: 'response', status });
      }
    }
    const names = found.map((rule) => rule.rule);
    const twice = names.find((name, index) => names.indexOf(name) !== index);
    if (twice !== undefined) throw new CliError('spec_invalid', `The ${api} contract names two x-stream-rules ${twice}. Give each rule its own name.`);
    list = found;
    cache.set(api, list);
  }
  return list;
}

/** Every value a pointer with `*` wildcards names in `root`, with the concrete path it was found at. */
export function select(root: unknown, pointer: string): { path: string; value: unknown }[] {
  const { parts, wildcard } = pointerParts(pointer);
  // Without a wildcard there is one value or none, and its path is the pointer itself: found
  // without the lists of candidates a wildcard needs (this runs on every partner call).
  if (!wildcard) {
    let value = root;
    for (const part of parts) {
      if (Array.isArray(value) && /^\d+$/.test(part) && Number(part) < value.length) value = value[Number(part)];
      else if (isObject(value) && Object.hasOwn(value, part)) value = value[part];
      else return [];
    }
    return [{ path: pointer, value }];
  }
  let current: { path: string; value: unknown }[] = [{ path: '', value: root }];
  for (const part of parts) {
    const next: { path: string; value: unknown }[] = [];
    for (const { path, value } of current) {
      if (part === '*') {
        if (Array.isArray(value)) value.forEach((item, index) => next.push({ path: `${path}/${index}`, value: item }));
        else if (isObject(value)) for (const [key, item] of Object.entries(value)) next.push({ path: `${path}/${key}`, value: item });
      } else if (Array.isArray(value) && /^\d+$/.test(part) && Number(part) < value.length) next.push({ path: `${path}/${part}`, value: value[Number(part)] });
      else if (isObject(value) && Object.hasOwn(value, part)) next.push({ path: `${path}/${part}`, value: value[part] });
    }
    current = next;
  }
  return current;
}

// The pointers are the contracts' own, judged on every partner call: each is split once. Bounded all the same.
const partsOf = new Map<string, { readonly parts: readonly string[]; readonly wildcard: boolean }>();

function pointerParts(pointer: string): { readonly parts: readonly string[]; readonly wildcard: boolean } {
  let found = partsOf.get(pointer);
  if (found === undefined) {
    if (partsOf.size >= 1000) partsOf.clear();
    const parts = pointer === '' ? [] : pointer.slice(1).split('/');
    found = { parts, wildcard: parts.includes('*') };
    partsOf.set(pointer, found);
  }
  return found;
}
