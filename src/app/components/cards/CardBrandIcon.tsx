// Card brand icons as inline SVG (no images from anywhere): amex, discover, diners, jcb, mastercard, visa, and a
// generic card for any other brand (account-and-session.md section 9).
import { KNOWN_CARD_BRANDS, type CardBrand } from '../../../domain/payments/cardNumbers';
import '../checkoutBlocks.css';

export const BRAND_NAMES: Readonly<Record<CardBrand, string>> = {
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  mastercard: 'Mastercard',
  visa: 'Visa',
  unknown: 'Card',
};

/** A tokenizer's brand name ('VISA', 'Visa', 'american_express') as one of ours. */
export function brandOf(name: string): CardBrand {
  const key = name.toLowerCase().replace(/[^a-z]/g, '');
  if (key === 'americanexpress') return 'amex';
  if (key === 'dinersclub') return 'diners';
  return (KNOWN_CARD_BRANDS as readonly string[]).includes(key) ? (key as CardBrand) : 'unknown';
}

function Art({ brand }: { readonly brand: CardBrand }) {
  switch (brand) {
    case 'visa':
      return (
        <>
          <rect width="40" height="26" rx="4" fill="#1a1f71" />
          <text x="20" y="17.5" textAnchor="middle" fontSize="11" fontWeight="800" fontStyle="italic" fill="#fff" fontFamily="Arial, sans-serif">
            VISA
          </text>
        </>
      );
    case 'mastercard':
      return (
        <>
          <rect width="40" height="26" rx="4" fill="#222" />
          <circle cx="16" cy="13" r="7.5" fill="#eb001b" />
          <circle cx="24" cy="13" r="7.5" fill="#f79e1b" fillOpacity="0.9" />
        </>
      );
    case 'amex':
      return (
        <>
          <rect width="40" height="26" rx="4" fill="#1f72cd" />
          <text x="20" y="16.5" textAnchor="middle" fontSize="8.5" fontWeight="800" fill="#fff" fontFamily="Arial, sans-serif">
            AMEX
          </text>
        </>
      );
    case 'discover':
      return (
        <>
          <rect width="40" height="26" rx="4" fill="#fff" stroke="#c9ced6" />
          <text x="4" y="16" fontSize="6.4" fontWeight="700" fill="#231f20" fontFamily="Arial, sans-serif">
            DISC
          </text>
          <circle cx="24.5" cy="13.7" r="3.3" fill="#f48120" />
          <text x="28.5" y="16" fontSize="6.4" fontWeight="700" fill="#231f20" fontFamily="Arial, sans-serif">
            VR
          </text>
        </>
      );
    case 'diners':
      return (
        <>
          <rect width="40" height="26" rx="4" fill="#fff" stroke="#c9ced6" />
          <circle cx="20" cy="13" r="8" fill="#0079be" />
          <circle cx="17" cy="13" r="4.6" fill="#fff" />
          <circle cx="23" cy="13" r="4.6" fill="#fff" />
          <circle cx="20" cy="13" r="3" fill="#0079be" />
        </>
      );
    case 'jcb':
      return (
        <>
          <rect width="40" height="26" rx="4" fill="#fff" stroke="#c9ced6" />
          <rect x="7" y="5" width="8" height="16" rx="3" fill="#0e4c96" />
          <rect x="16" y="5" width="8" height="16" rx="3" fill="#e21836" />
          <rect x="25" y="5" width="8" height="16" rx="3" fill="#00914f" />
          <text x="20" y="16" textAnchor="middle" fontSize="7" fontWeight="800" fill="#fff" fontFamily="Arial, sans-serif">
            JCB
          </text>
        </>
      );
    default:
      return (
        <>
          <rect width="40" height="26" rx="4" fill="#eef0f3" stroke="#8a939f" />
          <rect y="6" width="40" height="4" fill="#8a939f" />
          <rect x="5" y="16" width="14" height="3" rx="1.5" fill="#8a939f" />
        </>
      );
  }
}

/** The brand's icon, named for screen readers (or hidden when the name is said next to it). */
export function CardBrandIcon({ brand, decorative = false }: { readonly brand: CardBrand; readonly decorative?: boolean }) {
  return (
    <svg
      className="card-brand-icon"
      viewBox="0 0 40 26"
      width="40"
      height="26"
      focusable="false"
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': BRAND_NAMES[brand] })}
    >
      <Art brand={brand} />
    </svg>
  );
}
