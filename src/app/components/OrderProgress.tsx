// The order's progress (README, "The order's progress"): the stages of its path as a step indicator, when it is
// expected in the location's zone, and what to do next; on the order's page, 'Tell me when it's ready', which asks
// for the browser's permission to notify only when pressed. On /my-orders, the compact form: stage and estimate.
// Before the log holds anything of the order's progress (its first read is under way, or the network is away), the
// order's page says it is checking rather than showing a stage nobody told it. Its styles come with it: the order's
// page and history share it.
import { useState } from 'react';
import { estimateText, isLate, nextStepText, progressSteps, STAGE_LABELS } from '../../events/selectors/progress';
import { isFinalStage } from '../../domain/orders/progress';
import type { OrderRecord } from '../../events/state';
import { useOnline } from '../hooks/useOnline';
import { useStateSlice } from '../hooks/useStateSlice';
import './orderProgress.css';

/** Our words, while nothing is known yet of where the order stands. */
export const PROGRESS_CHECKING = 'Checking on your order…';
export const PROGRESS_OFFLINE = 'You’re offline: we will check on your order when you’re back online.';

interface Props {
  readonly record: OrderRecord;
  readonly zone: string;
  /** The order's page: every step, what to do next and the notification offer; otherwise the compact form. */
  readonly full?: boolean;
}

export function OrderProgress({ record, zone, full = false }: Props) {
  const progress = useStateSlice((s) => s.orders.progress[record.orderId] ?? null);
  const type = record.order?.FulfillmentType;
  const stage = progress?.stage ?? 'Received';
  const estimate = estimateText(progress, record, zone);
  const late = progress !== null && isLate(progress) && !isFinalStage(stage, type);
  const headingId = `progress-${record.orderId}`;
  const online = useOnline();
  if (full && progress === null) {
    return (
      <section className="order-progress" aria-labelledby={headingId} aria-busy={online || undefined}>
        <h2 id={headingId} className="visually-hidden">
          Order progress
        </h2>
        <div role="status" className="order-progress-now">
          <p className="order-progress-checking muted">{online ? PROGRESS_CHECKING : PROGRESS_OFFLINE}</p>
        </div>
      </section>
    );
  }
  if (!full) {
    return (
      <p className="order-progress-compact">
        <span className={`order-progress-badge order-progress-${stage}`}>{STAGE_LABELS[stage]}</span>
        {estimate ? <span>{estimate}</span> : null}
        {late ? <span className="order-progress-late">Running late</span> : null}
      </p>
    );
  }
  return (
    <section className="order-progress" aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        Order progress
      </h2>
      <ol className="order-progress-steps">
        {progressSteps(progress, type).map((step) => (
          <li key={step.stage} className={`order-progress-step is-${step.status}`} aria-current={step.status === 'current' ? 'step' : undefined}>
            <span className="order-progress-dot" aria-hidden="true" />
            <span className="order-progress-label">{step.label}</span>
            {step.status === 'done' ? <span className="visually-hidden"> (done)</span> : null}
            {step.status === 'current' ? <span className="visually-hidden"> (now)</span> : null}
          </li>
        ))}
      </ol>
      {/* One live region: each change is read out once, in words. The delivery address is the page's, under 'Deliver To'. */}
      <div role="status" className="order-progress-now">
        {estimate ? <p className="order-progress-estimate">{estimate}</p> : null}
        {late ? <p className="notice notice-warning order-progress-late-notice">Sorry, your order is running late.</p> : null}
        <p className="order-progress-next">{nextStepText(progress, record)}</p>
      </div>
      {isFinalStage(stage, type) || stage === 'Ready' ? null : <TellMeWhenReady delivery={type === 'DELIVERY'} />}
    </section>
  );
}

type Permission = NotificationPermission | 'unsupported';

const permissionNow = (): Permission => (typeof Notification === 'undefined' ? 'unsupported' : Notification.permission);

/** Asks the browser for notifications only when the shopper presses the button, never before. */
function TellMeWhenReady({ delivery }: { readonly delivery: boolean }) {
  const [permission, setPermission] = useState<Permission>(permissionNow);
  if (permission === 'unsupported') return null;
  if (permission === 'granted') {
    return <p className="muted order-progress-notify">We will tell you {delivery ? 'when it is on its way' : 'when it is ready'}, even in another tab.</p>;
  }
  if (permission === 'denied') {
    return <p className="muted order-progress-notify">This browser blocks our notifications; keep this page open to see when it is ready.</p>;
  }
  const ask = async () => setPermission(await Notification.requestPermission());
  return (
    <button type="button" className="btn btn-secondary order-progress-notify" onClick={() => void ask()}>
      {delivery ? "Tell me when it's on its way" : "Tell me when it's ready"}
    </button>
  );
}
