// What the order pages say where the spec is silent (README, "Installable and offline"): in the offline notice's
// words, what a button pressed without a network will do by itself once it is back.
export const ARRIVAL_WAITS = 'You’re offline: the store will be told you’re here when you’re back online.';
export const REORDER_WAITS = 'You’re offline: your order will be added to your bag when you’re back online.';
