// The console's live feed: every exchange and state change as Server-Sent Events, the backlog as
// summaries, and one exchange in full when the page shows it.
import { first, type ConsoleHub } from './hub.js';
import { CONSOLE_LIMITS, frame, sendBacklog, streamClient } from './stream-client.js';

export function registerStream({ app, guard, sandbox, log, clients, streams, pushStateIfChanged }: ConsoleHub): void {
  // The page reads the stream with fetch, sending its session header; tools send the token header.
  app.get('/_sandbox/stream', (request, reply) => {
    const denied = guard.refuseControl(request, reply);
    if (denied !== undefined) return denied;
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive', 'X-Content-Type-Options': 'nosniff' });
    const last = Number(first(request.headers['last-event-id']) ?? 0);
    const ping = setInterval(() => {
      client.write(': ping\n\n');
      pushStateIfChanged();
    }, 5000);
    const client = streamClient(raw, () => {
      clearInterval(ping);
      clients.delete(client);
      streams.delete(raw);
    });
    streams.add(raw);
    client.writeNow(frame({ type: 'state', data: sandbox().stateSummary() }));
    // Live frames are held back while the backlog goes out, so the page sees exchanges in order.
    clients.add(client);
    void sendBacklog(client, log.all(), Number.isFinite(last) ? last : 0);
  });

  // One exchange in full (headers and bodies, secrets redacted): the page asks when it shows one.
  app.get('/_sandbox/console/exchanges/:id', async (request, reply) => {
    const denied = guard.refuseControl(request, reply);
    if (denied !== undefined) return denied;
    const exchange = log.find(Number((request.params as { id: string }).id));
    if (exchange === undefined) return reply.code(404).send({ code: 'unknown_exchange', message: `No exchange ${(request.params as { id: string }).id.slice(0, 40)} in the console log; it keeps the last ${CONSOLE_LIMITS.exchanges} (and at most ${CONSOLE_LIMITS.bytes / 1024 / 1024} MB).` });
    return reply.header('Cache-Control', 'no-store').send(exchange);
  });
}
