// The page's session. The banner's URL carries a token after `#token=`, which the browser never sends
// to a server and which trades for the session once (the browser's history keeps the URL); the page
// takes it out of the address bar at once, trades it for the session secret and keeps that in this
// origin's storage (the origin includes the port, so no other local server's page can read it), and sends it in a header with every call. No cookie is involved:
// browsers send a host's cookies to all its ports. Local storage rather than session storage, so a
// link into the console (the API reference's "Try it") opens it in any tab; the secret dies with the
// sandbox that issued it. A tab that a link opened before this browser held a session asks for the
// console URL to be pasted: the token is read from the field, never put in the address or storage.
import { useCallback, useEffect, useRef, useState } from 'react';

const KEY = 'sandbox-console:session';
const SIGNED_OUT = 'sandbox-console:signed-out';
/** The refusals that mean the page's session is not (or no longer) this sandbox's. */
const REFUSED = new Set(['console_token_invalid', 'console_token_required']);

function fromFragment(): string | undefined {
  const match = /^#token=([^&]*)/.exec(window.location.hash);
  if (match === null) return undefined;
  window.history.replaceState(null, '', window.location.pathname);
  return decodeURIComponent(match[1]!);
}

function tradeToken(token: string): Promise<void> {
  return fetch('/_sandbox/console/session', { method: 'POST', headers: { 'x-sandbox-console-token': token } }).then(async (response) => {
    const answer = (await response.json().catch(() => ({}))) as { session?: string; message?: string };
    if (!response.ok || answer.session === undefined) {
      // A session this browser holds stays: the banner's URL opened again (its token trades once), or a
      // made-up token any web page can send the browser here with, must not sign every console tab out.
      // A session the sandbox no longer knows is dropped at its first refusal (`api`).
      if (localStorage.getItem(KEY) !== null) return;
      throw new Error(answer.message ?? `The sandbox answered ${response.status}.`);
    }
    localStorage.setItem(KEY, answer.session);
  });
}

/** The trade of the loaded URL's token, started once by the first render (before it is painted). */
let first: Promise<void> | undefined | null = null;
function firstTrade(): Promise<void> | undefined {
  if (first === null) {
    const token = fromFragment();
    first = token === undefined ? undefined : tradeToken(token);
  }
  return first;
}

/** `fetch` for this sandbox's own paths, with the session; a refused session signs the page out. */
export async function api(path: string, init: RequestInit = {}): Promise<Response> {
  const session = localStorage.getItem(KEY);
  // Only this page's own origin gets the secret: a path, never a URL of somewhere else.
  const own = path.startsWith('/') && !path.startsWith('//');
  const headers = { ...(init.headers as Record<string, string> | undefined), ...(own && session !== null ? { 'x-sandbox-console-session': session } : {}) };
  const response = await fetch(path, { ...init, headers });
  if (response.status === 401 || response.status === 403) {
    const answer = (await response
      .clone()
      .json()
      .catch(() => ({}))) as { code?: string };
    if (answer.code !== undefined && REFUSED.has(answer.code)) {
      localStorage.removeItem(KEY);
      window.dispatchEvent(new Event(SIGNED_OUT));
    }
  }
  return response;
}

export type SessionStatus = 'opening' | 'open' | 'none';

export interface Session {
  readonly status: SessionStatus;
  readonly error?: string;
  /** Trades a token the user pasted (a console opened by a link holds none) for the session; the page's route stays. */
  readonly open: (token: string) => void;
}

export function useSession(): Session {
  const held = (): SessionStatus => (localStorage.getItem(KEY) === null ? 'none' : 'open');
  const [state, setState] = useState<{ status: SessionStatus; error?: string }>(() => ({ status: firstTrade() === undefined ? held() : 'opening' }));
  const live = useRef(true);
  const follow = useCallback((trade: Promise<void> | undefined) => {
    trade?.then(
      () => live.current && setState({ status: held() }),
      (error: Error) => live.current && setState({ status: 'none', error: error.message }),
    );
  }, []);
  const open = useCallback(
    (token: string) => {
      setState({ status: 'opening' });
      follow(tradeToken(token));
    },
    [follow],
  );
  useEffect(() => {
    live.current = true;
    follow(firstTrade());
    // The banner's URL opened in a tab already on this page (a restarted sandbox's new one) changes only the fragment.
    const opened = () => {
      const token = fromFragment();
      if (token !== undefined) open(token);
    };
    window.addEventListener('hashchange', opened);
    const out = () => setState({ status: 'none', error: 'This page’s session is not one the running sandbox issued: it was restarted.' });
    window.addEventListener(SIGNED_OUT, out);
    return () => {
      live.current = false;
      window.removeEventListener(SIGNED_OUT, out);
      window.removeEventListener('hashchange', opened);
    };
  }, [follow, open]);
  return { ...state, open };
}
