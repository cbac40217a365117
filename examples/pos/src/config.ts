// Everything the POS reads from the environment, with defaults that match the local sandbox, so
// `npm start -w examples/pos` works with nothing set.
export interface PosConfig {
  readonly port: number;
  readonly host: string;
  /** The address Stream calls the kit at, when that is not HOST and the port (a proxy, a tunnel): its host is the one other name the kit answers to. */
  readonly publicUrl: string | undefined;
  /** The secret Stream signs order events with; the POS signs its own webhooks with it too. */
  readonly webhookSecret: string;
  /** Where Stream is: the sandbox locally, Stream's API host in production. */
  readonly streamBaseUrl: string;
  /** The OAuth client this POS issued to Stream. */
  readonly streamClientId: string;
  readonly streamClientSecret: string;
  /** Stream's redirect_uri, registered with this POS. */
  readonly streamRedirectUris: readonly string[];
  readonly partnerSlug: string;
  /** Approve Stream's authorize request at once instead of showing the form (local development only). */
  readonly devAutoApprove: boolean;
  readonly accessTokenTtlSeconds: number;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): PosConfig {
  const host = env.HOST ?? '127.0.0.1';
  refuseDefaultSecrets(env, host, ['STREAM_WEBHOOK_SECRET', 'STREAM_CLIENT_SECRET']);
  return {
    port: Number(env.PORT ?? 4101),
    host,
    publicUrl: readPublicUrl(env.PUBLIC_URL),
    webhookSecret: env.STREAM_WEBHOOK_SECRET ?? 'whsec_sandbox',
    streamBaseUrl: env.STREAM_BASE_URL ?? 'http://127.0.0.1:4010',
    streamClientId: env.STREAM_CLIENT_ID ?? 'stream-client',
    streamClientSecret: env.STREAM_CLIENT_SECRET ?? 'stream-secret',
    streamRedirectUris: (env.STREAM_REDIRECT_URIS ?? 'https://partners.stream.example/oauth/callback').split(','),
    partnerSlug: env.PARTNER_SLUG ?? 'demo-partner',
    devAutoApprove: (env.DEV_AUTO_APPROVE ?? (loopbackOnly(host) ? '1' : '0')) === '1',
    accessTokenTtlSeconds: Number(env.ACCESS_TOKEN_TTL_SECONDS ?? 3600),
  };
}

/** Whether `host` can be reached only from this machine. */
function loopbackOnly(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * Off loopback the defaults are not safe: they are the sandbox's, printed in these docs, so anyone
 * could sign a call or exchange a code with them. A kit that listens for other machines needs its
 * own secrets, and shows the consent form unless told otherwise.
 */
function refuseDefaultSecrets(env: NodeJS.ProcessEnv, host: string, names: readonly string[]): void {
  if (loopbackOnly(host)) return;
  const missing = names.filter((name) => env[name] === undefined || env[name] === '');
  if (missing.length === 0) return;
  throw new Error(`HOST ${host} lets other machines reach this kit, and ${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} not set: the default${missing.length === 1 ? ' is' : 's are'} the sandbox's, published in the docs. Set ${missing.join(' and ')} to the secret${missing.length === 1 ? '' : 's'} you agreed with Stream, or listen on 127.0.0.1.`);
}

function readPublicUrl(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^https?:\/\/[^/?#]+/i.test(value) || !URL.canParse(value)) throw new Error(`PUBLIC_URL ${value} is not an http(s) URL. Set it to the address Stream calls this kit at, such as https://pos.example.com.`);
  return value;
}
