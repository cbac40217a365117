// Finds every sentence of a contract's descriptions that tells a partner what it must do, and
// what checks it: an `x-stream-checked-by` entry beside the description (a requirement id, a named
// x-stream-rules rule, a JSON Schema keyword of that node, or an error code the sandbox refuses
// with), or the rule the sentence names itself. Advice says "should" or "we recommend"; Stream's
// own behaviour ("Stream answers 204") is the sandbox's, not a partner's rule.
import { readFileSync } from 'node:fs';
import type { ApiName } from './support';

// Words that make a sentence a rule. Kept broad on purpose: "HTTPS" and "stable" are here because
// partners broke exactly those sentences while certify never read them.
const NORMATIVE = new RegExp(
  [
    'must',
    'never',
    'always',
    'only',
    'at most',
    'at least',
    'within',
    'stable',
    'unique',
    'in order',
    'sorted',
    'https',
    'belongs? to',
    'match(es)?',
    'echo(es|ing)?',
    'exactly',
    'identical',
    'same',
    'no later than',
    'once',
    'required',
    'not allowed',
    'cannot',
  ]
    .map((word) => `\\b${word}\\b`)
    .join('|'),
  'i',
);

// A sentence that opens with one of these verbs is an instruction to the reader ("Store name" is a noun).
const IMPERATIVE = /^(Answer|Return|Send|Refuse|Reject|Rotate|Create|Verify|Store(?! name\b)|Keep|Give|List|Redirect|Include|Sign|Echo|Ignore|Respond|Accept|Treat|Use)\b/;

const ADVICE = /\b(should|we recommend)\b/i;

// Words that give a value a meaning a server can get wrong while every schema keyword holds: a set
// kept apart from another, a field left out, a unit, a time base, an order, a sum. Partners broke
// such sentences ("besides any default taxes", "omitted when the vehicle has none") while no probe
// read them, so each one is read: checked, or listed in specs/test/meaning-<api>.ts with why not.
const MEANING = new RegExp(
  [
    'besides',
    'omit\\w*',
    'left out',
    'leave out',
    'unless',
    'none',
    'empty',
    'except',
    'excluding',
    'other than',
    'apart from',
    'sum',
    'total',
    'lowest',
    'cents',
    'milliseconds',
    'seconds',
    'minutes',
    'utc',
    'time ?zone',
    'local time',
    'newest',
    'oldest',
    'latest',
    'earliest',
    'first',
    'last',
    'before',
    'after',
    'until',
    'per',
    'each',
    'every',
    'otherwise',
    'instead',
    'default',
    'as given',
    'unchanged',
    'verbatim',
    'display order',
  ]
    .map((word) => `\\b${word}\\b`)
    .join('|'),
  'i',
);

// Stream's own behaviour, which the sandbox implements: no instruction to the partner in it.
const STREAM_SUBJECT = /^(Stream|The sandbox)\b/;
const TO_READER = /\b(you|your|must)\b/i;

export const SCHEMA_KEYWORDS = [
  'type',
  'enum',
  'const',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'uniqueItems',
  'required',
  'additionalProperties',
  'oneOf',
  'anyOf',
  'if',
  'not',
  'dependentRequired',
] as const;

export interface Check {
  readonly says: string;
  readonly by: readonly string[];
}

