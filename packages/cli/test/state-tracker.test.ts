// The tracker behind all-or-nothing changes: whatever a failed request changed, at any depth and
// in any order, is put back exactly, and a save writes the units the change touched.
import { describe, expect, it } from 'vitest';
import { StateTracker } from '../src/sandbox/state-tracker.js';

function sample(): Record<string, unknown> {
  return {
    partner_slug: 'demo-partner',
    locations: [
      { _id: 'loc-a', availability: 'open', dsps: [{ _id: 'dsp-1', status: 'active' }] },
      { _id: 'loc-b', availability: 'open', dsps: [] },
    ],
    access_tokens: { tok1: { client_id: 'c', expires_at: 1 } },
  };
}

describe('the state tracker', () => {
  it('puts back nested changes, pushes, splices, deletions and new fields of a rolled-back request exactly', () => {
    const tracker = new StateTracker(sample());
    const before = structuredClone(tracker.raw);
    const state = tracker.tracked as any;
    state.locations[0].availability = 'paused';
    state.locations[0].availability = 'offline';
    state.locations[0].dsps[0].status = 'deprovisioned';
    state.locations[0].dsps.push({ _id: 'dsp-2', status: 'active' });
    state.locations.push({ _id: 'loc-c', availability: 'open', dsps: [] });
    state.locations.splice(1, 1);
    delete state.access_tokens.tok1;
    state.access_tokens.tok2 = { client_id: 'd', expires_at: 2 };
    state.partner_slug = 'other';
    state.menu_tokens = { a: 1 };
    tracker.rollback();
    expect(tracker.raw).toEqual(before);
    expect(tracker.rollbacks()).toBe(1);
  });

  it('hands a save the touched units with their current values, and puts a failed batch back under later changes', () => {
    const tracker = new StateTracker(sample());
    const before = structuredClone(tracker.raw);
    const state = tracker.tracked as any;
    state.locations[1].availability = 'paused';
    state.access_tokens.tok2 = { client_id: 'd', expires_at: 2 };
    const batch = tracker.takeBatch();
    expect(batch.ops).toEqual([
      [['locations', '1'], { _id: 'loc-b', availability: 'paused', dsps: [] }],
      [['access_tokens', 'tok2'], { client_id: 'd', expires_at: 2 }],
    ]);
    // A later request changes the same record before the failed write is known.
    state.locations[1].availability = 'offline';
    tracker.rollbackBatch(batch);
    expect(tracker.raw).toEqual(before);
    expect(tracker.takeBatch().ops).toEqual([]);
  });

  it('tracks an entry reached by its index as one reached through the proxies: the same proxy, the same unit saved, the change undone', () => {
    const tracker = new StateTracker(sample());
    const before = structuredClone(tracker.raw);
    const state = tracker.tracked as any;
    const location = tracker.entry('locations', 1) as any;
    expect(location).toBe(state.locations[1]);
    location.availability = 'paused';
    location.dsps.push({ _id: 'dsp-3', status: 'active' });
    expect(tracker.takeBatch().ops).toEqual([[['locations', '1'], { _id: 'loc-b', availability: 'paused', dsps: [{ _id: 'dsp-3', status: 'active' }] }]]);
    (tracker.entry('locations', 0) as any).availability = 'offline';
    expect(tracker.entry('locations', 5)).toBeUndefined();
    tracker.rollback();
    expect(tracker.raw.locations).toEqual([(before.locations as any[])[0], { ...(before.locations as any[])[1], availability: 'paused', dsps: [{ _id: 'dsp-3', status: 'active' }] }]);
  });
});
