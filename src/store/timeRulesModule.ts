// Everything that needs time zones (hours, open state, pickup slots, pickup choice, prep time): one chunk, loaded
// after the first page. Load it through timeRules.ts.
export { pickupSchedule } from '../domain/time/pickupSlots';
export { isOpenAt, openStatusAt } from '../domain/time/openState';
export { todaysHours } from '../domain/time/todaysHours';
export { isPickupChoiceValid, resolvePickupChoice } from '../domain/time/pickupChoice';
export { prepTimeMillis } from '../domain/time/duration';
export { pickupOnSelection } from '../events/decide';
export { zoneOffsets } from '../domain/time/zoned';
