// Judges the rule kinds that find values only implausible, compared with what the same body or the
// partner's own listing gives: amounts in major units (`minor`), a drop-off at the store (`away`).
import { select, type Rule } from './rules.js';
import { quoted } from './visible.js';

/** The success answers certify read of an operation of the same contract (the partner's location list). */
export type AnswersOf = (operationId: string) => readonly unknown[];

const said = (rule: Rule, what: string, text: string) => `[${rule.rule}] ${what}: ${text}`;

/** What a body breaks of a `minor` rule: a non-zero amount below the floor and below a `ratio`th of the amount it is compared with. */
export function minorIssues(rule: Extract<Rule, { kind: 'minor' }>, body: unknown, what: string): string[] {
  // With `each`, every object it selects is judged alone, its paths shown from the body's root.
  const scopes = rule.each === undefined ? [{ path: '', value: body }] : select(body, rule.each);
  return scopes.flatMap((scope) => minorIn(rule, scope.value, scope.path, what));
}

function minorIn(rule: Extract<Rule, { kind: 'minor' }>, body: unknown, at: string, what: string): string[] {
  const against = select(body, rule.against)[0]?.value;
  // Without the amount it is judged against, nothing says which unit the others are in.
  if (typeof against !== 'number') return [];
  return rule.values.flatMap((pointer) =>
    select(body, pointer)
      .filter(({ value }) => typeof value === 'number' && value > 0 && value < rule.below && against >= value * rule.ratio)
      .map(({ path, value }) =>
        said(rule, what, `${(at + path).slice(1)} is ${String(value)}, less than ${String(rule.below)} of the lowest denomination and less than 1/${String(rule.ratio)} of ${(at + rule.against).slice(1)} (${String(against)}): an amount in major units? Every amount counts the lowest denomination: ${String(Number(value) * 100)}, not ${String(value)}, for ${String(value)}.00`),
      ),
  );
}

/** Lower case, every run of other characters one space: `210 W. 38th St` and `210 w 38th st` read alike. */
const plain = (value: unknown) => (typeof value === 'string' ? value.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim() : '');

/** Whether two addresses name one door: the same first line, the same second line (none counts as one), and the same postal code where both give one, else the same city. */
function sameDoor(left: Record<string, unknown>, right: Record<string, unknown>): boolean {
  if (plain(left.address_line_1) === '' || plain(left.address_line_1) !== plain(right.address_line_1)) return false;
  if (plain(left.address_line_2) !== plain(right.address_line_2)) return false;
  const postal = plain(left.postal_code) !== '' && plain(right.postal_code) !== '';
  return postal ? plain(left.postal_code) === plain(right.postal_code) : plain(left.city) === plain(right.city);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What a body breaks of an `away` rule: its address is the one the partner listed for the location the body names. */
export function awayIssues(rule: Extract<Rule, { kind: 'away' }>, body: unknown, what: string, answersOf: AnswersOf): string[] {
  const location = select(body, rule.location)[0]?.value;
  if (typeof location !== 'string') return [];
  const listed = answersOf(rule.listed)
    .flatMap((answer) => select(answer, rule.each).map(({ value }) => value))
    .filter((entry) => select(entry, rule.id)[0]?.value === location)
    .map((entry) => select(entry, rule.address)[0]?.value)
    .find(isRecord);
  if (listed === undefined) return [];
  return select(body, rule.values)
    .filter(({ value }) => isRecord(value) && sameDoor(value, listed))
    .map(({ path }) => said(rule, what, `${path.slice(1)} is ${[listed.address_line_1, listed.postal_code ?? listed.city].map((part) => quoted(part)).join(', ')}, the address ${rule.listed} gives location ${quoted(location)}: the drop-off is the pickup point; send where the customer asked for the order`));
}
