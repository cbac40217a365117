// Who may use the console's endpoints. The sandbox's guard (sandbox/guard.ts) has already refused a foreign
// Host and any body that is not JSON. On top of that, the console answers only peers on this machine
// (unless --allow-remote-console), only its own origin, and only holders of the per-process token:
// the terminal user, who got it in the banner's console URL (the page trades it for an HttpOnly,
// SameSite=Strict session cookie) or from the per-user token file (trigger and certify send it as a header).
import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CONSOLE_TOKEN_HEADER } from '../console-token-file.js';
import { controlPurpose, isLoopbackPeer, newControlToken, refuseWith, sameToken, type ControlGate } from '../sandbox/index.js';

export { CONSOLE_TOKEN_HEADER, isLoopbackPeer };

export interface ConsoleGuardOptions {
  /** The port the sandbox listens on, once it listens: the cookie's name carries it. */
  readonly port: () => number;
  /** `--allow-remote-console`: peers on other machines may use the console (with the token). */
  readonly allowRemote: boolean;
  /** Where the terminal user's token file is, to name in a refusal; absent when none is written. */
  readonly tokenFile?: () => string | undefined;
}

/** Also the sandbox's gate for its own read and change routes (state, exchanges, orders, menus, throttle). */
export interface ConsoleGuard extends ControlGate {
  /** The per-process token; the banner's console URL and the token file carry it. */
  readonly token: string;
  /** The session cookie's name: the port and this instance's id, as browsers send a host's cookies to all its ports. */
  cookieName(): string;
  /** The `Set-Cookie` value that gives the page its session. */
  sessionCookie(): string;
  /** `name=value` of the session cookie, as a browser sends it back (for tests and the bench). */
  cookie(): string;
  /** Whether `value` is the token, compared in constant time. */
  isToken(value: string | undefined): boolean;
  /** Whether the request carries the token (header or session cookie). */
  holdsToken(request: FastifyRequest): boolean;
  /** `undefined` when the request may read the console's static files; otherwise the refusal already sent. */
  refuseRead(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined;
  /** Also checks the token. */
  refuseControl(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined;
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** One cookie's value from a Cookie header; the last one wins, as a later Set-Cookie would. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  if (header === undefined) return undefined;
  let found: string | undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) found = part.slice(at + 1).trim();
  }
  return found;
}

export function createGuard(options: ConsoleGuardOptions): ConsoleGuard {
  const token = newControlToken();
  const refuse = refuseWith;
  // Browsers send every 127.0.0.1 cookie to every port, so any local server the browser opens gets
  // this one. It is no use anywhere else: named for this instance, it is not the token (trigger and
  // certify's header, the token file) but a value derived from it for this instance, and it dies with it.
  const instance = randomBytes(6).toString('hex');
  const session = createHmac('sha256', token).update(`console session ${instance}`).digest('base64url');
  const cookieName = () => `stream_sandbox_console_${options.port()}_${instance}`;
  const isToken = (value: string | undefined) => sameToken(value, token);
  const holdsToken = (request: FastifyRequest) => {
    const { cookie } = request.headers;
    // A partner's call carries neither: asked on every exchange, so no cookie name is built for it.
    return isToken(first(request.headers[CONSOLE_TOKEN_HEADER])) || (cookie !== undefined && sameToken(cookieValue(first(cookie), cookieName()), session));
  };

  const refuseRead = (request: FastifyRequest, reply: FastifyReply) => {
    const host = first(request.headers.host);
    if (!options.allowRemote && !isLoopbackPeer(request.socket.remoteAddress)) {
      return refuse(reply, 403, 'remote_console_refused', `The sandbox console answers only this machine; this request came from ${request.socket.remoteAddress ?? 'an unknown address'}. Open the console on the machine that runs the sandbox, or start it with --allow-remote-console.`);
    }
    // Browsers send Sec-Fetch-Site on every request; tools such as curl send neither header.
    const site = first(request.headers['sec-fetch-site']);
    if (site !== undefined && site !== 'same-origin' && site !== 'none') {
      return refuse(reply, 403, 'cross_origin_refused', `The sandbox console serves only its own page (Sec-Fetch-Site: ${site}). Open it at http://${host}/.`);
    }
    const origin = first(request.headers.origin);
    if (origin !== undefined && origin !== `http://${host}`) {
      return refuse(reply, 403, 'cross_origin_refused', `The sandbox console serves only its own page; this request came from ${origin}. Open it at http://${host}/.`);
    }
    return undefined;
  };

  return {
    token,
    cookieName,
    sessionCookie: () => `${cookieName()}=${session}; Path=/; HttpOnly; SameSite=Strict`,
    cookie: () => `${cookieName()}=${session}`,
    isToken,
    holdsToken,
    refuseRead,
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
          `This needs the console's token: open the console with the URL the sandbox printed in its terminal (Console  http://${first(request.headers.host)}/?token=…), or, from a script, send the ${CONSOLE_TOKEN_HEADER} header with the token from the sandbox's token file${file === undefined ? '' : ` ${file}, readable only by the user who started the sandbox`}.`,
        );
      }
      return undefined;
    },
  };
}
