// Order confirmation (ordering.md section 2): What, When and Where; the pickup time in the location's time zone in
// long form; 'Map It' and 'Talk to us'; the catalog's confirmation note and the fulfillment's confirmation message.
// The ready time is the headline and the order has a short number to say at the counter (orderNumber.ts); the API's
// id stays below it, small, for support.
// Redirects to / when the id is missing, the order is unknown, or its location is unknown. The order comes from the
// log's history, so the page survives a reload. It is the order's page afterwards too: its progress as the log holds
// it (README, "The order's progress"), told by the hub, and read again from the API when the page opens and now and
// then while it is open (progressRereads.ts), so a message the hub lost is caught.
import { Totals } from '../../components/Totals';
import { CurbsideArrival } from '../../components/CurbsideArrival';
import { OrderLines } from '../../components/OrderLines';
import { placedOrderLines } from '../../../events/selectors/orderLines';
import { orderTotals } from '../../../events/selectors/totals';
import { useEffect, useRef } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { FULFILLMENT_LABELS, fulfillmentMessage } from '../../../domain/fulfillment';
import { formatInstantLong, formatInstantShort } from '../../../domain/time/formatInstant';
import { useStateSlice } from '../../hooks/useStateSlice';
import { useView } from '../../hooks/useView';
import { useCommands, useViews } from '../../runtime/RuntimeContext';
import { OrderProgress } from '../../components/OrderProgress';
import { addressLines, mapSearchUrl } from '../../../domain/address';
import { curbsidePhone, locationPhone } from '../../../domain/locationPhone';
import './confirmation.css';
import { sameId } from '../../../domain/ids';
import { orderNumber } from '../../../domain/orders/orderNumber';
import { vehicleLine } from '../../../domain/orders/messages';
import { isFinalStage } from '../../../domain/orders/progress';
import { watchProgressRereads } from './progressRereads';

/** The page opening reads nothing when the order was read this recently (the hub's read of an order just placed). */
const FRESH_ON_OPEN_MS = 15_000;

export function ConfirmationPage() {
  const { orderId } = useParams();
  const views = useViews();
  const commands = useCommands();
  const locations = useView(views.locations);
  const catalog = useView(views.catalog);
  const record = useStateSlice((s) => (orderId ? s.orders.history.find((r) => r.orderId === orderId) : undefined));
  const signedIn = useStateSlice((s) => s.account.profile !== null);
  const location = record ? locations.find((l) => sameId(l.location.Id, record.locationId)) : undefined;

  useEffect(() => {
    document.title = 'Order Confirmed - Order Online';
    return () => {
      document.title = 'Order Online';
    };
  }, []);

  const known = record !== undefined;
  // An order at its last stage changes no more: only the page's opening reads it.
  const stage = useStateSlice((s) => (orderId ? s.orders.progress[orderId]?.stage : undefined));
  const isFinal = stage !== undefined && isFinalStage(stage, record?.order?.FulfillmentType);
  const final = useRef(isFinal);
  useEffect(() => {
    final.current = isFinal;
  }, [isFinal]);
  useEffect(() => {
    if (!orderId || !known) return undefined;
    return watchProgressRereads(
      (why) => {
        if (why === 'open') void commands.refreshOrderProgress(orderId, { unlessReadWithinMs: FRESH_ON_OPEN_MS });
        else if (!final.current) void commands.refreshOrderProgress(orderId);
      },
      { window, document },
    );
  }, [commands, orderId, known]);

  if (!orderId || !record || !location) return <Navigate to="/" replace />;

  const order = record.order;
  const currency = location.currency;
  const zone = location.location.Timezone;
  const type = order?.FulfillmentType ?? 'PICKUP';
  // A curbside order's instruction is the 'I'm here' prompt's (CurbsideArrival): the location's confirmation message
  // would be a second one, often another ('Text us when you are parked'), so it is left to the other types.
  const message = type === 'CURBSIDE' ? undefined : fulfillmentMessage(location.location, type, 'ConfirmationMessage');
  const vehicle = order?.VehicleDetails;
  const note = catalog?.catalog.ConfirmationNote;
  const phone = locationPhone(location.location);
  // Without a pickup time in the order (the spec names PickupAtUtc but not its absence), the time it was placed stands in.
  const when = order?.PickupAtUtc ?? record.placedAt;

  return (
    <div className="container confirmation-page">
      <div className="confirmation-hero card">
        <span className="confirmation-check" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="30" height="30" focusable="false">
            <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
        <h1>Thank you for your order!</h1>
        {/* What the shopper needs at the counter, first: when, and the number to say. */}
        <p className="confirmation-ready">
          <span className="confirmation-ready-kind">{FULFILLMENT_LABELS[type]}</span>{' '}
          <strong className="confirmation-ready-time">{formatInstantShort(when, zone)}</strong>
        </p>
        <p className="confirmation-number">
          Order <strong>#{orderNumber(record.orderId)}</strong>
        </p>
        <p className="confirmation-id">Reference {record.orderId}</p>
        <OrderProgress record={record} zone={zone} full />
        {message ? <p className="confirmation-message">{message}</p> : null}
        <CurbsideArrival orderId={record.orderId} order={order} zone={zone} phone={curbsidePhone(location.location)} />
      </div>

      <div className="confirmation-columns">
        <section className="confirmation-column card" aria-labelledby="confirmation-what">
          <h2 id="confirmation-what">What</h2>
          {order ? (
            <>
              <OrderLines lines={placedOrderLines(order)} currency={currency} />
              <Totals className="confirmation-totals" currency={currency} lines={orderTotals(order, location.location)} />
            </>
          ) : (
            <p className="muted">Your order was placed. Its details will be on your receipt.</p>
          )}
        </section>

        <section className="confirmation-column card" aria-labelledby="confirmation-when">
          <h2 id="confirmation-when">When</h2>
          <p className="confirmation-kind">{FULFILLMENT_LABELS[type]}</p>
          <p className="confirmation-time">{formatInstantLong(when, zone)}</p>
          {order?.DeliveryAddress ? (
            <div className="confirmation-delivery">
              <h3>Deliver To</h3>
              <address>{order.DeliveryAddress}</address>
            </div>
          ) : null}
          {vehicle ? (
            <div className="confirmation-vehicle">
              <h3>Your Car</h3>
              <p>{vehicleLine(vehicle)}</p>
              {vehicle.note ? <p className="muted">{vehicle.note}</p> : null}
            </div>
          ) : null}
        </section>

        <section className="confirmation-column card" aria-labelledby="confirmation-where">
          <h2 id="confirmation-where">Where</h2>
          <p className="confirmation-place">{location.location.Name}</p>
          <address className="confirmation-address">
            {addressLines(location.location.Address).map((line) => (
              <span key={line}>{line}</span>
            ))}
          </address>
          <div className="confirmation-links">
            <a className="btn btn-secondary" href={mapSearchUrl(location.location)} target="_blank" rel="noopener noreferrer">
              Map It<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
            {phone ? (
              <a className="btn btn-secondary" href={`tel:${phone.dial}`}>
                Talk to us<span className="visually-hidden"> at {phone.display}</span>
              </a>
            ) : null}
          </div>
          {phone ? <p className="muted confirmation-phone">{phone.display}</p> : null}
        </section>
      </div>

      {note ? <p className="confirmation-note card">{note}</p> : null}

      <p className="confirmation-more">
        <Link className="btn btn-primary" to="/">
          Continue Shopping
        </Link>
        {signedIn ? (
          <Link className="btn btn-secondary" to="/my-orders">
            My Orders
          </Link>
        ) : null}
      </p>
    </div>
  );
}
