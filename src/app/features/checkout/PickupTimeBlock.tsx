// Pickup date and time (ordering.md sections 2, 4 and 9): the dates and 15-minute slots the rules offer now, ASAP
// while the location is open, the closed-location notice, and 'must confirm date' when the day is not today.
// With Delivery chosen it is the delivery's time: 'Delivery Time', ASAP as the quote's time, a slot as the time the
// delivery is scheduled for, and the quote's window said once below the pickers.
import * as E from 'fp-ts/lib/Either.js';
import { useId } from 'react';
import type { LocationCatalog } from '../../../domain/catalog/catalogIndex';
import { CLOSED_NOTICE } from '../../../domain/time/messages';
import { useView } from '../../hooks/useView';
import { useCommands, useRuntime, useViews } from '../../runtime/RuntimeContext';
import { notify } from '../../shell/notify';
import { CheckoutSection } from '../../components/CheckoutSection';
import type { PickupChoice } from '../../../domain/time/pickupChoice';
import { describePickupChoice, firstChoiceOn, pickupPickers, zoneAbbreviation } from '../../../domain/time/pickupLabels';
import { deliveryAsapLabel, deliveryWindowWords } from '../../../domain/delivery/window';
import { currentQuote } from '../../../events/selectors/delivery';
import { useCommitMark } from './useCommitMark';
import { useStateSlice } from '../../hooks/useStateSlice';

export function PickupTimeBlock({ step, location }: { readonly step: number; readonly location: LocationCatalog }) {
  const commands = useCommands();
  const views = useViews();
  const { now } = useRuntime();
  const schedule = useView(views.schedule);
  const open = useView(views.open);
  const pickup = useStateSlice((s) => s.pickup);
  const delivery = useStateSlice((s) => s.checkout.fulfillmentType === 'DELIVERY');
  const quote = useStateSlice(currentQuote);
  const quoted = delivery && quote !== null && quote.available ? quote : null;
  const dateId = useId();
  const timeId = useId();
  const zone = location.location.Timezone;
  useCommitMark();

  const choose = async (choice: PickupChoice | null) => {
    if (choice === null) return;
    const result = await commands.choosePickupTime(choice);
    if (E.isLeft(result)) notify.error(result.left);
  };

  const choice = pickup.choice;
  const shownPickers = schedule ? pickupPickers(schedule, choice) : null;
  // A delivery's ASAP is when the quote says it arrives, not when the kitchen has it ready.
  const pickers =
    shownPickers && delivery
      ? {
          ...shownPickers,
          times: shownPickers.times.map((t) => (t.value === 'ASAP' ? { ...t, label: deliveryAsapLabel(quoted?.choice === 'ASAP' ? quoted : null, zone) } : t)),
        }
      : shownPickers;
  const nothing = pickers !== null && pickers.dates.length === 0;
  const noun = delivery ? 'Delivery' : 'Pickup';
  const dayLabel = choice === null || choice.date === schedule?.today ? null : (pickers?.dates.find((d) => d.value === choice.date)?.label ?? choice.date);

  return (
    <CheckoutSection step={step} title={delivery ? 'Delivery Time' : 'Pickup Date & Time'} done={choice !== null && !pickup.mustConfirmDate}>
      {open === false ? (
        <div className="notice notice-warning checkout-closed" role="note" aria-label={CLOSED_NOTICE.heading}>
          <p className="checkout-closed-heading">{CLOSED_NOTICE.heading}</p>
          <p>{CLOSED_NOTICE.message}</p>
        </div>
      ) : null}
      {nothing ? <p className="notice notice-danger">No {noun.toLowerCase()} times are available at this location right now.</p> : null}
      {!nothing && schedule && pickers ? (
        <div className="checkout-grid-2">
          <div className="field">
            <label htmlFor={dateId}>{noun} Date</label>
            <select id={dateId} value={pickers.date} onChange={(event) => void choose(firstChoiceOn(schedule, event.target.value))}>
              {choice === null ? <option value="">Choose a date</option> : null}
              {pickers.dates.map((d) => (
                <option key={d.value} value={d.value}>
                  {d.label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={timeId}>{noun} Time</label>
            <select
              id={timeId}
              value={pickers.time}
              disabled={choice === null}
              onChange={(event) => choice && void choose({ date: choice.date, time: event.target.value })}
            >
              {pickers.time === '' ? <option value="">Choose a time</option> : null}
              {pickers.times.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </select>
          </div>
        </div>
      ) : null}
      {quoted !== null && !nothing ? (
        <p className="checkout-delivery-window" role="status">
          {deliveryWindowWords(quoted, zone, dayLabel)}
        </p>
      ) : null}
      {choice !== null && pickup.mustConfirmDate ? (
        <div className="notice notice-info checkout-confirm-date">
          <p>
            Your order is for <strong>{describePickupChoice(schedule, choice, zone)}</strong>, not today. Please confirm the date.
          </p>
          <button type="button" className="btn btn-secondary" onClick={() => void choose(choice)}>
            Confirm Date
          </button>
        </div>
      ) : null}
      <p className="field-hint">
        Times are local to {location.location.Name} ({zoneAbbreviation(zone, now())}).
      </p>
    </CheckoutSection>
  );
}
