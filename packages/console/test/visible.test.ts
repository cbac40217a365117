// "Copy as curl" and the Exchanges list show what a partner sent. A control character pasted into a
// terminal acts (ESC [201~ ends a bracketed paste, ^C interrupts), a bidirectional control reorders
// text on the page, and zero-width and tag characters hide text: the console writes all of them out.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { curlFor } from '../src/curl';
import { NextAction } from '../src/pages/State';
import { Badge, Code, ErrorNote } from '../src/ui';
import { shellWord, visible } from '../src/visible';

const HOSTILE_BODY = '{"note":"x\u001b[201~\u0003; touch /tmp/pwned\r\nrm -rf ~\u202egnp.exe \' \\\\ $HOME `id`"}';
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

describe('Copy as curl', () => {
  it('holds no raw control character, and bash reads the body back byte for byte', () => {
    const command = curlFor('POST', 'http://127.0.0.1:4010/pos/demo-partner/webhook', { 'content-type': 'application/json' }, HOSTILE_BODY);
    expect(command).not.toMatch(RAW_CONTROL);
    // A curl that prints its arguments, NUL-separated: what bash would have passed to the real one.
    const printed = execFileSync('bash', ['-c', `curl() { printf '%s\\0' "$@"; }\n${command}`], { encoding: 'utf8' });
    const args = printed.split('\0');
    expect(args[args.indexOf('--data-raw') + 1]).toBe(HOSTILE_BODY);
  });

  it('runs nothing of the body when pasted into dash, which has no $\'...\' strings', () => {
    const dir = mkdtempSync(join(tmpdir(), 'curl-dash-'));
    const marker = join(dir, 'pwned');
    const bodies = [HOSTILE_BODY, `{"note":"\u0001'; touch ${marker} #"}`, `\u0001\\'; touch ${marker}; echo '`];
    for (const body of bodies) {
      const command = curlFor('POST', 'http://127.0.0.1:4010/pos/demo-partner/webhook', { 'content-type': 'application/json', 'x-note': `\u0085'; touch ${marker} #` }, body);
      const printed = execFileSync('dash', ['-c', `curl() { printf '%s\\0' "$@"; }\n${command}`], { encoding: 'utf8' });
      // One curl, with all of its arguments: nothing was split off into a command of its own.
      expect(printed.split('\0').filter((arg) => arg === '--data-raw')).toHaveLength(1);
      expect(existsSync(marker)).toBe(false);
      // bash, where Copy as curl is usually pasted, reads the body back exactly.
      const inBash = execFileSync('bash', ['-c', `curl() { printf '%s\\0' "$@"; }\n${command}`], { encoding: 'utf8' }).split('\0');
      expect(inBash[inBash.indexOf('--data-raw') + 1]).toBe(body);
    }
  });

  it('keeps plain single quotes for a body without control characters', () => {
    expect(shellWord(`it's $HOME`)).toBe(`'it'\\''s $HOME'`);
    expect(execFileSync('sh', ['-c', `printf '%s' ${shellWord(`it's $HOME \`id\``)}`], { encoding: 'utf8' })).toBe(`it's $HOME \`id\``);
  });
});

describe('text shown on the Exchanges page', () => {
  it('shows a right-to-left override and terminal escapes as escapes, and leaves the rest as it was', () => {
    expect(visible('/files/\u202egnp.exe')).toBe('/files/\\u202egnp.exe');
    expect(visible('/files/\u061cgnp.exe')).toBe('/files/\\u061cgnp.exe');
    expect(visible('a\u001b]0;t\u0007b')).toBe('a\\x1b]0;t\\x07b');
    expect(visible('café\n\t{"a": 1}')).toBe('café\n\t{"a": 1}');
  });
});

describe('hidden characters in what a partner sent', () => {
  // A zero-width space, a byte order mark, an invisible times and tag characters spelling "RUN".
  const HIDDEN = `ok\u200b\ufeff\u2062${[...'RUN'].map((character) => String.fromCodePoint(0xe0000 + character.charCodeAt(0))).join('')}\u{e007f}`;
  const INVISIBLE = /[\u200b-\u200f\u2060-\u2064\ufeff\u{e0000}-\u{e007f}]/u;

  it('are written out on the page, so a person reads the same text an agent would', () => {
    expect(visible(HIDDEN)).toBe('ok\\u200b\\ufeff\\u2062\\u{e0052}\\u{e0055}\\u{e004e}\\u{e007f}');
    expect(visible('plain café 👍')).toBe('plain café 👍');
  });

  it('writes out variation selectors, the soft hyphen and the Hangul filler, which show nothing either', () => {
    const smuggled = `ok${[...'RUN'].map((character) => String.fromCodePoint(0xe0100 + character.charCodeAt(0) - 16)).join('')}\ufe01a\u00adb\u3164c`;
    expect(visible(smuggled)).toBe('ok\\u{e0142}\\u{e0145}\\u{e013e}\\ufe01a\\xadb\\u3164c');
    expect(execFileSync('bash', ['-c', `printf '%s' ${shellWord(smuggled)}`], { encoding: 'utf8' })).toBe(smuggled);
    expect(shellWord(smuggled)).not.toMatch(/[\ufe01\u00ad\u3164]|\udb40/u);
  });

  it('show in badges, code blocks and error notes as escapes', () => {
    const html = [
      renderToStaticMarkup(createElement(Badge, { status: HIDDEN })),
      renderToStaticMarkup(createElement(Code, { label: 'Response body', children: HIDDEN })),
      renderToStaticMarkup(createElement(ErrorNote, { message: HIDDEN })),
      renderToStaticMarkup(createElement(NextAction, { onboarding: { _id: 'onb_1', status: HIDDEN } })),
    ];
    for (const markup of html) {
      expect(markup).not.toMatch(INVISIBLE);
      expect(markup).toContain('ok\\u200b\\ufeff\\u2062\\u{e0052}');
    }
  });

  it('are copied as bytes a person can see in Copy as curl, and bash reads them back exactly', () => {
    const word = shellWord(HIDDEN);
    expect(word).not.toMatch(INVISIBLE);
    expect(execFileSync('bash', ['-c', `printf '%s' ${word}`], { encoding: 'utf8' })).toBe(HIDDEN);
  });
});
