#!/usr/bin/env node
// stream-webhook: sign a body or check a signature by hand, for debugging a webhook receiver.
import { readFileSync } from 'node:fs';
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { StreamContractsError } from './errors.js';
import { STREAM_SIGNATURE_HEADER, signWebhook, verifyWebhook } from './webhook.js';

export const USAGE = `Usage:
  stream-webhook sign   (--secret <secret> | --secret-env <NAME>) --body-file <path>
  stream-webhook verify (--secret <secret> | --secret-env <NAME>) --body-file <path> --signature <hex>

Commands:
  sign     Print the ${STREAM_SIGNATURE_HEADER} header for the body: the HMAC-SHA256 of its exact bytes
           under the webhook secret, in lower-case hex.
  verify   Check a ${STREAM_SIGNATURE_HEADER} value against the body. Prints "valid" and exits 0,
           or prints the error code and reason and exits 1.

Options:
  --secret <secret>      The webhook secret.
  --secret-env <NAME>    Read the secret from environment variable NAME, keeping it out of
                         your shell history.
  --body-file <path>     The raw body, byte for byte; "-" reads standard input.
  --signature <value>    The header value, with or without a leading "${STREAM_SIGNATURE_HEADER}:".
  -h, --help             Show this help.

Exit codes: 0 valid or signed, 1 signature rejected, 2 wrong usage or unreadable input.`;

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Readonly<Record<string, string | undefined>>;
  readFile: (path: string) => Uint8Array;
}

const defaultIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
  readFile: (path) => readFileSync(path === '-' ? 0 : path),
};

class UsageError extends Error {}

/** Runs the CLI with `argv` (without `node` and the script) and returns the exit code. */
export function runCli(argv: readonly string[], io: CliIo = defaultIo): number {
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        secret: { type: 'string' },
        'secret-env': { type: 'string' },
        'body-file': { type: 'string' },
        signature: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      io.stdout(`${USAGE}\n`);
      return 0;
    }
    const [command, ...extra] = positionals;
    if (command !== 'sign' && command !== 'verify') {
      throw new UsageError(command === undefined ? 'Give a command: sign or verify.' : `Unknown command "${command}"; expected sign or verify.`);
    }
    if (extra.length > 0) throw new UsageError(`Unexpected argument "${extra[0]}".`);

    if (values.secret !== undefined && values['secret-env'] !== undefined) {
      throw new UsageError('Give either --secret or --secret-env, not both.');
    }
    let secret = values.secret;
    if (values['secret-env'] !== undefined) {
      secret = io.env[values['secret-env']];
      if (secret === undefined || secret === '') throw new UsageError(`Environment variable ${values['secret-env']} is not set or empty.`);
    }
    if (secret === undefined || secret === '') throw new UsageError('Missing the secret: give --secret <secret> or --secret-env <NAME>.');
    if (values['body-file'] === undefined) throw new UsageError('Missing --body-file <path> (use - for standard input).');

    let body: Uint8Array;
    try {
      body = io.readFile(values['body-file']);
    } catch (error) {
      io.stderr(`Could not read ${values['body-file']}: ${(error as Error).message}\n`);
      return 2;
    }

    if (command === 'sign') {
      if (values.signature !== undefined) throw new UsageError('sign does not take --signature.');
      io.stdout(`${STREAM_SIGNATURE_HEADER}: ${signWebhook({ secret, body })}\n`);
      return 0;
    }

    if (values.signature === undefined) throw new UsageError('Missing --signature <hex> for verify.');
    const prefix = new RegExp(`^\\s*${STREAM_SIGNATURE_HEADER}\\s*:`, 'i');
    const signature = values.signature.replace(prefix, '');
    try {
      verifyWebhook({ secret, body, signature });
    } catch (error) {
      if (error instanceof StreamContractsError) {
        io.stderr(`${error.code}: ${error.message}\n`);
        return 1;
      }
      throw error;
    }
    io.stdout('valid\n');
    return 0;
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: unknown }).code?.toString().startsWith('ERR_PARSE_ARGS')) {
      io.stderr(`${(error as Error).message}\n\n${USAGE}\n`);
      return 2;
    }
    throw error;
  }
}

function isMain(): boolean {
  if (!process.argv[1]) return false;
  try {
    return realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isMain()) process.exitCode = runCli(process.argv.slice(2));
