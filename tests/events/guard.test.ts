// The guard in production, and none in the properties: a reducer that throws is counted, and the unguarded fold
// lets the "reducers never throw" property see it.
import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../src/events/catalogue';
import { contextOf } from '../../src/events/context';
import { reduce, reduceUnguarded } from '../../src/events/reduce';
import { initialState } from '../../src/events/state';

// A context whose catalog lookup throws makes the LocationSelected reducer throw, as a rule bug would.
const throwingContext = {
  ...contextOf(new Map()),
  catalog: () => {
    throw new Error('boom');
  },
} as unknown as ReturnType<typeof contextOf>;
const state = { ...initialState, catalog: { hash: 'h', locationIds: ['loc'] } };
const event: DomainEvent = {
  seq: 1,
  id: 'e1',
  type: 'LocationSelected',
  v: 1,
  at: '2026-03-01T12:00:00Z',
  data: { locationId: 'loc', idempotencyKey: 'k', pickup: { choice: null, mustConfirmDate: false } },
};

describe('the reducer guard', () => {
  it('counts a throwing reducer as a fault and keeps the state', () => {
    const next = reduce(state, event, throwingContext);
    expect(next.log).toMatchObject({ events: 1, lastSeq: 1, faults: 1, ignored: 0 });
    expect(next.locationId).toBe(state.locationId);
  });

  it('is absent from the unguarded step the properties use', () => {
    expect(() => reduceUnguarded(state, event, throwingContext)).toThrow('boom');
  });
});
