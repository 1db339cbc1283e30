// The words and shapes of placing an order that the first page needs too (the checkout commands' types and the
// notices), apart from the placement decisions, which load with the first order.

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
