// The time rules, as one bundle: everything that needs time zones (hours, open state, pickup slots, the pickup choice,
// prep time). The storefront fetches it after the first page (the manifest, src/app/root/parts.ts, names it) and hands
// it to the commands through their services and to the views; the command line and the tests import it directly.
export { pickupSchedule } from '../domain/time/pickupSlots';
export { isOpenAt, openStatusAt } from '../domain/time/openState';
export { todaysHours } from '../domain/time/todaysHours';
export { isPickupChoiceValid, resolvePickupChoice } from '../domain/time/pickupChoice';
export { prepTimeMillis } from '../domain/time/duration';
export { zoneOffsets } from '../domain/time/zoned';

/** The bundle's shape: what a decision, a view or the clock's command may ask of it. */
export type TimeRules = typeof import('./timeRules');
