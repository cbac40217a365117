// The lines the sandbox writes for each exchange: the terminal's and the jsonl log's. They are made
// for every partner call, so each keeps the text of what repeats from one call to the next.
import { inertJson, visibleText } from '../visible.js';
import { colorsFor, type Io } from '../io.js';
import type { SandboxExchange } from '../sandbox/index.js';

/**
 * Text the log writes as it is: no quote, backslash, control character or surrogate (a lone one is
 * escaped), and none of the invisible or reordering characters `inertJson` escapes.
 */
const PLAIN_JSON_TEXT = /^[^"\\\u0000-\u001f\u007f-\u009f\u00ad\u061c\u115f\u1160\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff9-\ufffb\ud800-\udfff]*$/;

/** A string field of the log line; `inertJson` escapes what the caller sent, so `tail -f` shows a U+202E as \u202e instead of obeying it. */
function stringField(name: string, value: string | undefined): string {
  if (value === undefined) return '';
  // Quoted here when nothing needs escaping (a note, every call): JSON.stringify leaves JavaScript for the runtime's C++.
  return `,"${name}":${PLAIN_JSON_TEXT.test(value) ? `"${value}"` : inertJson(value, { indent: 0 })}`;
}

/**
 * `stringField` for a field that mostly repeats from one exchange to the next (time, method,
 * path, operation, verdict, event): the last value's text is kept and used again while the value is the same.
 */
function repeatedField(name: string): (value: string | undefined) => string {
  let last: string | undefined;
  let text = '';
  return (value) => {
    if (value !== last) {
      last = value;
      text = stringField(name, value);
    }
    return text;
  };
}

const atField = repeatedField('at');
const methodField = repeatedField('method');
const pathField = repeatedField('path');
const operationField = repeatedField('operation');
const verdictField = repeatedField('verdict');
const eventField = repeatedField('event');

/** A number as JSON writes it: a number that is not finite is null. */
function numberText(value: number): string {
  return Number.isFinite(value) ? String(value) : 'null';
}

/**
 * What the jsonl log keeps of an exchange without --verbose: every field but the bodies, in the
 * log's order, an absent one left out, exactly as JSON.stringify writes them. Written out field by
 * field: stringifying an object per request cost twice as much, and this runs for every request.
 */
export function logLine(exchange: SandboxExchange): string {
  return `{"seq":${numberText(exchange.seq)}${atField(exchange.at)}${methodField(exchange.method)}${pathField(exchange.path)}${operationField(exchange.operation)},"status":${numberText(exchange.status)}${verdictField(exchange.verdict)}${eventField(exchange.event)}${stringField('note', exchange.note)},"ms":${numberText(exchange.ms)}}\n`;
}

/** What an exchange waiting for the terminal or the log keeps alive: its record, bodies included, and its line. */
export function exchangeBytes(exchange: { readonly bytes: number }): number {
  return exchange.bytes + 200;
}

/** The terminal's line for an exchange; with --verbose, its bodies follow as the log keeps them. */
export function terminalLine(exchange: SandboxExchange, options: { readonly io: Pick<Io, 'isTTY'>; readonly verbose: boolean }): string {
  if (!options.verbose) return `${formatExchange(exchange, options.io)}\n`;
  const bodies = { requestBody: exchange.requestBody, responseBody: exchange.responseBody };
  // JSON escapes C0 controls but not C1 controls (an 8-bit CSI) nor bidirectional ones.
  return `${formatExchange(exchange, options.io)}\n${visibleText({ text: JSON.stringify(bodies, null, 2) })}\n`;
}

/** Path, event and note come from the caller: their control characters are shown, never sent to the terminal. */
function shown(text: string): string {
  return visibleText({ text, oneLine: true });
}

/** `shown` for a field that mostly repeats from one exchange to the next (method, path, event): the last answer is kept. */
function repeatedShown(): (text: string) => string {
  let last: string | undefined;
  let text = '';
  return (value) => {
    if (value !== last) {
      last = value;
      text = shown(value);
    }
    return text;
  };
}

const shownMethod = repeatedShown();
const shownPath = repeatedShown();
const shownEvent = repeatedShown();

/** A line's text but its time and note: the last one made, and what it was made from. */
interface LineMiddle {
  colors: ReturnType<typeof colorsFor> | undefined;
  method: string;
  path: string;
  status: number;
  verdict: string;
  event: string | undefined;
  text: string;
}

// Calls under load repeat all of a line but its note, and its time for a second: the last one's text is used again.
const lastMiddle: LineMiddle = { colors: undefined, method: '', path: '', status: -1, verdict: '', event: undefined, text: '' };
const lastTime = { colors: undefined as ReturnType<typeof colorsFor> | undefined, at: '', text: '' };

function lineMiddle(exchange: SandboxExchange, c: ReturnType<typeof colorsFor>): string {
  const last = lastMiddle;
  if (last.colors === c && last.method === exchange.method && last.path === exchange.path && last.status === exchange.status && last.verdict === exchange.verdict && last.event === exchange.event) return last.text;
  const verdict = exchange.verdict === 'accepted' ? c.green('accepted') : exchange.verdict === 'refused' ? c.yellow('refused ') : c.red('error   ');
  const status = exchange.status >= 400 ? c.yellow(String(exchange.status)) : c.green(String(exchange.status));
  const query = exchange.path.indexOf('?');
  let text = `  ${shownMethod(exchange.method).padEnd(6)}  ${shownPath(query < 0 ? exchange.path : exchange.path.slice(0, query))}  ${status}  ${verdict}`;
  if (exchange.event !== undefined) text += `  ${c.cyan(shownEvent(exchange.event))}`;
  Object.assign(last, { colors: c, method: exchange.method, path: exchange.path, status: exchange.status, verdict: exchange.verdict, event: exchange.event, text });
  return text;
}

/** One line per exchange: time, method, path, status, verdict, event and the first issue or what happened. */
export function formatExchange(exchange: SandboxExchange, io: Pick<Io, 'isTTY'>): string {
  const c = colorsFor(io);
  if (lastTime.colors !== c || lastTime.at !== exchange.at) Object.assign(lastTime, { colors: c, at: exchange.at, text: c.dim(exchange.at.slice(11, 19)) });
  const line = lastTime.text + lineMiddle(exchange, c);
  return exchange.note === undefined ? line : `${line}  ${c.dim(shown(exchange.note))}`;
}
