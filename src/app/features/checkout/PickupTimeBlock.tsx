// Pickup date and time (ordering.md sections 2, 4 and 9): the dates and 15-minute slots the rules offer now, ASAP
// while the location is open, the closed-location notice, and 'must confirm date' when the day is not today.
import * as E from 'fp-ts/lib/Either.js';
import { useId } from 'react';
import type { LocationCatalog } from '../../../domain/catalog/catalogIndex';
import { CLOSED_NOTICE } from '../../../domain/time/openState';
import type { PickupSchedule } from '../../../domain/time/pickupSlots';
import { useView } from '../../hooks/useView';
import { useCommands, useRuntime, useViews } from '../../runtime/RuntimeContext';
import { notify } from '../../shell/notify';
import { CheckoutSection } from '../../components/CheckoutSection';
import { slotOf, type PickupChoice } from '../../../domain/time/pickupChoice';
import { describePickupChoice, zoneAbbreviation } from './pickupLabels';
import { useCommitMark } from './useCommitMark';
import { useStateSlice } from '../../hooks/useStateSlice';

const ASAP = 'ASAP';

interface DateOption {
  readonly date: string;
  readonly label: string;
}

/** The dates the picker offers: today when only ASAP is left of it, then the days with slots. */
function dateOptions(schedule: PickupSchedule): DateOption[] {
  const days: DateOption[] = schedule.days.map((d) => ({ date: d.date, label: d.label }));
  if (schedule.asap !== null && !days.some((d) => d.date === schedule.today)) days.unshift({ date: schedule.today, label: 'Today' });
  return days;
}

/** The first time of a date: ASAP on today while it is offered, else the date's first slot. */
function firstChoiceOn(schedule: PickupSchedule, date: string): PickupChoice | null {
  if (schedule.asap !== null && date === schedule.today) return { date, time: ASAP };
  const slot = schedule.days.find((d) => d.date === date)?.slots[0];
  return slot ? { date, time: slot.at } : null;
}

export function PickupTimeBlock({ step, location }: { readonly step: number; readonly location: LocationCatalog }) {
  const commands = useCommands();
  const views = useViews();
  const { now } = useRuntime();
  const schedule = useView(views.schedule);
  const open = useView(views.open);
  const pickup = useStateSlice((s) => s.pickup);
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
  const dates = schedule ? dateOptions(schedule) : [];
  const day = choice ? schedule?.days.find((d) => d.date === choice.date) : undefined;
  const asapOffered = schedule?.asap != null && choice?.date === schedule.today;
  const timeValue = choice === null ? '' : choice.time === ASAP ? ASAP : schedule ? (slotOf(schedule, choice)?.at ?? '') : '';
  const nothing = schedule !== null && dates.length === 0;

  return (
    <CheckoutSection step={step} title="Pickup Date & Time" done={choice !== null && !pickup.mustConfirmDate}>
      {open === false ? (
        <div className="notice notice-warning checkout-closed" role="note" aria-label={CLOSED_NOTICE.heading}>
          <p className="checkout-closed-heading">{CLOSED_NOTICE.heading}</p>
          <p>{CLOSED_NOTICE.message}</p>
        </div>
      ) : null}
      {nothing ? <p className="notice notice-danger">No pickup times are available at this location right now.</p> : null}
      {!nothing && schedule ? (
        <div className="checkout-grid-2">
          <div className="field">
            <label htmlFor={dateId}>Pickup Date</label>
            <select id={dateId} value={choice?.date ?? ''} onChange={(event) => void choose(firstChoiceOn(schedule, event.target.value))}>
              {choice === null ? <option value="">Choose a date</option> : null}
              {dates.map((d) => (
                <option key={d.date} value={d.date}>
                  {d.label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={timeId}>Pickup Time</label>
            <select
              id={timeId}
              value={timeValue}
              disabled={choice === null}
              onChange={(event) => choice && void choose({ date: choice.date, time: event.target.value })}
            >
              {timeValue === '' ? <option value="">Choose a time</option> : null}
              {asapOffered && schedule.asap ? <option value={ASAP}>ASAP (ready around {schedule.asap.label})</option> : null}
              {(day?.slots ?? []).map((slot) => (
                <option key={slot.at} value={slot.at}>
                  {slot.label}
                </option>
              ))}
            </select>
          </div>
        </div>
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
