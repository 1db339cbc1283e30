// Location: the shopper's choice of store, with the pickup time the rules resolved there.
import * as t from 'io-ts';
import { Id, PICKUP_CHOICE_FIELDS, PickupChoice, fact, under } from './shared';

export const locationFacts = {
  /**
   * The pickup time the rule resolved at selection (keep the shopper's choice if still valid here, else the first
   * valid day and time), computed by the command so the log records the outcome and replays need no slot engine.
   */
  LocationSelected: fact(
    t.type({
      locationId: Id,
      idempotencyKey: Id,
      pickup: t.type({ choice: t.union([PickupChoice, t.null]), mustConfirmDate: t.boolean }),
    }),
    { safe: ['locationId', 'idempotencyKey', ...under('pickup.choice', PICKUP_CHOICE_FIELDS)] },
  ),
};
