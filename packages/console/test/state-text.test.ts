// The State view shows names a partner's code or any local process gave the sandbox (an
// organisation, a partner token, a location, a DSP store, an order id, a driver). A right-to-left
// override among them reorders what follows it (`Evil \u202egnp.exe` reads as `Evil exe.png`), so
// each is shown with its controls written out, as the Exchanges view shows the same text.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Live, SandboxState } from '../src/api';
import StatePage from '../src/pages/State';

const NAME = 'Evil \u202egnp.exe \u001b[2J Group';

function stateNamed(name: string): SandboxState {
  return {
    partner: { partner_slug: 'demo-partner', partner_id: 'demo-partner-id' },
    active_access_tokens: 1,
    organizations: [{ org_id: 'org_1', name, user_email: 'owner@example.com' }],
    partner_tokens: [{ token_name: name, client_id: 'client_1', org_id: 'org_1', scopes: ['onboarding'] }],
    onboardings: [{ _id: 'onb_1', type: 'pos', status: 'waiting_for_oauth', org_id: 'org_1', source: name }],
    locations: [{ _id: 'loc_1', name, status: 'active', availability: 'open', paused_until: null, dsps: [{ _id: 'store_1', name, status: 'active', change_time: '2026-01-01T00:00:00Z' }] }],
    orders: [{ id: name, audience: 'events', location_id: 'loc_1', status: 'sent', history: [{ at: '2026-01-01T00:00:00Z', status: 'sent', source: name }], driver: { name } }],
    menu_files: [],
  } as unknown as SandboxState;
}

describe('names in the State view', () => {
  it('show a right-to-left override and an escape character as escapes, in every table', () => {
    const html = renderToStaticMarkup(createElement(StatePage, { live: { state: stateNamed(NAME) } as unknown as Live }));
    expect(html).not.toContain('\u202e');
    expect(html).not.toContain('\u001b');
    // Organisation, token, onboarding source, location, DSP store, order id, history step and driver.
    expect(html.split('Evil \\u202egnp.exe \\x1b[2J Group').length - 1).toBeGreaterThanOrEqual(8);
  });

  it('show plain names as they are', () => {
    const html = renderToStaticMarkup(createElement(StatePage, { live: { state: stateNamed('Taco Loco Mission') } as unknown as Live }));
    expect(html).toContain('<td>Taco Loco Mission</td>');
  });
});
