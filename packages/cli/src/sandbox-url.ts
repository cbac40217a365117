// The base URL of a running sandbox, as a person gives it (--sandbox-url, --stream-url,
// STREAM_SANDBOX_URL). The tools add their own routes to it and send the user's console token
// there, so anything after the host (`/_sandbox/console/reset?`, a `#`) would take the token to
// another route of the sandbox, or send every call somewhere else: such a URL is refused, not trimmed.
import { usageError } from './errors.js';

/** The URL's origin, when it is an http(s) URL with no user, path, query or fragment; else a usage error naming `source`. */
export function bareSandboxUrl(options: { value: string; source: string }): string {
  const { value, source } = options;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  const bare = url !== undefined && (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '' && url.pathname === '/' && !value.includes('?') && !value.includes('#');
  if (!bare) throw usageError(`${source} must be the sandbox's base URL, such as http://127.0.0.1:4010, with no path, query or fragment; got "${value}".`);
  return url!.origin;
}
