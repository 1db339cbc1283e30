// The bag's totals and the way on to checkout (ordering.md section 2 "Cart screen", section 1 on guests): the
// coupon or reward with its note, Subtotal, Tax, Discount (only above 0, negative), Total.
import { Money } from '../../components/Money';
import { Totals } from '../../components/Totals';
import { Link, useNavigate } from 'react-router-dom';
import type { Preview } from '../../../domain/pricing/priceCart';
import type { BagDiscount } from '../../../events/state';
import { bagTotals } from '../../../events/selectors/totals';
import { DiscountRow } from './DiscountRow';
import { rememberReturnUrl } from '../../shell/returnUrl';

export interface BagSummaryProps {
  readonly preview: Preview | null;
  readonly currency: string;
  readonly discount: BagDiscount | null;
  /** What the discount needs to take something off; null while it does. */
  readonly discountNeeds: string | null;
  readonly signedIn: boolean;
  readonly onRemoveDiscount: () => void;
}

export function BagSummary({ preview, currency, discount, discountNeeds, signedIn, onRemoveDiscount }: BagSummaryProps) {
  const navigate = useNavigate();
  const signIn = () => {
    // Account-and-session.md section 4: "Guest checkout sign-in stores /checkout as the return URL".
    rememberReturnUrl('/checkout');
    navigate('/sign-in');
  };
  return (
    <section className="bag-summary card" aria-labelledby="bag-summary-title">
      <h2 id="bag-summary-title" className="bag-summary-title">
        Order summary
      </h2>
      {discount ? <DiscountRow discount={discount} currency={currency} needs={discountNeeds} onRemove={onRemoveDiscount} /> : null}
      {preview ? <Totals className="bag-totals" currency={currency} lines={bagTotals(preview)} /> : null}
      <p className="bag-summary-note muted">Tip, pickup time and payment are chosen at checkout.</p>
      {/* On a phone the actions stay at the bottom of the screen with the total. */}
      <div className="bag-summary-actions">
        {preview ? (
          <p className="bag-summary-sticky-total" aria-hidden="true">
            <span>Total</span> <Money amount={preview.grandTotal} currency={currency} />
          </p>
        ) : null}
        {signedIn ? (
          <Link to="/checkout" className="btn btn-primary btn-block">
            Checkout
          </Link>
        ) : (
          <>
            <button type="button" className="btn btn-primary btn-block" onClick={signIn}>
              Sign In / Register
            </button>
            <Link to="/checkout" className="btn btn-secondary btn-block">
              Checkout as Guest
            </Link>
          </>
        )}
      </div>
    </section>
  );
}
