// The order's progress in the log (README, "The order's progress"): OrderProgressed folds into a view that only moves
// forward along the order type's path, keeps the first estimate so a later one reads as late, ends at a
// cancellation, survives the account's history being read again, and goes with the account on sign-out. Its fields
// are declared, none personal, and redaction keeps them as they are.
import { describe, expect, it } from 'vitest';
import type { FulfillmentType, Order } from '../../src/domain/orders/codecs';
import { PRIVACY } from '../../src/events/catalogue';
import {
  CANCEL_REASONS,
  FOLLOW_FOR_MS,
  estimateText,
  isLate,
  lastKnownText,
  nextStepText,
  ordersToFollow,
  progressNotice,
  progressSteps,
} from '../../src/events/selectors/progress';
import type { OrderProgress } from '../../src/events/state';
import { createRedactor } from '../../src/store/redact';
import { fixtureCatalog } from '../support/fixtureCatalog';
import { Session } from './support';

const cafe = fixtureCatalog('cafe');
const ZONE = 'America/New_York';
/** 10:00 in New York. */
const START = '2026-11-18T15:00:00.000Z';

function orderOf(id: string, type: FulfillmentType): Order {
  return {
    Id: id,
    LocationId: 'cafe-hudson',
    GrandTotal: 500,
    TotalTaxes: 0,
    TotalDiscounts: 0,
    TotalTips: 0,
    SubTotal: 500,
    LineItems: [],
    ChargeDateUtc: START,
    PickupAtUtc: '2026-11-18T15:30:00.000Z',
    FulfillmentType: type,
    ...(type === 'DELIVERY' ? { DeliveryAddress: '1 Main St, Brooklyn, NY 11201' } : {}),
  };
}

/** A guest's session that placed one order of this type. */
function placed(type: FulfillmentType, orderId = 'ord_1') {
  const s = new Session({ cafe }, START);
  s.open('cafe', ['cafe-hudson'], 'cafe-hudson');
  s.emit('OrderPlaced', { idempotencyKey: 'key-1', orderId, order: orderOf(orderId, type), nextIdempotencyKey: 'key-2' });
  return s;
}

const told = (s: Session, state: OrderProgress['stage'], changedAt: string, estimate: string | null, reason: OrderProgress['reason'] = null) =>
  s.emit('OrderProgressed', { orderId: 'ord_1', state, changedAt, estimate, reason });