export interface Sentence {
  readonly api: ApiName;
  /** JSON pointer of the object whose description holds the sentence. */
  readonly at: string;
  readonly text: string;
  /** What checks it, or `[]`. */
  readonly by: readonly string[];
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Splits a description into sentences, lists and headings included, each on one line. */
export function sentences(description: string): string[] {
  return description
    .split(/\n\s*[-*]\s+|\n#+\s+|\n\s*\n/)
    .flatMap((block) => block.replace(/\s+/g, ' ').trim().split(/(?<=[.!?])\s+(?=[A-Z`(])/))
    .map((text) => text.trim())
    .filter((text) => text.length > 0 && !text.startsWith('```'));
}

export function isNormative(text: string): boolean {
  if (ADVICE.test(text) && !/\bmust\b/i.test(text)) return false;
  if (STREAM_SUBJECT.test(text) && !TO_READER.test(text)) return false;
  return NORMATIVE.test(text) || IMPERATIVE.test(text);
}

/** A sentence that states what a value means (not an instruction): read by specs/test/meaning-<api>.ts. */
export function isMeaning(text: string): boolean {
  return !isNormative(text) && MEANING.test(text);
}

export interface Known {
  readonly api: ApiName;
  /** The requirement ids' prefix of this contract's audience: `POS-`; none for the partner API. */
  readonly prefix: string;
  readonly requirements: ReadonlySet<string>;
  readonly rules: ReadonlySet<string>;
  readonly codes: ReadonlySet<string>;
}

/** Requirement ids, rule names and error codes a check may name in one contract. */
export function knownChecks(api: ApiName, doc: unknown): Known {
  const rules = new Set<string>();
  const codes = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!isObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      // Named rules: value rules, and the relations and refusal lists that carry a rule name.
      if (['x-stream-rules', 'x-stream-relations', 'x-stream-refusal-lists'].includes(key) && Array.isArray(value)) value.forEach((rule) => isObject(rule) && typeof rule.rule === 'string' && rules.add(rule.rule));
      // An operation's backoff names the rule certify's retry check reports under.
      if (key === 'x-stream-backoff' && isObject(value) && typeof value.rule === 'string') rules.add(value.rule);
      if (key === 'x-stream-error-codes' && Array.isArray(value)) value.forEach((code) => typeof code === 'string' && codes.add(code));
      walk(value);
    }
  };
  walk(doc);
  const requirements = new Set<string>();
  if (api !== 'partner') {
    const file = new URL(`../../packages/cli/requirements/${api}.json`, import.meta.url);
    const catalogue = JSON.parse(readFileSync(file, 'utf8')) as { requirements: { id: string }[] };
    catalogue.requirements.forEach((requirement) => requirements.add(requirement.id));
  }
  return { api, prefix: { pos: 'POS-', dsp: 'DSP-', events: 'EVT-', partner: 'none' }[api], requirements, rules, codes };
}

function hasKeyword(node: unknown, keyword: string, root: unknown, depth = 0): boolean {
  if (!isObject(node) || depth > 6) return false;
  if (typeof node.$ref === 'string' && node.$ref.startsWith('#/')) {
    const target = node.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>((value, part) => (isObject(value) ? value[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), root);
    if (hasKeyword(target, keyword, root, depth + 1)) return true;
  }
  if (keyword in node && !(keyword === 'additionalProperties' && node[keyword] !== false)) return true;
  const children = [node.items, node.then, node.else, node.schema, node.requestBody, node.additionalProperties, ...['allOf', 'oneOf', 'anyOf'].flatMap((key) => (Array.isArray(node[key]) ? (node[key] as unknown[]) : [])), ...Object.values(isObject(node.properties) ? node.properties : {}), ...Object.values(isObject(node.content) ? node.content : {})];
  return children.some((child) => hasKeyword(child, keyword, root, depth + 1));
}

/** Why one `by` reference of a check at `holder` is not a real check, or undefined when it is. */
export function badReference(reference: string, holders: readonly Json[], known: Known, root: unknown): string | undefined {
  if (reference === 'stream') return undefined;
  if (/^(POS|DSP|EVT)-[A-Z]{3}-\d{2}$/.test(reference)) {
    // A description shared by several contracts names each one's requirement; only its own counts here.
    if (!reference.startsWith(known.prefix)) return undefined;
    return known.requirements.has(reference) ? undefined : `names requirement ${reference}, which the catalogue does not hold`;
  }
  if (reference.startsWith('schema:')) {
    const keyword = reference.slice('schema:'.length);
    if (!(SCHEMA_KEYWORDS as readonly string[]).includes(keyword)) return `names ${reference}, not a validation keyword (${SCHEMA_KEYWORDS.join(', ')})`;
    // A property's rule may sit on the object that holds it (an `if` over two of its fields).
    return holders.some((holder) => hasKeyword(holder, keyword, root)) ? undefined : `names ${reference}, but neither that schema nor the object holding it has ${keyword}`;
  }
  // A rule of another contract, named by a description several contracts share: it counts there only.
  const own = /^(partner|dsp|pos|events):(.+)$/.exec(reference);
  if (own !== null) return own[1] !== known.api ? undefined : known.rules.has(own[2]!) ? undefined : `names ${reference}, which is no rule this contract names`;
  if (reference.startsWith('code:')) return known.codes.has(reference.slice(5)) ? undefined : `names ${reference}, which no x-stream-error-codes lists`;
  return known.rules.has(reference) ? undefined : `names ${reference}, which is no requirement id, schema:<keyword>, code:<error code>, stream or rule the contract names (x-stream-rules, x-stream-relations, x-stream-refusal-lists, x-stream-backoff)`;
}

/** Every normative sentence of one bundled contract, with what checks it, and every broken check. */
export function scan(api: ApiName, doc: unknown): { found: Sentence[]; meanings: Sentence[]; problems: string[] } {
  const known = knownChecks(api, doc);
  const found: Sentence[] = [];
  const meanings: Sentence[] = [];
  const problems: string[] = [];
  // A check naming another contract's requirement or rule is that contract's, not this one's.
  const foreign = (reference: string) => (/^(POS|DSP|EVT)-/.test(reference) && !reference.startsWith(known.prefix)) || (/^(partner|dsp|pos|events):/.test(reference) && !reference.startsWith(`${api}:`));
  const walk = (node: unknown, at: string, parent?: Json): void => {
    if (Array.isArray(node)) return node.forEach((item, index) => walk(item, `${at}/${index}`, parent));
    if (!isObject(node)) return;
    const checks = readChecks(node['x-stream-checked-by'], at, problems);
    // Summaries are titles and tags group operations: only descriptions state rules.
    const described = typeof node.description === 'string' && !/^\/tags\//.test(at) ? [node.description] : [];
    const used = new Set<Check>();
    for (const description of described) {
      for (const text of sentences(description)) {
        // A check may also quote a sentence that states a meaning (a unit, a reference) without a "must".
        if (!isNormative(text)) {
          const quoting = checks.filter((check) => text.includes(check.says));
          quoting.forEach((check) => used.add(check));
          // Another contract's requirement or rule, on a description several share, checks it there only.
          if (isMeaning(text)) meanings.push({ api, at, text, by: quoting.flatMap((check) => check.by.filter((reference) => !foreign(reference))) });
          continue;
        }
        const own = [...text.matchAll(/`([a-z][a-z0-9]*(?:-[a-z0-9]+)+)`/g)].map((match) => match[1]!).filter((name) => known.rules.has(name));
        const matching = checks.filter((check) => text.includes(check.says));
        matching.forEach((check) => used.add(check));
        found.push({ api, at, text, by: [...own, ...matching.flatMap((check) => check.by.filter((reference) => !foreign(reference)))] });
      }
    }
    for (const check of checks) {
      if (!used.has(check)) problems.push(`${api} ${at}: x-stream-checked-by "${check.says}" matches no rule sentence of its description; quote the sentence it checks.`);
      for (const reference of check.by) {
        const why = badReference(reference, parent === undefined ? [node] : [node, parent], known, doc);
        if (why !== undefined) problems.push(`${api} ${at}: x-stream-checked-by "${check.says}" ${why}.`);
      }
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'examples' || key === 'example' || key.startsWith('x-')) continue;
      const path = `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      // The properties of a schema are judged with the schema itself as their parent.
      if (key === 'properties' && isObject(value)) for (const [name, property] of Object.entries(value)) walk(property, `${path}/${name}`, node);
      else walk(value, path, parent);
    }
  };
  walk(doc, '');
  return { found, meanings, problems };
}

function readChecks(raw: unknown, at: string, problems: string[]): Check[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) {
    problems.push(`${at}: x-stream-checked-by is not a list of { says, by }.`);
    return [];
  }
  return raw.flatMap((entry) => {
    if (isObject(entry) && typeof entry.says === 'string' && entry.says.trim() !== '' && Array.isArray(entry.by) && entry.by.length > 0 && entry.by.every((id) => typeof id === 'string')) return [{ says: entry.says, by: entry.by as string[] }];
    problems.push(`${at}: x-stream-checked-by holds ${JSON.stringify(entry)}, not { says: <words of the sentence>, by: [<requirement id, rule, schema:<keyword> or code:<error code>>] }.`);
    return [];
  });
}
