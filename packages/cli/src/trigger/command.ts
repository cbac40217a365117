import { Command } from 'commander';
import type { Io } from '../io.js';

export function triggerCommand(io: Io, setExit: (code: number) => void): Command {
  return new Command('trigger').description('(being written)').action(() => {
    io.stderr('trigger is being written\n');
    setExit(2);
  });
}
