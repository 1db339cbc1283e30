// /my-coupons (account-and-session.md sections 2, 4 and 8): the account's coupons with what each takes off (the
// coupon note of section 9) and its expiry; redeeming one puts it in the bag ('Coupon was added!'), replacing a
// reward there. An expired coupon is shown as expired and cannot be redeemed.
import * as E from 'fp-ts/lib/Either.js';
import { discountAddedMessage } from '../../../domain/discounts/unused';
import { heldDiscountName } from '../../../events/selectors/bag';
import { COUPON_ADDED, COUPON_EXPIRED_LABEL, NO_COUPONS } from '../../../domain/discounts/messages';
import type { Coupon } from '../../../domain/discounts/codecs';
import { couponDiscount } from '../../../domain/discounts/codecs';
import { describeDiscount } from '../../../domain/pricing/describeDiscount';
import { formatDayShort } from '../../../domain/time/formatInstant';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useStateSlice } from '../../hooks/useStateSlice';
import { useView } from '../../hooks/useView';
import { useCommands, useViews } from '../../runtime/RuntimeContext';
import { notify } from '../../shell/notify';
import './loyalty.css';

export function CouponsPage() {
  usePageTitle('My Coupons');
  return <Coupons />;
}

function Coupons() {
  const coupons = useStateSlice((s) => s.account.loyalty.coupons);
  return (
    <div className="container loyalty-page">
      <h1>My Coupons</h1>
      <CouponList coupons={coupons} />
    </div>
  );
}

/** The coupons, each with its note, its expiry and Redeem; shared with the rewards page. */
export function CouponList({ coupons, headingLevel = 2 }: { readonly coupons: readonly Coupon[]; readonly headingLevel?: 2 | 3 }) {
  const commands = useCommands();
  const views = useViews();
  const location = useView(views.location);
  // Read as the clock moves, so a coupon that expires while the page is open shows it and loses Redeem.
  const expiredIds = useView(views.expiredCoupons);
  const applied = useStateSlice((s) => (s.bag.discount?.kind === 'coupon' ? s.bag.discount.coupon.Id : null));
  const held = useStateSlice(heldDiscountName);
  const currency = location?.currency ?? 'USD';
  const zone = location?.location.Timezone ?? 'UTC';
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  if (coupons.length === 0) return <p className="card loyalty-card">{NO_COUPONS}</p>;

  const redeem = async (coupon: Coupon) => {
    const result = await commands.applyCoupon(coupon);
    if (E.isLeft(result)) notify.error(result.left);
    // One discount per order: a coupon that takes another's place says so.
    else notify.success(discountAddedMessage(coupon.Name, held, COUPON_ADDED));
  };

  return (
    <ul className="loyalty-list">
      {coupons.map((coupon) => {
        const expired = expiredIds.includes(coupon.Id);
        return (
          <li key={coupon.Id} className={`card loyalty-card${expired ? ' is-expired' : ''}`}>
            <div>
              <Heading>{coupon.Name}</Heading>
              {coupon.Description ? <p>{coupon.Description}</p> : null}
              <p className="muted">{describeDiscount(couponDiscount(coupon), currency)}</p>
              {coupon.ExpiresAt ? (
                <p className="muted">
                  {expired ? <span className="loyalty-badge">{COUPON_EXPIRED_LABEL}</span> : `Expires ${formatDayShort(coupon.ExpiresAt, zone)}`}
                </p>
              ) : null}
            </div>
            {expired ? null : applied === coupon.Id ? (
              <p className="muted">In your bag</p>
            ) : (
              <button type="button" className="btn btn-primary" onClick={() => void redeem(coupon)}>
                Redeem<span className="visually-hidden"> {coupon.Name}</span>
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
