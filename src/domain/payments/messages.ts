// Our words for cards and gift cards where the spec is silent (README, "Installable and offline"): in the offline
// notice's words, what a form pressed without a network will do by itself once it is back.
export const CARD_CHECK_WAITS = 'You’re offline: your card will be checked when you’re back online.';
export const CARD_SAVE_WAITS = 'You’re offline: your card will be saved when you’re back online.';
export const GIFT_CARD_WAITS = 'You’re offline: your gift card will be added when you’re back online.';
