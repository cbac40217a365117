// `new Date(ms).toISOString()` made in JavaScript. The sandbox writes an ISO time into the record
// of every exchange and into the note of many POS events; V8's toISOString leaves JavaScript for
// its runtime and its date cache (about 1 µs a call under load, more than the record around it).
// Arithmetic on the number gives the same text for every time from 1970 to 9999; any other value
// (before 1970, past 9999, a fraction, NaN) goes to Date, which answers or throws as it always did.

const DAY_MS = 86_400_000;
/** 9999-12-31T23:59:59.999Z, the last time toISOString writes with a four-digit year. */
const LAST_MS = 253_402_300_799_999;

// Every two- and three-digit field written once, at load: turning numbers into text was most of the cost.
const TWO = Array.from({ length: 100 }, (_, value) => String(value).padStart(2, '0'));
const THREE = Array.from({ length: 1000 }, (_, value) => String(value).padStart(3, '0'));

function four(value: number): string {
  return value < 1000 ? String(value).padStart(4, '0') : String(value);
}

/** The ISO 8601 text of a time in milliseconds since 1970, exactly as `new Date(ms).toISOString()` writes it. */
export function isoText(ms: number): string {
  if (!Number.isInteger(ms) || ms < 0 || ms > LAST_MS) return new Date(ms).toISOString();
  const days = Math.floor(ms / DAY_MS);
  let rest = ms - days * DAY_MS;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  const millis = rest - seconds * 1000;
  // The civil date of a day count (Howard Hinnant's days_from_civil, inverted): eras of 400 years
  // of 146,097 days, each year starting on 1 March so that the leap day comes last.
  const shifted = days + 719_468;
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const marchMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * marchMonth + 2) / 5) + 1;
  const month = marchMonth < 10 ? marchMonth + 3 : marchMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${four(year)}-${TWO[month]!}-${TWO[day]!}T${TWO[hours]!}:${TWO[minutes]!}:${TWO[seconds]!}.${THREE[millis]!}Z`;
}

/**
 * Why a "time" below one day of milliseconds is no epoch time: it reads as a time of day without its
 * date (66600000 is 18:30), which no unit change mends, so the advice names the date, not seconds.
 * `undefined` for any other value.
 */
export function timeOfDayIssue(field: string, value: number): string | undefined {
  if (!Number.isInteger(value) || value < 0 || value >= DAY_MS) return undefined;
  const minutes = Math.floor(value / 60_000);
  const clock = `${TWO[Math.floor(minutes / 60)]}:${TWO[minutes % 60]}`;
  return `${field} is ${value}, which reads as a time of day without a date (${clock}, ${value} ms after midnight): send milliseconds since the Unix epoch of that time on the day it is for (13 digits today)`;
}
