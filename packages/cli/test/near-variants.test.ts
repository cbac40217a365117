// hostVariants: the look-alike hosts certify sends as redirect_uri, which an allow-list matched as a pattern would take.
import { describe, expect, it } from 'vitest';
import { hostVariants } from '../src/certify/near-variants.js';

describe('look-alike hosts of a registered redirect URI', () => {
  it('changes the first and the last dot of the host to a letter, keeping the scheme, port, path and query', () => {
    expect(hostVariants(new URL('https://partners.stream.example:8443/oauth/callback?x=1')).map(([, uri]) => uri)).toEqual([
      'https://partnersxstream.example:8443/oauth/callback?x=1',
      'https://partners.streamxexample:8443/oauth/callback?x=1',
    ]);
  });

  it('gives one look-alike for a host with one dot and none for a host without a dot', () => {
    expect(hostVariants(new URL('https://stream.example/cb')).map(([, uri]) => uri)).toEqual(['https://streamxexample/cb']);
    expect(hostVariants(new URL('http://localhost:3000/cb'))).toEqual([]);
  });
});
