// The order's progress (README, "The order's progress"): the hub's news of the shopper's orders, and a fresh read of
// where they stand (at start-up, after the hub reconnects, when an order's page opens). A guest's order is asked
// about by its key (Order/GuestProgress), the account's by its id with the session (Order/Progress).
import * as E from 'fp-ts/lib/Either.js';
import { ordersToFollow } from '../events/selectors/progress';
import type { Outcome } from './decide/decision';
import { progressRead, progressTold, type ProgressUpdate } from './decide/progress';
import { apply, serialQueue, type CommandServices } from './services';

export function progressCommands(services: CommandServices, serially = serialQueue()) {
  const { store, api } = services;
  return {
    /** OrderStatusChanged from the hub. */
    recordOrderProgress: (update: ProgressUpdate): Promise<Outcome> => serially(() => apply(services, progressTold(store.getState(), update))),

    /**
     * Reads the progress of one order, or of every order still followed, and records what the log missed. A failed
     * read is reported by the API client and changes nothing; the others still go on.
     */
    async refreshOrderProgress(orderId?: string): Promise<Outcome<number>> {
      const state = store.getState();
      const records = orderId === undefined ? ordersToFollow(state, services.now()) : state.orders.history.filter((r) => r.orderId === orderId);
      let read = 0;
      for (const record of records) {
        const answer =
          record.guestKey === null
            ? state.account.profile === null
              ? null
              : await api.orders.orderProgress({ orderId: record.orderId })
            : await api.orders.guestOrderProgress({ idempotencyKey: record.guestKey });
        if (answer === null || E.isLeft(answer)) continue;
        read++;
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
      }
      return E.right(read);
    },
  };
}
