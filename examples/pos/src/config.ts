// Everything the POS reads from the environment, with defaults that match the local sandbox, so
// `npm start -w examples/pos` works with nothing set.
export interface PosConfig {
  readonly port: number;
  readonly host: string;
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
  return {
    port: Number(env.PORT ?? 4101),
    host: env.HOST ?? '127.0.0.1',
    webhookSecret: env.STREAM_WEBHOOK_SECRET ?? 'whsec_sandbox',
    streamBaseUrl: env.STREAM_BASE_URL ?? 'http://127.0.0.1:4010',
    streamClientId: env.STREAM_CLIENT_ID ?? 'stream-client',
    streamClientSecret: env.STREAM_CLIENT_SECRET ?? 'stream-secret',
    streamRedirectUris: (env.STREAM_REDIRECT_URIS ?? 'https://partners.stream.example/oauth/callback').split(','),
    partnerSlug: env.PARTNER_SLUG ?? 'demo-partner',
    devAutoApprove: (env.DEV_AUTO_APPROVE ?? '1') === '1',
    accessTokenTtlSeconds: Number(env.ACCESS_TOKEN_TTL_SECONDS ?? 3600),
  };
}
