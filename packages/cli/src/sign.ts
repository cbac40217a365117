// `sign` and `verify`: compute or check a Stream-Signature by hand, to debug a receiver.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { STREAM_SIGNATURE_HEADER, StreamContractsError, signWebhook, verifyWebhook } from '@stream-partner/contracts';
import { Command, Option } from 'commander';
import { usageError } from './errors.js';
import type { Io } from './io.js';
import { warnSecretFlags } from './secret-flags.js';

interface SecretOptions {
  secret?: string;
  secretEnv?: string;
  bodyFile: string;
}

/** The secret from `--secret` or `--secret-env`, never both; the env form keeps it out of shell history. */
export function resolveSecret(io: Io, options: { secret?: string; secretEnv?: string }, fallbackEnv?: string): string {
  if (options.secret !== undefined && options.secretEnv !== undefined) throw usageError('Give either --secret or --secret-env, not both.');
  if (options.secretEnv !== undefined) {
    const value = io.env[options.secretEnv];
    if (value === undefined || value === '') throw usageError(`Environment variable ${options.secretEnv} is not set or is empty.`);
    return value;
  }
  if (options.secret !== undefined && options.secret !== '') return options.secret;
  const fallback = fallbackEnv === undefined ? undefined : io.env[fallbackEnv];
  if (fallback !== undefined && fallback !== '') return fallback;
  throw usageError(`Missing the webhook secret: give --secret <secret> or --secret-env <NAME>${fallbackEnv ? `, or set ${fallbackEnv}` : ''}.`);
}

/** sign's and verify's secret: `--secret` (with a warning), `--secret-env`, else `STREAM_WEBHOOK_SECRET`. */
function commandSecret(io: Io, options: SecretOptions): string {
  warnSecretFlags({ stderr: io.stderr, flags: [{ flag: '--secret', value: options.secret, variable: 'STREAM_WEBHOOK_SECRET (or name another with --secret-env)' }] });
  return resolveSecret(io, options, 'STREAM_WEBHOOK_SECRET');
}

/**
 * The most bytes sign and verify read, as the MCP tools take: far past any body Stream sends, and a
 * path that never ends (/dev/zero, an endless pipe) stops here with an error instead of filling memory.
 */
export const SIGN_BODY_LIMIT_BYTES = 5_000_000;

function readBody(path: string): Uint8Array {
  const name = path === '-' ? 'standard input' : path;
  const tooLarge = () => usageError(`${name} holds more than ${SIGN_BODY_LIMIT_BYTES} bytes, the most sign and verify read: give the body of one call, byte for byte.`);
  let fd: number;
  try {
    fd = path === '-' ? 0 : openSync(path, 'r');
  } catch (error) {
    throw usageError(`Could not read ${name}: ${(error as Error).message}`);
  }
  try {
    const stat = fstatSync(fd);
    if (stat.isFile() && stat.size > SIGN_BODY_LIMIT_BYTES) throw tooLarge();
    const chunks: Buffer[] = [];
    let total = 0;
    const buffer = Buffer.alloc(64 * 1024);
    for (;;) {
      const read = readChunk(fd, buffer, name);
      if (read === 0) return Buffer.concat(chunks, total);
      total += read;
      if (total > SIGN_BODY_LIMIT_BYTES) throw tooLarge();
      chunks.push(Buffer.from(buffer.subarray(0, read)));
    }
  } finally {
    if (fd !== 0) closeSync(fd);
  }
}

/** One read; standard input may be non-blocking (a terminal, some pipes), where nothing to read yet is EAGAIN, not the end. */
function readChunk(fd: number, buffer: Buffer, name: string): number {
  for (;;) {
    try {
      return readSync(fd, buffer, 0, buffer.length, null);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
        continue;
      }
      if (code === 'EOF') return 0;
      throw usageError(`Could not read ${name}: ${(error as Error).message}`);
    }
  }
}

function secretOptions(command: Command): Command {
  return command
    .addOption(new Option('--secret <secret>', 'the webhook secret (other users of this machine can read it in ps, and it lands in your shell history: prefer $STREAM_WEBHOOK_SECRET or --secret-env)'))
    .addOption(new Option('--secret-env <NAME>', 'read the secret from this environment variable (default: STREAM_WEBHOOK_SECRET)'))
    .requiredOption('--body-file <path>', 'the raw body, byte for byte; "-" reads standard input');
}

/** The help examples' body and secret, so a reader (and a test) can run them and get the output shown. */
const EXAMPLE_SETUP = `Example (body.json holds {"event_id":"evt_1"} with no newline, and STREAM_WEBHOOK_SECRET=whsec_sandbox):`;
const EXAMPLE_SIGNATURE = '8a39d0f35a93e23cb24b288a8978a8e77aa6cec45bc81d9ac21ebf9de6d1f5e6';

export function signCommand(io: Io, setExit: (code: number) => void): Command {
  return secretOptions(new Command('sign'))
    .description(`Print the ${STREAM_SIGNATURE_HEADER} header for a body: the HMAC-SHA256 of its exact bytes under the webhook secret, in lower-case hex.`)
    .addHelpText('after', `\n${EXAMPLE_SETUP}\n  $ stream-partner sign --body-file body.json\n  ${STREAM_SIGNATURE_HEADER}: ${EXAMPLE_SIGNATURE}`)
    .action((options: SecretOptions) => {
      const secret = commandSecret(io, options);
      io.stdout(`${STREAM_SIGNATURE_HEADER}: ${signWebhook({ secret, body: readBody(options.bodyFile) })}\n`);
      setExit(0);
    });
}

export function verifyCommand(io: Io, setExit: (code: number) => void): Command {
  return secretOptions(new Command('verify'))
    .description(`Check a ${STREAM_SIGNATURE_HEADER} value against a body. Prints "valid" and exits 0, or the error code and reason and exits 1.`)
    .requiredOption('--signature <value>', `the header value, with or without a leading "${STREAM_SIGNATURE_HEADER}:"`)
    .addHelpText('after', `\n${EXAMPLE_SETUP}\n  $ stream-partner verify --secret-env STREAM_WEBHOOK_SECRET --body-file body.json --signature ${EXAMPLE_SIGNATURE}\n  valid`)
    .action((options: SecretOptions & { signature: string }) => {
      const secret = commandSecret(io, options);
      const body = readBody(options.bodyFile);
      const signature = options.signature.replace(new RegExp(`^\\s*${STREAM_SIGNATURE_HEADER}\\s*:`, 'i'), '');
      try {
        verifyWebhook({ secret, body, signature });
      } catch (error) {
        if (error instanceof StreamContractsError) {
          io.stderr(`${error.code}: ${error.message}\n`);
          setExit(1);
          return;
        }
        throw error;
      }
      io.stdout('valid\n');
      setExit(0);
    });
}
