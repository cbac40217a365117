// The DSP's API as Stream calls it: OAuth, the merchant's stores and their connection to Stream,
// and every location and order event at POST /stream-dsp/v1/event.
import { isSignatureError, validate, verifyWebhook, type Dsp } from '@stream-partner/contracts';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { DspConfig } from './config.js';
import { refuseHost } from './host-check.js';
import { oauthRouter, requireBearer, type TokenStore } from './oauth.js';

type Location = Dsp.components['schemas']['Location'];
type StreamToDspEvent = Dsp.components['schemas']['StreamToDspEvent'];

export const STORES: Location[] = [
  { provider_id: 'store-0042', name: 'Stackhouse Burgers (Midtown)', address: { address_line_1: '210 W 38th St', city: 'New York', state: 'NY', postal_code: '10018', country: 'US' } },
  { provider_id: 'store-0057', name: 'Stackhouse Burgers (Williamsburg)', address: { address_line_1: '95 N 6th St', city: 'Brooklyn', state: 'NY', postal_code: '11249', country: 'US' } },
];

export interface AppOptions {
  readonly config: DspConfig;
  readonly now?: () => number;
  /** Where menu downloads and event notes go; a real DSP would update its stores here. */
  readonly log?: (line: string) => void;
}

export function buildApp({ config, now = Date.now, log = (line) => console.log(line) }: AppOptions): Express {
  const app = express();
  app.use((req, res, next) => {
    // Every answer holds one merchant's data (token answers their tokens): no cache on the way may keep one.
    res.set('Cache-Control', 'no-store');
    const refused = refuseHost(req.headers.host, req.socket.localPort, config);
    if (refused === undefined) return next();
    res.status(421).type('text/plain').send(refused);
  });
  const tokens: TokenStore = { codes: new Map(), accessTokens: new Map(), refreshTokens: new Map() };
  const connected = new Set<string>();
  /** event_ids already processed: Stream resends the same event_id after a timeout or a 5xx. */
  const seen = new Set<string>();
  const bearer = requireBearer(tokens, now);

  app.use(oauthRouter(config, tokens, now));

  app.get('/stream-dsp/v1/locations', bearer, (_req, res) => void res.json({ locations: STORES }));

  const store = (id: unknown) => STORES.find((candidate) => candidate.provider_id === id);
  const notFound = (id: unknown) => ({ code: 'location_not_found', message: `No store ${String(id)} belongs to this merchant.` });

  app.get('/stream-dsp/v1/locations/connection', bearer, (req, res) => {
    const id = req.query.location_id;
    if (store(id) === undefined) return void res.status(404).json(notFound(id));
    res.json({ location_id: id, connected: connected.has(String(id)) });
  });
  app.post('/stream-dsp/v1/locations/connection', bearer, express.json({ type: '*/*' }), (req, res) => {
    const checked = validate('dsp', 'ConnectLocationRequest', req.body);
    if (!checked.valid) return void res.status(400).json({ code: 'invalid_request', message: checked.errors.map((issue) => issue.message).join('; ') });
    if (store(checked.value.location_id) === undefined) return void res.status(404).json(notFound(checked.value.location_id));
    connected.add(checked.value.location_id);
    res.json({ location_id: checked.value.location_id, connected: true });
  });
  app.delete('/stream-dsp/v1/locations/connection', bearer, (req, res) => {
    const id = req.query.location_id;
    if (store(id) === undefined) return void res.status(404).json(notFound(id));
    connected.delete(String(id));
    res.json({ location_id: id, connected: false });
  });

  // express.raw keeps the bytes Stream signed; parse only after the signature checks out.
  app.post('/stream-dsp/v1/event', bearer, express.raw({ type: '*/*', limit: '1mb' }), (req, res) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    try {
      verifyWebhook({ secret: config.webhookSecret, body: raw, headers: req.headers });
    } catch (error) {
      if (!isSignatureError(error)) throw error;
      return void res.status(401).json({ code: error.code, message: error.message });
    }
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      return void res.status(400).json({ code: 'invalid_event', message: 'The body is not JSON.' });
    }
    // JSON that is not an object (null, a number, a list) is no event: refuse it before reading a field of it.
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return void res.status(400).json({ code: 'invalid_event', message: 'The body is JSON but not an event object.' });
    const fields = body as { type?: unknown; event_id?: unknown };
    const type = fields.type;
    const eventId = fields.event_id;
    if (typeof eventId === 'string' && seen.has(eventId)) return void res.json({ event_id: eventId, duplicate: true });
    const known = ['location.order.accept', 'location.order.fail', 'location.order.notify_status_change', 'location.order.cancel', 'location.paused', 'location.resumed', 'location.publish', 'location.update'];
    if (typeof type === 'string' && !known.includes(type) && typeof eventId === 'string') {
      // A type added after this code was written: acknowledge it so Stream does not resend it.
      seen.add(eventId);
      return void res.json({ event_id: eventId });
    }
    const checked = validate('dsp', 'StreamToDspEvent', body);
    // A field Stream added after this code was written is ignored, as the contract asks; anything else wrong is a 400.
    const problems = checked.valid ? [] : checked.errors.filter((issue) => issue.rule !== 'additionalProperties');
    if (problems.length > 0) return void res.status(400).json({ code: 'invalid_event', message: problems.map((issue) => issue.message).join('; ') });
    const event = body as StreamToDspEvent;
    seen.add(event.event_id);
    // Answer first, work after: Stream is waiting.
    res.json({ event_id: event.event_id });
    if (event.type === 'location.publish') void downloadMenu(event.data.menu_file_url, log);
    else log(`${event.type} for ${event.location_id}`);
  });

  // A body express.json() cannot parse is a malformed request: 400 with the contract's error body, not Express's HTML page.
  app.use((error: { type?: string }, _req: Request, res: Response, next: NextFunction) => {
    if (error.type === 'entity.parse.failed') return void res.status(400).json({ code: 'invalid_request', message: 'The body must be a JSON object.' });
    next(error);
  });

  return app;
}

/** Fetches the published menu from the link in location.publish and checks it against the contract. */
async function downloadMenu(url: string, log: (line: string) => void): Promise<void> {
  try {
    const response = await fetch(url);
    if (!response.ok) return log(`menu download failed: ${response.status} ${await response.text()}`);
    const menu = await response.json();
    const checked = validate('dsp', 'MenuFile', menu);
    log(checked.valid ? `menu downloaded from ${url}` : `menu from ${url} does not match the contract: ${checked.errors[0]?.message}`);
  } catch (error) {
    log(`menu download failed: ${(error as Error).message}`);
  }
}
