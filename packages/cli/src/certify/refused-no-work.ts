// An event the DSP answered 401 was not processed, so it starts no work either: a forged
// location.publish must not make the DSP download the menu link it names. Certify publishes a link
// the sandbox serves, sends it unauthenticated and wrongly signed, and watches for the download.
import { randomBytes } from 'node:crypto';
import { answered, Blocked, type CertifyContext } from './context.js';
import { unknownToken } from './refusals.js';

/** The contract's name for this rule, shown in a finding. */
export const REFUSED_EVENT_DOES_NO_WORK = 'refused-event-does-no-work';
/** Another, on DSP-MNU-01 (catalogue 1.14.0): a repeated location.publish, its event_id already processed, downloads nothing more. */
export const REPEAT_DOWNLOADS_NOTHING = 'repeat-downloads-nothing';

// A DSP that starts the download before its checks does so within milliseconds of the request.
const WATCH_MS = 1500;

export interface RefusedWorkOptions {
  readonly context: CertifyContext;
  readonly locationId: string;
  readonly token: string;
  /** The menu form to publish, which the event's menu_version names. */
  readonly version: 'v1' | 'v2';
  /** A location.publish for the location with the given menu link, as certify builds it for DSP-EVT-07. */
  readonly publish: (link: string) => Promise<Record<string, unknown>>;
}

function linkToken(path: string): string | undefined {
  return new URLSearchParams(path.includes('?') ? path.slice(path.indexOf('?') + 1) : '').get('token') ?? undefined;
}

/** The findings: one per forged publish whose menu link the DSP fetched; none when nothing was fetched (or there is no sandbox to serve a link). */
export async function refusedWorkIssues(options: RefusedWorkOptions): Promise<string[]> {
  const { context, locationId, token } = options;
  const sandbox = context.sandbox;
  if (sandbox === undefined) return [];
  const target = context.target('location.publish');
  const forms = [
    { what: 'with an access token the DSP never issued', call: { token: unknownToken() } },
    { what: 'signed with a secret that is not the webhook secret', call: { token, webhookSecret: `whsec_certify_other_${randomBytes(4).toString('hex')}` } },
  ];
  const issues: string[] = [];
  for (const form of forms) {
    const after = await sandbox.mark();
    const link = await sandbox.publishMenu(locationId, options.version);
    const exchange = await context.call(`send a forged location.publish ${form.what}`, { target, body: await options.publish(link), ...form.call });
    // Whether a forged event is refused is DSP-SEC-02's and DSP-SEC-04's finding; only a refused one is watched here.
    if (exchange.status !== 401) throw new Blocked(`a location.publish ${form.what} ${answered(exchange)}, not 401`, form.call.webhookSecret === undefined ? 'DSP-SEC-02' : 'DSP-SEC-04');
    const wanted = linkToken(link);
    const fetched = await sandbox.waitFor(after, (seen) => seen.operation === 'dsp:getMenuFile' && linkToken(seen.path) === wanted, context.within(WATCH_MS));
    if (fetched !== undefined) issues.push(`[${REFUSED_EVENT_DOES_NO_WORK}] a location.publish ${form.what} was answered 401, yet the DSP downloaded the menu_file_url it named`);
  }
  return issues;
}
