// HTTP/1.1 lets a client send requests without waiting for answers; Node answers them in order and
// holds each answer until the ones before it are written. A local client that sent 600 requests for
// the console's 240 KB script in one 38 KB write and read nothing grew the sandbox by 119 MB per
// connection, no token needed. Past a few answers waiting on one connection, the rest are refused.
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyReply } from 'fastify';
import { errorReply, type HandlerReply } from './context.js';

/** Answers one connection may have waiting behind the one being written; far above what a pipelining client sends at once. */
export const PIPELINED_ANSWERS = 16;

export interface Pipelining {
  /**
   * The 503 to send instead of running the route, when `request` is queued behind
   * `PIPELINED_ANSWERS` answers its connection has not read yet; undefined to let it through.
   */
  refuse(options: { readonly request: IncomingMessage; readonly answer: FastifyReply['raw'] }): HandlerReply | undefined;
}

export function pipelining(): Pipelining {
  // Only requests that arrived while an earlier answer on their connection was unwritten are counted:
  // a partner's usual call finds its connection free and costs one property read.
  const waiting = new WeakMap<Socket, number>();
  return {
    refuse({ request, answer }) {
      // Node gives an answer its socket only once the answers before it are written.
      if (answer.socket !== null) return undefined;
      const socket = request.socket;
      const queued = waiting.get(socket) ?? 0;
      if (queued >= PIPELINED_ANSWERS) {
        return errorReply(
          503,
          'service_unavailable',
          `This connection has ${queued} answers waiting to be read behind the one being sent, and the sandbox holds at most ${PIPELINED_ANSWERS}; it did nothing with this call and closes the connection. Read each answer before sending more than ${PIPELINED_ANSWERS} requests ahead on one connection.`,
          { headers: { connection: 'close' } },
        );
      }
      waiting.set(socket, queued + 1);
      answer.once('close', () => {
        const left = (waiting.get(socket) ?? 1) - 1;
        if (left > 0) waiting.set(socket, left);
        else waiting.delete(socket);
      });
      return undefined;
    },
  };
}
