// Checkout commands (ordering.md sections 4, 5 and 8): fulfillment and its settings, pickup time, guest details,
// cards, and placing the order. Each asks its decision in ./decide and appends what it decided. Card nonces live
// only in memory here, never in the log.
import * as E from 'fp-ts/lib/Either.js';
import type { TokenizedCard } from '../api/payments/cardTokenizer';
import type { BillingAddress } from '../domain/forms/billingAddress';
import type { FulfillmentType } from '../domain/orders/codecs';
import { CARD_REGISTRATION_FAILED_MESSAGE, type OrderFailure } from '../domain/orders/orderErrors';
import type { PickupChoice } from '../domain/time/pickupChoice';
import type { CardSummary, GuestDetails, Vehicle } from '../events/catalogue';
import { PLACE_ORDER_BLOCKERS } from '../events/selectors/checkout';
import * as decide from './decide/checkout';
import type { Outcome } from './decide/decision';
import type { PlacedOrder } from './decide/placement';
import { apply, given, serialQueue, type CommandServices } from './services';

export type { BillingAddress } from '../domain/forms/billingAddress';

export function checkoutCommands(services: CommandServices, serially = serialQueue()) {
  const { store, api, rules } = services;
  const state = () => store.getState();
  /** Tokens of cards entered in this page's lifetime, by card key. */
  const nonces = new Map<string, string>();
  let placing = false;

  return {
    chooseFulfillment: (type: FulfillmentType): Promise<Outcome> =>
      serially(() => apply(services, decide.chooseFulfillment(state(), store.context, type, given(services)))),

    clearFulfillment: (): Promise<Outcome> => serially(() => apply(services, decide.clearFulfillment(given(services)))),

    saveVehicle: (vehicle: Vehicle): Promise<Outcome> =>
      serially(async () => {
        const details = await rules.details.load();
        return apply(services, details.saveVehicle(vehicle, given(services)));
      }),

    /** A table note, or 'skip note' (see the decision for why a missing note is still recorded). */
    saveDineIn: (note: string, skipNote: boolean): Promise<Outcome> =>
      serially(async () => {
        const details = await rules.details.load();
        return apply(services, details.saveDineIn(state(), { note, skipNote }, given(services)));
      }),

    savePickupNotes: (notes: string): Promise<Outcome> =>
      serially(async () => {
        const details = await rules.details.load();
        return apply(services, details.savePickupNotes(state(), notes, given(services)));
      }),

    /** The shopper picks a day and time; it must be offered right now. */
    choosePickupTime: (choice: PickupChoice): Promise<Outcome> =>
      serially(async () => {
        const time = await rules.time.load();
        return apply(services, decide.choosePickupTime(state(), store.context, choice, given(services), time));
      }),

    /**
     * The timer's command: when the clock made the chosen time invalid, move it (as an event) and say so. Returns
     * the new choice when it moved.
     */
    keepPickupTimeValid: (): Promise<Outcome<PickupChoice | null | undefined>> =>
      serially(async () => {
        const time = await rules.time.load();
        return apply(services, decide.keepPickupTimeValid(state(), store.context, given(services), time));
      }),

    /** 'Continue' confirms the details (the block shows them); `confirmed` false keeps them as typed (the form stays). */
    saveGuest: (guest: GuestDetails, confirmed = true): Promise<Outcome> =>
      serially(async () => {
        const details = await rules.details.load();
        return apply(services, details.saveGuest(state(), guest, confirmed, given(services)));
      }),

    editGuest: (): Promise<Outcome> => serially(() => apply(services, decide.editGuest(given(services)))),

    /**
     * A card the tokenizer accepted, with its billing address. Remembered cards of signed-in shoppers are
     * registered with the API with the cardholder's name (`name`, else the account's: account-and-session.md section
     * 7, "Create takes nonce, name and address fields"); others stay transient (their token kept in memory only). The
     * name goes to the API alone, never to the log.
     */
    addCard: (card: TokenizedCard, billing: BillingAddress, remember: boolean, name = ''): Promise<Outcome<CardSummary>> =>
      serially(async () => {
        const profile = state().account.profile;
        const summary = { brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear, billing };
        if (remember && profile !== null) {
          const cardholder = name.trim() || `${profile.firstName} ${profile.lastName}`.trim();
          const created = await api.cards.createCard({ nonce: card.token, name: cardholder, ...billing, country: 'US' });
          // Reported by the API client; the shopper gets the spec's message.
          if (E.isLeft(created)) return E.left(CARD_REGISTRATION_FAILED_MESSAGE);
          return apply(services, decide.addCard({ ...summary, key: `card-${created.right.Id}`, id: created.right.Id, saved: true }, given(services)));
        }
        const transient: CardSummary = { ...summary, key: `card-${services.newId()}`, saved: false };
        nonces.set(transient.key, card.token);
        return apply(services, decide.addCard(transient, given(services)));
      }),

    selectCard: (card: CardSummary): Promise<Outcome> => serially(() => apply(services, decide.selectCard(state(), card, given(services)))),

    /** 'Change it' for a guest removes the card; removing a saved card also removes it remotely. */
    removeCard: (card: CardSummary): Promise<Outcome> =>
      serially(async () => {
        if (card.saved && card.id) {
          // Removed here whatever the API answers; a failure is reported by the API client.
          await api.cards.removeCard({ cardId: card.id });
        }
        nonces.delete(card.key);
        return apply(services, decide.removeCard(state(), card.key, given(services)));
      }),

    /** A card entered before a reload is removed, answering the message that asks for it again. */
    forgetStaleCard: (): Promise<Outcome> =>
      serially(() =>
        apply(
          services,
          decide.dropStaleCard(state(), (cardKey) => nonces.get(cardKey), given(services)),
        ),
      ),

    /** Whether the selected card can still be charged in this page (a transient card's token does not survive a reload). */
    cardUsable: (card: CardSummary | null): boolean => card === null || card.saved || nonces.has(card.key),

    /**
     * Places the bag (ordering.md section 4 "Order placement"). A second call while one is in flight does nothing; a
     * retry after a failure reuses the bag's idempotency key, so a lost response never makes a second order.
     */
    async placeOrder(): Promise<E.Either<OrderFailure, PlacedOrder>> {
      if (placing) return E.left({ message: PLACE_ORDER_BLOCKERS.pending, codes: [] });
      placing = true;
      try {
        // The placement flow (the request, the error table, the queue) comes with checkout, not with the first page.
        const { attemptOrder } = await rules.placement.load();
        return await attemptOrder(services, serially, nonces);
      } finally {
        placing = false;
      }
    },

    /**
     * At start-up (and before any retry, inside placeOrder): an attempt left without an answer, by a reload or the
     * network, is asked about by its key. The order it made is recorded (the page then shows its confirmation);
     * otherwise its key is kept, the shopper is told, and the next attempt goes out under that key.
     */
    async confirmUnansweredOrder(): Promise<PlacedOrder | null> {
      if (state().placement.unconfirmedKey === null) return null;
      const { confirmAttempt } = await rules.placement.load();
      const outcome = await confirmAttempt(services, serially);
      return outcome.kind === 'placed' ? { orderId: outcome.orderId } : null;
    },
  };
}

export type CheckoutCommands = ReturnType<typeof checkoutCommands>;
