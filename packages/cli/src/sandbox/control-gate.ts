// Who may call the sandbox's own routes that read its data or change it (`config.control` on the
// route): only the process that started it and the terminal user it tells. Every sandbox holds a
// per-process token; without the console (certify's own sandbox, the MCP server's) nobody else
// ever sees it, so another local user who finds the port reads and changes nothing. The console
// brings its own gate (the same token in the banner's URL and the 0600 file, and the page's session header).
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CONSOLE_TOKEN_HEADER } from '../console-token-file.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on a route only the token's holder may call: `read` shows the sandbox's data, `change` changes its state. */
    control?: 'read' | 'change';
  }
}

export type ControlKind = 'read' | 'change';

export interface ControlGate {
  /** The per-process token the control routes take in the `x-sandbox-console-token` header. */
  readonly token: string;
  /** `undefined` when the request may use the route; otherwise the refusal, already sent. */
  refuse(request: FastifyRequest, reply: FastifyReply, kind: ControlKind): FastifyReply | undefined;
}

export function newControlToken(): string {
  return randomBytes(24).toString('hex');
}

/** Compares in constant time, so the answer's timing says nothing about how much of a guess was right. */
export function sameToken(value: string | undefined, token: string): boolean {
  if (value === undefined) return false;
  const left = Buffer.from(value);
  const right = Buffer.from(token);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
export function isLoopbackPeer(address: string | undefined): boolean {
  if (address === undefined) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * Headers a proxy or a tunnel adds to what it passes on (ngrok, cloudflared, Tailscale Funnel, nginx,
 * Caddy, a CDN): a request carrying one came from somewhere else, whatever its peer address says.
 */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-forwarded-server', 'x-original-forwarded-for', 'x-real-ip', 'x-client-ip', 'x-cluster-client-ip', 'true-client-ip', 'cf-connecting-ip', 'cf-ray', 'fastly-client-ip', 'via'];

/** Whether a `Host` header's name (without its port) is this machine's: `localhost` or a loopback address. */
function loopbackName(host: string | undefined): boolean {
  if (host === undefined) return false;
  const match = /^(?:\[([^\]]*)\]|([^:]*))(?::\d*)?$/.exec(host.toLowerCase());
  if (match === null) return false;
  const name = match[1] ?? match[2] ?? '';
  return name === 'localhost' || isLoopbackPeer(name);
}

/**
 * Why a request is not from this machine, or `undefined` when it is: a loopback peer, addressed to
 * a loopback name, with no forwarding header. A tunnel or a reverse proxy on this machine connects
 * from loopback too, but it brings the name it was reached by (an `--allowed-host`) or says whom it
 * forwards for, so what it passes on is treated as the remote request it is.
 */
export function remoteReason(request: FastifyRequest): string | undefined {
  const peer = request.socket.remoteAddress;
  if (!isLoopbackPeer(peer)) return `came from ${peer ?? 'an unknown address'}`;
  const headers = request.headers;
  const host = Array.isArray(headers.host) ? headers.host[0] : headers.host;
  if (!loopbackName(host)) return `was addressed to ${host ?? 'no host'}, not to 127.0.0.1, localhost or [::1] (a tunnel or a proxy passes on the name it was reached by)`;
  const forwarded = FORWARDING_HEADERS.find((name) => headers[name] !== undefined);
  if (forwarded !== undefined) return `came through a proxy or a tunnel (it carries ${forwarded})`;
  return undefined;
}

/** What a control route does, for a refusal: the route as matched, never the URL as sent. */
export function controlPurpose(request: FastifyRequest, kind: ControlKind): string {
  const route = request.routeOptions.url ?? '/_sandbox/';
  return `${request.method} ${route} ${kind === 'read' ? "shows the sandbox's orders, onboardings and exchanges" : "changes the sandbox's state"}`;
}

export function refuseWith(reply: FastifyReply, status: number, code: string, message: string): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify({ code, message }));
}

/** The gate of a sandbox without the console: requests from this machine holding the token its owner keeps. */
export function ownerGate(): ControlGate {
  const token = newControlToken();
  return {
    token,
    refuse: (request, reply, kind) => {
      const remote = remoteReason(request);
      if (remote !== undefined) {
        return refuseWith(reply, 403, 'remote_console_refused', `The sandbox's /_sandbox/ routes answer only this machine; this request ${remote}.`);
      }
      const header = request.headers[CONSOLE_TOKEN_HEADER];
      if (sameToken(Array.isArray(header) ? header[0] : header, token)) return undefined;
      return refuseWith(
        reply,
        401,
        'console_token_required',
        `${controlPurpose(request, kind)}, so it needs the token of the process that started this sandbox (certify or stream-partner mcp start one for themselves and keep its token). To read or change a sandbox yourself, start one with stream-partner sandbox: its token file and console URL carry the token, and stream-partner sandbox state prints its state.`,
      );
    },
  };
}

/**
 * Refuses every `config.control` route to whoever the gate turns away, before its handler runs.
 * Routes added before this is installed are not covered: install it before any route.
 * After the body is read (at most the body limit): an answer sent before the body has arrived
 * makes Node take its late bytes for a new request, and the client sees a broken answer.
 */
export function installControlGate(app: FastifyInstance, gate: ControlGate): void {
  // On the control routes only (every route is added after this): a partner's call skips it.
  app.addHook('onRoute', (route) => {
    const kind = route.config?.control;
    if (kind === undefined) return;
    const check = async (request: FastifyRequest, reply: FastifyReply) => {
      const refused = gate.refuse(request, reply, kind);
      if (refused !== undefined) return refused;
    };
    const existing = route.preValidation;
    route.preValidation = existing === undefined ? [check] : [check, ...(Array.isArray(existing) ? existing : [existing])];
  });
}
