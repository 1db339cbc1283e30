// Tells the shopper when the clock moved their pickup time (ordering.md section 4, "A timer tick refreshes dates,
// times and open state"). The move is recorded (PickupTimeAdjusted, kept as warnings.pickupMoved by the reducer),
// so the page says exactly what a replay of the log shows: a move made while this page is open is announced once.
import { useEffect } from 'react';
import type { LocationCatalog } from '../../../domain/catalog/catalogIndex';
import { pickupMoveNotice } from '../../../domain/time/pickupLabels';
import { useViews } from '../../runtime/RuntimeContext';
import { notify } from '../../shell/notify';

export function usePickupMovedNotice(location: LocationCatalog | null): void {
  const views = useViews();
  useEffect(() => {
    if (location === null) return;
    let seen = views.state.get().warnings.pickupMoved?.seq ?? 0;
    return views.state.subscribe(() => {
      const move = views.state.get().warnings.pickupMoved;
      if (move === null || move.seq <= seen) return;
      seen = move.seq;
      notify.warning(pickupMoveNotice(move.to, views.schedule.get(), location.location.Timezone));
    });
  }, [views, location]);
}
