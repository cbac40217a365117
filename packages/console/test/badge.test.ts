// A status badge takes its tone from a table of statuses the console knows. A status is data (a
// partner's answer, a state file): one named like an object's built-in (constructor, toString,
// __proto__) is just another unknown status, in the neutral tone.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Badge } from '../src/ui';

const badge = (status: string) => renderToStaticMarkup(createElement(Badge, { status }));

describe('a status badge', () => {
  it('shows a known status in its tone and any other in the neutral one, built-in names included', () => {
    expect(badge('passed')).toContain('class="badge tone-good"');
    expect(badge('enroute_to_pickup')).toContain('class="badge tone-neutral"');
    for (const status of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) {
      expect(badge(status), status).toContain('class="badge tone-neutral"');
    }
  });
});
