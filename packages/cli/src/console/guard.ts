// Who may use the console's endpoints. The sandbox's guard (sandbox/guard.ts) has already refused a foreign
// Host and any body that is not JSON. On top of that, the console answers only requests from this machine
// (a loopback peer, a loopback Host, no proxy's forwarding header; unless --allow-remote-console), only its own origin, and only holders of the per-process token:
// the terminal user, who got it in the banner's console URL (after `#`, so no server ever receives it;
// the page trades it for a session secret it keeps in its own origin's storage and sends as a header)
// or from the per-user token file (trigger and certify send it as a header). No cookie opens anything:
// browsers send a host's cookies to every port of it, so every other local server would receive it.
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CONSOLE_TOKEN_HEADER } from '../console-token-file.js';
import { controlPurpose, isLoopbackPeer, newControlToken, refuseWith, remoteReason, sameToken, type ControlGate } from '../sandbox/index.js';

export { CONSOLE_TOKEN_HEADER, isLoopbackPeer };

/** The header the console page sends its session secret in. */
export const CONSOLE_SESSION_HEADER = 'x-sandbox-console-session';

export interface ConsoleGuardOptions {
  /** `--allow-remote-console`: peers on other machines may use the console (with the token). */
  readonly allowRemote: boolean;
  /** Where the terminal user's token file is, to name in a refusal; absent when none is written. */
  readonly tokenFile?: () => string | undefined;
}

