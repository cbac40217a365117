// A call the sandbox received, as a row of the console's log: a view over the sandbox's own record
// of the exchange (time, method, path, operation, event, note, duration), which it reads rather than
// copies, plus what only the console keeps (its id, who sent it, the headers, the verdicts). Its
// headers and bodies are redacted when first read (a page showing the row, a replay), not when the
// call is answered: the list and the backlog show summaries, which never read them, so with no page
// looking a partner's call costs the console no copying or redaction at all. What a row holds
// unredacted stays in memory and is never shown: every read goes through the redaction.
import type { ContractVerdict } from '../contract-verdict.js';
import type { Judgement } from '../judge.js';
import type { ApiName } from '../openapi.js';
import { BODY_LIMIT, redactBody, redactHeaders } from '../redact.js';
import type { ConsoleExchange, ExchangeSource, SignatureVerdict } from './data.js';

type Headers = Readonly<Record<string, string | string[] | number | undefined>>;

/** What of an exchange the row reads from the sandbox's record of it rather than keeping a copy. */
export interface RecordFacts {
  readonly at: string;
  readonly operation?: string | undefined;
  readonly event?: string | undefined;
  readonly method: string;
  /** The path and query, as the log shows it. */
  readonly path: string;
  readonly ms: number;
  readonly note?: string | undefined;
  /** The answer's headers, when the record knows them (see `InboundRowFields.responseHeaders`). */
  sentHeaders?(): Readonly<Record<string, string>> | undefined;
}

/** What an answer's headers cost when the record holds them: a few short ones, counted without reading them. */
const RECORDED_HEADER_BYTES = 160;

export interface InboundRowFields {
  readonly id: number;
  /** The sandbox's record of the exchange: the row's time, method, url, operation, event, note and ms. */
  readonly record: RecordFacts;
  readonly source: ExchangeSource;
  readonly audience: ApiName | 'unknown';
  readonly status: number;
  readonly signature: SignatureVerdict;
  readonly contract: ContractVerdict;
  /** As received and as answered, not yet redacted. */
  readonly requestHeaders: Headers;
  readonly requestBody: string;
  /** Absent when the record holds them (`RecordFacts.sentHeaders`): read only when the row is shown. */
  readonly responseHeaders?: Headers | undefined;
  readonly responseBody: string;
  /** What the request's headers cost, when the caller counted them already (`rawHeaderBytes`); else counted here. */
  readonly requestHeaderBytes?: number;
}

interface Shown {
  readonly requestHeaders: Readonly<Record<string, string>>;
  readonly requestBody: string;
  readonly responseHeaders: Readonly<Record<string, string>>;
  readonly responseBody: string;
}

/** What headers as Node received them (`rawHeaders`: name, value, name, value...) cost: a loop over one array rather than over an object's keys. */
export function rawHeaderBytes(raw: readonly string[] | undefined): number | undefined {
  // A request made without a socket (Fastify's inject) may have no such list: the row then counts the object.
  if (raw === undefined) return undefined;
  let bytes = 0;
  for (let index = 0; index < raw.length; index += 1) bytes += raw[index]!.length;
  return bytes;
}

function headerBytes(headers: Headers): number {
  let bytes = 0;
  for (const name in headers) {
    const value = headers[name];
    bytes += name.length + (typeof value === 'string' ? value.length : Array.isArray(value) ? value.join(', ').length : String(value).length);
  }
  return bytes;
}

export class InboundRow implements ConsoleExchange {
  readonly id: number;
  readonly source: ExchangeSource;
  readonly audience: ApiName | 'unknown';
  readonly status: number;
  readonly signature: SignatureVerdict;
  /** Replaced once the contract verdict is in (`ConsoleLog.patch`). */
  contract: ContractVerdict;
  /** What keeping the row costs, counted against the console log's byte budget. */
  readonly bytes: number;
  readonly #record: RecordFacts;
  // As received and answered, until first read; then the redacted form replaces them. Four fields
  // rather than an object holding them: one object fewer for every partner call.
  #requestHeaders: Headers | undefined;
  #requestBody: string | undefined;
  #responseHeaders: Headers | undefined;
  #responseBody: string | undefined;
  #shown: Shown | undefined;

