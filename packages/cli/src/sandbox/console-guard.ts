// Who may use the console's endpoints: a page the sandbox itself served, never a page on another
// origin. Reads need the same origin; control endpoints (send, certify, replay, reset) also need the
// per-process token the sandbox wrote into the console's index.html, which no other origin can read.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const CONSOLE_TOKEN_HEADER = 'x-sandbox-console-token';

export interface ConsoleGuard {
  /** The per-process token; the served index.html carries it. */
  readonly token: string;
  /** `undefined` when the request may read console data; otherwise the refusal already sent. */
  refuseRead(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined;
  /** Also checks the token and that the body is declared JSON. */
  refuseControl(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined;
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Names the console answers to: loopback names on its own port and its own URL's host. A rebinding DNS name is refused. */
export function allowedHost(hostHeader: string | undefined, baseUrl: string): boolean {
  if (hostHeader === undefined) return false;
  const own = new URL(baseUrl);
  const names = ['127.0.0.1', 'localhost', '[::1]'].map((name) => `${name}:${own.port}`);
  return [...names, own.host].includes(hostHeader.toLowerCase());
}

function sameBytes(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function createGuard(baseUrl: () => string): ConsoleGuard {
  const token = randomBytes(24).toString('hex');
  const refuse = (reply: FastifyReply, status: number, code: string, message: string) => reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify({ code, message }));

  const refuseRead = (request: FastifyRequest, reply: FastifyReply) => {
    const host = first(request.headers.host);
    if (!allowedHost(host, baseUrl())) {
      return refuse(reply, 421, 'host_refused', `The sandbox console answers only to its own address; this request named host "${host ?? ''}". Open ${baseUrl()}/.`);
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
    refuseRead,
    refuseControl: (request, reply) => {
      const refused = refuseRead(request, reply);
      if (refused !== undefined) return refused;
      const given = first(request.headers[CONSOLE_TOKEN_HEADER]);
      if (given === undefined || !sameBytes(given, token)) {
        return refuse(reply, 403, 'console_token_invalid', `Control endpoints need the ${CONSOLE_TOKEN_HEADER} header from the console page this sandbox process served. Reload http://${first(request.headers.host)}/.`);
      }
      const type = first(request.headers['content-type']) ?? '';
      if (request.method !== 'GET' && !/^application\/json\s*(;|$)/i.test(type)) {
        return refuse(reply, 415, 'unsupported_media_type', 'Send the body as JSON with Content-Type: application/json.');
      }
      return undefined;
    },
  };
}
