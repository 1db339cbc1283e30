// Placing an order: idempotency, the rules, the charge, then one commit (stock, discount, loyalty, the order itself).
// Everything from the idempotency check to the commit runs without an await, so two requests with one key can never
// both get past the check: the second one finds the first one's order.
import * as E from 'fp-ts/lib/Either.js';
import { chargedTotal } from '../../domain/delivery/charges';
import type { OrderResult } from '../../domain/orders/codecs';
import type { SandboxCore } from '../core';
import { authorize } from '../payments/charge';
import { keyOf, newId, type KeyRecord, type UserRecord } from '../state';
import type { OrderDraft } from './orderDraft';
import { orderOf } from './orderRecord';
import { checkOrder, type CheckedOrder } from './orderRules';
import { planKitchen } from '../../domain/orders/progress';
import { wakeKitchen } from './kitchen';
import { refuse, type Refusal } from './refusal';

export interface Orderer {
  readonly clientId: string;
  readonly user: UserRecord | null;
  /** Placed through a Guest call. */
  readonly guest: boolean;
  /** A guest's email, as the order gives it: a guest's key belongs to that guest, as a user's key to the user. */
  readonly guestEmail?: string | undefined;
}

export function ownerOf(who: Orderer): string {
  if (who.user) return `user:${who.user.id}`;
  return who.guestEmail === undefined ? 'guest' : `guest:${who.guestEmail.trim().toLowerCase()}`;
}

/**
 * The key's record when it belongs to this orderer; a refusal when another customer used the key (another guest
 * included: a guest reusing someone else's key with other details must not get that order back). A guest's status
 * check carries only the key, which is the secret; it may read any guest's record under it.
 */
export function keyRecordFor(core: SandboxCore, who: Orderer, idempotencyKey: string): E.Either<Refusal, KeyRecord | undefined> {
  const record = core.state.keys[keyOf(who.clientId, idempotencyKey)];
  const statusByKey = who.user === null && who.guestEmail === undefined && record?.owner.startsWith('guest') === true;
  if (record && record.owner !== ownerOf(who) && !statusByKey) {
    return E.left(refuse(409, 'Order - IDEMPOTENCY_KEY_REUSED', 'this idempotency key belongs to another order'));
  }
  return E.right(record);
}

/** The orderer with the guest's email of this order, which its key is tied to. */
export function ordererFor(who: Orderer, draft: OrderDraft): Orderer {
  return who.user === null && draft.guest ? { ...who, guestEmail: draft.guest.email } : who;
}

export function storedResult(core: SandboxCore, orderId: string): OrderResult {
  const stored = core.state.orders[orderId];
  return stored ? { OrderId: orderId, Order: stored.order } : { OrderId: orderId };
}

/**
 * Order/Place and friends. A key that already made an order returns that order; a refused or declined attempt
 * leaves no trace, so the shopper can fix the card and retry with the same key.
 */
export function placeOrder(core: SandboxCore, draft: OrderDraft, caller: Orderer): E.Either<Refusal, OrderResult> {
  const who = ordererFor(caller, draft);
  const record = keyRecordFor(core, who, draft.idempotencyKey);
  if (E.isLeft(record)) return record;
  if (record.right?.orderId) return E.right(storedResult(core, record.right.orderId));
  if (record.right?.queue?.status === 'Pending') return E.left(refuse(409, 'Order - ORDER_PENDING', 'this idempotency key has a queued order still pending'));
  const placed = chargeAndCommit(core, draft, who);
  if (E.isRight(placed)) {
    const key = keyOf(who.clientId, draft.idempotencyKey);
    const existing = core.state.keys[key];
    if (existing) existing.orderId = placed.right.OrderId;
    else core.state.keys[key] = { clientId: who.clientId, key: draft.idempotencyKey, owner: ownerOf(who), orderId: placed.right.OrderId, queue: null };
    core.changed();
  }
  return placed;
}

/** The rules, the charge and the commit, without idempotency (the queue calls it for its pending orders). */
export function chargeAndCommit(core: SandboxCore, draft: OrderDraft, who: Orderer): E.Either<Refusal, OrderResult> {
  const checked = checkOrder(core, draft, { user: who.user, guest: who.guest }, 'place');
  if (E.isLeft(checked)) return checked;
  const total = chargedTotal(checked.right.preview.grandTotal, checked.right.delivery?.fees ?? null);
  const gift = giftCardPart(core, draft, who, total);
  if (E.isLeft(gift)) return gift;
  // The card pays what the gift card does not, exactly.
  const payment = authorize(core, draft.card, total - gift.right.amount, who.user);
  if (E.isLeft(payment)) return payment;
  payment.right.capture();
  gift.right.capture();
  return E.right(commit(core, draft, who, checked.right, gift.right.amount));
}