/** Also the sandbox's gate for its own read and change routes (state, exchanges, orders, menus, throttle). */
export interface ConsoleGuard extends ControlGate {
  /** The per-process token; the token file carries it. */
  readonly token: string;
  /**
   * What the banner's console URL carries: it trades for the session once, then never again. A browser
   * keeps the URL it opened in its history (synced, suggested as the address is typed) even after the
   * page drops the fragment, so a token that stayed good would open the sandbox from there.
   */
  readonly linkToken: string;
  /** Whether `value` may be traded for the session: the token (any number of times), the link's token once (`spent` after). */
  trade(value: string | undefined): 'ok' | 'spent' | 'invalid';
  /** The terminal user's token file, to name in a refusal; `undefined` when none is written. */
  tokenFile(): string | undefined;
  /** The secret the page trades the token for and sends in the `x-sandbox-console-session` header. */
  readonly session: string;
  /** Whether `value` is the token, compared in constant time. */
  isToken(value: string | undefined): boolean;
  /** Whether the request carries the token, or the page's session secret, in its header. */
  holdsToken(request: FastifyRequest): boolean;
  /** `undefined` when the request may read the console's static files; otherwise the refusal already sent. */
  refuseRead(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined;
  /** As `refuseRead`, but a top-level navigation from another site (a link in the docs) may open the page shell, which holds nothing of this sandbox. */
  refuseShell(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined;
  /** Also checks the token. */
  refuseControl(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined;
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Whether a browser sent this as the user opening a page in a tab (a link followed, an address typed),
 * not as a script's fetch, an image, a frame or a form post: a page elsewhere can cause such a request
 * but never read its answer, and the shell's answer holds nothing of this sandbox anyway.
 */
export function isTopLevelNavigation(request: FastifyRequest): boolean {
  const headers = request.headers;
  return request.method === 'GET' && first(headers['sec-fetch-mode']) === 'navigate' && first(headers['sec-fetch-dest']) === 'document';
}

export function createGuard(options: ConsoleGuardOptions): ConsoleGuard {
  const token = newControlToken();
  const refuse = refuseWith;
  // Random, not derived from the token: holding it says nothing about the token the terminal tools send.
  const session = randomBytes(32).toString('base64url');
  const isToken = (value: string | undefined) => sameToken(value, token);
  const linkToken = newControlToken();
  let linkSpent = false;
  const trade = (value: string | undefined): 'ok' | 'spent' | 'invalid' => {
    if (isToken(value)) return 'ok';
    if (!sameToken(value, linkToken)) return 'invalid';
    if (linkSpent) return 'spent';
    linkSpent = true;
    return 'ok';
  };
  const holdsToken = (request: FastifyRequest) => {
    const headers = request.headers;
    // A partner's call carries neither header: asked on every exchange, so it costs two look-ups.
    return isToken(first(headers[CONSOLE_TOKEN_HEADER])) || sameToken(first(headers[CONSOLE_SESSION_HEADER]), session);
  };

  const refuseFrom = (request: FastifyRequest, reply: FastifyReply, navigation: boolean) => {
    const host = first(request.headers.host);
    const remote = options.allowRemote ? undefined : remoteReason(request);
    if (remote !== undefined) {
      return refuse(reply, 403, 'remote_console_refused', `The sandbox console answers only this machine; this request ${remote}. Open the console on the machine that runs the sandbox, at its loopback address, or start it with --allow-remote-console.`);
    }
    // Browsers send Sec-Fetch-Site on every request; tools such as curl send neither header.
    const site = first(request.headers['sec-fetch-site']);
    if (site !== undefined && site !== 'same-origin' && site !== 'none' && !(navigation && isTopLevelNavigation(request))) {
      return refuse(reply, 403, 'cross_origin_refused', `The sandbox console serves only its own page (Sec-Fetch-Site: ${site}). Open it at http://${host}/.`);
    }
    const origin = first(request.headers.origin);
    if (origin !== undefined && origin !== `http://${host}`) {
      return refuse(reply, 403, 'cross_origin_refused', `The sandbox console serves only its own page; this request came from ${origin}. Open it at http://${host}/.`);
    }
    return undefined;
  };
  const refuseRead = (request: FastifyRequest, reply: FastifyReply) => refuseFrom(request, reply, false);

  return {
    token,
    linkToken,
    trade,
    tokenFile: () => options.tokenFile?.(),
    session,
    isToken,
    holdsToken,
    refuseRead,
    refuseShell: (request, reply) => refuseFrom(request, reply, true),
    refuse: (request, reply, kind) => {
      const refused = refuseRead(request, reply);
      if (refused !== undefined) return refused;
      if (holdsToken(request)) return undefined;
      const file = options.tokenFile?.();
      // The route matched, not the URL as sent: the message repeats nothing a caller chose.
      const path = request.routeOptions.url ?? '/_sandbox/state';
      const example = kind === 'read' ? `curl -H "${CONSOLE_TOKEN_HEADER}: $(cat ${file})" http://${first(request.headers.host)}${path}` : `curl -H "${CONSOLE_TOKEN_HEADER}: $(cat ${file})" -H 'Content-Type: application/json' -d '{…}' http://${first(request.headers.host)}${path}`;
      const where =
        file === undefined
          ? `the ${CONSOLE_TOKEN_HEADER} header with the console's token (the token in the console URL the sandbox printed)`
          : `the ${CONSOLE_TOKEN_HEADER} header with the token in ${file}, readable only by the user who started the sandbox: ${example}`;
      const tool = kind === 'read' && path === '/_sandbox/state' ? ' From a terminal, stream-partner sandbox state prints it.' : '';
      return refuse(reply, 401, 'console_token_required', `${controlPurpose(request, kind)}, so it needs the console's token. Send ${where}.${tool} In a browser, open the console URL the sandbox printed.`);
    },
    refuseControl: (request, reply) => {
      const refused = refuseRead(request, reply);
      if (refused !== undefined) return refused;
      if (!holdsToken(request)) {
        const file = options.tokenFile?.();
        return refuse(
          reply,
          403,
          'console_token_invalid',
          `This needs the console's token: open the console with the URL the sandbox printed in its terminal (Console  http://${first(request.headers.host)}/#token=…), or, from a script, send the ${CONSOLE_TOKEN_HEADER} header with the token from the sandbox's token file${file === undefined ? '' : ` ${file}, readable only by the user who started the sandbox`}.`,
        );
      }
      return undefined;
    },
  };
}
