import { describe, expect, it } from 'vitest';
import { redactSecretText } from '../src/secret-text.js';

describe('redactSecretText', () => {
  it('hides the password of every URL in a text and keeps the rest of each URL', () => {
    const text = 'go to https://stream:s3cret@127.0.0.1:4101/x?y=1 then git+ssh://me:pw@example.com/repo and http://plain.example/a:b@c';
    expect(redactSecretText(text)).toBe(
      'go to https://stream:[redacted]@127.0.0.1:4101/x?y=1 then git+ssh://me:[redacted]@example.com/repo and http://plain.example/a:b@c',
    );
  });

  it('hides a URL password whose scheme follows other text or starts after a digit', () => {
    expect(redactSecretText('see foo.http://u:p@h and 9https://u:p@h')).toBe('see foo.http://u:[redacted]@h and 9https://u:[redacted]@h');
    expect(redactSecretText('://u:p@h')).toBe('://u:p@h');
  });

  it('redacts a page-sized query of "a." and a 64 KB body in linear time, so a web page cannot stall the sandbox', () => {
    const query = `/x?${'a.'.repeat(40_000)}`;
    const body = JSON.stringify({ note: `${'a.'.repeat(32_000)}%`, url: `${'a.'.repeat(8_000)}https://u:pw@h` });
    const started = performance.now();
    expect(redactSecretText(query)).toBe(query);
    expect(redactSecretText(body)).toContain('https://u:[redacted]@h');
    // The quadratic pattern this replaced took several seconds on these inputs; a linear scan takes milliseconds.
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
