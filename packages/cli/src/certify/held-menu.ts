// A location whose published menu the DSP has downloaded, so it holds that menu's ids: where an
// event naming ids the menu lacks (`x-stream-any-state` state `unknown-ids`) tests the state it keeps.
import { randomBytes } from 'node:crypto';
import { accessToken } from './checks-oauth.js';
import { eventBody } from './checks-shared.js';
import type { CertifyContext } from './context.js';

export interface HeldMenuOptions {
  readonly context: CertifyContext;
  /** The location to publish to: the DSP's first listed. */
  readonly location: () => Promise<string>;
}

/**
 * Publishes the sandbox's menu to the location once per run and waits for the DSP to download it;
 * the location either way, since without a sandbox the menu DSP-EVT-07 published is the one it holds.
 */
export function heldMenuLocation({ context, location }: HeldMenuOptions): Promise<string> {
  return context.once('dsp-held-menu', async () => {
    const locationId = await location();
    const sandbox = context.sandbox;
    if (sandbox === undefined) return locationId;
    const version = context.config.menuVersions?.[0] ?? 'v1';
    const after = await sandbox.mark();
    const link = await sandbox.publishMenu(locationId, version);
    const target = context.target('location.publish');
    const body = eventBody(target, undefined, { event_id: `evt_cert_${randomBytes(8).toString('hex')}`, location_id: locationId, 'data.menu_file_url': link, 'data.menu_version': version });
    await context.call(`send location.publish with a ${version} menu, so the DSP holds its ids`, { target, body, token: await accessToken(context) });
    // Whether it downloaded is DSP-MNU-01's to judge; this only waits until the DSP could hold the menu.
    const token = new URL(link).searchParams.get('token') ?? link;
    await sandbox.waitFor(after, (exchange) => exchange.operation === 'dsp:getMenuFile' && exchange.path.includes(token), context.within(Math.min(context.config.waitMs, 20_000)));
    return locationId;
  });
}
