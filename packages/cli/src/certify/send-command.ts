// The partner's send command. Its placeholders are filled with values that came from the partner's
// own server (the provider_id it answered, the location ids it listed), so they are data, never
// code: each is quoted for the shell the command runs in, also given as an environment variable
// (CERTIFY_ORDER_ID...), and refused when it is not plain printable text or holds a character a
// shell reads as code once the command parses the value again (sh -c, ssh, eval, arithmetic).
import { spawn, type ChildProcess } from 'node:child_process';
import { usageError } from '../errors.js';
import { visibleText } from '../visible.js';
import { refusalText, SEND_COMMAND_REFUSALS } from '../send-command-refusals.js';

export type ShellKind = 'posix' | 'cmd';

/** The shell `spawn(..., { shell: true })` runs on this platform. */
export function platformShell(platform: NodeJS.Platform = process.platform): ShellKind {
  return platform === 'win32' ? 'cmd' : 'posix';
}

/** Every placeholder a check fills (some checks fill only some of them). */
export const SEND_PLACEHOLDERS = ['event', 'order_id', 'location_id', 'provider_id', 'stream_order_id', 'sandbox_url', 'partner_slug', 'partner_id'] as const;

/** Ids certify puts in a command are at most this long: no contract id comes near it. */
export const MAX_VALUE_LENGTH = 256;

// C0 and C1 controls, DEL, line and paragraph separators, and the bidirectional controls that reorder text.
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
// The characters each shell's values may not hold (send-command-refusals.ts, which the guides render).
// cmd.exe acts on its list even inside double quotes (% and !), or ends the quotes with it. A POSIX
// shell runs code with, or quotes with, its list when it reads the value a second time: quoting holds
// for one parse only, and a command may hand a placeholder to `sh -c "..."`, ssh or eval, or to
// arithmetic ($((...)), ((...)), [[ -eq ]]), where `$(...)` runs even inside single quotes. A blank or
// a brace list (`{x,-o,~/.bashrc}`) splits the value into arguments of the partner server's choosing.
const characterClass = (characters: readonly string[]) => new RegExp(`[${characters.map((character) => `\\${character}`).join('')}]`);
const CMD_ACTIVE = characterClass(SEND_COMMAND_REFUSALS.cmd.code);
const POSIX_ACTIVE = characterClass(SEND_COMMAND_REFUSALS.posix.code);
const POSIX_SPLIT = characterClass(SEND_COMMAND_REFUSALS.posix.split);
/** The characters each shell's values may not hold, as the refusal lists them. */
const ACTIVE_LIST: Readonly<Record<ShellKind, string>> = { posix: `${refusalText('posix')}, and not starting with -`, cmd: `${SEND_COMMAND_REFUSALS.cmd.code.join(' ')}, not starting with - and not ending with \\` };

/** Why `value` cannot go into a command, or `undefined` when it can. */
export function valueProblem(options: { value: string; shell: ShellKind }): string | undefined {
  const { value, shell } = options;
  if (value === '') return 'is empty';
  if (value.length > MAX_VALUE_LENGTH) return `is ${value.length} characters long (at most ${MAX_VALUE_LENGTH})`;
  const control = UNPRINTABLE.exec(value);
  if (control !== null) return `contains the control character U+${control[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  // A program reads a word that starts with - as an option of its own (curl -o/tmp/x) when a command
  // passes the value on as an argument, quoted or not.
  if (value.startsWith('-')) return 'starts with "-", which a program reads as an option when the command passes the value to it as an argument';
  if (shell === 'cmd') {
    // A program splits its command line by the C runtime's rules, where \" is a literal quote: a
    // value ending in \ keeps the quotes open past it, and a later value's blanks split into
    // arguments of the partner server's choosing ("a\" "x -o C:/pwn.bat" gives -o C:/pwn.bat).
    if (SEND_COMMAND_REFUSALS.cmd.finalBackslash && value.endsWith('\\')) return 'ends with "\\", which keeps the double quotes around it open for the program the command runs, so a later value\'s blanks split it into arguments';
    const active = CMD_ACTIVE.exec(value);
    return active === null ? undefined : `contains ${JSON.stringify(active[0])}, which cmd.exe would act on`;
  }
  const active = POSIX_ACTIVE.exec(value);
  if (active !== null) return `contains ${JSON.stringify(active[0])}, which a shell reads as code, even quoted, once the command hands the value to another shell (sh -c, ssh, eval) or to arithmetic ($((...)), [[ -eq ]])`;
  const split = POSIX_SPLIT.exec(value);
  return split === null ? undefined : `contains ${JSON.stringify(split[0])}, which a shell splits into arguments of the value's choosing, even quoted, once the command hands the value to another shell (sh -c, ssh, eval)`;
}

