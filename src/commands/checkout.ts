// Checkout commands (ordering.md sections 4, 5 and 8): fulfillment and its settings, pickup time, guest details,
// cards, and placing the order. Card nonces live only in memory here, never in the log.
import * as E from 'fp-ts/lib/Either.js';
import type { TokenizedCard } from '../api/payments/cardTokenizer';
import { canCheckOutWith } from '../domain/fulfillment';
import { CARD_REGISTRATION_FAILED_MESSAGE } from '../domain/orders/orderErrors';
import type { FulfillmentType } from '../domain/orders/codecs';
import type { PickupChoice } from '../domain/time/pickupChoice';
import { loadTimeRules } from '../store/timeRules';
import type { CardSummary, GuestDetails, Vehicle } from '../events/catalogue';
import { currentLocation } from '../events/context';
import { record, serialQueue, type CommandServices } from './services';
import type { Outcome } from './shopping';

export interface BillingAddress {
  readonly address1: string;
  readonly address2: string;
  readonly city: string;
  readonly state: string;
  readonly postalCode: string;
}

export interface PlacedOrder {
  readonly orderId: string;
}

export interface OrderFailure {
  readonly message: string;
  readonly codes: readonly string[];
}

/** Shown when the page reloaded while an order was in flight: the key makes a second try safe. */
export const INTERRUPTED_ORDER_MESSAGE = 'We could not confirm your last order. Place it again: you will not be charged twice.';
/** A card entered before a reload: its one-use token is gone (it is never stored). */
export const CARD_AGAIN_MESSAGE = 'Please enter your card again.';

/** The placement flow's module; checkout's page asks for it early so 'Place Order' never waits for it. */
export const loadPlacement = () => import('./placeOrder');

const firstMessage = (errors: Readonly<Record<string, string | undefined>>) => Object.values(errors).find((m): m is string => typeof m === 'string');

