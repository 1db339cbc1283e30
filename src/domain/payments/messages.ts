// Our words for cards and gift cards where the spec is silent (README, "Installable and offline"): in the offline
// notice's words, what a form pressed without a network will do by itself once it is back.
export const CARD_CHECK_WAITS = 'You’re offline: your card will be checked when you’re back online.';
export const CARD_SAVE_WAITS = 'You’re offline: your card will be saved when you’re back online.';
export const GIFT_CARD_WAITS = 'You’re offline: your gift card will be added when you’re back online.';
export const CARD_REMOVE_WAITS = 'You’re offline: your card will be removed when you’re back online.';
export const GIFT_CARD_REMOVE_WAITS = 'You’re offline: your gift card will be removed when you’re back online.';
export const GIFT_CARD_BALANCE_WAITS = 'You’re offline: your gift card’s balance will be checked when you’re back online.';
export const GIFT_CARD_PAY_WAITS = 'You’re offline: your gift card will be applied when you’re back online.';
/** A reload charges a card: it is never sent later by itself, while the shopper may be looking elsewhere. */
export const GIFT_CARD_RELOAD_NEEDS = 'You’re offline: reloading a gift card needs the network. Nothing was charged; try again when you’re back online.';
