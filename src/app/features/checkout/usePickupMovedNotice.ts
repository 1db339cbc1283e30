// Tells the shopper when the clock moved their pickup time (a PickupTimeAdjusted event: ordering.md section 4, "A
// timer tick refreshes dates, times and open state"): their choice changed without them choosing, at the same
// location, and not because an order was placed.
import { useEffect } from 'react';
import type { LocationCatalog } from '../../../domain/catalog/catalogIndex';
import type { PickupChoice } from '../../../domain/time/pickupChoice';
import { useViews } from '../../runtime/RuntimeContext';
import { notify } from '../../shell/notify';
import { describePickupChoice } from './pickupLabels';

const same = (a: PickupChoice | null, b: PickupChoice | null) => a === b || (a !== null && b !== null && a.date === b.date && a.time === b.time);

/** The spec gives no wording; this one says what happened and where the time went. */
export function pickupMovedMessage(to: string | null): string {
  return to === null
    ? 'The pickup time you chose is no longer available. Please choose another.'
    : `The pickup time you chose is no longer available, so we moved it to ${to}.`;
}

export function usePickupMovedNotice(location: LocationCatalog | null): void {
  const views = useViews();
  useEffect(() => {
    if (location === null) return;
    let before = views.state.get();
    return views.state.subscribe(() => {
      const after = views.state.get();
      const previous = before;
      before = after;
      if (after.pickup === previous.pickup || after.locationId !== previous.locationId || after.placement.status === 'placed') return;
      const from = previous.pickup.choice;
      const to = after.pickup.choice;
      if (from === null || after.pickup.userSelected || same(from, to)) return;
      notify.warning(pickupMovedMessage(to === null ? null : describePickupChoice(views.schedule.get(), to, location.location.Timezone)));
    });
  }, [views, location]);
}