export function checkoutCommands(services: CommandServices, serially = serialQueue()) {
  const { store, api } = services;
  const state = () => store.getState();
  const key = () => services.newId();
  /** Tokens of cards entered in this page's lifetime, by card key. */
  const nonces = new Map<string, string>();
  let placing = false;

  return {
    chooseFulfillment: (type: FulfillmentType): Promise<Outcome> =>
      serially(async () => {
        const location = currentLocation(state(), store.context);
        if (!location || !canCheckOutWith(location.location, type)) return E.left('This location does not offer that.');
        if (state().checkout.fulfillmentType !== type) await record(services, 'FulfillmentChosen', { fulfillmentType: type, idempotencyKey: key() });
        return E.right(undefined);
      }),

    clearFulfillment: (): Promise<Outcome> =>
      serially(async () => {
        await record(services, 'FulfillmentCleared', { idempotencyKey: key() });
        return E.right(undefined);
      }),

    saveVehicle: (vehicle: Vehicle): Promise<Outcome> =>
      serially(async () => {
        // The form rules load with the first form sent, as the guest's do, not with the first page.
        const { validateVehicle } = await import('../domain/forms/vehicle');
        const message = firstMessage(validateVehicle(vehicle));
        if (message) return E.left(message);
        await record(services, 'CurbsideVehicleSaved', {
          vehicle: { make: vehicle.make.trim(), model: vehicle.model.trim(), color: vehicle.color.trim(), note: vehicle.note.trim() },
          idempotencyKey: key(),
        });
        return E.right(undefined);
      }),

    /**
     * A table note, or 'skip note'. Unticking skip with no note yet is recorded too (the note is then missing, and
     * Place Order says so), so the log never keeps 'No Table' for a shopper who took it back.
     */
    saveDineIn: (note: string, skipNote: boolean): Promise<Outcome> =>
      serially(async () => {
        const { validateDineIn } = await import('../domain/forms/dineIn');
        const message = firstMessage(validateDineIn({ note, skipNote }));
        const missing = !skipNote && note.trim() === '';
        if (message && !missing) return E.left(message);
        const current = state().checkout.dineIn;
        const changed = skipNote ? !current.skipNote : current.skipNote || current.note !== note.trim();
        if (changed) {
          await record(services, 'DineInNoteSaved', { note: note.trim(), skipNote, idempotencyKey: key() });
        }
        return message ? E.left(message) : E.right(undefined);
      }),

    savePickupNotes: (notes: string): Promise<Outcome> =>
      serially(async () => {
        const { validatePickupNotes } = await import('../domain/forms/pickupNotes');
        const message = firstMessage(validatePickupNotes({ notes }));
        if (message) return E.left(message);
        if (state().checkout.pickupNotes !== notes.trim()) await record(services, 'PickupNotesSaved', { notes: notes.trim(), idempotencyKey: key() });
        return E.right(undefined);
      }),

    /** The shopper picks a day and time; it must be offered right now. */
    choosePickupTime: (choice: PickupChoice): Promise<Outcome> =>
      serially(async () => {
        const location = currentLocation(state(), store.context);
        if (!location) return E.left('Choose a location first.');
        const time = await loadTimeRules();
        if (!time.isPickupChoiceValid(time.pickupSchedule(location.location, services.now()), choice))
          return E.left('That time is no longer available. Please choose another.');
        await record(services, 'PickupTimeChosen', { choice, idempotencyKey: key() });
        return E.right(undefined);
      }),

    /**
     * The timer's command: when the clock made the chosen time invalid, move it (as an event) and say so. Returns
     * the new choice when it moved.
     */
    keepPickupTimeValid: (): Promise<Outcome<PickupChoice | null | undefined>> =>
      serially(async () => {
        const s = state();
        const location = currentLocation(s, store.context);
        const chosen = s.pickup.choice;
        if (!location) return E.right(undefined);
        const time = await loadTimeRules();
        const schedule = time.pickupSchedule(location.location, services.now());
        if (chosen !== null && time.isPickupChoiceValid(schedule, chosen)) return E.right(undefined);
        const resolved = time.resolvePickupChoice(schedule, chosen);
        if (chosen === null && resolved.choice === null) return E.right(undefined);
        await record(services, 'PickupTimeAdjusted', { from: chosen, to: resolved.choice, mustConfirmDate: resolved.mustConfirmDate, idempotencyKey: key() });
        return E.right(resolved.choice);
      }),

    saveGuest: (guest: GuestDetails): Promise<Outcome> =>
      serially(async () => {
        // The guest rules bring the phone library: loaded here, with checkout, not with the first page.
        const { validateGuest } = await import('../domain/forms/guest');
        const message = firstMessage(validateGuest(guest));
        if (message) return E.left(message);
        const trimmed = { firstName: guest.firstName.trim(), lastName: guest.lastName.trim(), email: guest.email.trim(), phone: guest.phone.trim() };
        await record(services, 'GuestDetailsSaved', { guest: trimmed, idempotencyKey: key() });
        return E.right(undefined);
      }),

    editGuest: (): Promise<Outcome> =>
      serially(async () => {
        await record(services, 'GuestDetailsCleared', { idempotencyKey: key() });
        return E.right(undefined);
      }),

    /**
     * A card the tokenizer accepted, with its billing address. Remembered cards of signed-in shoppers are
     * registered with the API; others stay transient (their token kept in memory only).
     */
    addCard: (card: TokenizedCard, billing: BillingAddress, remember: boolean): Promise<Outcome<CardSummary>> =>
      serially(async () => {
        const signedIn = state().account.profile !== null;
        const summary = { brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear, billing };
        if (remember && signedIn) {
          const created = await api.cards.createCard({ nonce: card.token, ...billing, country: 'US' });
          // Reported by the API client; the shopper gets the spec's message.
          if (E.isLeft(created)) return E.left(CARD_REGISTRATION_FAILED_MESSAGE);
          const saved: CardSummary = { ...summary, key: `card-${created.right.Id}`, id: created.right.Id, saved: true };
          await record(services, 'CardAdded', { card: saved, idempotencyKey: key() });
          return E.right(saved);
        }
        const transient: CardSummary = { ...summary, key: `card-${key()}`, saved: false };
        nonces.set(transient.key, card.token);
        await record(services, 'CardAdded', { card: transient, idempotencyKey: key() });
        return E.right(transient);
      }),

    selectCard: (card: CardSummary): Promise<Outcome> =>
      serially(async () => {
        await record(services, 'CardSelected', { card, idempotencyKey: key() });
        return E.right(undefined);
      }),

    /** 'Change it' for a guest removes the card; removing a saved card also removes it remotely. */
    removeCard: (card: CardSummary): Promise<Outcome> =>
      serially(async () => {
        if (card.saved && card.id) {
          // Removed here whatever the API answers; a failure is reported by the API client.
          await api.cards.removeCard({ cardId: card.id });
        }
        nonces.delete(card.key);
        await record(services, 'CardRemoved', { key: card.key, idempotencyKey: key() });
        return E.right(undefined);
      }),

    /** Whether the selected card can still be charged in this page (a transient card's token does not survive a reload). */
    cardUsable: (card: CardSummary | null): boolean => card === null || card.saved || nonces.has(card.key),

    /**
     * Places the bag (ordering.md section 4 "Order placement"). A second call while one is in flight does nothing; a
     * retry after a failure reuses the bag's idempotency key, so a lost response never makes a second order.
     */
    async placeOrder(): Promise<E.Either<OrderFailure, PlacedOrder>> {
      if (placing) return E.left({ message: 'Your order is being placed.', codes: [] });
      placing = true;
      try {
        // The placement flow (the request, the error table, the queue) loads with the first order, not the first page.
        const { placeTheBag } = await loadPlacement();
        return await placeTheBag(services, serially, nonces, key);
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
      const { confirmAttempt } = await loadPlacement();
      const outcome = await confirmAttempt(services, serially, key);
      return outcome.kind === 'placed' ? { orderId: outcome.orderId } : null;
    },
  };
}

export type CheckoutCommands = ReturnType<typeof checkoutCommands>;
