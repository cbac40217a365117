// Rules on single fields of a body beyond its schema: a name meant for people is never an id the
// same body gives elsewhere (`distinct`) and reads as a name rather than a record key (`readable`,
// advice), and a field a condition requires is given (`required_when`: a future order's ready time).
import { select, type Rule } from './rules.js';
import { quoted } from './visible.js';

/**
 * A record key rather than a name: one token with no space, letters joined to a number by `_` or `-`
 * (`drv_8841`, `driver-17`; a robot's number such as `R-1042` is not one), or letters then three or more digits (`DRV8841`). A robot's name with a
 * space (`Rover 7`) or a plain name (`Dana R.`) is not one.
 */
const RECORD_KEY = /^(?:[A-Za-z]{2,}[_-][A-Za-z_-]*\d[\w-]*|[A-Za-z]{1,5}\d{3,})$/;

export function looksLikeRecordKey(value: string): boolean {
  return RECORD_KEY.test(value.trim());
}

function said(rule: Rule, what: string, text: string): string {
  return `[${rule.rule}] ${what}: ${text}`;
}

/** What a body breaks of a `distinct` rule: a value (a name, or an id) that repeats an id the body gives at one of `from`. */
export function distinctIssues(rule: Extract<Rule, { kind: 'distinct' }>, body: unknown, what: string): string[] {
  const ids = rule.from.flatMap((pointer) => select(body, pointer)).filter(({ value }) => typeof value === 'string' && value !== '');
  return select(body, rule.values).flatMap(({ path, value }) => {
    const same = ids.find((id) => id.value === value);
    if (same === undefined) return [];
    // A name copied from an id, or one id copied from another the contract keeps apart (an order's id from its hand-off number).
    const advice = /name$/.test(path) ? 'send the name people use, not an id' : `give ${path.slice(1)} its own value, not the one ${same.path.slice(1)} gives`;
    return [said(rule, what, `${path.slice(1)} is ${quoted(value)}, the id ${same.path.slice(1)} gives: ${advice}`)];
  });
}

/** What a body breaks of a `readable` rule: a name that looks like a record key. */
export function readableIssues(rule: Extract<Rule, { kind: 'readable' }>, body: unknown, what: string): string[] {
  return select(body, rule.values)
    .filter(({ value }) => typeof value === 'string' && looksLikeRecordKey(value))
    .map(({ path, value }) => said(rule, what, `${path.slice(1)} is ${quoted(value)}, which reads as a record key, not a name a person is called by`));
}

/** What a body breaks of a `required_when` rule: a field the condition requires, left out. */
export function requiredWhenIssues(rule: Extract<Rule, { kind: 'required_when' }>, body: unknown, what: string): string[] {
  const condition = select(body, rule.field);
  // Without `is`, any value at the field requires the others: a code to dial after a number needs the number.
  if (condition.length !== 1 || (rule.is !== undefined && condition[0]!.value !== rule.is)) return [];
  const because = rule.is === undefined ? `${rule.field.slice(1)} is given` : `${rule.field.slice(1)} is ${JSON.stringify(rule.is)}`;
  return rule.present.filter((pointer) => select(body, pointer).length === 0).map((pointer) => said(rule, what, `${pointer.slice(1)} is missing, and ${because}, which requires it`));
}
