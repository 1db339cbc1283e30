// The order's progress (README, "The order's progress"): the stages of its path as a step indicator, when it is
// expected in the location's zone, and what to do next; on the order's page, 'Tell me when it's ready', which asks
// for the browser's permission to notify only when pressed. On /my-orders, the compact form: stage and estimate.
// Before the log holds anything of the order's progress (its first read is under way, the network is away, or it was
// never read: an account's order older than a day), no stage is shown: nobody told one. The order's page says it is
// checking; /my-orders shows none. Offline, the order's page marks what it shows as the last known state, with when
// it was heard; back online it reads again (progressRereads.ts) and the mark goes. Its styles come with it: the
// order's page and history share it.
import { useState } from 'react';
import { estimateText, isLate, lastKnownText, nextStepText, progressSteps, STAGE_LABELS } from '../../events/selectors/progress';
import { isFinalStage } from '../../domain/orders/progress';
import type { OrderProgress as OrderProgressState, OrderRecord } from '../../events/state';
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
  const online = useOnline();
  if (progress === null) return full ? <NotHeardYet orderId={record.orderId} online={online} /> : null;
  return full ? (
    <FullProgress record={record} zone={zone} progress={progress} online={online} />
  ) : (
    <CompactProgress record={record} zone={zone} progress={progress} />
  );
}

/**
 * Nothing heard of the order yet: no stage is shown, since none was told. The order's page says it is checking (or,
 * offline, that it will); /my-orders shows no stage at all (its card already says when the order was placed).
 */
function NotHeardYet({ orderId, online }: { readonly orderId: string; readonly online: boolean }) {
  const headingId = `progress-${orderId}`;
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

interface Heard {
  readonly record: OrderRecord;
  readonly zone: string;
  readonly progress: OrderProgressState;
}

function CompactProgress({ record, zone, progress }: Heard) {
  const type = record.order?.FulfillmentType;
  const estimate = estimateText(progress, record, zone);
  const late = isLate(progress) && !isFinalStage(progress.stage, type);
  return (
    <p className="order-progress-compact">
      <span className={`order-progress-badge order-progress-${progress.stage}`}>{STAGE_LABELS[progress.stage]}</span>
      {estimate ? <span>{estimate}</span> : null}
      {late ? <span className="order-progress-late">Running late</span> : null}
    </p>
  );
}

/** The order's page: every step, what to do next, the notification offer; offline, marked as the last known state. */
function FullProgress({ record, zone, progress, online }: Heard & { readonly online: boolean }) {
  const type = record.order?.FulfillmentType;
  const { stage } = progress;
  const estimate = estimateText(progress, record, zone);
  const late = isLate(progress) && !isFinalStage(stage, type);
  const headingId = `progress-${record.orderId}`;
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
        {online ? null : <p className="notice notice-info order-progress-last-known">{lastKnownText(progress, record, zone)}</p>}
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
