// A saved sandbox state of a given size, as a partner's long-running sandbox would grow one: many
// orders with their histories, DSP event ids and access tokens. For the state file's tests and bench.
import { writeFileSync } from 'node:fs';
import { seedState, type SandboxState } from '../src/sandbox/state.js';

export interface LargeStateOptions {
  /** Roughly how many bytes the saved file should hold. */
  readonly bytes: number;
  readonly now: number;
}

/** Writes the state to `file` (compact JSON, as the sandbox saves it) and returns its size in bytes. */
export function writeLargeState(file: string, options: LargeStateOptions): number {
  const text = JSON.stringify(largeState(options));
  writeFileSync(file, text, { mode: 0o600 });
  return Buffer.byteLength(text);
}

export function largeState(options: LargeStateOptions): SandboxState {
  const state = seedState({ partnerId: 'demo-partner-id', partnerSlug: 'demo-partner', clientId: 'sandbox-client', clientSecret: 'sandbox-secret', now: options.now });
  const at = new Date(options.now).toISOString();
  // About 420 bytes an order with its event id and every tenth with a token.
  const count = Math.max(1, Math.round(options.bytes / 420));
  for (let index = 0; index < count; index += 1) {
    const id = `ord_${String(index).padStart(8, '0')}`;
    state.orders.push({
      id,
      audience: index % 2 === 0 ? 'dsp' : 'pos',
      location_id: index % 3 === 0 ? 'loc-mission' : 'loc-downtown',
      status: 'completed',
      provider_id: `pos-${index}`,
      history: [
        { at, status: 'received', source: 'new_order' },
        { at, status: 'accepted', source: 'location.order.accept' },
        { at, status: 'completed', source: 'order.status.updated' },
      ],
    });
    state.dsp_event_ids.push(`evt_${String(index).padStart(10, '0')}`);
    if (index % 10 === 0) state.access_tokens[`at_${String(index).padStart(12, '0')}`] = { client_id: 'sandbox-client', scopes: ['user', 'onboarding'], expires_at: options.now + 3600_000 };
  }
  return state;
}
