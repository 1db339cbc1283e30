// Telling a shopper who went elsewhere how their order is doing (README, "The order's progress"): when an order is
// ready, out for delivery, late or cancelled, a toast on any other page of the storefront, or, when this tab is hidden
// and the shopper allowed it ('Tell me when it's ready' on the order's page), a notification. Only changes seen while
// the tab is open are told: a reload does not tell again what the log already held.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { sameId } from '../../domain/ids';
import { progressNotice, type ProgressNotice } from '../../events/selectors/progress';
import { useViews } from '../runtime/RuntimeContext';
import { notify } from './notify';

function tell(notice: ProgressNotice, orderId: string, stage: string, path: string): void {
  const canNotify = typeof Notification !== 'undefined' && Notification.permission === 'granted';
  if (document.visibilityState === 'hidden' && canNotify) {
    // One notification per order and stage, however many tabs saw the change.
    new Notification(notice.title, { body: notice.body, tag: `${orderId}:${stage}` });
    return;
  }
  // The order's own page shows (and reads out) the change itself.
  if (path === `/order-confirmation/${encodeURIComponent(orderId)}` || path === `/order-confirmation/${orderId}`) return;
  notify[notice.tone](`${notice.title}. ${notice.body}`);
}

export function ProgressWatch() {
  const views = useViews();
  const path = useLocation().pathname;
  const where = useRef(path);
  useEffect(() => {
    where.current = path;
  }, [path]);

  useEffect(() => {
    let seen = views.state.get().orders.progress;
    return views.state.subscribe(() => {
      const state = views.state.get();
      const progress = state.orders.progress;
      if (progress === seen) return;
      const before = seen;
      seen = progress;
      for (const [orderId, after] of Object.entries(progress)) {
        const prior = before[orderId] ?? null;
        if (prior === after) continue;
        const record = state.orders.history.find((r) => r.orderId === orderId);
        const location = record ? views.locations.get().find((l) => sameId(l.location.Id, record.locationId)) : undefined;
        if (!record || !location) continue;
        const notice = progressNotice(prior, after, record, location.location.Timezone, location.location.Name);
        if (notice) tell(notice, orderId, after.stage, where.current);
      }
    });
  }, [views]);
  return null;
}
