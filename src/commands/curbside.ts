// Curbside commands: 'I'm here' tells the store the shopper has arrived for an order (Presence/ImHere, signed in; a
// guest's order by its key, Presence/GuestImHere), and a prompt the shopper does not need can be put away.
import * as E from 'fp-ts/lib/Either.js';
import { arrivalAnnounced, arrivalPromptDismissed } from './decide/curbside';
import type { Outcome } from './decide/decision';
import { apply, serialQueue, type CommandServices } from './services';

/** Our words: the spec gives none for an arrival the API did not take. */
export const ARRIVAL_NOT_SENT = 'We could not tell the store you are here. Please try again, or call the store.';

export function curbsideCommands(services: CommandServices, serially = serialQueue()) {
  const { store, api } = services;
  return {
    /** Answers the arrival time the store recorded. */
    async announceArrival(orderId: string): Promise<Outcome<string>> {
      const record = store.getState().orders.history.find((r) => r.orderId === orderId);
      const answer =
        record && record.guestKey !== null
          ? await api.presence.guestImHere({ idempotencyKey: record.guestKey })
          : await api.presence.imHere({ OrderId: orderId, ...(record ? { LocationId: record.locationId } : {}) });
      // The failure is reported by the API client.
      if (E.isLeft(answer)) return E.left(ARRIVAL_NOT_SENT);
      await serially(() => apply(services, arrivalAnnounced(store.getState(), orderId, answer.right.ArrivedAtUtc)));
      return E.right(answer.right.ArrivedAtUtc);
    },

    dismissArrivalPrompt: (orderId: string): Promise<Outcome> => serially(() => apply(services, arrivalPromptDismissed(store.getState(), orderId))),
  };
}
