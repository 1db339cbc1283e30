// What the time rules say to the shopper, word for word (ordering.md section 4, "Open state"). Apart from the rules
// themselves (openState.ts and the pickup slots), so a page that says them needs the words only, not the time-zone
// rules those bring.

/** A closed location's notice: the heading and the message (the item panel and the bag say the message alone). */
export const CLOSED_NOTICE = {
  heading: 'Oops!',
  message: 'This location is currently closed. Orders placed must be scheduled for future pickup.',
} as const;
