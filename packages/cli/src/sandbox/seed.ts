// What the sandbox holds besides its seeded state: the orders and menu links the contracts'
// examples name, so an example sent as-is finds its order.
import { randomBytes } from 'node:crypto';
import { listEvents, streamHostedOperations } from '../openapi.js';
import type { OrderRecord, SandboxState } from './state.js';

export interface SeedOrdersOptions {
  /** The state to add to (tracked, so the additions are saved). */
  readonly state: SandboxState;
  /** The same state untracked, to search: scanning a large state through the tracker is slow. */
  readonly plain: SandboxState;
}

/** Orders the contracts' examples refer to, so an example sent as-is finds its order. */
export function seedExampleOrders({ state, plain }: SeedOrdersOptions): void {
  const known = new Set(plain.orders.map((order) => `${order.id}@${order.location_id}`));
  const add = (order: OrderRecord) => {
    if (known.has(`${order.id}@${order.location_id}`)) return;
    known.add(`${order.id}@${order.location_id}`);
    state.orders.push(order);
  };
  for (const event of listEvents('events')) {
    for (const example of event.operation.requestExamples.values()) {
      const object = (example as { object?: { id?: string; location_id?: string } }).object;
      if (object?.id !== undefined && object.location_id !== undefined) {
        add({ id: object.id, audience: 'events', location_id: object.location_id, status: 'confirmed', history: [] });
      }
    }
  }
  for (const op of streamHostedOperations().filter((candidate) => candidate.api === 'events')) {
    for (const example of op.requestExamples.values()) {
      const update = example as { order_id?: string; location_id?: string };
      if (update.order_id !== undefined && update.location_id !== undefined) {
        add({ id: update.order_id, audience: 'events', location_id: update.location_id, status: 'confirmed', history: [] });
      }
    }
  }
  for (const event of listEvents('pos').filter((candidate) => candidate.operation.host === 'pos')) {
    for (const example of event.operation.requestExamples.values()) {
      const object = (example as { object?: { id?: string; location_id?: string } }).object;
      if (object?.id !== undefined && object.location_id !== undefined) {
        add({ id: object.id, audience: 'pos', location_id: object.location_id, status: 'created', history: [] });
      }
    }
  }
  // The POS contract's status example names the POS's own id for the example order.
  for (const op of streamHostedOperations().filter((candidate) => candidate.api === 'pos')) {
    const example = op.requestExamples.get('OrderReadyForPickup') as { object?: { provider_id?: string; location_id?: string } } | undefined;
    const index = plain.orders.findIndex((candidate) => candidate.audience === 'pos' && candidate.location_id === example?.object?.location_id && candidate.provider_id === undefined);
    if (index >= 0 && example?.object?.provider_id !== undefined) state.orders[index]!.provider_id = example.object.provider_id;
  }
}

/** Menu links for every location and for the store the DSP examples use, valid until the sandbox state is reset. */
export function seedMenus(state: SandboxState, now: number): void {
  const forever = now + 10 * 365 * 24 * 3600 * 1000;
  for (const location of state.locations) {
    state.menu_tokens[location._id] ??= { token: `mf_${randomBytes(6).toString('hex')}`, expires_at: forever, menu_version: 'v1' };
  }
  for (const event of listEvents('dsp')) {
    for (const example of event.operation.requestExamples.values()) {
      const data = (example as { type?: string; location_id?: string; data?: { menu_file_url?: string; menu_version?: 'v1' | 'v2' } }).data;
      const url = data?.menu_file_url;
      if (url === undefined) continue;
      const parsed = new URL(url);
      const locationId = parsed.searchParams.get('location_id');
      const token = parsed.searchParams.get('token');
      if (locationId !== null && token !== null) state.menu_tokens[locationId] ??= { token, expires_at: forever, menu_version: data?.menu_version ?? 'v1' };
    }
  }
}
