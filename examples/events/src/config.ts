// What the event provider reads from the environment; the defaults match the local sandbox.
export interface EventsConfig {
  readonly port: number;
  readonly host: string;
  /** Stream signs its events with this secret, and this provider signs its updates with it. */
  readonly webhookSecret: string;
  readonly streamBaseUrl: string;
  readonly partnerSlug: string;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): EventsConfig {
  return {
    port: Number(env.PORT ?? 4103),
    host: env.HOST ?? '127.0.0.1',
    webhookSecret: env.STREAM_WEBHOOK_SECRET ?? 'whsec_sandbox',
    streamBaseUrl: env.STREAM_BASE_URL ?? 'http://127.0.0.1:4010',
    partnerSlug: env.PARTNER_SLUG ?? 'demo-partner',
  };
}
