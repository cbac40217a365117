// What a body breaks of a `local_hours` rule, a heuristic (its requirement is a `should`): a day of
// a schedule that reads, in the location's time zone, as open over midnight and closed at noon, while
// the same ranges moved by the zone's UTC offset are one daytime range open over lunch (11:30-12:30).
// That is a store's ordinary hours kept in UTC and copied out unconverted (11:00-22:00 in Los Angeles
// sent as 00:00-06:00 and 19:00-24:00). A late menu open 20:00-02:00 in Los Angeles, moved, opens at
// 12:00 and is not flagged; one open 18:00-02:00 would be, which is why this is only advice.
import { select, type Rule } from './rules.js';
import { quoted } from './visible.js';

const DAY = 24 * 60;
const NOON = 12 * 60;
const LUNCH = [11 * 60 + 30, 12 * 60 + 30] as const;
const RANGE = /^(\d{2}):(\d{2})-(\d{2}):(\d{2})$/;

/** The zone's offset from UTC at `at`, in minutes (Los_Angeles in November: -480); undefined for a zone the runtime lacks. */
export function offsetMinutes(zone: string, at: number): number | undefined {
  let name: string | undefined;
  try {
    name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(at).find((part) => part.type === 'timeZoneName')?.value;
  } catch {
    return undefined;
  }
  if (name === 'GMT') return 0;
  const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name ?? '');
  return match === null ? undefined : (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

const clock = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** The minutes of a day a list of ranges keeps open, or undefined when one range is malformed (the schema's finding). */
function openMinutes(ranges: readonly unknown[]): boolean[] | undefined {
  const open = new Array<boolean>(DAY).fill(false);
  for (const range of ranges) {
    const match = typeof range === 'string' ? RANGE.exec(range) : null;
    if (match === null) return undefined;
    const start = Number(match[1]) * 60 + Number(match[2]);
    const end = Number(match[3]) * 60 + Number(match[4]);
    for (let minute = start; minute < Math.min(end, DAY); minute += 1) open[minute] = true;
  }
  return open;
}

/** The one range the open minutes make when it neither wraps past midnight nor leaves a gap; undefined otherwise. */
function oneDaytimeRange(open: readonly boolean[]): string | undefined {
  const start = open.indexOf(true);
  const end = open.lastIndexOf(true) + 1;
  if (start <= 0 || end >= DAY) return undefined;
  return open.slice(start, end).every(Boolean) ? `${clock(start)}-${clock(end)}` : undefined;
}

/** A schedule day's finding, or undefined when the day does not look like hours kept in UTC. */
export function utcHoursIssue(ranges: readonly unknown[], offset: number): string | undefined {
  const open = openMinutes(ranges);
  if (open === undefined || !open[0] || !open[DAY - 1] || open[NOON]) return undefined;
  const moved = new Array<boolean>(DAY).fill(false);
  open.forEach((value, minute) => {
    moved[(((minute + offset) % DAY) + DAY) % DAY] = value;
  });
  const range = oneDaytimeRange(moved);
  if (range === undefined || !moved.slice(LUNCH[0], LUNCH[1]).every(Boolean)) return undefined;
  return range;
}

export interface HoursEnvironment {
  /** The time zone of each location Stream read, by its id. */
  readonly zones?: ReadonlyMap<string, string>;
  readonly headers?: Readonly<Record<string, string>>;
  readonly now?: number;
}

export function localHoursIssues(rule: Extract<Rule, { kind: 'local_hours' }>, body: unknown, what: string, environment: HoursEnvironment): string[] {
  const header = Object.entries(environment.headers ?? {}).find(([name]) => name.toLowerCase() === rule.header.toLowerCase())?.[1];
  const zone = header === undefined ? undefined : environment.zones?.get(header);
  const at = environment.now ?? Date.now();
  const offset = zone === undefined ? undefined : offsetMinutes(zone, at);
  // Without the location's zone (its list not read, or a zone the runtime lacks) there is nothing to compare with.
  if (zone === undefined || offset === undefined || offset === 0) return [];
  const sign = offset < 0 ? '-' : '+';
  const shownOffset = `${sign}${clock(Math.abs(offset))}`;
  const found: string[] = [];
  for (const { path, value } of select(body, rule.each)) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) continue;
    for (const [day, ranges] of Object.entries(value)) {
      if (!Array.isArray(ranges)) continue;
      const local = utcHoursIssue(ranges, offset);
      if (local === undefined) continue;
      found.push(
        `[${rule.rule}] ${what}: ${path.slice(1)}/${day} is ${quoted(ranges)}, which in ${zone} is open over midnight and closed at noon, while moved by ${zone}'s UTC offset on ${new Date(at).toISOString().slice(0, 10)} (${shownOffset}) it is ${local}: hours kept in UTC? Send each range in the location's timezone`,
      );
    }
  }
  return found;
}
