// Receiving Stream's signed order events with a Next.js App Router route handler.
// Save as app/event/route.ts (the path Stream calls is the one you register, `POST /event` here)
// and set STREAM_WEBHOOK_SECRET in the environment.
//
// The raw-body pitfall: read the body with `await request.text()`, never `request.json()`. The
// signature covers the exact bytes Stream sent; text() gives them back as the UTF-8 string Stream
// encoded, while json() followed by JSON.stringify() does not reproduce them. (If you may receive
// bytes that are not UTF-8, use `new Uint8Array(await request.arrayBuffer())` instead.)
import { isSignatureError, verifyWebhook, type Events } from '@stream-partner/contracts';

// verifyWebhook uses node:crypto, so this handler runs on the Node.js runtime (the default).
export const runtime = 'nodejs';

export async function POST(request: Request): Promise<Response> {
  const body = await request.text();
  try {
    verifyWebhook({ secret: process.env.STREAM_WEBHOOK_SECRET ?? '', body, headers: request.headers });
  } catch (error) {
    if (!isSignatureError(error)) throw error;
    // Missing, malformed or wrong signature: not from Stream (or altered). Stream retries on 401.
    return Response.json({ code: error.code, message: error.message }, { status: 401 });
  }

  const event = JSON.parse(body) as Events.OrderEvent;
  if (event.type === 'order.created') {
    return Response.json({ order: { provider_id: await recordOrder(event) } }, { status: 201 });
  }
  return new Response(null, { status: 204 });
}

// Replace with your own storage: record the order and return your id for it.
async function recordOrder(event: Events.NewOrderEvent): Promise<string> {
  return `pos-${event.object.id}`;
}