describe('OrderProgressed', () => {
  it("remembers a guest's key for the order, and moves the view forward with each stage", () => {
    const s = placed('PICKUP');
    expect(s.state.orders.history[0]?.guestKey).toBe('key-1');
    told(s, 'Received', START, '2026-11-18T15:30:00.000Z');
    told(s, 'Preparing', '2026-11-18T15:20:00.000Z', '2026-11-18T15:30:00.000Z');
    const heardAt = new Date(s.now).toISOString();
    told(s, 'Ready', '2026-11-18T15:30:00.000Z', '2026-11-18T15:30:00.000Z');
    expect(s.state.orders.progress.ord_1).toEqual({
      stage: 'Ready',
      at: '2026-11-18T15:30:00.000Z',
      estimate: '2026-11-18T15:30:00.000Z',
      promised: '2026-11-18T15:30:00.000Z',
      reason: null,
      steps: [
        { stage: 'Received', at: START },
        { stage: 'Preparing', at: '2026-11-18T15:20:00.000Z' },
        { stage: 'Ready', at: '2026-11-18T15:30:00.000Z' },
      ],
      heardAt,
    });
  });

  it("keeps when this browser last heard of the order (the event's time), whatever time the business gave", () => {
    const s = placed('PICKUP');
    const heard = () => s.state.orders.progress.ord_1?.heardAt;
    s.wait(120);
    const first = new Date(s.now).toISOString();
    told(s, 'Preparing', START, '2026-11-18T15:30:00.000Z');
    expect(heard()).toBe(first);
    // A new estimate is news too; the same news again is not.
    s.wait(60);
    const second = new Date(s.now).toISOString();
    told(s, 'Preparing', START, '2026-11-18T15:40:00.000Z');
    expect(heard()).toBe(second);
    s.wait(60);
    told(s, 'Preparing', START, '2026-11-18T15:40:00.000Z');
    expect(heard()).toBe(second);
  });

  it('ignores a stage told again, a step backwards, a stage of another type, and anything after the last stage', () => {
    const s = placed('PICKUP');
    told(s, 'Preparing', START, '2026-11-18T15:30:00.000Z');
    const view = s.state.orders.progress;
    const ignored = s.state.log.ignored;
    told(s, 'Preparing', START, '2026-11-18T15:30:00.000Z');
    told(s, 'Received', START, '2026-11-18T15:30:00.000Z');
    told(s, 'OutForDelivery', START, '2026-11-18T15:30:00.000Z');
    expect(s.state.orders.progress).toBe(view);
    expect(s.state.log.ignored).toBe(ignored + 3);
    told(s, 'Ready', '2026-11-18T15:30:00.000Z', '2026-11-18T15:30:00.000Z');
    told(s, 'Cancelled', '2026-11-18T15:40:00.000Z', null, 'Other');
    expect(s.state.orders.progress.ord_1?.stage).toBe('Ready');
  });

  it('ignores progress of an order this browser does not know', () => {
    const s = placed('PICKUP');
    s.emit('OrderProgressed', { orderId: 'ord_elsewhere', state: 'Ready', changedAt: START, estimate: null, reason: null });
    expect(s.state.orders.progress).toEqual({});
  });

  it('reads a later estimate as late, and a cancellation as the end, with its reason', () => {
    const s = placed('DELIVERY');
    told(s, 'Preparing', START, '2026-11-18T15:50:00.000Z');
    expect(isLate(s.state.orders.progress.ord_1!)).toBe(false);
    told(s, 'Preparing', START, '2026-11-18T16:05:00.000Z');
    expect(s.state.orders.progress.ord_1).toMatchObject({ stage: 'Preparing', estimate: '2026-11-18T16:05:00.000Z', promised: '2026-11-18T15:50:00.000Z' });
    expect(isLate(s.state.orders.progress.ord_1!)).toBe(true);
    told(s, 'Cancelled', '2026-11-18T15:10:00.000Z', null, 'TooBusy');
    told(s, 'OutForDelivery', '2026-11-18T15:20:00.000Z', '2026-11-18T16:05:00.000Z');
    expect(s.state.orders.progress.ord_1).toMatchObject({ stage: 'Cancelled', reason: 'TooBusy', estimate: null });
    expect(progressSteps(s.state.orders.progress.ord_1!, 'DELIVERY').map((step) => [step.stage, step.status])).toEqual([
      ['Preparing', 'done'],
      ['Cancelled', 'current'],
    ]);
  });

  it("keeps the progress when the account's history is read again, and drops it with the account on sign-out", () => {
    const s = new Session({ cafe }, START);
    s.open('cafe', ['cafe-hudson'], 'cafe-hudson');
    s.emit('SignedIn', { userId: 'usr_1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '2125550100' });
    s.emit('OrderPlaced', { idempotencyKey: 'key-1', orderId: 'ord_1', order: orderOf('ord_1', 'CURBSIDE'), nextIdempotencyKey: 'key-2' });
    expect(s.state.orders.history[0]?.guestKey).toBeNull();
    told(s, 'Ready', START, START);
    s.emit('OrderHistoryLoaded', { orders: [orderOf('ord_1', 'CURBSIDE')] });
    expect(s.state.orders.progress.ord_1?.stage).toBe('Ready');
    s.emit('SignedOut', {});
    expect(s.state.orders).toEqual({ history: [], progress: {} });
  });

  it('declares its fields, none personal, and redaction keeps them as they are', () => {
    expect(PRIVACY.OrderProgressed).toEqual({ safe: ['orderId', 'changedAt', 'estimate'] });
    const s = placed('PICKUP');
    told(s, 'Cancelled', START, null, 'SoldOut');
    const event = s.events.at(-1)!;
    expect(createRedactor().event(event)).toEqual(event);
  });
});

describe('what the shopper reads', () => {
  const record = (type: FulfillmentType) => placed(type).state.orders.history[0]!;
  const progress = (stage: OrderProgress['stage'], estimate: string | null, promised = estimate): OrderProgress => ({
    stage,
    at: '2026-11-18T15:20:00.000Z',
    estimate,
    promised,
    reason: stage === 'Cancelled' ? 'SoldOut' : null,
    steps: [],
    heardAt: '2026-11-18T15:21:00.000Z',
  });

  it("says the estimate in the location's zone, whatever the machine's", () => {
    expect(estimateText(progress('Preparing', '2026-11-18T17:40:00.000Z'), record('PICKUP'), ZONE)).toBe('Ready about 12:40 PM');
    expect(estimateText(progress('OutForDelivery', '2026-11-18T17:55:00.000Z'), record('DELIVERY'), ZONE)).toBe('Arriving about 12:55 PM');
    expect(estimateText(progress('Preparing', '2026-11-19T17:40:00.000Z'), record('PICKUP'), ZONE)).toBe('Ready about Nov 19, 12:40 PM');
    // A stage without an estimate from the business: the order's own pickup time.
    expect(estimateText(progress('Received', null), record('PICKUP'), ZONE)).toBe('Ready about 10:30 AM');
    expect(estimateText(progress('Cancelled', null), record('PICKUP'), ZONE)).toBeNull();
  });

  it('says offline when it last heard of the order, with the date when another day than the order was placed', () => {
    // Placed at 10:00 in New York on 18 November.
    expect(lastKnownText(progress('Preparing', null), record('PICKUP'), ZONE)).toBe('Last known at 10:21 AM – you’re offline.');
    const nextDay = { ...progress('Ready', null), heardAt: '2026-11-19T14:05:00.000Z' };
    expect(lastKnownText(nextDay, record('PICKUP'), ZONE)).toBe('Last known at Nov 19, 9:05 AM – you’re offline.');
  });

  it('says what to do next, and why an order was cancelled', () => {
    expect(nextStepText(progress('Ready', null), record('CURBSIDE'))).toBe('Your order is ready.');
    expect(nextStepText(progress('Cancelled', null), record('PICKUP'))).toMatch(new RegExp(`^${CANCEL_REASONS.SoldOut}`));
  });

  it('tells a shopper elsewhere of ready, on its way, late and cancelled, and of nothing else', () => {
    const at = (p: OrderProgress['stage'], e: string | null, before: OrderProgress | null = progress('Preparing', e)) =>
      progressNotice(before, progress(p, e, before?.promised ?? e), record(p === 'OutForDelivery' ? 'DELIVERY' : 'PICKUP'), ZONE, 'Hudson St');
    expect(at('Ready', '2026-11-18T15:30:00.000Z')).toMatchObject({ title: 'Your order is ready', tone: 'success' });
    expect(at('OutForDelivery', '2026-11-18T17:55:00.000Z')?.body).toMatch(/arrives about 12:55 PM\.$/);
    expect(at('Cancelled', null)).toMatchObject({ title: 'Your order was cancelled', tone: 'warning' });
    expect(at('Preparing', '2026-11-18T15:30:00.000Z', progress('Received', '2026-11-18T15:30:00.000Z'))).toBeNull();
    const late = progressNotice(
      progress('Preparing', '2026-11-18T15:30:00.000Z'),
      progress('Preparing', '2026-11-18T15:45:00.000Z', '2026-11-18T15:30:00.000Z'),
      record('PICKUP'),
      ZONE,
      'Hudson St',
    );
    expect(late).toMatchObject({ title: 'Your order is running late', body: expect.stringMatching(/now is ready about 10:45 AM\.$/) });
  });

  it('follows orders of the last day that have not reached their last stage', () => {
    const s = placed('PICKUP');
    const placedAt = Date.parse(s.state.orders.history[0]!.placedAt);
    expect(ordersToFollow(s.state, placedAt + 60_000).map((r) => r.orderId)).toEqual(['ord_1']);
    expect(ordersToFollow(s.state, placedAt + FOLLOW_FOR_MS)).toEqual([]);
    told(s, 'Ready', START, START);
    expect(ordersToFollow(s.state, placedAt + 60_000)).toEqual([]);
  });
});
