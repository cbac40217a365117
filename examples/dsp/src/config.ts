// What the DSP reads from the environment; the defaults match the local sandbox.
export interface DspConfig {
  readonly port: number;
  readonly host: string;
  /** Stream signs its events with this secret, and the DSP signs its orders with it. */
  readonly webhookSecret: string;
  readonly streamBaseUrl: string;
  /** The OAuth client this DSP issued to Stream. */
  readonly streamClientId: string;
  readonly streamClientSecret: string;
  /** Stream's redirect_uri, registered with this DSP. */
  readonly streamRedirectUris: readonly string[];
  /** The id Stream gave this DSP: the path of POST /order/{partner_id}. */
  readonly partnerId: string;
  /** Approve Stream's authorize request at once (local development only). */
  readonly devAutoApprove: boolean;
  readonly accessTokenTtlSeconds: number;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): DspConfig {
  return {
    port: Number(env.PORT ?? 4102),
    host: env.HOST ?? '127.0.0.1',
    webhookSecret: env.STREAM_WEBHOOK_SECRET ?? 'whsec_sandbox',
    streamBaseUrl: env.STREAM_BASE_URL ?? 'http://127.0.0.1:4010',
    streamClientId: env.STREAM_CLIENT_ID ?? 'stream-client',
    streamClientSecret: env.STREAM_CLIENT_SECRET ?? 'stream-secret',
    streamRedirectUris: (env.STREAM_REDIRECT_URIS ?? 'https://partners.stream.example/oauth/callback').split(','),
    partnerId: env.PARTNER_ID ?? 'demo-partner-id',
    devAutoApprove: (env.DEV_AUTO_APPROVE ?? '1') === '1',
    accessTokenTtlSeconds: Number(env.ACCESS_TOKEN_TTL_SECONDS ?? 3600),
  };
}
