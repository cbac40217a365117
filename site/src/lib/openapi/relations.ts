import { deref } from './refs';
import { isObject, type OpenApiDocument } from './types';

/** One `x-stream-relations` entry of a bundled spec, as a guide shows it. */
export interface RelationRow {
  requirement: string;
  statement: string;
  /** Where it applies: `POST /stream-pos/v1/token → 201`, or every JSON answer. */
  where: string;
  /** The machine form, in words: `$response.body#/id equals $response.body#/id of the first answer`. */
  rule: string;
}

/** What `<ValueRelations>` receives, serialised into its `data` attribute at build time. */
export interface ValueRelationsData {
  rows: RelationRow[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

function ruleText(entry: Record<string, unknown>): string {
  const lead = typeof entry.rule === 'string' ? `\`${entry.rule}\`: ` : '';
  return `${lead}${relationText(entry)}`;
}

function relationText(entry: Record<string, unknown>): string {
  const value = `\`${String(entry.value)}\``;
  if (typeof entry.mediaType === 'string') return `${value} names the media type \`${entry.mediaType}\` (parameters allowed)`;
  if (typeof entry.listed === 'string') return `${value} is one of the codes the answered response lists in \`${entry.listed}\`, spelled exactly`;
  if (isObject(entry.in)) {
    const source = entry.in as Record<string, unknown>;
    const where = source.location === undefined ? '' : ` for the location \`${String(source.location)}\` names`;
    const kind = source.kind === undefined ? '' : `, found under the key \`${String(source.kind)}\` names`;
    return `${value} is one of the values \`${String(source.value)}\` took in earlier answers to \`${String(source.operation)}\`${where}${kind}`;
  }
  if (entry.is !== undefined) return `${value} is \`${JSON.stringify(entry.is)}\`: the answer gives the state the call left`;
  if (isObject(entry.apart)) return `${value} is none of the values \`${String(entry.apart.values)}\` takes in any answer to \`${String(entry.apart.operation)}\`: ids of different kinds never coincide`;
  if (typeof entry.differs === 'string') return `${value} is not \`${entry.differs}\` of the same exchange, where both are given`;
  if (entry.of === 'first-answer') return `${value} equals \`${String(entry.equals)}\` of the first success answer`;
  return `${value} equals \`${String(entry.equals)}\` of the same exchange`;
}

const code = (value: unknown) => `\`${String(value)}\``;

/** A rule's `when`, in words: which reads it judges. */
function whenText(when: unknown): string {
  if (!isObject(when)) return '';
  const names = (key: string) => (Array.isArray(when[key]) ? (when[key] as unknown[]).map(code) : []);
  const parts = [names('sent').length > 0 ? `with ${names('sent').join(' and ')}` : '', names('not_sent').length > 0 ? `without ${names('not_sent').join(' or ')}` : ''].filter(Boolean);
  return parts.length === 0 ? '' : `, in answers to reads ${parts.join(' and ')}`;
}

/** An `x-stream-rules` entry's machine form, in words, led by the rule's name that certify's message quotes. */
function namedRuleText(entry: Record<string, unknown>): string {
  const name = code(entry.rule);
  const body = (key: string) => (isObject(entry[key]) ? (entry[key] as Record<string, unknown>) : {});
  if (entry.unique !== undefined) {
    const lists = Array.isArray(body('unique').in) ? (body('unique').in as unknown[]) : [];
    return `${name}: ${code(body('unique').key)} is unique within each of ${lists.map(code).join(', ')}`;
  }
  if (entry.resolves !== undefined) return `${name}: every ${code(body('resolves').from)} is one of the ${code(body('resolves').to)}`;
  if (entry.compare !== undefined) {
    const compare = body('compare');
    const each = compare.each === undefined || compare.each === '' ? '' : ` in each ${code(compare.each)}`;
    const minutes = typeof compare.plus_minutes === 'number' ? compare.plus_minutes : 0;
    const plus = minutes === 0 ? '' : ` ${minutes < 0 ? '-' : '+'} ${Math.abs(minutes)} minutes`;
    const unless = compare.unless === undefined ? '' : `, unless ${code(compare.unless)} is \`true\``;
    const onlyWhen = compare.only_when === undefined ? '' : `, only when ${code(compare.only_when)} is \`true\``;
    const advice = entry.advice === true ? ' (advice: certify warns)' : '';
    return `${name}: ${code(compare.left)} ${String(compare.op)} ${code(compare.right)}${plus}${each}, when both are given${unless}${onlyWhen}${advice}`;
  }
  if (entry.ranges !== undefined) return `${name}: each \`HH:mm-HH:mm\` range of every ${code(body('ranges').each)} ends after it starts and starts no earlier than the one before ends`;
  if (entry.stable !== undefined) return `${name}: every read lists the same ${code(body('stable').values)} as the first`;
  if (entry.range !== undefined) {
    const range = body('range');
    const unit = String(range.unit);
    const bounds = [range.min === undefined ? '' : `at least ${String(range.min)}`, range.above === undefined ? '' : `more than ${String(range.above)}`, range.max === undefined ? '' : `at most ${String(range.max)}`].filter(Boolean).join(' and ');
    return `${name}: every ${code(range.values)} given is ${bounds} ${unit}`;
  }
  if (entry.percent !== undefined) {
    const values = Array.isArray(body('percent').values) ? (body('percent').values as unknown[]) : [];
    return `${name}: every ${values.map(code).join(' and every ')} given is a percentage (\`5\` for 5%): an answer whose values other than 0 are all below 1 wrote them as fractions`;
  }
  if (entry.zone !== undefined && body('zone').geographic === true) return `${name}: every ${code(body('zone').values)} given is the zone of a place by its Area/Location name (\`America/Los_Angeles\`), not one with no place such as \`UTC\` or \`Etc/GMT+8\` nor a backward-compatibility link such as \`US/Pacific\``;
  if (entry.zone !== undefined) return `${name}: every ${code(body('zone').values)} given is a name of the IANA time zone database, spelled as the database spells it (an Area/Location name such as \`America/New_York\`, not an abbreviation such as \`PST\`)`;
  if (entry.future !== undefined) {
    const least = body('future').at_least_seconds;
    const by = typeof least === 'number' ? ` by at least ${String(least)} seconds` : '';
    return `${name}: every ${code(body('future').values)} given is later than the moment Stream receives the body${by}`;
  }
  if (entry.recent !== undefined) {
    const recent = body('recent');
    return `${name}: every ${code(recent.values)} given lies between ${String(Number(recent.behind_seconds) / 60)} minutes before and ${String(Number(recent.ahead_seconds) / 60)} minutes after the moment Stream receives the body`;
  }
  if (entry.scheme !== undefined) {
    const host = body('scheme').public === true ? ', on a public host (not `localhost`, a loopback, private or link-local address, or a `.local` or `.internal` name)' : '';
    return `${name}: every ${code(body('scheme').values)} given is a URL whose scheme is ${code(body('scheme').is)}${host}`;
  }
  if (entry.place !== undefined) {
    const place = body('place');
    const zone = place.zone === undefined ? `one of the zones of its ${code(place.country)}` : `its ${code(place.zone)}`;
    const country = place.zone !== undefined && place.country !== undefined ? `, and its ${code(place.country)} is a country that uses that zone` : '';
    return `${name}: the ${code(place.latitude)} and ${code(place.longitude)} of each ${code(place.each)} lie within 4,500 km of the reference point the IANA time zone database gives ${zone}${country}`;
  }
  if (entry.inherits !== undefined) {
    const inherits = body('inherits');
    return `${name}: an ${code(inherits.each)} that a ${code(inherits.parents)} lists in its ${code(inherits.members)} gives no ${code(inherits.value)} of 0 where that parent gives one that is not 0: an inherited value is left out`;
  }
  if (entry.excludes !== undefined) {
    const values = Array.isArray(body('excludes').not) ? (body('excludes').not as unknown[]).map((value) => `\`${String(value)}\``) : [];
    return `${name}: ${code(body('excludes').values)} is never ${values.join(' or ')}`;
  }
  if (entry.postal !== undefined) {
    const postal = body('postal');
    if (postal.zone !== undefined) return `${name}: the ${code(postal.zone)} of each ${code(postal.each)} whose ${code(postal.country)} is \`US\` or \`CA\` is a zone a place in its ${code(postal.state)} keeps (\`CA\`: \`America/Los_Angeles\`), by the zones the IANA database assigns to that state's places`;
    return `${name}: the ${code(postal.state)} of each ${code(postal.each)} whose ${code(postal.country)} is \`US\` or \`CA\` is a two-letter code that country's postal service writes (\`NY\`, \`QC\`), not a name, lower case or dotted form`;
  }
  if (entry.local_hours !== undefined) {
    const hours = body('local_hours');
    return `${name} (a heuristic: certify warns): no day of a ${code(hours.each)} is open over midnight and closed at noon in the \`${String(hours.zones_from)}\` ${code(hours.zone)} of the location ${code(hours.header)} names, while its ranges moved by that zone's UTC offset make one range open from 11:30 to 12:30`;
  }
  if (entry.besides !== undefined) {
    const besides = body('besides');
    const through = isObject(besides.through) ? (besides.through as Record<string, unknown>) : undefined;
    const marked = besides.marked === undefined ? '' : ` whose ${code(besides.marked)} is \`true\``;
    const reach = through === undefined ? '' : ` held by a ${code(through.holders)} the ${code(besides.each)} offers (or one those offer)`;
    const unless = isObject(besides.unless) ? Object.entries(besides.unless as Record<string, unknown>).map(([at, is]) => `, unless ${code(at)} is \`${String(is)}\``).join('') : '';
    return `${name}: no ${code(besides.list)} of a ${code(besides.each)} is the ${code(besides.id)} of a ${code(besides.set)}${marked}${reach}: the list is besides those${unless}`;
  }
  if (entry.filled !== undefined) {
    const filled = body('filled');
    const unless = isObject(filled.unless) ? Object.entries(filled.unless as Record<string, unknown>).map(([at, is]) => `, unless ${code(at)} is \`${String(is)}\``).join('') : '';
    return `${name}: every ${code(filled.each)} lists at least one ${code(filled.list)}${unless}${entry.advice === true ? ' (advice: certify warns)' : ''}`;
  }
  if (entry.slug !== undefined) return `${name}: every ${code(body('slug').values)} given is a slug, lower-case letters and digits in words joined by hyphens (\`acme-couriers\`, not \`Acme Couriers\`)`;
  if (entry.priced !== undefined) {
    const priced = body('priced');
    const deeper = priced.deeper === undefined ? '' : ` (and each of theirs in ${code(priced.deeper)})`;
    const nested = priced.nested === undefined ? '' : `, and of each of its ${code(priced.nested)}${deeper}`;
    return `${name}: the ${code(priced.price)} of each ${code(priced.each)}${nested} is a price the menu published for the location gives the object its ${code(priced.id)} names`;
  }
  if (entry.published !== undefined) {
    const published = body('published');
    const fields = Array.isArray(published.fields) ? (published.fields as unknown[]).map(code).join(', ') : '';
    const deeper = published.deeper === undefined ? '' : ` (and each of theirs in ${code(published.deeper)})`;
    const nested = published.nested === undefined ? '' : `, and each of its ${code(published.nested)}${deeper},`;
    return `${name}: each ${code(published.each)}${nested} gives at ${fields} what the menu published for the location gives the object its ${code(published.id)} names`;
  }
  if (entry.required_when !== undefined) {
    const required = body('required_when');
    const present = Array.isArray(required.present) ? (required.present as unknown[]).map(code).join(', ') : '';
    return `${name}: when ${code(required.field)} ${required.is === undefined ? 'is given' : `is \`${JSON.stringify(required.is)}\``}, ${present} is given`;
  }
  if (entry.distinct !== undefined) {
    const distinct = body('distinct');
    const from = Array.isArray(distinct.from) ? (distinct.from as unknown[]).map(code).join(', ') : '';
    return `${name}: every ${code(distinct.values)} differs from ${from}`;
  }
  if (entry.minor !== undefined) {
    const minor = body('minor');
    const values = Array.isArray(minor.values) ? (minor.values as unknown[]).map(code).join(' and every ') : '';
    return `${name}: every ${values} given that is not 0 is at least ${String(minor.below)}, or at least 1/${String(minor.ratio)} of ${code(minor.against)}: smaller, it reads as major units rounded (advice: certify warns)`;
  }
  if (entry.away !== undefined) {
    const away = body('away');
    return `${name}: ${code(away.values)} is not the ${code(away.address)} that the ${code(away.each)} of ${code(away.listed)} whose ${code(away.id)} is the body's ${code(away.location)} gives (advice: certify warns)`;
  }
  if (entry.omitted !== undefined) {
    const omitted = body('omitted');
    const values = Array.isArray(omitted.values) ? (omitted.values as unknown[]).map(code).join(' and every ') : '';
    const dial = omitted.dial_of === undefined ? '' : `, nor the country calling code of ${code(omitted.dial_of)}`;
    return `${name}: every ${values} given is not a stand-in for none (\`N/A\`, \`none\`, \`-\`, \`0\`)${dial}: with nothing to give, it is left out (advice: certify warns)`;
  }
  if (entry.readable !== undefined) return `${name}: every ${code(body('readable').values)} reads as a name a person is called by, not a record key (advice: certify warns)`;
  if (entry.absent !== undefined) {
    const values = Array.isArray(body('absent').values) ? (body('absent').values as unknown[]) : [];
    return `${name}: none of ${values.map(code).join(', ')} is given${whenText(entry.when)}`;
  }
  if (entry.held !== undefined) {
    const held = body('held');
    const deeper = held.deeper === undefined ? '' : ` (and of each of its ${code(held.deeper)})`;
    return `${name}: the ${code(held.by)} of each ${code(held.each)}${deeper} names an object that holds the one its ${code(held.id)} names, in the menu or catalog it was ordered from`;
  }
  if (entry.offered !== undefined) {
    const offered = body('offered');
    return `${name}: the ${code(offered.group)} of each of a ${code(offered.each)}'s ${code(offered.list)} is a group offered with the object its ${code(offered.holder)} names, and of each ${code(offered.deeper)} a group offered under the choice it is nested in (its ${code(offered.id)}), in the menu or catalog it was ordered from`;
  }
  if (entry.free !== undefined) {
    const free = body('free');
    const what = free.finds === 'charged' ? 'charge no more than' : 'charge no less than';
    return `${name}: under each ${code(free.each)} and each of its ${code(free.list)} (and their ${code(free.deeper)}), the choices of one ${code(free.group)} ${what} their menu prices less the cheapest units its \`amount_of_modifiers_free\` makes free, per unit of the parent (${code(free.quantity)} × ${code(free.price)}, a free unit at 0)${entry.advice === true ? ' (advice: certify warns)' : ''}`;
  }
  if (typeof entry.names === 'string' && typeof entry.list === 'string') {
    const fields = isObject(entry.entry) ? Object.entries(entry.entry as Record<string, unknown>).map(([field, value]) => `${field}: ${JSON.stringify(value)}`) : [];
    const id = typeof entry.id === 'string' ? [`${entry.id.slice(1)}: the ${entry.object === 'modifier' ? 'modifier' : "line's item"} id`] : [];
    const object = entry.object === 'modifier' ? 'a modifier' : 'an item';
    if (entry.names === 'contract-break') {
      const count = typeof entry.count === 'number' ? `exactly ${entry.count} ` : '';
      const reason = typeof entry.reason === 'string' ? `, whose ${code(entry.reason.slice(1))} names each field that is missing or wrong` : '';
      return `${name}: a body that breaks the contract is refused with ${count}entry { ${fields.join(', ')} } in ${code(entry.list)}${reason}, however many fields are wrong`;
    }
    if (entry.names === 'foreign-location') return `${name}: an order whose \`location_id\` is not one of the merchant's locations is refused with an entry { ${fields.join(', ')} } in ${code(entry.list)}`;
    const line = entry.names === 'inactive' ? `${object} the catalog lists with \`is_active: false\`` : entry.names === 'sold-out' ? `${object} the catalog lists with \`stock_count: 0\`` : `${object} the catalog does not list`;
    return `${name}: an order whose line ${entry.object === 'modifier' ? 'carries' : 'names'} ${line} is refused with an entry { ${[...fields, ...id].join(', ')} } in ${code(entry.list)}`;
  }
  if (entry.sum !== undefined) {
    const sum = body('sum');
    const pointers = (key: string) => (Array.isArray(sum[key]) ? (sum[key] as unknown[]).map(code) : []);
    const lines = isObject(sum.lines) ? (sum.lines as Record<string, unknown>) : undefined;
    const deeper = lines?.deeper === undefined ? '' : ` (and each of theirs in ${code(lines.deeper)})`;
    const nested = lines?.nested === undefined ? '' : ` + the same for each of its ${code(lines.nested)}${deeper}, per unit`;
    const priced = lines === undefined ? [] : [`the sum over each ${code(lines.each)} of ${code(lines.quantity)} × (${code(lines.price)}${nested})`];
    const minus = pointers('subtract').map((pointer) => ` − ${pointer}`).join('');
    return `${name}: ${code(sum.total)} = ${[...priced, ...pointers('add')].join(' + ')}${minus}, an absent amount counting as 0`;
  }
  return name;
}

function collect(list: unknown, where: string, rows: RelationRow[], named = false): void {
  if (!Array.isArray(list)) return;
  for (const entry of list) {
    if (!isObject(entry)) continue;
    const refusal = typeof entry.code === 'string' ? `, else refused with \`400 ${entry.code}\`` : '';
    // A listed-codes relation covers only the answers that list codes, wherever it is stated.
    const covered = typeof entry.listed === 'string' ? `every error answer that lists its codes in \`${entry.listed}\`` : where;
    rows.push({ requirement: String(entry.requirement), statement: String(entry.statement), where: covered, rule: named ? `${namedRuleText(entry)}${refusal}` : ruleText(entry) });
  }
}

/** An `x-stream-read-back` entry's machine form, in words: what the read answers after each call of the same key. */
function readBackText(entry: Record<string, unknown>): string {
  const key = code(entry.key);
  const after = isObject(entry.after) ? Object.entries(entry.after as Record<string, unknown>) : [];
  const steps = after.map(([operation, expect]) => {
    const fields = isObject(expect) ? Object.entries(expect as Record<string, unknown>).map(([field, value]) => `${code(field)} is ${code(JSON.stringify(value))}`) : [];
    return `after ${code(operation)} of that ${key}, ${fields.join(' and ')}`;
  });
  return `read with a ${key}, the answer's ${key} is that ${key}; ${steps.join('; ')}`;
}

/** An `x-stream-backoff` in words, with the numbers certify judges a sender's retries by. */
function backoffText(entry: Record<string, unknown>): string {
  return `${code(entry.rule)}: while Stream answers ${code(entry.status)} to ${String(entry.refusals)} sends in a row, the first retry comes at least ${String(entry.first_wait_ms)} ms after the refusal and each wait is longer than the one before it`;
}

function operationRows(doc: OpenApiDocument, label: string, operation: unknown, rows: RelationRow[]): void {
  if (!isObject(operation) || !isObject(operation.responses)) return;
  const readBacks = operation['x-stream-read-back'];
  if (Array.isArray(readBacks)) {
    for (const entry of readBacks) {
      if (isObject(entry)) rows.push({ requirement: String(entry.requirement), statement: String(entry.statement), where: `${label} → 200, read after each call`, rule: readBackText(entry) });
    }
  }
  const backoff = operation['x-stream-backoff'];
  if (isObject(backoff)) rows.push({ requirement: String(backoff.requirement), statement: String(backoff.statement), where: `${label}, while Stream is down`, rule: backoffText(backoff) });
  collect(deref(doc, operation.requestBody)?.['x-stream-rules'], `${label} request body`, rows, true);
  for (const [status, response] of Object.entries(operation.responses)) {
    const node = deref(doc, response);
    collect(node?.['x-stream-relations'], `${label} → ${status}`, rows);
    collect(node?.['x-stream-rules'], `${label} → ${status}`, rows, true);
    collect(node?.['x-stream-refusal-lists'], `${label} → ${status}`, rows, true);
  }
}

/** Every relation and named rule a spec states, in spec order: contract-wide, then paths, then webhooks. */
export function allRelations(doc: OpenApiDocument): RelationRow[] {
  const rows: RelationRow[] = [];
  collect((doc as Record<string, unknown>)['x-stream-relations'], 'every answer the contract gives as JSON', rows);
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) operationRows(doc, `${method.toUpperCase()} ${path}`, item[method], rows);
  }
  for (const [name, item] of Object.entries(doc.webhooks ?? {})) {
    for (const method of METHODS) operationRows(doc, `${name} event`, item[method], rows);
  }
  return rows;
}

/**
 * The relations of the given requirements, each listed once with every place that states it. An
 * id the spec does not state is an error, so a guide cannot promise a rule the contract lacks.
 */
export function valueRelationsData(doc: OpenApiDocument, api: string, ids: readonly string[]): ValueRelationsData {
  const all = allRelations(doc);
  const rows: RelationRow[] = [];
  for (const id of ids) {
    const matching = all.filter((row) => row.requirement === id);
    if (matching.length === 0) {
      const known = [...new Set(all.map((row) => row.requirement))].join(', ');
      throw new Error(`The ${api} spec states no x-stream-relations, x-stream-rules or x-stream-backoff for ${id}. It states: ${known || 'none'}.`);
    }
    // A requirement with several named rules shows each rule's sentence and machine form once.
    const once = (pick: (row: RelationRow) => string, separator: string) => [...new Set(matching.map(pick))].join(separator);
    rows.push({ requirement: id, statement: once((row) => row.statement, ' '), where: once((row) => row.where, '; '), rule: once((row) => row.rule, '; ') });
  }
  return { rows };
}
