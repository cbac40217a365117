// The terminal side of POST /_sandbox/outbound: `trigger --sandbox-url` and `certify --sandbox-url`
// tell the sandbox each call they made to the partner, so its console shows it. The report's shape
// lives here, low in the house, so both tools and the console (which parses it) share it. Best
// effort: the first failure prints one warning and reporting stops; the command's verdict never
// depends on it.
import { visibleText } from './visible.js';
import { CONSOLE_TOKEN_HEADER, consoleTokenFor } from './console-token-file.js';
import { send, type HttpErrorKind } from './http.js';

export const OUTBOUND_SOURCES = ['trigger', 'certify'] as const;
export type OutboundSource = (typeof OUTBOUND_SOURCES)[number];

export interface OutboundReport {
  readonly source: OutboundSource;
  /** What was sent, as `trigger --list` names it (`pos:order.created`). */
  readonly target?: string;
  /** The certify requirement the call was evidence for (`POS-ORD-01`). */
  readonly requirement?: string;
  readonly note?: string;
  readonly request: { readonly method: string; readonly url: string; readonly headers?: Readonly<Record<string, string>>; readonly body?: string };
  /** Absent when there was no answer; `error` says why. */
  readonly response?: { readonly status: number; readonly headers?: Readonly<Record<string, string>>; readonly body?: string };
  readonly error?: { readonly kind: HttpErrorKind; readonly message: string };
  readonly ms: number;
}

/** The console keeps 64 KB of a body; the rest need not travel (the sandbox takes reports up to 256 KB). */
const REPORT_BODY_LIMIT = 64 * 1024;

function cutBodies(report: OutboundReport): OutboundReport {
  const cut = (text: string | undefined) => (text === undefined || text.length <= REPORT_BODY_LIMIT ? text : `${text.slice(0, REPORT_BODY_LIMIT)}… [${text.length - REPORT_BODY_LIMIT} more characters]`);
  const requestBody = cut(report.request.body);
  const responseBody = cut(report.response?.body);
  return {
    ...report,
    request: { ...report.request, ...(requestBody === undefined ? {} : { body: requestBody }) },
    ...(report.response === undefined ? {} : { response: { ...report.response, ...(responseBody === undefined ? {} : { body: responseBody }) } }),
  };
}

export interface OutboundReporterOptions {
  /** The sandbox's base URL (`http://127.0.0.1:4010`). */
  readonly url: string;
  /** The per-user folder with the sandbox's console token file (`consoleTokenDir(env)`). */
  readonly tokenDir: string;
  /** Prints the one warning line when the sandbox cannot take the reports. */
  readonly warn: (line: string) => void;
  readonly timeoutMs?: number;
}

export interface OutboundReporter {
  /** Queues one report; reports are posted one after another, in order. */
  report(report: OutboundReport): void;
  /** Resolves when every queued report has been posted (or given up on). */
  flush(): Promise<void>;
}

export function outboundReporter(options: OutboundReporterOptions): OutboundReporter {
  const endpoint = `${options.url.replace(/\/$/, '')}/_sandbox/outbound`;
  let queue: Promise<void> = Promise.resolve();
  let givenUp = false;
  let token: string | undefined;
  const post = async (report: OutboundReport) => {
    if (givenUp) return;
    if (token === undefined) {
      // Only to the address the sandbox listens on, on this machine: never another host, nor another program at its port.
      const read = consoleTokenFor({ url: options.url, dir: options.tokenDir });
      if ('problem' in read) {
        givenUp = true;
        options.warn(`warning: could not report to the sandbox console at ${options.url}: ${read.problem}; carrying on without it.`);
        return;
      }
      token = read.token;
    }
    const answer = await send({ method: 'POST', url: endpoint, headers: { 'Content-Type': 'application/json', [CONSOLE_TOKEN_HEADER]: token }, body: JSON.stringify(cutBodies(report)), timeoutMs: options.timeoutMs ?? 3000 });
    if (answer.status === 201) return;
    givenUp = true;
    const why = answer.status === undefined ? (answer.error?.message ?? 'no answer') : `it answered ${answer.status}${typeof (answer.json as { message?: unknown } | undefined)?.message === 'string' ? `: ${(answer.json as { message: string }).message}` : ''}`;
    // Whatever answers at that URL may not be the sandbox: its words are shown, never acted on.
    options.warn(`warning: could not report to the sandbox console at ${options.url} (${visibleText({ text: why.slice(0, 300), oneLine: true })}); carrying on without it.`);
  };
  return {
    report: (report) => {
      queue = queue.then(() => post(report)).catch(() => undefined);
    },
    flush: () => queue,
  };
}
