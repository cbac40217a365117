import { Command } from 'commander';
import type { Io } from '../io.js';

export function sandboxCommand(io: Io, setExit: (code: number) => void): Command {
  return new Command('sandbox').description('(being written)').action(() => {
    io.stderr('sandbox is being written\n');
    setExit(2);
  });
}
