// The console pretty-prints every body it shows, and a body is what anyone who reaches the port (or a
// partner's server answering a Send) chose. Indentation grows with depth, so a small deeply nested
// body would print as hundreds of megabytes and freeze the page: such a body is shown as sent.
import { describe, expect, it } from 'vitest';
import { pretty } from '../src/api';

describe('a body shown pretty-printed', () => {
  it('is indented when it nests as bodies do', () => {
    expect(pretty('{"order":{"items":[{"id":1}]}}')).toBe('{\n  "order": {\n    "items": [\n      {\n        "id": 1\n      }\n    ]\n  }\n}');
    expect(pretty('not json')).toBe('not json');
  });

  it('is shown as sent, not blown up, when it nests thousands of levels deep', () => {
    for (const body of ['['.repeat(5000) + ']'.repeat(5000), `{"a":${'{"a":'.repeat(3000)}1${'}'.repeat(3001)}`]) {
      const started = performance.now();
      const shown = pretty(body);
      expect(shown.length).toBeLessThanOrEqual(body.length * 2);
      expect(performance.now() - started).toBeLessThan(200);
    }
  });

  it('counts brackets inside strings as text, so a deep-looking string still prints', () => {
    const body = JSON.stringify({ note: '['.repeat(5000) });
    expect(pretty(body)).toBe(JSON.stringify({ note: '['.repeat(5000) }, null, 2));
  });
});