/**
 * What a saved gift card pays of the order (the order call's extension, src/sandbox/README.md): a card of the
 * account's, the balance the shopper saw (else refused: the balance changed meanwhile), never more than the balance or
 * the total, never nothing. Nothing is taken until the card's charge has gone through.
 */
function giftCardPart(core: SandboxCore, draft: OrderDraft, who: Orderer, total: number): E.Either<Refusal, { amount: number; capture: () => void }> {
  const wanted = draft.giftCard ?? null;
  if (wanted === null) return E.right({ amount: 0, capture: () => undefined });
  const card = who.user?.giftCardIds.includes(wanted.id) ? core.state.giftCards[wanted.id] : undefined;
  if (!card) return E.left(refuse(404, 'GiftCard - NOT_FOUND', `no gift card "${wanted.id}" on this account`));
  if (card.balance !== wanted.balance) {
    return E.left(refuse(400, 'GiftCard - BALANCE_CHANGED', `the gift card's balance is ${card.balance}, not ${wanted.balance}`));
  }
  if (!Number.isSafeInteger(wanted.amount) || wanted.amount <= 0 || wanted.amount > card.balance || wanted.amount > total) {
    return E.left(refuse(400, 'GiftCard - INVALID_AMOUNT', `a gift card pays from 1 to ${Math.min(card.balance, total)} minor units of this order`));
  }
  return E.right({ amount: wanted.amount, capture: () => void (card.balance -= wanted.amount) });
}

function commit(core: SandboxCore, draft: OrderDraft, who: Orderer, checked: CheckedOrder, giftCardAmount: number): OrderResult {
  const at = new Date(core.now()).toISOString();
  const locationId = checked.catalog.location.Id;
  const counts = core.state.stock[locationId] ?? {};
  const changed = new Set<string>();
  for (const line of checked.lines) {
    const entry = counts[line.variationId];
    if (!entry) continue;
    entry.count -= line.quantity;
    entry.updatedAt = at;
    changed.add(line.variationId);
  }
  const user = who.user;
  if (user && checked.coupon) user.usedCouponIds.push(checked.coupon.Id);
  if (user?.loyalty && checked.reward) user.loyalty.balance -= checked.reward.Points;
  if (user?.loyalty?.enrolled) {
    const perDollar = core.catalog.seed.Loyalty?.PointsPerDollar ?? 1;
    user.loyalty.balance += Math.floor((checked.preview.grandTotal * perDollar) / 100);
  }
  const id = newId('ord');
  const order = giftCardAmount > 0 ? { ...orderOf(id, checked, at), GiftCardAmount: giftCardAmount } : orderOf(id, checked, at);
  core.state.orders[id] = {
    order,
    idempotencyKey: draft.idempotencyKey,
    clientId: who.clientId,
    userId: user?.id ?? null,
    guestEmail: who.guest ? (draft.guest?.email ?? null) : null,
    guestPhone: who.guest ? (draft.guest?.phone ?? null) : null,
    createdAt: at,
    arrivedAt: null,
    kitchen: kitchenTicket(core.now(), draft, checked),
  };
  core.changed();
  wakeKitchen(core);
  for (const variationId of changed) core.stockChanged(locationId, variationId, counts[variationId]!.count);
  return { OrderId: id, Order: order };
}

/** The kitchen's timeline from the time the order is for (a delivery's leave and arrival times) and its size. */
function kitchenTicket(now: number, draft: OrderDraft, checked: CheckedOrder) {
  const type = checked.fulfillment?.type ?? 'PICKUP';
  const time = (iso: string | null | undefined) => {
    const at = iso ? Date.parse(iso) : NaN;
    return Number.isNaN(at) ? now : at;
  };
  const items = checked.lines.reduce((n, line) => n + line.quantity, 0);
  return type === 'DELIVERY'
    ? planKitchen({ type, placedAt: now, dueAt: time(draft.pickupAt ?? checked.pickupAt), deliverAt: time(checked.pickupAt), items })
    : planKitchen({ type, placedAt: now, dueAt: time(checked.pickupAt), items });
}
