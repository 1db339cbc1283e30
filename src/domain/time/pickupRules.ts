// The scheduling constants of ordering.md section 9, in one place so hours, open state and slots agree.

/** Pickup slots sit on a 15-minute wall-clock grid (:00, :15, :30, :45). */
const SLOT_MINUTES = 15;

/** A location counts as closed in the last 15 minutes before it closes, and offers no slot in them. */
const LAST_ORDER_MINUTES = 15;

/** Pickup dates offered: today in the location's zone and the 6 following dates. */
export const PICKUP_DATES = 7;

/** The same rules in milliseconds, the unit instants and wall-clock times are counted in. */
const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;
export const SLOT_MS = SLOT_MINUTES * MINUTE_MS;
export const LAST_ORDER_MS = LAST_ORDER_MINUTES * MINUTE_MS;
