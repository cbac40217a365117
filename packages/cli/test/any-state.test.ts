// The states certify sends each event in, as the receiving operations state them once with
// `x-stream-any-state`: every event they name exists, and every requirement they defer to does.
import { describe, expect, it } from 'vitest';
import { anyState, closedFirst, describeClosing, anyStateRules } from '../src/certify/any-state.js';
import { loadCatalogue } from '../src/certify/catalogue.js';
import { withUnknownIds } from '../src/certify/unknown-ids.js';
import { listTargets } from '../src/trigger/targets.js';

const target = (audience: 'dsp' | 'events', name: string) => listTargets().find((candidate) => candidate.audience === audience && candidate.name === name)!;

describe('the states each event is sent in', () => {
  it('sends every DSP event for a location with no location.publish, again under a new event_id, out of order by occurred_at_ms, and a location.update naming a stream_id no menu gave, named event-in-any-state', () => {
    const states = anyState(target('dsp', 'location.update'))!;
    expect(states).toMatchObject({ rule: 'event-in-any-state', opens: 'location.publish', states: ['before-opening', 'repeated', 'out-of-order', 'unknown-ids'], at: '/occurred_at_ms' });
    expect(states.unknown('location.update')).toEqual(['/data/updates/*/stream_id']);
    expect(states.unknown('location.paused')).toEqual([]);
    expect(states.subject('location.update')).toBe('/location_id');
    expect(listTargets().some((candidate) => candidate.audience === 'dsp' && candidate.name === states.opens)).toBe(true);
    expect(anyStateRules('dsp')).toEqual(['event-in-any-state']);
  });

  it("repeats an events provider's update under a new event_id and out of order by occurred_at, and leaves a second cancellation to the requirement the contract names", () => {
    const states = anyState(target('events', 'order.updated'))!;
    expect(states.states).toEqual(['repeated', 'out-of-order', 'after-closing']);
    expect(states.at).toBe('/occurred_at');
    expect(states.subject('order.updated')).toBe('/object/order_id');
    expect(states.subject('order.confirmed')).toBe('/object/id');
    expect(states.elsewhere('order.updated')).toBeUndefined();
    const deferred = states.elsewhere('order.canceled');
    expect(deferred).toBe('EVT-SEQ-03');
    expect(loadCatalogue('events').requirements.map((requirement) => requirement.id)).toContain(deferred);
  });

  it("sends an events provider's update and cancellation after the order was completed or canceled, but never the same cancellation twice, which another requirement owns", () => {
    const states = anyState(target('events', 'order.updated'))!;
    expect(states.closing).toEqual([
      { event: 'order.updated', set: { '/object/status': 'completed' } },
      { event: 'order.canceled', set: {}, elsewhere: 'EVT-SEQ-05' },
    ]);
    expect(loadCatalogue('events').requirements.map((requirement) => requirement.id)).toContain('EVT-SEQ-05');
    expect(closedFirst(states, 'order.updated').map(describeClosing)).toEqual(['order.updated with /object/status "completed"', 'order.canceled']);
    expect(closedFirst(states, 'order.canceled').map(describeClosing)).toEqual(['order.updated with /object/status "completed"']);
    expect(closedFirst(states, 'order.confirmed')).toHaveLength(2);
  });

  it('names no states for the POS, whose events have their own sequence requirements', () => {
    const pos = listTargets().filter((candidate) => candidate.audience === 'pos');
    expect(pos.length).toBeGreaterThan(0);
    expect(pos.filter((candidate) => anyState(candidate) !== undefined)).toEqual([]);
    expect(anyStateRules('pos')).toEqual([]);
  });

  it('renames every stream_id a location.update names to one no menu gave, and leaves the body it was given and a pointer to nothing alone', () => {
    const body = { data: { updates: [{ stream_id: 'item_classic_burger', object_type: 'item' }, { stream_id: 'mod_bacon', object_type: 'modifier' }] } };
    const { body: sent, ids } = withUnknownIds(body, ['/data/updates/*/stream_id', '/data/missing/*/id', '/__proto__/polluted']);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toMatch(/^item_classic_burger_added_[0-9a-f]{8}$/);
    expect((sent.data as typeof body.data).updates.map((update) => update.stream_id)).toEqual(ids);
    expect(body.data.updates[0]!.stream_id).toBe('item_classic_burger');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
