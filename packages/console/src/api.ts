// Talking to the sandbox that served this page: the live event stream, the contract data, and the
// control endpoints. Every call carries the page's session secret in a header (session.ts).
import { useEffect, useState } from 'react';
import { readStream } from './events';
import { api } from './session';

export interface ContractIssue {
  pointer: string;
  rule: string;
  message: string;
}
export interface ContractVerdict {
  status: 'valid' | 'invalid' | 'not_checked' | 'checking';
  schema?: string;
  issues: ContractIssue[];
  reference?: string;
  guide?: string;
}
export interface Judgement {
  ok: boolean;
  issues: string[];
  summary: string;
}
export interface Exchange {
  id: number;
  at: string;
  direction: 'inbound' | 'outbound';
  source: string;
  audience: string;
  operation?: string;
  event?: string;
  method: string;
  url: string;
  status?: number;
  ms: number;
  note?: string;
  /** Set on an exchange from the backlog: headers and bodies are fetched when it is shown. */
  summary?: true;
  requestHeaders?: Record<string, string>;
  requestBody?: string;
  responseHeaders?: Record<string, string>;
  responseBody?: string;
  signature: { status: string; why?: string };
  contract: ContractVerdict;
  judgement?: Judgement;
}

export interface Parameter {
  name: string;
  in: string;
  required: boolean;
  example: string;
  description: string;
}
export interface Example {
  name: string;
  value: unknown;
}
export interface Target {
  name: string;
  audience: string;
  kind: string;
  method: string;
  path: string;
  signed: boolean;
  bearer: boolean;
  schema: string | null;
  description: string;
  examples: Example[];
  parameters: Parameter[];
  reference: string;
}
export interface Operation {
  api: string;
  operationId: string;
  method: string;
  path: string;
  summary: string;
  signed: boolean;
  bearer: boolean;
  contentType: string | null;
  schema: string | null;
  examples: Example[];
  parameters: Parameter[];
  reference: string;
}
export interface RequirementInfo {
  id: string;
  title: string;
  severity: string;
  via: string;
}
export interface ContractData {
  targets: Target[];
  operations: Operation[];
  sandbox: { url: string; partnerSlug: string; partnerId: string; clientId: string };
  catalogues: Record<string, RequirementInfo[]>;
}

export interface CertifyEvent {
  id: string;
  phase: string;
  [key: string]: unknown;
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** POSTs to a control endpoint; an error answer becomes an ApiError with the sandbox's own message. */
export async function control<T>(path: string, body: unknown = {}): Promise<T> {
  const response = await api(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const answer = (await response.json().catch(() => ({}))) as { message?: string };
  if (!response.ok) throw new ApiError(answer.message ?? `The sandbox answered ${response.status}.`, response.status);
  return answer as T;
}

export function useContract(): { data?: ContractData; error?: string } {
  const [result, setResult] = useState<{ data?: ContractData; error?: string }>({});
  useEffect(() => {
    api('/_sandbox/console/contract')
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`answered ${response.status}`))))
      .then((data: ContractData) => setResult({ data }))
      .catch((error: Error) => setResult({ error: `Could not load the contracts from the sandbox: ${error.message}.` }));
  }, []);
  return result;
}

export const EXCHANGES_KEPT = 500;

export interface Live {
  connected: boolean;
  exchanges: Exchange[];
  state: SandboxState | undefined;
  certify: CertifyEvent[];
}

export interface SandboxState {
  partner: { partner_id: string; partner_slug: string };
  organizations: Record<string, unknown>[];
  locations: Record<string, unknown>[];
  onboardings: Record<string, unknown>[];
  partner_tokens: Record<string, unknown>[];
  orders: Record<string, unknown>[];
  active_access_tokens: number;
  menu_files: Record<string, unknown>[];
  /** In the live summary: how many of each list's latest entries it holds, and each list's whole length. */
  latest?: number;
  totals?: Record<string, number>;
}

/** The lists of the state a page can read entry by entry. */
export type StateList = 'organizations' | 'locations' | 'onboardings' | 'partner_tokens' | 'orders';

/** One page of one list, as GET /_sandbox/state?list= answers it: at most STATE_PAGE entries from `offset`, oldest first. */
export interface StatePage {
  list: StateList;
  total: number;
  offset: number;
  entries: Record<string, unknown>[];
}

/** The sandbox's page size: one read costs what it shows, whatever the state holds. */
export const STATE_PAGE = 100;

/** Up to `limit` (at most STATE_PAGE) entries of `list` from `offset`, oldest first. */
export async function readStatePage(list: StateList, offset: number, limit = STATE_PAGE): Promise<StatePage> {
  const response = await api(`/_sandbox/state?list=${list}&offset=${Math.max(0, Math.floor(offset))}&limit=${Math.min(STATE_PAGE, Math.max(1, Math.floor(limit)))}`);
  const answer = (await response.json().catch(() => ({}))) as StatePage & { message?: string };
  if (!response.ok) throw new ApiError(answer.message ?? `The sandbox answered ${response.status}.`, response.status);
  return answer;
}

