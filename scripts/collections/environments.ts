// The three environments: the local sandbox with the starter kits beside it, Stream's sandbox
// host, and your own server. Values come from where they are defined (the contracts' servers,
// the sandbox's defaults and seed, the kits' configuration), never retyped.
import { readConfig as dspConfig } from '../../examples/dsp/src/config.js';
import { readConfig as eventsConfig } from '../../examples/events/src/config.js';
import { readConfig as posConfig } from '../../examples/pos/src/config.js';
import { isObject, loadContract, type JsonObject } from '../../packages/cli/src/openapi.js';
import { SANDBOX_DEFAULTS } from '../../packages/cli/src/sandbox/index.js';
import { seedState } from '../../packages/cli/src/sandbox/state.js';
import type { EnvironmentValue } from './postman.js';

export interface EnvironmentSpec {
  /** File name stem: `local-sandbox` gives `local-sandbox.postman_environment.json`. */
  readonly file: string;
  readonly name: string;
  readonly values: EnvironmentValue[];
}

/** A contract server's URL with its variables at their defaults: `https://api.pos.partner.example`. */
function serverUrl(api: 'dsp' | 'pos' | 'events'): string {
  const server = (loadContract(api).servers as JsonObject[])[0]!;
  const variables = isObject(server.variables) ? server.variables : {};
  return String(server.url).replace(/\{([^}]+)\}/g, (_, name: string) => String((variables[name] as JsonObject | undefined)?.default ?? ''));
}

function streamSandboxUrl(): string {
  const servers = loadContract('partner').servers as JsonObject[];
  const sandbox = servers.find((server) => /sandbox/i.test(String(server.description ?? '')) || /sandbox/.test(String(server.url)));
  if (sandbox === undefined) throw new Error('The partner contract lists no sandbox server; the Stream sandbox environment needs one.');
  return String(sandbox.url);
}

const plain = (key: string, value: string): EnvironmentValue => ({ key, value, secret: false });
const secret = (key: string, value: string): EnvironmentValue => ({ key, value, secret: true });

export function environments(): EnvironmentSpec[] {
  const seed = seedState({ ...SANDBOX_DEFAULTS, now: 0 });
  const org = seed.organizations[0]!;
  const pos = posConfig({});
  const dsp = dspConfig({});
  const events = eventsConfig({});
  if (pos.streamClientId !== dsp.streamClientId || pos.streamClientSecret !== dsp.streamClientSecret) {
    throw new Error('The POS and DSP starter kits register different Stream OAuth clients; the local environment holds one.');
  }
  const local: EnvironmentValue[] = [
    plain('stream_base_url', `http://${SANDBOX_DEFAULTS.host}:${SANDBOX_DEFAULTS.port}`),
    plain('pos_base_url', `http://${pos.host}:${pos.port}`),
    plain('dsp_base_url', `http://${dsp.host}:${dsp.port}`),
    plain('events_base_url', `http://${events.host}:${events.port}`),
    // The sandbox's demo credentials: secret-typed so Postman masks them, filled so it works at once.
    secret('client_id', SANDBOX_DEFAULTS.clientId),
    secret('client_secret', SANDBOX_DEFAULTS.clientSecret),
    secret('webhook_secret', SANDBOX_DEFAULTS.webhookSecret),
    plain('partner_id', SANDBOX_DEFAULTS.partnerId),
    plain('partner_slug', SANDBOX_DEFAULTS.partnerSlug),
    plain('org_id', org.org_id),
    plain('provider_org_id', org.provider_id),
    plain('stream_client_id', pos.streamClientId),
    secret('stream_client_secret', pos.streamClientSecret),
    plain('stream_redirect_uri', pos.streamRedirectUris[0]!),
    plain('onboarding_code', ''),
  ];
  const blankSecrets = (values: EnvironmentValue[]) => values.map((entry) => (entry.secret ? { ...entry, value: '' } : entry));
  const partnerOwned = ['partner_id', 'partner_slug', 'org_id', 'provider_org_id', 'stream_client_id'];
  const remote = (streamUrl: string, partnerUrls: (api: 'dsp' | 'pos' | 'events') => string) =>
    blankSecrets(
      local.map((entry) => {
        if (entry.key === 'stream_base_url') return { ...entry, value: streamUrl };
        const api = /^(pos|dsp|events)_base_url$/.exec(entry.key)?.[1] as 'dsp' | 'pos' | 'events' | undefined;
        if (api !== undefined) return { ...entry, value: partnerUrls(api) };
        return partnerOwned.includes(entry.key) ? { ...entry, value: '' } : entry;
      }),
    );
  return [
    { file: 'local-sandbox', name: 'Stream local sandbox and starter kits', values: local },
    { file: 'stream-sandbox', name: "Stream's sandbox host", values: remote(streamSandboxUrl(), () => '') },
    { file: 'your-server', name: 'Your own server (as Stream calls it)', values: remote(streamSandboxUrl(), serverUrl) },
  ];
}
