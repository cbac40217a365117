// Near variants of a value the contract compares exactly: derived from the valid value itself, so
// a server that normalises before comparing (case, scheme, slashes, whitespace) takes one of them
// for the real thing. Each variant is named for the failure message and never equals the value.

/** A rule of certify's on -OAU-12 (catalogue 1.14.0): a query parameter the contract fixes (`const`/`enum`) is compared exactly, case and whitespace too. */
export const AUTHORIZE_VALUE_COMPARED_EXACTLY = 'authorize-value-compared-exactly';

/**
 * A rule of certify's on -OAU-08, -OAU-12 and POS-CAT-06 (catalogue 1.14.0): a value the partner issued or
 * Stream registered (the client_id, the client_secret, a location's provider_id) is compared character for
 * character, so the same letters in another case, or with a space after them, name nothing.
 */
export const ISSUED_VALUE_COMPARED_EXACTLY = 'issued-value-compared-exactly';

export type NearVariant = readonly [what: string, value: string];

/** The value with every letter's case swapped (`stream-client` -> `STREAM-CLIENT`), or with a space after it when it has no letter. */
export function caseVariant(value: string): NearVariant {
  const swapped = value.replace(/[a-z]/gi, (letter) => (letter === letter.toLowerCase() ? letter.toUpperCase() : letter.toLowerCase()));
  return swapped === value ? ['with a space after it', `${value} `] : ["with its letters' case swapped", swapped];
}

/** Case and whitespace variants of a token such as an enum value (`code` -> `CODE`, `Code`, ` code`). */
export function tokenVariants(value: string): NearVariant[] {
  const capital = value.charAt(0).toUpperCase() + value.slice(1).toLowerCase();
  const variants: NearVariant[] = [
    [`${JSON.stringify(value)} in capitals`, value.toUpperCase()],
    [`${JSON.stringify(value)} capitalised`, capital],
    [`${JSON.stringify(value)} with a space after it`, `${value} `],
  ];
  return distinct(value, variants);
}

/** Variants of an absolute URI: its path's case, a trailing slash, another last segment, and the other of http and https. */
export function uriVariants(registered: URL): NearVariant[] {
  const base = `${registered.protocol}//${registered.host}`;
  const path = registered.pathname;
  const swapped = path.replace(/[a-z]/gi, (letter) => (letter === letter.toLowerCase() ? letter.toUpperCase() : letter.toLowerCase()));
  const slashed = path.endsWith('/') ? path.replace(/\/+$/, '') : `${path}/`;
  const other = path.replace(/[^/]*\/?$/, 'certify-other');
  const variants: NearVariant[] = [
    ["Stream's path with its letters' case changed", `${base}${swapped}${registered.search}`],
    [`Stream's path ${path.endsWith('/') ? 'without' : 'with'} a trailing slash`, `${base}${slashed || '/'}${registered.search}`],
    ["another path on Stream's host", `${base}${other}${registered.search}`],
  ];
  return distinct(registered.href, variants);
}

/**
 * Look-alikes of the URI's host: one of its dots changed to another letter (`partners.stream.example`
 * -> `partnersxstream.example`), another host that an allow-list entry used as a regular expression,
 * its dots unescaped, still matches.
 */
export function hostVariants(registered: URL): NearVariant[] {
  const host = registered.hostname;
  const dots = [host.indexOf('.'), host.lastIndexOf('.')].filter((at, index, all) => at > 0 && all.indexOf(at) === index);
  return distinct(
    registered.href,
    dots.map((at) => {
      const lookalike = `${host.slice(0, at)}x${host.slice(at + 1)}`;
      return [`Stream's host with a dot changed to a letter (${lookalike}), what a pattern's unescaped . matches`, registered.href.replace(`//${host}`, `//${lookalike}`)] as const;
    }),
  );
}

/**
 * A rule of certify's on -OAU-02 (catalogue 1.14.0): every component of the registered redirect_uri is
 * compared, so Stream's URI with another port, with userinfo before its host or with a fragment is another URI.
 */
export const REDIRECT_URI_COMPONENTS_COMPARED = 'redirect-uri-components-compared';

/**
 * Variants of the URI in the components a comparison of scheme, host name, path and query leaves out: another
 * port (a service that is not Stream's callback), userinfo (`attacker@host`) and a fragment (which RFC 6749
 * forbids in a redirection endpoint). RFC 3986's equivalent forms (host case, the default port spelled out) are
 * not tried: a server that normalises them before comparing still refuses every other URI.
 */
export function componentVariants(registered: URL): NearVariant[] {
  const port = registered.port === '8443' ? '9443' : '8443';
  const withPort = new URL(registered.href);
  withPort.port = port;
  const withUser = new URL(registered.href);
  withUser.username = 'attacker';
  const withFragment = new URL(registered.href);
  withFragment.hash = 'certify';
  return distinct(registered.href, [
    [`Stream's URI on port ${port}`, withPort.href],
    ["Stream's URI with userinfo before its host", withUser.href],
    ["Stream's URI with a fragment", withFragment.href],
  ]);
}

/** The scheme variant: a plain-http copy of an https URI (the code would travel unencrypted), or the reverse. */
export function schemeVariant(registered: URL): NearVariant | undefined {
  const swapped = registered.protocol === 'https:' ? 'http:' : registered.protocol === 'http:' ? 'https:' : undefined;
  if (swapped === undefined) return undefined;
  return [`Stream's URI with ${swapped.slice(0, -1)} instead of ${registered.protocol.slice(0, -1)}`, `${swapped}${registered.href.slice(registered.protocol.length)}`];
}

/** Every string a query parameter's schema allows exactly (`const`, or an `enum` of strings). */
export function exactValues(schema: unknown): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const { const: only, enum: listed } = schema as { const?: unknown; enum?: unknown };
  if (typeof only === 'string') return [only];
  return Array.isArray(listed) ? listed.filter((value): value is string => typeof value === 'string') : [];
}

function distinct(value: string, variants: NearVariant[]): NearVariant[] {
  return variants.filter(([, variant]) => variant !== value);
}