  constructor(fields: InboundRowFields) {
    this.id = fields.id;
    this.#record = fields.record;
    this.source = fields.source;
    this.audience = fields.audience;
    this.status = fields.status;
    this.signature = fields.signature;
    this.contract = fields.contract;
    const headerCost = (fields.requestHeaderBytes ?? headerBytes(fields.requestHeaders)) + (fields.responseHeaders === undefined ? RECORDED_HEADER_BYTES : headerBytes(fields.responseHeaders));
    const fixedCost = 512 + fields.record.path.length + (fields.record.note?.length ?? 0) + headerCost;
    // A body past the console's cut is redacted and cut now, so the row never keeps more than the cut of it.
    if (fields.requestBody.length > BODY_LIMIT || fields.responseBody.length > BODY_LIMIT) {
      this.#shown = redacted({ ...fields, responseHeaders: answerHeaders(fields.responseHeaders, fields.record) });
      this.bytes = fixedCost + this.#shown.requestBody.length + this.#shown.responseBody.length;
      return;
    }
    this.#requestHeaders = fields.requestHeaders;
    this.#requestBody = fields.requestBody;
    this.#responseHeaders = fields.responseHeaders;
    this.#responseBody = fields.responseBody;
    this.bytes = fixedCost + fields.requestBody.length + fields.responseBody.length;
  }

  get at(): string {
    return this.#record.at;
  }

  get operation(): string | undefined {
    return this.#record.operation;
  }

  get event(): string | undefined {
    return this.#record.event;
  }

  get method(): string {
    return this.#record.method;
  }

  get url(): string {
    return this.#record.path;
  }

  get ms(): number {
    return this.#record.ms;
  }

  get note(): string | undefined {
    return this.#record.note;
  }

  // The same for every row: on the class, not three fields more on each of hundreds of rows.
  get direction(): 'inbound' {
    return 'inbound';
  }

  get recordedBy(): 'sandbox' {
    return 'sandbox';
  }

  get judgement(): Judgement | undefined {
    return undefined;
  }

  #redacted(): Shown {
    if (this.#shown === undefined) {
      this.#shown = redacted({ requestHeaders: this.#requestHeaders!, requestBody: this.#requestBody!, responseHeaders: answerHeaders(this.#responseHeaders, this.#record), responseBody: this.#responseBody! });
      this.#requestHeaders = undefined;
      this.#requestBody = undefined;
      this.#responseHeaders = undefined;
      this.#responseBody = undefined;
    }
    return this.#shown;
  }

  get requestHeaders(): Readonly<Record<string, string>> {
    return this.#redacted().requestHeaders;
  }

  get requestBody(): string {
    return this.#redacted().requestBody;
  }

  get responseHeaders(): Readonly<Record<string, string>> {
    return this.#redacted().responseHeaders;
  }

  get responseBody(): string {
    return this.#redacted().responseBody;
  }

  /** The row as pages receive it: every field, redacted. */
  toJSON(): ConsoleExchange {
    const shown = this.#redacted();
    return {
      id: this.id,
      at: this.at,
      direction: this.direction,
      source: this.source,
      recordedBy: this.recordedBy,
      audience: this.audience,
      operation: this.operation,
      event: this.event,
      method: this.method,
      url: this.url,
      status: this.status,
      ms: this.ms,
      note: this.note,
      requestHeaders: shown.requestHeaders,
      requestBody: shown.requestBody,
      responseHeaders: shown.responseHeaders,
      responseBody: shown.responseBody,
      signature: this.signature,
      contract: this.contract,
    };
  }
}

function answerHeaders(given: Headers | undefined, record: RecordFacts): Headers {
  return given ?? record.sentHeaders?.() ?? {};
}

function redacted(received: { readonly requestHeaders: Headers; readonly requestBody: string; readonly responseHeaders: Headers; readonly responseBody: string }): Shown {
  return {
    requestHeaders: redactHeaders(received.requestHeaders),
    requestBody: redactBody(received.requestBody),
    responseHeaders: redactHeaders(received.responseHeaders),
    responseBody: redactBody(received.responseBody),
  };
}
