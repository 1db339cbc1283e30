// One location in the chooser's list (account-and-session.md section 2): name, distance in miles, address, phone,
// today's hours and 'Select Location'.
import { useDeferredValue, useId, useMemo } from 'react';
import type { Location } from '../../../domain/catalog/codecs';
import { formatDistance } from '../../../domain/locations';
import { useView } from '../../hooks/useView';
import { useViews } from '../../runtime/RuntimeContext';
import { addressLines, contactOf, dialNumber } from '../../../domain/address';
import { usePhoneDisplay } from '../../hooks/usePhoneDisplay';

export interface LocationCardProps {
  readonly location: Location;
  readonly miles: number | undefined;
  readonly current: boolean;
  /** The app's clock, to the minute (views.minute). */
  readonly now: number;
  /** Set while this card's choice is being recorded. */
  readonly choosing: boolean;
  readonly disabled: boolean;
  readonly onSelect: (id: string) => void;
}

export function LocationCard({ location, miles, current, now, choosing, disabled, onSelect }: LocationCardProps) {
  const nameId = useId();
  // Today's hours need the time rules, which load just after the store opens, and each card's first reading of its
  // zone costs a phone tens of milliseconds: the cards paint first and fill in their hours in a render after.
  const time = useDeferredValue(useView(useViews().timeRules), null);
  // Worked out again only when the rules or the minute change: the card renders again at every update of the views.
  const hours = useMemo(() => (time ? time.todaysHours(location, now) : '\u2026'), [time, location, now]);
  const distance = formatDistance(miles);
  // The number as the catalog gives it until the formatter (libphonenumber) has loaded: the chooser, often the first
  // thing a shopper reads, does not wait for it.
  const phoneContact = contactOf(location.Contacts, 'Phone');
  const phoneShown = usePhoneDisplay(phoneContact ?? '');
  const phone = phoneContact === undefined ? undefined : { display: phoneShown, dial: dialNumber(phoneContact) };
  return (
    <article className={`location-card${current ? ' is-current' : ''}`} aria-labelledby={nameId} data-location-id={location.Id}>
      <div className="location-card-top">
        <h3 id={nameId} className="location-card-name">
          {location.Name}
        </h3>
        {distance ? <span className="location-card-distance">{distance}</span> : null}
      </div>
      {current ? <p className="location-card-badge">Your current location</p> : null}
      <address className="location-card-address">
        {addressLines(location.Address).map((line) => (
          <span key={line}>{line}</span>
        ))}
      </address>
      <dl className="location-card-facts">
        {phone ? (
          <div>
            <dt>Phone</dt>
            <dd>
              <a href={`tel:${phone.dial}`}>{phone.display}</a>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Today</dt>
          <dd>{hours}</dd>
        </div>
      </dl>
      <button
        type="button"
        className={`btn ${current ? 'btn-secondary' : 'btn-primary'} location-card-select`}
        aria-describedby={nameId}
        disabled={disabled}
        aria-busy={choosing || undefined}
        onClick={() => onSelect(location.Id)}
      >
        {choosing ? 'Selecting\u2026' : 'Select Location'}
      </button>
    </article>
  );
}
