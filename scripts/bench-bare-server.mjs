// The yardstick for the sandbox load run (bench-sandbox.mjs): a bare Fastify server doing the
// sandbox's essential work for `POST /pos/{partner_slug}/webhook` and nothing else. It keeps the
// body as text, checks Stream-Signature (HMAC-SHA256, constant-time, the contracts package's
// verifyWebhook), parses the JSON, validates it against the POS contract's PosWebhookEvent (the
// same compiled Ajv validators) and answers 204. No guard, no state, no log: what the sandbox
// adds on top is what the ratio measures.
//
// Run with the source condition and tsx, as the bench does:
//   node --conditions=source --import tsx scripts/bench-bare-server.mjs [--secret=whsec_sandbox]
// It prints `listening on http://127.0.0.1:<port>` once it listens on a free port.
import { validate, verifyWebhook } from '@stream-partner/contracts';
import Fastify from 'fastify';

const secret = process.argv.find((arg) => arg.startsWith('--secret='))?.slice('--secret='.length) ?? 'whsec_sandbox';
const app = Fastify({ logger: false, bodyLimit: 5 * 1024 * 1024 });
app.removeAllContentTypeParsers();
app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

app.post('/pos/:partner_slug/webhook', async (request, reply) => {
  const raw = typeof request.body === 'string' ? request.body : '';
  try {
    verifyWebhook({ secret, body: raw, signature: request.headers['stream-signature'] });
  } catch (error) {
    return reply.code(401).send({ code: 'signature_mismatch', message: error.message });
  }
  let value;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    return reply.code(400).send({ code: 'invalid_event', message: error.message });
  }
  const result = validate('pos', 'PosWebhookEvent', value);
  if (!result.valid) return reply.code(400).send({ code: 'invalid_event', message: result.errors.map((issue) => issue.message).join('; ') });
  return reply.code(204).send();
});

await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`listening on http://127.0.0.1:${app.server.address().port}`);
const stop = () => app.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
