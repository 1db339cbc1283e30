// The kitchen's timeline (src/domain/orders/progress.ts): whatever the kitchen is told and whenever the clock looks,
// an order only moves forward along its type's path, its times never go back, and a cancelled order stays cancelled.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FulfillmentType } from '../../src/domain/orders/codecs';
import {
  HANDOVER_MS,
  advanceKitchen,
  arriveAtKitchen,
  cancelKitchen,
  currentStep,
  delayKitchen,
  kitchenAt,
  kitchenEstimate,
  movesForward,
  planKitchen,
  prepMillis,
  stagePath,
  type KitchenOrder,
} from '../../src/domain/orders/progress';

const MINUTE = 60_000;
const T0 = Date.parse('2026-12-02T15:00:00.000Z');

const type = fc.constantFrom<FulfillmentType>('PICKUP', 'CURBSIDE', 'DELIVERY', 'DINEIN');
const ticket = fc.record({
  type,
  dueIn: fc.integer({ min: 0, max: 3 * 24 * 60 }),
  drive: fc.integer({ min: 0, max: 90 }),
  items: fc.integer({ min: 1, max: 60 }),
});
const op = fc.oneof(
  fc.record({ kind: fc.constant('tick' as const), minutes: fc.integer({ min: 0, max: 600 }) }),
  fc.record({ kind: fc.constant('advance' as const), minutes: fc.integer({ min: 0, max: 30 }) }),
  fc.record({ kind: fc.constant('late' as const), minutes: fc.integer({ min: 0, max: 120 }) }),
  fc.record({ kind: fc.constant('arrive' as const), minutes: fc.integer({ min: 0, max: 30 }) }),
  fc.record({
    kind: fc.constant('cancel' as const),
    minutes: fc.integer({ min: 0, max: 30 }),
    reason: fc.constantFrom('SoldOut', 'StoreClosed', 'TooBusy', 'Other') as fc.Arbitrary<'SoldOut'>,
  }),
);

function planned(t: { type: FulfillmentType; dueIn: number; drive: number; items: number }): KitchenOrder {
  const dueAt = T0 + t.dueIn * MINUTE;
  return planKitchen({ type: t.type, placedAt: T0, dueAt, items: t.items, ...(t.type === 'DELIVERY' ? { deliverAt: dueAt + t.drive * MINUTE } : {}) });
}

/** Runs the operations with a clock that only moves on, answering every state the order was in. */
function run(order: KitchenOrder, ops: readonly { kind: string; minutes: number; reason?: 'SoldOut' }[]): KitchenOrder[] {
  const seen = [order];
  let now = T0;
  let current = order;
  for (const o of ops) {
    now += o.minutes * MINUTE;
    if (o.kind === 'tick') current = kitchenAt(current, now);
    else if (o.kind === 'advance') current = advanceKitchen(current, now);
    else if (o.kind === 'late') current = delayKitchen(current, now, o.minutes * MINUTE);
    else if (o.kind === 'arrive') current = arriveAtKitchen(current, now);
    else current = cancelKitchen(current, now, o.reason ?? 'Other');
    seen.push(current);
  }
  return seen;
}