/** `value` as one literal word for a POSIX shell: single quotes, each `'` written as `'\''`. */
export function posixQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

type Context = 'plain' | 'single' | 'double' | 'subst' | 'backtick' | 'brace' | 'heredoc' | 'ansi' | 'ambiguous' | 'comment';

// The characters that end a word outside quotes: a `#` after one of them starts a comment.
const WORD_END = /[ \t\n;&|()<>]/;

interface Slot {
  readonly start: number;
  readonly end: number;
  readonly key: string;
  readonly context: Context;
  /** Inside backticks, whose end the shell finds before it reads any quotes. */
  readonly inBackticks: boolean;
}

/**
 * Finds each `{key}` whose key is in `keys`, with the quoting it sits in. A small POSIX lexer: quotes,
 * backslashes, `$(...)`, backticks, `${...}` and comments (a `#` that starts a word, to the end of its
 * line, whose quotes quote nothing); after `<<` the rest is a here-document, where quotes do not
 * protect, so a placeholder there is refused rather than guessed at.
 */
function posixSlots(template: string, keys: ReadonlySet<string>): Slot[] {
  const slots: Slot[] = [];
  const stack: Context[] = ['plain'];
  const top = () => stack[stack.length - 1]!;
  let wordStart = true;
  for (let index = 0; index < template.length; index += 1) {
    const here = top();
    const char = template[index]!;
    const startsWord = wordStart;
    wordStart = false;
    const placeholder = char === '{' ? /^\{(\w+)\}/.exec(template.slice(index)) : null;
    if (placeholder !== null && keys.has(placeholder[1]!)) {
      slots.push({ start: index, end: index + placeholder[0].length, key: placeholder[1]!, context: here, inBackticks: stack.includes('backtick') });
      index += placeholder[0].length - 1;
      continue;
    }
    if (here === 'heredoc' || here === 'ambiguous') continue;
    if (here === 'comment') {
      // Backticks are matched before their text is parsed, so one ends a comment inside them.
      if (char === '\n') {
        stack.pop();
        wordStart = true;
      } else if (char === '`' && stack.includes('backtick')) {
        stack.pop();
        index -= 1;
      }
      continue;
    }
    if (here === 'single') {
      if (char === "'") stack.pop();
      continue;
    }
    // $'...': bash and zsh read \' inside as a quote, while dash ends the string there, so after a
    // \' no one can tell which shell's reading holds: every later placeholder is refused.
    if (here === 'ansi') {
      if (char === '\\' && template[index + 1] === "'") stack.push('ambiguous');
      else if (char === '\\') index += 1;
      else if (char === "'") stack.pop();
      continue;
    }
    if (char === '\\') {
      index += 1;
      continue;
    }
    if (char === '#' && startsWord && (here === 'plain' || here === 'subst' || here === 'backtick')) {
      stack.push('comment');
      continue;
    }
    const depth = stack.length;
    if (char === '$' && template[index + 1] === '$') {
      // $$ is the shell's process id: the `$` after it starts nothing, so `$$(` opens no substitution.
      index += 1;
    } else if (char === '$' && template[index + 1] === "'" && here !== 'double') {
      stack.push('ansi');
      index += 1;
    } else if (char === '$' && template[index + 1] === '(') {
      stack.push('subst');
      index += 1;
    } else if (char === '$' && template[index + 1] === '{') {
      stack.push('brace');
      index += 1;
    } else if (char === '`') {
      if (here === 'backtick') stack.pop();
      else stack.push('backtick');
    } else if (here === 'double') {
      if (char === '"') stack.pop();
    } else if (char === ')' && here === 'subst') {
      stack.pop();
    } else if (char === '}' && here === 'brace') {
      stack.pop();
    } else if (char === "'") {
      stack.push('single');
    } else if (char === '"') {
      stack.push('double');
    } else if (char === '(' && here === 'subst') {
      stack.push('subst');
    } else if (char === '<' && template[index + 1] === '<') {
      stack.push('heredoc');
    }
    // A word starts after a blank or an operator, and right after `$(` or an opening backtick; the
    // `)` or backtick that closes one is part of the word (`$(x)#y` holds no comment).
    const now = top();
    if (stack.length > depth) wordStart = now === 'subst' || now === 'backtick';
    else if (stack.length === depth && (now === 'plain' || now === 'subst' || now === 'backtick')) wordStart = WORD_END.test(char);
  }
  return slots;
}

