// A URL from the sandbox's state (an onboarding's entry_url) is data a state file or a client could
// have set: as a link, `javascript:` would run in the console's page. Only web addresses are links.

/** `value` when it is an absolute http or https URL; otherwise `undefined` (show it as text). */
export function webLink(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? value : undefined;
  } catch {
    return undefined;
  }
}
