// The Certify and Send pages remember the partner's server URL across reloads, in this origin's local
// storage. That storage outlives the sandbox: once its port is free, any local user's server can answer
// http://127.0.0.1:<port> (the API reference links there) and read it. A basic-auth password typed into
// the URL is therefore never kept, nor its query or fragment, where a credential can sit too.
import { describe, expect, it } from 'vitest';
import { keptValue } from '../src/api';

describe('what the console remembers of a form', () => {
  it('keeps a URL without its basic-auth password, and its user, host and path as typed', () => {
    const kept = keptValue('http://partner:s3cret-pass@127.0.0.1:4101/gateway');
    expect(kept).not.toContain('s3cret-pass');
    expect(kept).toBe('http://partner@127.0.0.1:4101/gateway');
    expect(keptValue('https://:p%40ss@pos.example/')).toBe('https://pos.example/');
  });

  it('keeps a URL without a password, and text that is no URL, exactly as typed', () => {
    for (const value of ['http://127.0.0.1:4101', 'http://partner@127.0.0.1:4101', 'pos', 'http://[::1', '']) expect(keptValue(value)).toBe(value);
  });

  it('keeps a URL without its query or fragment, where an access token or API key can sit', () => {
    const kept = keptValue('http://127.0.0.1:4101/stream/webhook?access_token=tok-abc&client_secret=sec-def#key=ghi');
    for (const secret of ['tok-abc', 'sec-def', 'ghi']) expect(kept).not.toContain(secret);
    expect(kept).toBe('http://127.0.0.1:4101/stream/webhook');
    expect(keptValue('https://pos.example/hook?')).toBe('https://pos.example/hook');
  });
});
