// The account page's first block: the shopper's latest orders at this location (as My Orders lists them), each with
// its page, and the way to all of them, so signing in lands on what a returning shopper most often wants.
import { Link } from 'react-router-dom';
import { sameId } from '../../../domain/ids';
import { orderNumber } from '../../../domain/orders/orderNumber';
import { formatInstantShort } from '../../../domain/time/formatInstant';
import { Money } from '../../components/Money';
import { useStateSlice } from '../../hooks/useStateSlice';
import { useView } from '../../hooks/useView';
import { useViews } from '../../runtime/RuntimeContext';

/** How many of the latest orders the account page shows. */
const SHOWN = 3;

export function RecentOrders() {
  const location = useView(useViews().location);
  const history = useStateSlice((s) => s.orders.history);
  if (!location) return null;
  const here = history.filter((record) => sameId(record.locationId, location.location.Id)).slice(0, SHOWN);
  const zone = location.location.Timezone;
  return (
    <section className="card account-card account-orders" aria-labelledby="account-orders-heading">
      <h2 id="account-orders-heading">Recent orders</h2>
      {here.length === 0 ? (
        <p className="muted">No orders here yet.</p>
      ) : (
        <ul className="account-orders-list">
          {here.map((record) => (
            <li key={record.orderId}>
              <Link to={`/order-confirmation/${encodeURIComponent(record.orderId)}`}>
                {formatInstantShort(record.placedAt, zone)}, Order #{orderNumber(record.orderId)}
              </Link>
              {record.order ? <Money amount={record.order.GrandTotal} currency={location.currency} /> : null}
            </li>
          ))}
        </ul>
      )}
      <Link to="/my-orders" className="btn btn-secondary">
        All orders
      </Link>
    </section>
  );
}
