// Proof that certify has teeth: each deliberately broken variant of a starter kit (a small named
// patch) fails certification on the requirement it breaks, and on no unrelated one.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Audience } from '../src/trigger/targets.js';
import { certifyKit, explain, failedIds, mutate, ROOT, startKit, type Mutation } from './kits.js';

/**
 * The slow variants are judged against this limit instead of the contract's 10 s, to keep the run
 * short; every other variant keeps the contract's limit, so a busy machine cannot fail it on timing.
 */
const LIMIT_MS = 2500;
/** One kind of answer made slower than the limit (the rest stay fast, so the run stays short). */
const SLOW = 'await new Promise((resolve) => setTimeout(resolve, 2700));';

const MUTATIONS: Record<Audience, Mutation[]> = {
  pos: [
    { name: 'no-signature-check', patches: [{ file: 'app.ts', find: '    if (!requireSignature(config.webhookSecret, request, reply)) return reply;\n', replace: '' }], fails: ['POS-SEC-03', 'POS-SEC-04'] },
    { name: 'created-answered-200', patches: [{ file: 'orders.ts', find: 'return { status: 201, body: { order: { provider_id: created.providerId', replace: 'return { status: 200 as 201, body: { order: { provider_id: created.providerId' }], fails: ['POS-ORD-01'] },
    { name: 'new-provider-id-on-retry', patches: [{ file: 'orders.ts', find: 'if (existing !== undefined) return', replace: 'if (existing !== undefined && Math.random() > 2) return' }], fails: ['POS-ORD-02'] },
    { name: 'decimal-prices', patches: [{ file: 'catalog.ts', find: "price_amount: 999, price_currency: 'USD'", replace: "price_amount: 9.99, price_currency: 'USD'" }], fails: ['POS-CAT-04'] },
    { name: 'lower-case-currency', patches: [{ file: 'catalog.ts', find: "price_amount: 549, price_currency: 'USD'", replace: "price_amount: 549, price_currency: 'usd'" }], fails: ['POS-CAT-05'] },
    { name: 'dangling-item-reference', patches: [{ file: 'catalog.ts', find: "item_ids: ['item-fries-regular', 'item-fries-large']", replace: "item_ids: ['item-fries-regular', 'item-fries-large', 'item-fries-huge']" }], fails: ['POS-CAT-03'] },
    { name: 'unknown-item-accepted', patches: [{ file: 'orders.ts', find: 'if (stockValidation.length > 0) return refuse({ stockValidation });', replace: '' }], fails: ['POS-ORD-03'] },
    { name: 'server-error-for-unknown-event', patches: [{ file: 'orders.ts', find: 'return other(`This POS does not handle', replace: 'throw new Error(`This POS does not handle' }], fails: ['POS-ORD-07'] },
    {
      name: 'slow-cancellations',
      patches: [{ file: 'app.ts', find: '    const answer = handleOrderEvent(store, parseJson(request.body));', replace: `    if ((parseJson(request.body) as { type?: string }).type === 'order.canceled') ${SLOW}\n    const answer = handleOrderEvent(store, parseJson(request.body));` }],
      fails: ['POS-ORD-06'],
    },
    { name: 'any-token-accepted', patches: [{ file: 'auth.ts', find: 'if (issued === undefined || issued.expiresAt <= now())', replace: 'if (token === undefined)' }], fails: ['POS-SEC-02'] },
    { name: 'any-redirect-uri', patches: [{ file: 'app.ts', find: 'if (query.redirect_uri === undefined || !config.streamRedirectUris.includes(query.redirect_uri)) {', replace: 'if (query.redirect_uri === undefined) {' }], fails: ['POS-OAU-02'] },
    {
      name: 'status-update-with-wrong-order-id',
      patches: [{ file: 'send.ts', find: "provider_id: orderId, location_id: locationId } }),", replace: "provider_id: `${orderId}-x`, location_id: locationId } })," }],
      fails: ['POS-SND-01'],
      viaSandbox: true,
    },
  ],
  dsp: [
    { name: 'no-signature-check', patches: [{ file: 'app.ts', find: '      verifyWebhook({ secret: config.webhookSecret, body: raw, headers: req.headers });\n', replace: '' }], fails: ['DSP-SEC-03', 'DSP-SEC-04'] },
    { name: 'token-answered-201', patches: [{ file: 'oauth.ts', find: 'res.status(200).json({ access_token', replace: 'res.status(201).json({ access_token' }], fails: ['DSP-OAU-03', 'DSP-OAU-05'] },
    { name: 'invalid-code-accepted', patches: [{ file: 'oauth.ts', find: 'if (expiresAt === undefined || expiresAt <= now()) return void res.status(401).json({ code: \'invalid_grant\', message: \'The authorization code', replace: 'if (Math.random() > 2) return void res.status(401).json({ code: \'invalid_grant\', message: \'The authorization code' }], fails: ['DSP-OAU-04'] },
    { name: 'duplicates-not-flagged', patches: [{ file: 'app.ts', find: "if (typeof eventId === 'string' && seen.has(eventId)) return void res.json({ event_id: eventId, duplicate: true });", replace: '' }], fails: ['DSP-EVT-09'] },
    { name: 'server-error-for-unknown-event', patches: [{ file: 'app.ts', find: '      seen.add(eventId);\n      return void res.json({ event_id: eventId });', replace: "      throw new Error('unknown event');" }], fails: ['DSP-EVT-11'] },
    {
      name: 'slow-resumed-events',
      patches: [
        { file: 'app.ts', find: "  app.post('/stream-dsp/v1/event', bearer, express.raw({ type: '*/*', limit: '1mb' }), (req, res) => {", replace: "  app.post('/stream-dsp/v1/event', bearer, express.raw({ type: '*/*', limit: '1mb' }), async (req, res) => {" },
        { file: 'app.ts', find: '    const event = checked.value;\n', replace: `    const event = checked.value;\n    if (event.type === 'location.resumed') ${SLOW}\n` },
      ],
      fails: ['DSP-EVT-10'],
    },
    { name: 'any-token-accepted', patches: [{ file: 'oauth.ts', find: 'if (expiresAt === undefined || expiresAt <= now()) return void res.status(401).json({ code: \'invalid_token\'', replace: 'if (token === undefined) return void res.status(401).json({ code: \'invalid_token\'' }], fails: ['DSP-SEC-02'] },
    { name: 'menu-never-downloaded', patches: [{ file: 'app.ts', find: "if (event.type === 'location.publish') void downloadMenu(event.data.menu_file_url, log);\n    else ", replace: '' }], fails: ['DSP-MNU-01'], viaSandbox: true },
    { name: 'unknown-store-found', patches: [{ file: 'app.ts', find: "    if (store(id) === undefined) return void res.status(404).json(notFound(id));\n    res.json({ location_id: id, connected: connected.has(String(id)) });", replace: '    res.json({ location_id: id, connected: connected.has(String(id)) });' }], fails: ['DSP-LOC-05'] },
    { name: 'orders-signed-with-another-secret', patches: [{ file: 'send.ts', find: "'Stream-Signature': signWebhook({ secret: config.webhookSecret, body })", replace: "'Stream-Signature': signWebhook({ secret: `${config.webhookSecret}-old`, body })" }], fails: ['DSP-SND-01', 'DSP-SND-02', 'DSP-SND-03'], viaSandbox: true },
  ],
  events: [
    { name: 'no-signature-check', patches: [{ file: 'app.ts', find: '      verifyWebhook({ secret: config.webhookSecret, body: raw, headers: req.headers });\n', replace: '' }], fails: ['EVT-SEC-01', 'EVT-SEC-02'] },
    { name: 'confirmed-answered-200', patches: [{ file: 'app.ts', find: "return { status: 201, body: { order: { provider_id: delivery.providerId", replace: "return { status: 200, body: { order: { provider_id: delivery.providerId" }], fails: ['EVT-ORD-01'] },
    { name: 'repeat-gets-new-provider-id', patches: [{ file: 'app.ts', find: "(typeof eventId === 'string' ? answered.get(eventId) : undefined) ?? ", replace: '' }, { file: 'app.ts', find: 'const known = deliveries.get(event.object.id);', replace: 'const known = undefined;' }], fails: ['EVT-ORD-04'] },
    { name: 'cancel-answered-200', patches: [{ file: 'app.ts', find: "    if (delivery !== undefined) delivery.status = event.type === 'order.canceled' ? 'canceled' : event.object.status;\n    return { status: 204 };", replace: "    if (delivery !== undefined) delivery.status = event.type === 'order.canceled' ? 'canceled' : event.object.status;\n    return { status: event.type === 'order.canceled' ? 200 : 204 };" }], fails: ['EVT-ORD-03'] },
    { name: 'server-error-for-unknown-event', patches: [{ file: 'app.ts', find: '      // An event type this provider does not know yet: acknowledge it so Stream stops resending.\n      return { status: 204 };', replace: "      throw new Error('unknown event');" }], fails: ['EVT-ORD-06'] },
    {
      name: 'slow-cancellations',
      patches: [
        { file: 'app.ts', find: "  app.post('/event', express.raw({ type: '*/*', limit: '1mb' }), (req, res) => {", replace: "  app.post('/event', express.raw({ type: '*/*', limit: '1mb' }), async (req, res) => {" },
        { file: 'app.ts', find: "    const eventId = (body as { event_id?: unknown }).event_id;\n", replace: `    const eventId = (body as { event_id?: unknown }).event_id;\n    if ((body as { type?: string }).type === 'order.canceled') ${SLOW}\n` },
      ],
      fails: ['EVT-ORD-05'],
    },
    { name: 'invalid-body-accepted', patches: [{ file: 'app.ts', find: 'if (!checked.valid) return refuse(checked.errors.map((issue) => issue.message).join(\'; \'));', replace: 'if (!checked.valid) return { status: 204 };' }], fails: ['EVT-SEC-03'] },
    { name: 'updates-name-the-wrong-order', patches: [{ file: 'send.ts', find: "const ids = { order_id: values['order-id'] ?? 'ord_7d2f9a41'", replace: "const ids = { order_id: `${values['order-id']}-x`" }], fails: ['EVT-SND-01', 'EVT-SND-02'], viaSandbox: true },
  ],
};

afterAll(() => {
  for (const audience of Object.keys(MUTATIONS)) rmSync(join(ROOT, 'examples', audience, '.mutants'), { recursive: true, force: true });
});

describe('certify catches every broken starter kit on its own requirement', () => {
  for (const [audience, mutations] of Object.entries(MUTATIONS) as [Audience, Mutation[]][]) {
    it(`has at least eight ${audience} mutations`, () => {
      expect(mutations.length).toBeGreaterThanOrEqual(8);
    });

    for (const mutation of mutations) {
      it(`fails the ${audience} kit with ${mutation.name} on ${mutation.fails.join(' and ')} only`, { timeout: 120_000 }, async () => {
        const dir = mutate(audience, mutation);
        const kit = await startKit(audience, dir);
        try {
          const result = await certifyKit(audience, {
            url: kit.url,
            ...(mutation.name.startsWith('slow-') ? { answerLimitMs: LIMIT_MS } : {}),
            ...(mutation.viaSandbox ? { sendFrom: dir } : {}),
          });
          expect(failedIds(result).sort(), explain(result)).toEqual([...mutation.fails].sort());
        } finally {
          await kit.close();
        }
      });
    }
  }
});
