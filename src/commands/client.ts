// What the shopper's browser shows, recorded for support as client events (src/events/facts/client.ts): pages,
// dialogs, forms refused, the configuration the page loaded with. Not decisions: nothing waits on them, no rule reads
// them, so they take no turn in the command queue, and one the log refuses is let go.
import * as E from 'fp-ts/lib/Either.js';
import type { EventDataOf } from '../events/catalogue';
import { draft } from '../events/draft';
import type { ClientEventType } from '../events/facts/client';
import type { CommandServices } from './services';

export function clientCommands(services: CommandServices) {
  return {
    /**
     * Appends a client event, stamped with a new id and the current time. A lost one only costs support a screen:
     * it never fails the shopper, so it answers whether the log took it rather than throwing.
     */
    recordClientEvent: async <T extends ClientEventType>(type: T, data: EventDataOf<T>): Promise<boolean> => {
      try {
        const appended = await services.store.append(draft(type, data, { id: services.newId(), at: new Date(services.now()).toISOString() }));
        return E.isRight(appended);
      } catch {
        return false;
      }
    },
  };
}
