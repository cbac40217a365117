import { Command } from 'commander';
import type { Io } from '../io.js';

export function certifyCommand(io: Io, setExit: (code: number) => void): Command {
  return new Command('certify').description('(being written)').action(() => {
    io.stderr('certify is being written\n');
    setExit(2);
  });
}
