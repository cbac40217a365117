// The environment variables that carry what certify and trigger would otherwise take as a secret flag
// (a bearer token, an authorization code, a URL with a code or a password in it): a command's
// arguments are readable by every user of the machine (ps, /proc/<pid>/cmdline), its environment is
// not. A flag given still wins, with a warning naming the variable (secret-flags.ts).
import type { Io } from '../io.js';
import { warnSecretFlags } from '../secret-flags.js';
import type { CertifyFlags } from './certify-steps.js';

/** certify's variables, one per secret-bearing flag. */
export const CERTIFY_VARIABLES = {
  baseUrl: 'STREAM_CERTIFY_BASE_URL',
  token: 'STREAM_CERTIFY_TOKEN',
  code: 'STREAM_CERTIFY_CODE',
  redirectUrl: 'STREAM_CERTIFY_REDIRECT_URL',
} as const;

/** trigger's variables. */
export const TRIGGER_VARIABLES = { to: 'STREAM_TRIGGER_TO', token: 'STREAM_TRIGGER_TOKEN' } as const;

/** The password of a URL's user information (`https://user:password@host`) as typed, or `undefined`. */
export function urlPassword(url: string | undefined): string | undefined {
  const password = url === undefined ? undefined : /^[a-z][a-z\d+.-]*:\/\/[^/?#@]*?:([^/?#@]*)@/i.exec(url)?.[1];
  return password === '' ? undefined : password;
}

function variable(io: Io, name: string): string | undefined {
  const value = io.env[name];
  return value === undefined || value === '' ? undefined : value;
}

/** certify's flags with each secret-bearing one not given taken from its variable; warns for each given as a flag. */
export function certifyFlagsWithVariables(io: Io, flags: CertifyFlags): CertifyFlags {
  warnSecretFlags({
    stderr: io.stderr,
    flags: [
      { flag: '--token', value: flags.token, variable: CERTIFY_VARIABLES.token },
      ...flags.code.map((code) => ({ flag: '--code', value: code, variable: `${CERTIFY_VARIABLES.code} (several separated by commas)` })),
      { flag: '--redirect-url', value: flags.redirectUrl, variable: CERTIFY_VARIABLES.redirectUrl },
      { flag: '--base-url with a password', value: urlPassword(flags.baseUrl), variable: CERTIFY_VARIABLES.baseUrl },
      { flag: '--webhook-secret', value: flags.webhookSecret, variable: 'STREAM_WEBHOOK_SECRET' },
      { flag: '--client-secret', value: flags.clientSecret, variable: 'STREAM_CLIENT_SECRET' },
    ],
  });
  const baseUrl = flags.baseUrl ?? variable(io, CERTIFY_VARIABLES.baseUrl);
  const token = flags.token ?? variable(io, CERTIFY_VARIABLES.token);
  const redirectUrl = flags.redirectUrl ?? variable(io, CERTIFY_VARIABLES.redirectUrl);
  const codes = flags.code.length > 0 ? flags.code : (variable(io, CERTIFY_VARIABLES.code)?.split(',').map((code) => code.trim()).filter(Boolean) ?? []);
  return { ...flags, ...(baseUrl === undefined ? {} : { baseUrl }), ...(token === undefined ? {} : { token }), ...(redirectUrl === undefined ? {} : { redirectUrl }), code: codes };
}

/** trigger's `--to` and `--token`, from their variables when not given; warns for each given as a flag. */
export function triggerSecretsWithVariables(io: Io, flags: { to?: string; token?: string; webhookSecret?: string }): { to?: string; token?: string } {
  warnSecretFlags({
    stderr: io.stderr,
    flags: [
      { flag: '--token', value: flags.token, variable: TRIGGER_VARIABLES.token },
      { flag: '--to with a password', value: urlPassword(flags.to), variable: TRIGGER_VARIABLES.to },
      { flag: '--webhook-secret', value: flags.webhookSecret, variable: 'STREAM_WEBHOOK_SECRET (or name another with --webhook-secret-env)' },
    ],
  });
  const to = flags.to ?? variable(io, TRIGGER_VARIABLES.to);
  const token = flags.token ?? variable(io, TRIGGER_VARIABLES.token);
  return { ...(to === undefined ? {} : { to }), ...(token === undefined ? {} : { token }) };
}
