// A recorded request as a curl command the partner can paste into a terminal.
import { shellWord } from './visible';

/** A curl command for a request; a redacted or live bearer token becomes $TOKEN. */
export function curlFor(method: string, url: string, headers: Record<string, string>, body: string): string {
  const skip = new Set(['host', 'content-length', 'connection', 'accept-encoding', 'user-agent', 'origin', 'referer', 'accept', 'accept-language', 'x-sandbox-console-source']);
  // A method is a token in HTTP; one that is not (from an outbound report) is quoted like the rest.
  const parts = [`curl -X ${/^[A-Z]+$/.test(method) ? method : shellWord(method)} ${shellWord(url)}`];
  for (const [name, value] of Object.entries(headers)) {
    if (skip.has(name.toLowerCase()) || name.toLowerCase().startsWith('sec-')) continue;
    parts.push(`-H ${shellWord(`${name}: ${name.toLowerCase() === 'authorization' ? 'Bearer $TOKEN' : value}`)}`);
  }
  if (body !== '') parts.push(`--data-raw ${shellWord(body)}`);
  return parts.join(' \\\n  ');
}
