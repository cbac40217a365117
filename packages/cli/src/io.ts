// Output for people and for machines. Colour only when the stream is a terminal (and NO_COLOR is
// unset); `--json` output never has colour. The clock is passed in, so tests control time.
import pc from 'picocolors';

export interface Io {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Milliseconds since the epoch. */
  readonly now: () => number;
  /** True when stdout is a terminal: colour and live progress are on. */
  readonly isTTY: boolean;
}

/**
 * A writer that stops quietly when the reader goes away (`stream-partner certify --help | head`):
 * an EPIPE means nobody reads any more, so the rest of the output is dropped, not a stack trace.
 * The command still runs to its end and exits with its own code.
 */
export function pipeSafeWriter(stream: NodeJS.WritableStream): (text: string) => void {
  let closed = false;
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    closed = true;
  });
  return (text) => {
    if (closed) return;
    stream.write(text);
  };
}

let processWriters: { stdout: (text: string) => void; stderr: (text: string) => void } | undefined;

export function processIo(): Io {
  // One listener per stream, however often processIo is called.
  processWriters ??= { stdout: pipeSafeWriter(process.stdout), stderr: pipeSafeWriter(process.stderr) };
  const writers = processWriters;
  return {
    stdout: (text) => writers.stdout(text),
    stderr: (text) => writers.stderr(text),
    env: process.env,
    now: () => Date.now(),
    isTTY: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR,
  };
}

export type Colors = ReturnType<typeof pc.createColors>;

// Made once per setting: the sandbox colours a line for every exchange, and each set is some forty functions.
const COLORS = { on: pc.createColors(true), off: pc.createColors(false) };

export function colorsFor(io: Pick<Io, 'isTTY'>): Colors {
  return io.isTTY ? COLORS.on : COLORS.off;
}
