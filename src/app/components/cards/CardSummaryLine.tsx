// A card as the shopper sees it: brand icon, '************1111', expiry, and a clock on a card that is not saved
// (used for this order only).
import { maskedCardNumber } from '../../../domain/payments/cardNumbers';
import type { CardSummary } from '../../../events/catalogue';
import { BRAND_NAMES, CardBrandIcon, brandOf } from './CardBrandIcon';
import '../checkoutBlocks.css';

function ClockIcon() {
  return (
    <svg className="card-clock" viewBox="0 0 20 20" width="20" height="20" role="img" aria-label="Not saved: used for this order only" focusable="false">
      <title>Not saved: used for this order only</title>
      <circle cx="10" cy="10" r="8" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M10 5.5V10l3 2" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

export function CardSummaryLine({ card }: { readonly card: CardSummary }) {
  const brand = brandOf(card.brand);
  return (
    <span className="card-line">
      <CardBrandIcon brand={brand} />
      <span className="card-line-text">
        <span className="card-line-number">
          <span className="visually-hidden">
            {BRAND_NAMES[brand]} ending in {card.last4}:{' '}
          </span>
          <span aria-hidden="true">{maskedCardNumber(card.last4)}</span>
        </span>
        <span className="card-line-exp muted">
          Expires {String(card.expMonth).padStart(2, '0')}/{String(card.expYear).slice(-2)}
        </span>
      </span>
      {card.saved ? null : <ClockIcon />}
    </span>
  );
}