/** The quoted word for a value in its context: out of single or double quotes, the value, and back in. */
function posixInsert(value: string, slot: Slot): string {
  // Within backticks the shell first takes \\, \` and \$ as escapes, then parses what is left.
  const quoted = slot.inBackticks ? posixQuote(value).replace(/[\\`$]/g, '\\$&') : posixQuote(value);
  if (slot.context === 'single') return `'${quoted}'`;
  // Out of $'...' and back in: dash, which reads it as '...', sees the same quotes close and reopen.
  if (slot.context === 'ansi') return `'${quoted}$'`;
  if (slot.context === 'double') return `"${quoted}"`;
  return quoted;
}

/** Finds each `{key}` for cmd.exe, where only double quotes group. */
function cmdSlots(template: string, keys: ReadonlySet<string>): Slot[] {
  const slots: Slot[] = [];
  let quoted = false;
  for (let index = 0; index < template.length; index += 1) {
    const placeholder = template[index] === '{' ? /^\{(\w+)\}/.exec(template.slice(index)) : null;
    if (placeholder !== null && keys.has(placeholder[1]!)) {
      slots.push({ start: index, end: index + placeholder[0].length, key: placeholder[1]!, context: quoted ? 'double' : 'plain', inBackticks: false });
      index += placeholder[0].length - 1;
    } else if (template[index] === '"') {
      quoted = !quoted;
    }
  }
  return slots;
}

function slotsOf(template: string, keys: ReadonlySet<string>, shell: ShellKind): Slot[] {
  return shell === 'cmd' ? cmdSlots(template, keys) : posixSlots(template, keys);
}

/** The environment variable that carries a placeholder's value: `{order_id}` is `CERTIFY_ORDER_ID`. */
export function placeholderVariable(key: string): string {
  return `CERTIFY_${key.toUpperCase()}`;
}

/** Refuses, as wrong usage, a send command with a placeholder where no quoting can keep it data. */
export function checkSendTemplate(options: { template: string; keys: readonly string[]; shell: ShellKind }): void {
  for (const slot of slotsOf(options.template, new Set(options.keys), options.shell)) {
    if (slot.context === 'heredoc' || slot.context === 'brace' || slot.context === 'ambiguous') {
      const where = slot.context === 'heredoc' ? 'a here-document (<<)' : slot.context === 'brace' ? 'a ${...} expansion' : "a $'...' string after \\' (bash reads the quote as part of the string, dash as its end)";
      throw usageError(`--send-command has {${slot.key}} inside ${where}, where quoting cannot keep it data. Use "$${placeholderVariable(slot.key)}" there instead: certify sets it to the same value.`);
    }
  }
}

/**
 * Fills `{event}`, `{order_id}`... in the partner's send command, each value quoted as one literal
 * word for `shell`; unknown placeholders are left as they are. A value that is not plain printable
 * text is not filled in: `refused` says which and why, and the command must not run. A placeholder
 * no quoting can protect is a usage error.
 */
export function fillCommand(options: { template: string; values: Readonly<Record<string, string>>; shell: ShellKind }): { command: string; refused?: string } {
  const { template, values, shell } = options;
  checkSendTemplate({ template, keys: Object.keys(values), shell });
  let command = '';
  let from = 0;
  for (const slot of slotsOf(template, new Set(Object.keys(values)), shell)) {
    const value = values[slot.key]!;
    const problem = valueProblem({ value, shell });
    if (problem !== undefined) {
      const allowed = `1 to ${MAX_VALUE_LENGTH} printable characters without ${ACTIVE_LIST[shell]}`;
      return { command: template, refused: `certify did not run the send command: the value for {${slot.key}} "${visibleText({ text: value.slice(0, 80), oneLine: true })}" ${problem}; a value certify passes to a command must be ${allowed}.` };
    }
    const inserted = shell === 'cmd' ? (slot.context === 'double' ? value : `"${value}"`) : posixInsert(value, slot);
    command += template.slice(from, slot.start) + inserted;
    from = slot.end;
  }
  return { command: command + template.slice(from) };
}

/** Each placeholder's value as `CERTIFY_<KEY>`, for commands that would rather read the environment. */
export function placeholderEnv(values: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [placeholderVariable(key), value]));
}

export interface CommandRun {
  /** The exit code; `null` when a signal stopped the command or it could not start. */
  readonly exitCode: number | null;
  readonly signal: NodeJS.Signals | null;
  /** True when certify stopped it for running longer than it waits. */
  readonly timedOut: boolean;
  /** The last 4000 characters of stdout and stderr together, and of stderr alone. */
  readonly output: string;
  readonly stderr: string;
}

const STOPPING_SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * Runs the partner's (filled) send command in a shell, with `env` added to certify's environment.
 * On POSIX the shell leads a process group of its own, so that at the time limit everything it
 * started (npm, node, a `&` job) is killed with it rather than left running after certify; since
 * the terminal's Ctrl-C no longer reaches that group, certify passes its own stop signals on.
 */
export function runSendCommand(options: { command: string; env: Readonly<Record<string, string>>; timeoutMs: number }): Promise<CommandRun> {
  return new Promise((resolve) => {
    const ownGroup = process.platform !== 'win32';
    // Assigned once spawned; the stop-signal listeners are in place before, so a Ctrl-C in between
    // cannot end certify with the group left running.
    let child: ChildProcess | undefined;
    let output = '';
    let stderr = '';
    let timedOut = false;
    const killAll = () => {
      if (child === undefined) return;
      if (ownGroup && child.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGKILL');
          return;
        } catch {
          // The group is gone already; the shell alone may still be there.
        }
      }
      child.kill('SIGKILL');
    };
    const onSignal = (signal: NodeJS.Signals) => {
      killAll();
      // With no one else listening, certify stops as it would have without this listener.
      if (process.listenerCount(signal) === 1) {
        release();
        process.kill(process.pid, signal);
      }
    };
    const release = () => {
      for (const signal of STOPPING_SIGNALS) process.off(signal, onSignal);
      process.off('exit', killAll);
    };
    if (ownGroup) {
      // First in line, so the group is gone even if another listener ends the process.
      for (const signal of STOPPING_SIGNALS) process.prependListener(signal, onSignal);
      process.on('exit', killAll);
    }
    const spawned = spawn(options.command, { shell: true, detached: ownGroup, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child = spawned;
    spawned.stdout.on('data', (chunk: Buffer) => {
      output = `${output}${chunk.toString()}`.slice(-4000);
    });
    spawned.stderr.on('data', (chunk: Buffer) => {
      output = `${output}${chunk.toString()}`.slice(-4000);
      stderr = `${stderr}${chunk.toString()}`.slice(-4000);
    });
    const timer = setTimeout(() => {
      timedOut = true;
      killAll();
      // On Windows what the shell started outlives it and holds the output pipes open; closing
      // them here means certify goes on now instead of waiting for those to end.
      spawned.stdout.destroy();
      spawned.stderr.destroy();
    }, options.timeoutMs);
    spawned.on('error', (error) => {
      clearTimeout(timer);
      release();
      resolve({ exitCode: null, signal: null, timedOut, output: `${output}${error.message}`, stderr: `${stderr}${error.message}` });
    });
    spawned.on('close', (code, signal) => {
      clearTimeout(timer);
      release();
      resolve({ exitCode: code, signal, timedOut, output, stderr });
    });
  });
}
