// What the event provider reads from the environment; the defaults match the local sandbox.
export interface EventsConfig {
  readonly port: number;
  readonly host: string;
  /** The address Stream calls the kit at, when that is not HOST and the port (a proxy, a tunnel): its host is the one other name the kit answers to. */
  readonly publicUrl: string | undefined;
  /** Stream signs its events with this secret, and this provider signs its updates with it. */
  readonly webhookSecret: string;
  readonly streamBaseUrl: string;
  readonly partnerSlug: string;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): EventsConfig {
  const host = env.HOST ?? '127.0.0.1';
  refuseDefaultSecrets(env, host, ['STREAM_WEBHOOK_SECRET']);
  return {
    port: Number(env.PORT ?? 4103),
    host,
    publicUrl: readPublicUrl(env.PUBLIC_URL),
    webhookSecret: env.STREAM_WEBHOOK_SECRET ?? 'whsec_sandbox',
    streamBaseUrl: env.STREAM_BASE_URL ?? 'http://127.0.0.1:4010',
    partnerSlug: env.PARTNER_SLUG ?? 'demo-partner',
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
