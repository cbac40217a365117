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

export function processIo(): Io {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
    now: () => Date.now(),
    isTTY: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR,
  };
}

export type Colors = ReturnType<typeof pc.createColors>;

export function colorsFor(io: Pick<Io, 'isTTY'>): Colors {
  return pc.createColors(io.isTTY);
}
