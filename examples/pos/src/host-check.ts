// DNS rebinding: a web page can point its own name at 127.0.0.1 and reach this kit from the browser.
// Its requests then carry the page's name in `Host`, so answer only the names the kit is served under.

export interface HostCheckOptions {
  /** The HOST setting the kit listens on. */
  readonly host: string;
  /** PUBLIC_URL: the address Stream calls the kit at, when it is not HOST and the port. */
  readonly publicUrl: string | undefined;
}

/** Names that always mean this machine. */
function loopbackName(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/** `host[:port]` read as a URL would, or undefined when it is not one. */
function parseHost(text: string): URL | undefined {
  // Only the characters a host and port can hold: no user info, path or spaces to confuse the parse.
  if (!/^[A-Za-z0-9.\-[\]:]{1,262}$/.test(text)) return undefined;
  try {
    return new URL(`http://${text.includes(':') && !text.startsWith('[') && text.indexOf(':') !== text.lastIndexOf(':') ? `[${text}]` : text}`);
  } catch {
    return undefined;
  }
}

/** Answers why a request's `Host` header is refused, or undefined when it names this kit on `localPort`. */
export function refuseHost(header: string | undefined, localPort: number | undefined, { host, publicUrl }: HostCheckOptions): string | undefined {
  const named = header === undefined ? undefined : parseHost(header);
  if (named !== undefined && publicUrl !== undefined && named.host === new URL(publicUrl).host) return undefined;
  // HOST=0.0.0.0 names every interface, not a name a browser would send.
  const listening = host === '0.0.0.0' || host === '::' ? undefined : parseHost(host)?.hostname;
  const ours = named !== undefined && (loopbackName(named.hostname) || named.hostname === listening);
  if (ours && Number(named.port === '' ? 80 : named.port) === localPort) return undefined;
  return `Host ${header === undefined ? '(none)' : 'not served'}: this kit answers as 127.0.0.1:${localPort ?? ''} or localhost only. To serve it under another name, set PUBLIC_URL.\n`;
}
