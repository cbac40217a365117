// Who may use the console's endpoints: a page the sandbox itself served, never a page on another
// origin. The sandbox's guard (guard.ts) has already refused a foreign Host and any body that is not
// JSON. Reads also need the same origin; control endpoints (send, certify, replay, reset) also need
// the per-process token the sandbox wrote into the console's index.html, which no other origin can read.
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

function sameBytes(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function createGuard(): ConsoleGuard {
  const token = randomBytes(24).toString('hex');
  const refuse = (reply: FastifyReply, status: number, code: string, message: string) => reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify({ code, message }));

  const refuseRead = (request: FastifyRequest, reply: FastifyReply) => {
    const host = first(request.headers.host);
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
      return undefined;
    },
  };
}
