// The order's progress (README, "The order's progress"): the hub's news of the shopper's orders, and a fresh read of
// where they stand (at start-up, after the hub reconnects, when the hub is told of a new order, when an order's page
// opens and while it stays open). A guest's order is asked about by its key (Order/GuestProgress), the account's by
// its id with the session (Order/Progress). One read of an order is under way at a time: a read asked for meanwhile
// joins it, so the hub's read of a new order and its page opening make one call.
import * as E from 'fp-ts/lib/Either.js';
import { ordersToFollow } from '../events/selectors/progress';
import type { OrderRecord } from '../events/state';
import type { Outcome } from './decide/decision';
import { progressRead, progressTold, type ProgressUpdate } from './decide/progress';
import { apply, serialQueue, type CommandServices } from './services';

/** How a read is asked for. */
export interface ReadOptions {
  /**
   * Read only once this has settled, and join no read already under way: the hub has been told to follow the order,
   * so nothing the kitchen did before the hub knew whom to tell is missed. The read is registered at once, so a read
   * asked for meanwhile (the order's page opening) joins it.
   */
  readonly after?: Promise<unknown>;
  /** Nothing is read for an order answered this recently (ms): the order's page opening just after the hub's read. */
  readonly unlessReadWithinMs?: number;
}

export function progressCommands(services: CommandServices, serially = serialQueue()) {
  const { store, api } = services;
  /** Each order's read under way (answers whether it was answered), and when each was last answered. */
  const underWay = new Map<string, Promise<boolean>>();
  const answeredAt = new Map<string, number>();

  const readOne = async (record: OrderRecord, after: Promise<unknown> | undefined): Promise<boolean> => {
    // A failed follow still leaves the read to do: it is what the page shows.
    if (after) await after.catch(() => undefined);
    const answer =
      record.guestKey === null
        ? store.getState().account.profile === null
          ? null
          : await api.orders.orderProgress({ orderId: record.orderId })
        : await api.orders.guestOrderProgress({ idempotencyKey: record.guestKey });
    // A failed read is reported by the API client and changes nothing.
    if (answer === null || E.isLeft(answer)) return false;
    answeredAt.set(record.orderId, services.now());
    const { History, Estimate } = answer.right;
    await serially(() =>
      apply(
        services,
        progressRead(store.getState(), {
          orderId: record.orderId,
          estimate: Estimate,
          history: History.map((step) => ({ state: step.State, at: step.At, reason: step.Reason ?? null })),
        }),
      ),
    );
    return true;
  };

  /** The read of one order as asked: joined, skipped (answers true, as it is fresh), or a new one. */
  const read = (record: OrderRecord, options: ReadOptions): Promise<boolean> => {
    const { orderId } = record;
    const current = underWay.get(orderId);
    if (options.after === undefined) {
      if (current) return current;
      const last = answeredAt.get(orderId);
      if (options.unlessReadWithinMs !== undefined && last !== undefined && services.now() - last < options.unlessReadWithinMs) return Promise.resolve(true);
    }
    const next = readOne(record, options.after);
    underWay.set(orderId, next);
    void next.finally(() => {
      if (underWay.get(orderId) === next) underWay.delete(orderId);
    });
    return next;
  };

  return {
    /** OrderStatusChanged from the hub. */
    recordOrderProgress: (update: ProgressUpdate): Promise<Outcome> => serially(() => apply(services, progressTold(store.getState(), update))),

    /**
     * Reads the progress of one order, or of every order still followed, and records what the log missed; answers
     * how many were answered (a fresh one skipped counts). A failed read is reported by the API client and changes
     * nothing; the others still go on. The reads start at once, before the first await, so a later call joins them.
     */
    async refreshOrderProgress(orderId?: string, options: ReadOptions = {}): Promise<Outcome<number>> {
      const state = store.getState();
      const records = orderId === undefined ? ordersToFollow(state, services.now()) : state.orders.history.filter((r) => r.orderId === orderId);
      const answered = await Promise.all(records.map((record) => read(record, options)));
      return E.right(answered.filter(Boolean).length);
    },
  };
}
