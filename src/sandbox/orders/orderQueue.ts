// Queued orders (ordering.md section 4, "Queued order flow"): Order/Queue accepts the order as Pending; after the
// queue delay the sandbox places it (same rules, charge and commit as Order/Place) and its status becomes Complete
// or Error. Status calls that find a due order process it at once, so an injected clock needs no timers.
import * as E from 'fp-ts/lib/Either.js';
import type { OrderStatus } from '../../domain/orders/codecs';
import type { SandboxCore } from '../core';
import { keyOf, type KeyRecord } from '../state';
import type { OrderDraft } from './orderDraft';
import { chargeAndCommit, keyRecordFor, ordererFor, ownerOf, storedResult, type Orderer } from './placement';
import { refuse, refusalErrors, type Refusal } from './refusal';

export function queueOrder(core: SandboxCore, draft: OrderDraft, caller: Orderer): E.Either<Refusal, OrderStatus> {
  const who = ordererFor(caller, draft);
  const found = keyRecordFor(core, who, draft.idempotencyKey);
  if (E.isLeft(found)) return found;
  const existing = found.right;
  if (existing && (existing.orderId !== null || existing.queue?.status === 'Pending')) return E.right(statusOf(core, existing));
  const key = keyOf(who.clientId, draft.idempotencyKey);
  const record: KeyRecord = existing ?? { clientId: who.clientId, key: draft.idempotencyKey, owner: ownerOf(who), orderId: null, queue: null };
  // A key whose queued order failed may be queued again (the shopper fixed the card).
  record.queue = { status: 'Pending', readyAt: core.now() + core.settings.queueDelayMs, draft, errors: [] };
  core.state.keys[key] = record;
  core.changed();
  core.schedule(core.settings.queueDelayMs, () => processIfDue(core, record, who));
  return E.right(statusOf(core, record));
}

/** Order/OrderStatus and Order/GuestOrderStatus by idempotency key. */
export function orderStatus(core: SandboxCore, idempotencyKey: string, who: Orderer): E.Either<Refusal, OrderStatus> {
  const found = keyRecordFor(core, who, idempotencyKey);
  if (E.isLeft(found)) return E.left(refuse(404, 'Order - ORDER_NOT_FOUND', `no order with idempotency key "${idempotencyKey}"`));
  const record = found.right;
  if (!record) return E.left(refuse(404, 'Order - ORDER_NOT_FOUND', `no order with idempotency key "${idempotencyKey}"`));
  processIfDue(core, record, who);
  return E.right(statusOf(core, record));
}

function processIfDue(core: SandboxCore, record: KeyRecord, who: Orderer): void {
  const queue = record.queue;
  if (!queue || queue.status !== 'Pending' || core.now() < queue.readyAt) return;
  // The user may have changed since queueing (points spent elsewhere): place with the current account.
  const user = who.user ? (core.state.users[who.user.id] ?? null) : null;
  const placed = chargeAndCommit(core, queue.draft, { ...who, user });
  if (E.isRight(placed)) {
    record.orderId = placed.right.OrderId;
    queue.status = 'Complete';
    core.log(`queued order ${record.key} is Complete (${placed.right.OrderId})`);
  } else {
    queue.status = 'Error';
    queue.errors = refusalErrors(placed.left);
    core.log(`queued order ${record.key} failed: ${queue.errors.map((e) => `${e.Category} - ${e.Code}`).join(', ')}`);
  }
  core.changed();
}

function statusOf(core: SandboxCore, record: KeyRecord): OrderStatus {
  if (record.orderId !== null) {
    const result = storedResult(core, record.orderId);
    return { Status: 'Complete', IdempotencyKey: record.key, OrderId: result.OrderId, ...(result.Order ? { Order: result.Order } : {}) };
  }
  const queue = record.queue;
  if (queue?.status === 'Error') return { Status: 'Error', IdempotencyKey: record.key, Errors: queue.errors };
  return { Status: 'Pending', IdempotencyKey: record.key };
}
