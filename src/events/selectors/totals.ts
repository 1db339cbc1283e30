// The totals list the bag, checkout, the confirmation and the order history show (ordering.md sections 2 and 9),
// decided here once: which lines show and with what amounts; <Totals> only renders them. Subtotal, Tax, Discount
// (only above 0, shown negative), a delivery's Delivery Fee and Service Fee, Tip (only where the location shows
// tipping and the tip is above 0), Total, and when a gift card pays part or all of it, what it pays and what the card
// is charged (issue 34).
import type { Location } from '../../domain/catalog/codecs';
import { chargedTotal, orderFees, type DeliveryFees } from '../../domain/delivery/charges';
import type { Order } from '../../domain/orders/codecs';
import { paidWithGiftCard, type GiftCardSplit } from '../../domain/payments/giftCardSplit';
import type { Preview } from '../../domain/pricing/priceCart';
import { tippingEnabled } from '../../domain/tip';
import type { State } from '../state';
import type { BagView } from './bag';
import { chosenGiftCard, paymentSplit } from './checkout';
import { deliveryFees } from './delivery';

export interface TotalsLines {
  readonly subTotal: number;
  readonly totalTaxes: number;
  /** What the discount takes off, shown negative; null when it takes nothing (no line). */
  readonly discount: number | null;
  /** A delivery's fees, after taxes and the discount and before the tip (README, "Money and pricing"); null: no lines. */
  readonly fees: DeliveryFees | null;
  /** The tip line, or null when it does not show. */
  readonly tip: { readonly amount: number; readonly label: string } | null;
  /** What the order charges, fees included. */
  readonly total: number;
  /** How the total is paid when a gift card pays some of it; null otherwise (no lines). */
  readonly paidWith: GiftCardSplit | null;
}

/** Whether the Tip line shows: the location shows tipping and the tip is above 0 (ordering.md section 9). */
export function showTipLine(location: Location, tip: number): boolean {
  return tippingEnabled(location) && tip > 0;
}

const discountLine = (totalDiscounts: number): number | null => (totalDiscounts > 0 ? totalDiscounts : null);

/** The bag's totals: no tip, fees or payment yet (they are chosen at checkout). */
export function bagTotals(preview: Preview): TotalsLines {
  return {
    subTotal: preview.subTotal,
    totalTaxes: preview.totalTaxes,
    discount: discountLine(preview.totalDiscounts),
    fees: null,
    tip: null,
    total: preview.grandTotal,
    paidWith: null,
  };
}

/** Checkout's totals: the bag's with the delivery's fees, the tip (with its percentage when one was picked) and the gift card's part. */
export function checkoutTotals(state: State, bag: BagView, location: Location): TotalsLines | null {
  const preview = bag.preview;
  if (preview === null) return null;
  const fees = deliveryFees(state);
  const total = chargedTotal(preview.grandTotal, fees);
  const giftCard = chosenGiftCard(state) === null ? 0 : paymentSplit(state, bag).giftCard;
  const { percent } = state.bag.tip;
  return {
    ...bagTotals(preview),
    fees,
    tip: showTipLine(location, preview.totalTips) ? { amount: preview.totalTips, label: percent !== null ? `Tip (${percent}%)` : 'Tip' } : null,
    total,
    paidWith: giftCard > 0 ? { giftCard, card: total - giftCard } : null,
  };
}

/** A placed order's totals, as its answer gives them (the confirmation and the order history). */
export function orderTotals(order: Order, location: Location): TotalsLines {
  return {
    subTotal: order.SubTotal,
    totalTaxes: order.TotalTaxes,
    discount: discountLine(order.TotalDiscounts),
    fees: orderFees(order),
    tip: showTipLine(location, order.TotalTips) ? { amount: order.TotalTips, label: 'Tip' } : null,
    total: order.GrandTotal,
    paidWith: paidWithGiftCard(order),
  };
}

/** Two totals show the same lines (a view tells its readers only when they change). */
export function sameTotals(a: TotalsLines | null, b: TotalsLines | null): boolean {
  if (a === b) return true;
  if (a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}
