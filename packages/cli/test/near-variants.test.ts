// hostVariants: the look-alike hosts certify sends as redirect_uri, which an allow-list matched as a pattern would take;
// caseVariant: the same id or secret in another case, which a case-insensitive lookup takes for the real one.
import { describe, expect, it } from 'vitest';
import { caseVariant, componentVariants, hostVariants } from '../src/certify/near-variants.js';

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

describe('the components of a registered redirect URI a loose comparison leaves out', () => {
  it('moves the URI to another port, puts userinfo before its host and adds a fragment, keeping the rest', () => {
    expect(componentVariants(new URL('https://partners.stream.example/oauth/callback?x=1')).map(([, uri]) => uri)).toEqual([
      'https://partners.stream.example:8443/oauth/callback?x=1',
      'https://attacker@partners.stream.example/oauth/callback?x=1',
      'https://partners.stream.example/oauth/callback?x=1#certify',
    ]);
  });

  it('picks another port when the registered URI is on 8443 already', () => {
    expect(componentVariants(new URL('https://partners.stream.example:8443/cb'))[0]).toEqual(["Stream's URI on port 9443", 'https://partners.stream.example:9443/cb']);
  });
});

describe('the case variant of an issued value', () => {
  it('swaps the case of every letter, so a lookup that ignores case finds the real value', () => {
    expect(caseVariant('stream-Client-7f3a')).toEqual(["with its letters' case swapped", 'STREAM-cLIENT-7F3A']);
  });

  it('adds a space after a value without letters, which a trimming lookup drops', () => {
    expect(caseVariant('4417-01')).toEqual(['with a space after it', '4417-01 ']);
  });
});
