// The coupon or reward in the bag, with the note that says what it takes off, what it needs while it takes nothing
// off, and a way to remove it.
import { couponDiscount, rewardDiscount } from '../../../domain/discounts/codecs';
import { describeDiscount } from '../../../domain/pricing/describeDiscount';
import type { BagDiscount } from '../../../events/state';

export interface DiscountRowProps {
  readonly discount: BagDiscount;
  readonly currency: string;
  /** What to add for the discount to take something off; null while it does. */
  readonly needs: string | null;
  readonly onRemove: () => void;
}

export function DiscountRow({ discount, currency, needs, onRemove }: DiscountRowProps) {
  const rule = discount.kind === 'coupon' ? couponDiscount(discount.coupon) : rewardDiscount(discount.reward);
  const kind = discount.kind === 'coupon' ? 'Coupon' : 'Reward';
  return (
    <div className="bag-discount">
      <div className="bag-discount-text">
        <p className="bag-discount-name">
          <span className="bag-discount-kind">{kind}</span> {rule.Name}
        </p>
        <p className="bag-discount-note muted">{describeDiscount(rule, currency)}</p>
        {needs !== null ? <p className="bag-discount-needs notice notice-warning">{needs}</p> : null}
      </div>
      <button type="button" className="btn btn-link" onClick={onRemove}>
        Remove<span className="visually-hidden"> {`${kind.toLowerCase()} ${rule.Name}`}</span>
      </button>
    </div>
  );
}
