// The console's live feed: every exchange and state change as Server-Sent Events.
import { first, type ConsoleHub, type StreamEvent } from './hub.js';
import { CONSOLE_TOKEN_HEADER } from './guard.js';

export function registerStream({ app, guard, sandbox, log, clients, streams, pushStateIfChanged }: ConsoleHub): void {
  // Live: every exchange and state change as Server-Sent Events. EventSource sends no headers, so the token rides in the query.
  app.get('/_sandbox/stream', (request, reply) => {
    const refused = guard.refuseRead(request, reply);
    if (refused !== undefined) return refused;
    const token = (request.query as { token?: string }).token;
    request.headers[CONSOLE_TOKEN_HEADER] = token;
    const denied = guard.refuseControl(request, reply);
    if (denied !== undefined) return denied;
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive', 'X-Content-Type-Options': 'nosniff' });
    const write = (event: StreamEvent) => raw.write(`${event.type === 'exchange' ? `id: ${event.data.id}\n` : ''}event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
    const last = Number(first(request.headers['last-event-id']) ?? 0);
    write({ type: 'state', data: sandbox().state() });
    for (const exchange of log) if (!(exchange.id <= last)) write({ type: 'exchange', data: exchange });
    const ping = setInterval(() => {
      raw.write(': ping\n\n');
      pushStateIfChanged();
    }, 5000);
    clients.add(write);
    streams.add(raw);
    request.raw.on('close', () => {
      clearInterval(ping);
      clients.delete(write);
      streams.delete(raw);
    });
  });
}
