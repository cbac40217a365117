// The README's threat model lists every /_sandbox route and who may call it, and says true: each
// route it gives to the token's holder refuses a call without the token. The guides' curl commands
// for those routes send the token.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closeSandboxes, openSandbox } from './support.js';

afterEach(closeSandboxes);

const ROOT = join(import.meta.dirname, '..', '..', '..');
const SRC = join(ROOT, 'packages', 'cli', 'src');

/** `GET /_sandbox/state`, ... for every /_sandbox route the CLI's source registers. */
function registeredRoutes(): string[] {
  const found = new Set<string>();
  for (const entry of readdirSync(SRC, { recursive: true, encoding: 'utf8' })) {
    if (!entry.endsWith('.ts')) continue;
    const text = readFileSync(join(SRC, entry), 'utf8');
    for (const match of text.matchAll(/app\.(get|post|put|patch|delete)\('(\/_sandbox\/[^']*)'/g)) found.add(`${match[1]!.toUpperCase()} ${match[2]}`);
    for (const match of text.matchAll(/\bcontrol\('(\/_sandbox\/[^']*)'/g)) found.add(`POST ${match[1]}`);
    // A route registered by a named path (the console page links to it too).
    const paths = new Map([...text.matchAll(/\bconst ([A-Z_]+) = '(\/_sandbox\/[^']*)'/g)].map((match) => [match[1]!, match[2]!]));
    for (const match of text.matchAll(/app\.(get|post|put|patch|delete)\(([A-Z_]+)[,)]/g)) if (paths.has(match[2]!)) found.add(`${match[1]!.toUpperCase()} ${paths.get(match[2]!)!}`);
  }
  return [...found].sort();
}

/** The README's table of /_sandbox routes: route to who may call it. */
function documentedRoutes(): Map<string, string> {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.split('### What the sandbox accepts, and from whom')[1]!.split('\n### ')[0]!;
  const table = new Map<string, string>();
  for (const line of section.split('\n')) {
    const cells = line.trim().split(' | ');
    if (!line.trim().startsWith('| `') || cells.length < 3) continue;
    for (const route of cells[0]!.matchAll(/`((?:GET|POST) \/_sandbox\/[^`]*)`/g)) table.set(route[1]!, cells[cells.length - 1]!);
  }
  return table;
}

describe("the README's threat model", () => {
  it('lists every /_sandbox route the sandbox and its console register', () => {
    const routes = registeredRoutes();
    expect(routes.length).toBeGreaterThan(15);
    expect([...documentedRoutes().keys()].sort()).toEqual(routes);
  });

  it("is true of each route it keeps to the token's holder: a call without the token is refused", async () => {
    const { sandbox } = await openSandbox();
    const before = JSON.stringify(sandbox.state());
    for (const [route, who] of documentedRoutes()) {
      const [method, path] = route.split(' ') as [string, string];
      const url = `${sandbox.url}${path.replace(':id', '1')}`;
      const answer = await fetch(url, { method, ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, body: '{}' } : {}) });
      await answer.body?.cancel();
      if (who.startsWith("the token's holder")) expect([401, 403], route).toContain(answer.status);
      else expect(['GET /_sandbox/console/clear-origin', 'GET /_sandbox/onboarding/:id/start']).toContain(route);
    }
    expect(JSON.stringify(sandbox.state())).toBe(before);
  });
});

describe('the guides', () => {
  it('send the token with every curl command to a /_sandbox route that needs it', () => {
    const docs = join(ROOT, 'site', 'docs');
    const commands: string[] = [];
    for (const entry of readdirSync(docs, { recursive: true, encoding: 'utf8' })) {
      if (!/\.mdx?$/.test(entry)) continue;
      const text = readFileSync(join(docs, entry), 'utf8').replace(/\\\n\s*/g, ' ');
      for (const line of text.split('\n')) if (/^\s*(\$ )?curl\b.*\/_sandbox\//.test(line) && !line.includes('/_sandbox/onboarding/')) commands.push(`${entry}: ${line}`);
    }
    expect(commands.length).toBeGreaterThan(0);
    for (const command of commands) expect(command).toContain('x-sandbox-console-token');
  });
});
