// The control token's holder registers catalogs (certify does, for each location it reads) and
// publishes menu files; without a bound 200 locations' catalogs of 5,000 ids and pairs held about
// 1 GB, and menu files grew with every location id named. Past the bound a registration is refused
// whole, saying what the sandbox keeps and how to make room.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CATALOG_CHARS_LIMIT, MAX_CATALOGS, MAX_MENU_FILES } from '../src/sandbox/control-routes.js';
import { largeState } from './large-state.js';
import { call, closeSandboxes, openSandbox, tempDir } from './support.js';

afterEach(closeSandboxes);

const id = (prefix: string, index: number, length: number) => `${prefix}-${index}-`.padEnd(length, 'x');

describe('the catalogs and menu files the sandbox keeps', () => {
  it(`refuses the catalog of a location past ${MAX_CATALOGS} with 507 sandbox_full and keeps every one it had, while one it has may still be registered again`, async () => {
    const { sandbox } = await openSandbox();
    for (let index = 0; index < MAX_CATALOGS; index += 1) {
      const answer = await call(sandbox, 'POST', '/_sandbox/catalogs', { json: { location_id: `loc-${index}`, provider_ids: [`item-${index}`] } });
      expect(answer.status, answer.text).toBe(201);
    }
    const refused = await call(sandbox, 'POST', '/_sandbox/catalogs', { json: { location_id: 'loc-one-more', provider_ids: ['item-one-more'] } });
    expect(refused.status).toBe(507);
    expect(refused.body).toMatchObject({ code: 'sandbox_full' });
    expect(refused.body.message).toContain(`at most ${MAX_CATALOGS} locations`);
    expect(refused.body.message).toContain('Reset the sandbox');
    const state = sandbox.stateJson();
    expect(state).not.toContain('loc-one-more');
    expect(state).toContain('"loc-0"');
    const again = await call(sandbox, 'POST', '/_sandbox/catalogs', { json: { location_id: 'loc-0', provider_ids: ['item-0', 'item-new'] } });
    expect(again.status, again.text).toBe(201);
  });

  it('refuses a catalog whose ids would take all catalogs past the characters the sandbox keeps, changing none of its three tables', async () => {
    const { sandbox } = await openSandbox();
    const big = (location: string) => ({
      location_id: location,
      provider_ids: Array.from({ length: 5000 }, (_, index) => id(`${location}-item`, index, 200)),
      holders: Array.from({ length: 5000 }, (_, index) => [id(`${location}-member`, index, 200), id(`${location}-holder`, index, 200)]),
    });
    const first = await call(sandbox, 'POST', '/_sandbox/catalogs', { json: big('loc-a') });
    expect(first.status, first.text).toBe(201);
    const second = await call(sandbox, 'POST', '/_sandbox/catalogs', { json: big('loc-b') });
    expect(second.status, second.text).toBe(507);
    expect(second.body).toMatchObject({ code: 'sandbox_full' });
    expect(second.body.message).toContain(`${CATALOG_CHARS_LIMIT} characters in all`);
    expect(sandbox.stateJson()).not.toContain('loc-b-');
    // Registering the same location again replaces its own catalog, so it fits.
    const replaced = await call(sandbox, 'POST', '/_sandbox/catalogs', { json: big('loc-a') });
    expect(replaced.status, replaced.text).toBe(201);
  });

  it(`refuses a menu file for a new location past ${MAX_MENU_FILES} with 507 sandbox_full, and still publishes one again for a location it has`, async () => {
    const state = largeState({ bytes: 1, now: Date.now() });
    for (let index = Object.keys(state.menu_tokens).length; index < MAX_MENU_FILES; index += 1) state.menu_tokens[`store-${index}`] = { token: `mf_${index}`, expires_at: Date.now() + 3_600_000, menu_version: 'v1' };
    const stateFile = join(tempDir('menu-files'), 'state.json');
    writeFileSync(stateFile, JSON.stringify(state), { mode: 0o600 });
    const { sandbox } = await openSandbox({ stateFile });
    const refused = await call(sandbox, 'POST', '/_sandbox/menus', { json: { location_id: 'store-one-more' } });
    expect(refused.status, refused.text).toBe(507);
    expect(refused.body).toMatchObject({ code: 'sandbox_full' });
    expect(refused.body.message).toContain(`at most ${MAX_MENU_FILES} published menu files`);
    expect(sandbox.stateJson()).not.toContain('store-one-more');
    const again = await call(sandbox, 'POST', '/_sandbox/menus', { json: { location_id: Object.keys(state.menu_tokens)[0] } });
    expect(again.status, again.text).toBe(201);
  });
});