describe("the kitchen's timeline", () => {
  it('reaches only the stages of its type, in path order, with times that never go back', () => {
    fc.assert(
      fc.property(ticket, fc.array(op, { maxLength: 30 }), (t, ops) => {
        for (const order of run(planned(t), ops)) {
          const path = stagePath(t.type);
          const stages = order.reached.map((s) => s.stage);
          const cancelled = stages.indexOf('Cancelled');
          const onPath = cancelled === -1 ? stages : stages.slice(0, cancelled);
          expect(onPath).toEqual(path.slice(0, onPath.length));
          for (let i = 1; i < order.reached.length; i++) expect(order.reached[i]!.at).toBeGreaterThanOrEqual(order.reached[i - 1]!.at);
        }
      }),
    );
  });

  it('never moves a state backwards from one look to the next, and a cancelled order stays exactly as it was', () => {
    fc.assert(
      fc.property(ticket, fc.array(op, { maxLength: 30 }), (t, ops) => {
        const seen = run(planned(t), ops);
        for (let i = 1; i < seen.length; i++) {
          const before = seen[i - 1]!;
          const after = seen[i]!;
          // What was reached stays reached, at the same times.
          expect(after.reached.slice(0, before.reached.length)).toEqual(before.reached);
          for (const step of after.reached.slice(before.reached.length)) expect(movesForward(currentStep(before).stage, step.stage, t.type)).toBe(true);
          if (currentStep(before).stage === 'Cancelled') expect(after).toEqual(before);
        }
      }),
    );
  });

  it('plans each stage no earlier than the one before it, and a bigger order is never ready earlier', () => {
    fc.assert(
      fc.property(ticket, fc.integer({ min: 0, max: 30 }), (t, more) => {
        const order = planned(t);
        const times = stagePath(t.type)
          .slice(1)
          .map((stage) => order.planned[stage])
          .filter((at): at is number => typeof at === 'number');
        for (let i = 1; i < times.length; i++) expect(times[i]!).toBeGreaterThanOrEqual(times[i - 1]!);
        expect(times[0]).toBeGreaterThanOrEqual(T0);
        const bigger = planned({ ...t, items: t.items + more });
        expect(kitchenEstimate(bigger)!).toBeGreaterThanOrEqual(kitchenEstimate(order)!);
        expect(bigger.planned.Preparing!).toBeLessThanOrEqual(Math.max(order.planned.Preparing!, T0 + prepMillis(t.items + more)));
      }),
    );
  });

  it('moves the estimate only later when the kitchen runs late, and has none once cancelled', () => {
    fc.assert(
      fc.property(ticket, fc.integer({ min: 1, max: 120 }), (t, minutes) => {
        const order = planned(t);
        const late = delayKitchen(order, T0, minutes * MINUTE);
        expect(kitchenEstimate(late)).toBe(kitchenEstimate(order)! + minutes * MINUTE);
        expect(kitchenEstimate(cancelKitchen(late, T0, 'TooBusy'))).toBeNull();
      }),
    );
  });
});

describe('examples', () => {
  it('makes a pickup order of 3 items ready at its pickup time, preparing 10 minutes before', () => {
    const order = planKitchen({ type: 'PICKUP', placedAt: T0, dueAt: T0 + 30 * MINUTE, items: 3 });
    expect(order.planned).toEqual({ Preparing: T0 + 20 * MINUTE, Ready: T0 + 30 * MINUTE });
    expect(kitchenAt(order, T0 + 25 * MINUTE).reached.map((s) => s.stage)).toEqual(['Received', 'Preparing']);
  });

  it('hands a curbside order over only after the shopper arrived, once it is ready', () => {
    const order = planKitchen({ type: 'CURBSIDE', placedAt: T0, dueAt: T0 + 15 * MINUTE, items: 1 });
    const ready = kitchenAt(order, T0 + 60 * MINUTE);
    expect(currentStep(ready).stage).toBe('Ready');
    const arrived = arriveAtKitchen(ready, T0 + 60 * MINUTE);
    expect(kitchenAt(arrived, T0 + 60 * MINUTE + HANDOVER_MS).reached.map((s) => s.stage)).toEqual(['Received', 'Preparing', 'Ready', 'HandedOver']);
  });

  it('takes a delivery out at its leave time and delivers it at the quoted time', () => {
    const order = planKitchen({ type: 'DELIVERY', placedAt: T0, dueAt: T0 + 30 * MINUTE, deliverAt: T0 + 50 * MINUTE, items: 2 });
    expect(order.planned).toEqual({ Preparing: T0 + 22 * MINUTE, OutForDelivery: T0 + 30 * MINUTE, Delivered: T0 + 50 * MINUTE });
    expect(kitchenEstimate(order)).toBe(T0 + 50 * MINUTE);
  });

  it('does not cancel an order that was already picked up', () => {
    const ready = kitchenAt(planKitchen({ type: 'PICKUP', placedAt: T0, dueAt: T0, items: 1 }), T0 + 60 * MINUTE);
    expect(cancelKitchen(ready, T0 + 61 * MINUTE, 'Other')).toEqual(ready);
  });
});
