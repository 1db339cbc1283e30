// 'Place Order' (ordering.md sections 4, 5 and 8): enabled exactly when the spec's conditions hold, with the reasons
// shown while it is not; pending while the call is in flight (a second click does nothing); success toasts 'Order
// was placed!' and opens the confirmation; a failure toasts the error table's message and keeps everything. A failure
// is said aloud once: a refused card by the card's block, another failure kept here by the notice; the toast and
// what else shows it are seen, not heard.
// Personal Info typed in full and a card with its billing address filled in count as given: the press saves them
// (as 'Continue' and 'Use This Card' would), then places the order, once, however many times it is pressed.
// Without the network the press is kept: the page says the order waits for it and places it once it is back.
import * as E from 'fp-ts/lib/Either.js';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { ORDER_PLACED_MESSAGE, queuedOrderWords } from '../../../domain/orders/orderErrors';
import { failureVoice } from '../../../domain/orders/cardFailure';
import { failureAtCard, placementNotice } from '../../../events/selectors/checkout';
import { useView } from '../../hooks/useView';
import { useCommands, useViews } from '../../runtime/RuntimeContext';
import { notify } from '../../shell/notify';
import { useStateSlice } from '../../hooks/useStateSlice';
import { useCheckoutDrafts, useCoveredBlockers } from './checkoutDrafts';
import { useShareVisit } from '../../shell/ShareVisitContext';
import { useOnline } from '../../hooks/useOnline';

/** In the words of the share dialog's offline notice. */
export const ORDER_WAITS_WORDS = 'You’re offline: your order will be placed when you’re back online.';

export interface PlaceOrderProps {
  /** Told when a placement starts and ends, so the page keeps showing while the bag empties on success. */
  readonly onPlacing: (placing: boolean) => void;
  /** The total the shopper pays, shown beside the button in the phone's bottom bar. */
  readonly total?: ReactNode;
}

export function PlaceOrder({ onPlacing, total }: PlaceOrderProps) {
  const commands = useCommands();
  const views = useViews();
  const navigate = useNavigate();
  const readiness = useView(views.readiness);
  const location = useView(views.location);
  const placement = useStateSlice((s) => s.placement);
  const notice = useStateSlice(placementNotice);
  // The notice is the failure's one voice unless the card's block (a refused card) or the toast says it (failureVoice).
  const saidAtCard = useStateSlice(failureAtCard);
  const noticeSpeaks = !saidAtCard && failureVoice(placement.codes, true) === 'notice';
  const drafts = useCheckoutDrafts();
  const shareVisit = useShareVisit();
  const covered = useCoveredBlockers();
  const busy = useRef(false);
  const online = useOnline();
  // A press made without the network, kept until it is back.
  const [waiting, setWaiting] = useState(false);
  // From the press until the attempt has ended: the drafts being saved, then the order call.
  const [saving, setSaving] = useState(false);
  const reasonsId = useId();
  const pending = placement.status === 'pending' || saving;
  const open = readiness.blockers.filter((blocker) => !covered.includes(blocker));
  const blocked = open.length > 0;
  const reasons = readiness.blockers.includes('pending') ? [] : open.map((blocker) => readiness.messages[readiness.blockers.indexOf(blocker)]!);
  // The network is back: the press kept while it was away places the order, once.
  const placeRef = useRef<() => Promise<void>>(async () => undefined);
  useEffect(() => {
    if (waiting && online) void placeRef.current();
  }, [waiting, online]);

  const place = async () => {
    if (busy.current) return;
    if (blocked) {
      // Nothing is sent; a form that holds the missing part says what it still needs.
      await drafts.explain(open);
      return;
    }
    // Nothing is saved or sent without the network: everything typed stays, and the press goes on once it is back.
    if (!navigator.onLine) {
      setWaiting(true);
      return;
    }
    setWaiting(false);
    busy.current = true;
    drafts.setPlacing(true);
    setSaving(true);
    onPlacing(true);
    const saved = await drafts.saveAll();
    // A draft that could not be saved shows why in its form, which keeps what was typed; nothing is sent.
    const result = saved ? await commands.placeOrder() : null;
    setSaving(false);
    busy.current = false;
    drafts.setPlacing(false);
    if (result === null) {
      onPlacing(false);
      return;
    }
    if (E.isRight(result)) {
      notify.success(ORDER_PLACED_MESSAGE);
      navigate(`/order-confirmation/${encodeURIComponent(result.right.orderId)}`);
      return;
    }
    onPlacing(false);
    // Said aloud once: a refused card by the card's block, a failure kept here by the notice (an alert), and the toast
    // is then seen only; a failure with no notice (the bag changed, as when stock ran out) is said by the toast.
    const failure = result.left;
    const noticeShown = placementNotice(views.state.get()) === failure.message;
    notify.error(failure.message, { aloud: failureVoice(failure.codes, noticeShown) === 'toast' });
    // Stock ran out since the bag was filled: re-read the counts so the bag shows what is gone.
    if (result.left.codes.includes('VARIATION_OUT_OF_STOCK')) void commands.refreshInventory();
  };

  placeRef.current = place;

  return (
    <div className="checkout-place">
      {waiting ? (
        <p role="status" className="notice notice-info">
          {ORDER_WAITS_WORDS}
        </p>
      ) : null}
      {notice !== null ? (
        <div className="notice notice-danger checkout-failure">
          <p role={noticeSpeaks ? 'alert' : undefined}>{notice}</p>
          {/* Where a shopper would want help: support sees this visit as it happened, by a code. */}
          <button type="button" className="btn btn-link checkout-failure-help" onClick={shareVisit.open}>
            Share this visit with support
          </button>
        </div>
      ) : null}
      {/* On a phone this row stays at the bottom of the screen: the total and the next step always in reach. */}
      <div className="checkout-place-bar">
        {total ? (
          <p className="checkout-place-total" aria-hidden="true">
            <span>Total</span> {total}
          </p>
        ) : null}
        <button
          type="button"
          className="btn btn-primary btn-block checkout-place-button"
          aria-disabled={blocked || undefined}
          aria-busy={pending || undefined}
          aria-describedby={blocked && reasons.length > 0 ? reasonsId : undefined}
          onClick={() => void place()}
        >
          {pending ? (
            <>
              <span className="checkout-button-spinner" aria-hidden="true" />
              Placing Order…
            </>
          ) : (
            'Place Order'
          )}
        </button>
        {/* A queued order waits for the store: the spinner says what it waits for and how long that usually is. */}
        <p role="status" className="checkout-queued">
          {placement.status === 'pending' && placement.queued && location !== null ? queuedOrderWords(location.location.Name) : ''}
        </p>
      </div>
      {blocked && reasons.length > 0 ? (
        <div id={reasonsId} className="checkout-reasons">
          <p className="checkout-reasons-title">To place your order:</p>
          <ul>
            {reasons.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