/** One event stream for the whole page: exchanges, state and certify progress as they happen. */
export function useLive(): Live {
  const [live, setLive] = useState<Live>({ connected: false, exchanges: [], state: undefined, certify: [] });
  useEffect(() => {
    const controller = new AbortController();
    void readStream({
      signal: controller.signal,
      onOpen: () => setLive((current) => ({ ...current, connected: true })),
      onClose: () => setLive((current) => ({ ...current, connected: false })),
      onEvent: (type, data) => {
        if (type === 'exchange') {
          const exchange = JSON.parse(data) as Exchange;
          setLive((current) => {
            // The same id again is the exchange completed (its contract verdict): replace it in place.
            if (current.exchanges.some((known) => known.id === exchange.id)) return { ...current, exchanges: current.exchanges.map((known) => (known.id === exchange.id ? exchange : known)) };
            const exchanges = [...current.exchanges, exchange].slice(-EXCHANGES_KEPT);
            return { ...current, exchanges };
          });
        } else if (type === 'state') {
          const state = JSON.parse(data) as SandboxState;
          setLive((current) => ({ ...current, state }));
        } else if (type === 'certify') {
          const event = JSON.parse(data) as CertifyEvent;
          setLive((current) => ({ ...current, certify: [...current.certify, event].slice(-2000) }));
        }
      },
    });
    return () => controller.abort();
  }, []);
  return live;
}

/** An exchange with its headers and bodies: as given, or fetched when it came as a summary. */
export function useFullExchange(exchange: Exchange | undefined): { full?: Exchange; error?: string } {
  const [loaded, setLoaded] = useState<{ id?: number; full?: Exchange; error?: string }>({});
  const id = exchange?.id;
  const summary = exchange?.summary === true;
  useEffect(() => {
    if (id === undefined || !summary) return;
    let live = true;
    api(`/_sandbox/console/exchanges/${id}`)
      .then(async (response) => {
        const answer = (await response.json().catch(() => ({}))) as Exchange & { message?: string };
        if (!response.ok) throw new Error(answer.message ?? `The sandbox answered ${response.status}.`);
        return answer;
      })
      .then((full) => live && setLoaded({ id, full }), (error: Error) => live && setLoaded({ id, error: error.message }));
    return () => {
      live = false;
    };
  }, [id, summary]);
  if (exchange === undefined) return {};
  if (!summary) return { full: exchange };
  return loaded.id === id ? { ...(loaded.full === undefined ? {} : { full: { ...loaded.full, contract: exchange.contract } }), ...(loaded.error === undefined ? {} : { error: loaded.error }) } : {};
}

/** The current hash route, split: `#/explore/pos/x` is `['explore', 'pos', 'x']`. */
export function useRoute(): string[] {
  const read = () => window.location.hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  const [route, setRoute] = useState(read);
  useEffect(() => {
    const update = () => setRoute(read());
    window.addEventListener('hashchange', update);
    return () => window.removeEventListener('hashchange', update);
  }, []);
  return route;
}

export { curlFor } from './curl';

/** Deeper than this a body is shown as sent: the exchange log keeps 64 levels, and no contract body nests near it. */
const PRETTY_DEPTH = 64;

/** Whether `text` opens more than `limit` objects or arrays at once, brackets inside strings not counted. */
function nestsDeeper(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (inString) {
      if (character === '\\') index += 1;
      else if (character === '"') inString = false;
    } else if (character === '"') inString = true;
    else if (character === '{' || character === '[') {
      depth += 1;
      if (depth > limit) return true;
    } else if (character === '}' || character === ']') depth -= 1;
  }
  return false;
}

/**
 * A body indented for reading. Indentation grows with depth, so a small body nested thousands of
 * levels deep (anyone who reaches the port can send one) would print as hundreds of megabytes and
 * freeze the page: past `PRETTY_DEPTH` it is shown as sent.
 */
export function pretty(text: string): string {
  if (nestsDeeper(text, PRETTY_DEPTH)) return text;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/**
 * What a form keeps for the next visit: `value` as typed, but a URL without its password, query or
 * fragment, any of which may carry a credential (`?access_token=…`, an API key). Local storage
 * outlives the sandbox, and once the port is free any local user's server can answer this origin
 * (an old console tab reloaded) and read it; the page shows them only while typed.
 */
export function keptValue(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return value;
  }
  if (url.password === '' && url.search === '' && url.hash === '' && !value.includes('?') && !value.includes('#')) return value;
  url.password = '';
  url.search = '';
  url.hash = '';
  return url.toString();
}

/** Remembered form values, so a reload keeps the partner's server URL (never its password). */
export function useStored(key: string, initial: string): [string, (value: string) => void] {
  const [value, setValue] = useState(() => localStorage.getItem(`sandbox-console:${key}`) ?? initial);
  return [
    value,
    (next) => {
      setValue(next);
      localStorage.setItem(`sandbox-console:${key}`, keptValue(next));
    },
  ];
}
