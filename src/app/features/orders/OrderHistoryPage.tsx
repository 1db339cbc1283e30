// /my-orders (ordering.md section 2; account-and-session.md section 2): the signed-in shopper's orders at the current
// location, newest first: when it was placed and for when, the fulfillment, the lines with their options and notes,
// and the totals, with the same order-lines component as checkout and confirmation. Reorder repeats the whole order
// or one line in the bag the shopper has, at today's menu and prices; what could not be repeated is said.
import { REORDER_WAITS } from '../../../domain/orders/messages';
import { orderNumber } from '../../../domain/orders/orderNumber';
import * as E from 'fp-ts/lib/Either.js';
import { Link } from 'react-router-dom';
import type { LocationCatalog } from '../../../domain/catalog/catalogIndex';
import { FULFILLMENT_LABELS } from '../../../domain/fulfillment';
import { sameId } from '../../../domain/ids';
import { curbsidePhone } from '../../../domain/locationPhone';
import { vehicleLine } from '../../../domain/orders/messages';
import { formatInstantLong, formatInstantShort } from '../../../domain/time/formatInstant';
import type { OrderRecord } from '../../../events/state';
import { placedOrderLines } from '../../../events/selectors/orderLines';
import { orderTotals } from '../../../events/selectors/totals';
import { CurbsideArrival } from '../../components/CurbsideArrival';
import { OrderProgress } from '../../components/OrderProgress';
import { OrderLines } from '../../components/OrderLines';
import { Totals } from '../../components/Totals';
import { useNetworkAction } from '../../hooks/useNetworkAction';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useStateSlice } from '../../hooks/useStateSlice';
import { useView } from '../../hooks/useView';
import { useCommands, useViews } from '../../runtime/RuntimeContext';
import { notify } from '../../shell/notify';
import './orders.css';

export const NO_ORDERS = "You don't have any prior orders.";

export function OrderHistoryPage() {
  usePageTitle('My Orders');
  return <OrderHistory />;
}

/** 'Added 2 items to your bag.' */
export function addedToBag(count: number): string {
  return `Added ${count} ${count === 1 ? 'item' : 'items'} to your bag.`;
}

function OrderHistory() {
  const location = useView(useViews().location);
  const history = useStateSlice((s) => s.orders.history);
  const here = location ? history.filter((record) => sameId(record.locationId, location.location.Id)) : [];
  return (
    <div className="container orders-page">
      <h1>My Orders</h1>
      {location && here.length > 0 ? (
        <ol className="orders-list">
          {here.map((record) => (
            <li key={record.orderId}>
              <OrderCard record={record} location={location} />
            </li>
          ))}
        </ol>
      ) : (
        <div className="card orders-empty">
          <p>{NO_ORDERS}</p>
          <Link className="btn btn-primary" to="/">
            Start an Order
          </Link>
        </div>
      )}
    </div>
  );
}

function OrderCard({ record, location }: { readonly record: OrderRecord; readonly location: LocationCatalog }) {
  const commands = useCommands();
  // The log holds all a reorder needs; only its rules' code may not be on this device yet.
  const reorder = useNetworkAction({
    waits: REORDER_WAITS,
    tryOffline: true,
    run: async (lineUids: readonly string[] | null) => {
      const result = await commands.reorder(record.orderId, lineUids);
      // What was left out or reduced is toasted by the bag's warnings; here, what was added, or why nothing was.
      if (E.isRight(result)) notify.success(addedToBag(result.right.added));
      return result;
    },
  });
  const busy = reorder.busy;
  const order = record.order;
  const zone = location.location.Timezone;
  const titleId = `order-${record.orderId}`;

  return (
    // The order's id is for support (the confirmation shows it); a shopper's list reads the short number only.
    <article className="card order-card" aria-labelledby={titleId} data-order-id={record.orderId}>
      <header className="order-card-head">
        <h2 id={titleId}>{formatInstantShort(record.placedAt, zone)}</h2>
        <p className="muted order-card-id">Order #{orderNumber(record.orderId)}</p>
      </header>
      {order ? (
        <>
          <OrderProgress record={record} zone={zone} />
          <CurbsideArrival orderId={record.orderId} order={order} zone={zone} phone={curbsidePhone(location.location)} />
          <p className="order-card-when">
            {FULFILLMENT_LABELS[order.FulfillmentType ?? 'PICKUP']}, {formatInstantLong(order.PickupAtUtc ?? record.placedAt, zone)}
          </p>
          {order.DeliveryAddress ? <p className="order-card-delivery">To {order.DeliveryAddress}</p> : null}
          {order.VehicleDetails ? <p className="order-card-vehicle">Your car: {vehicleLine(order.VehicleDetails)}</p> : null}
          <OrderLines
            lines={placedOrderLines(order)}
            currency={location.currency}
            lineAction={(line) => (
              <button type="button" className="btn btn-link order-line-reorder" disabled={busy} onClick={() => reorder.press([line.key])}>
                Reorder<span className="visually-hidden"> {line.name}</span>
              </button>
            )}
          />
          <Totals className="order-card-totals" currency={location.currency} lines={orderTotals(order, location.location)} />
        </>
      ) : (
        <p className="muted">The details of this order are on its receipt.</p>
      )}
      <div className="order-card-actions">
        {order ? (
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => reorder.press(null)} aria-describedby={titleId}>
            Reorder
          </button>
        ) : null}
        <Link className="btn btn-secondary" to={`/order-confirmation/${encodeURIComponent(record.orderId)}`} aria-describedby={titleId}>
          View Order
        </Link>
      </div>
    </article>
  );
}
