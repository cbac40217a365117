// The send command as certify shows it in a reason (terminal, JSON, JUnit, HTML): a user types
// credentials into it (curl -H "X-Api-Key: ...", -u user:password, --token ..., API_KEY=... cmd),
// and reports are shared. Their values are written as [redacted], here and in the command's output.

import { redactKnownValues, redactSecretText } from '../secret-text.js';

// A word as a shell reads it, roughly: a quoted run or unquoted non-blanks.
const WORD = `(?:'[^']*'|"(?:[^"\\\\]|\\\\.)*"|[^\\s'"]+)+`;
// Headers whose values say nothing secret and help to read a failure.
const PLAIN_HEADERS = new Set(['content-type', 'accept', 'user-agent']);
const HEADER_ARGUMENT = new RegExp(`((?:^|\\s)(?:-H|--header)(?:\\s+|=))(${WORD})`, 'g');
const CREDENTIAL_NAME = '(?:token|secret|passw(?:or)?d|pass|api[-_]?key|apikey|key|auth\\w*|credentials?|cookie|session|bearer|signature)';
// -u user:password (curl, wget), -b cookie, and any --flag whose name says it holds a credential.
const CREDENTIAL_FLAG = new RegExp(`((?:^|\\s)(?:-u|-b|--user|--[\\w-]*${CREDENTIAL_NAME}[\\w-]*)(?:\\s+|=))(${WORD})`, 'gi');
const CREDENTIAL_VARIABLE = new RegExp(`((?:^|[\\s;&|(])(?:export\\s+)?[A-Za-z_]\\w*${CREDENTIAL_NAME}\\w*=)(${WORD})`, 'gi');

function unquoted(word: string): string {
  return word.replace(/^(['"])([\s\S]*)\1$/, '$2');
}

/** The command with every credential it carries as `[redacted]`, and those credentials (to hide them in its output too). */
export function shownCommand(command: string): { shown: string; secrets: string[] } {
  const secrets: string[] = [];
  const keep = (value: string) => {
    if (value.length >= 4) secrets.push(value);
    return '[redacted]';
  };
  const shown = command
    .replace(HEADER_ARGUMENT, (_match, flag: string, word: string) => {
      const header = unquoted(word);
      const colon = header.indexOf(':');
      if (colon <= 0 || PLAIN_HEADERS.has(header.slice(0, colon).trim().toLowerCase()) || header.slice(colon + 1).trim() === '') return `${flag}${word}`;
      const quote = /^['"]/.test(word) ? word[0] : '';
      return `${flag}${quote}${header.slice(0, colon)}: ${keep(header.slice(colon + 1).trim())}${quote}`;
    })
    .replace(CREDENTIAL_FLAG, (_match, flag: string, word: string) => `${flag}${keep(unquoted(word))}`)
    .replace(CREDENTIAL_VARIABLE, (_match, name: string, word: string) => `${name}${keep(unquoted(word))}`);
  return { shown: redactSecretText(shown), secrets };
}

/** `text` (the command's error output) with each credential the command carried as `[redacted]`. */
export function hideCommandSecrets(options: { text: string; secrets: readonly string[] }): string {
  return redactKnownValues({ text: options.text, values: options.secrets });
}
