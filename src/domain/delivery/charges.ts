// What a delivery adds to the bill (ordering.md sections 3 and 7, the quote's DeliveryFee and ServiceFee). Where the
// spec is silent we chose: the fees come after taxes and the discount and before the tip, are neither taxed nor
// discounted, and do not count towards the tip's base; the total charged is the bag's total plus both fees. The
// storefront's summary and the sandbox's charge use these same functions, so what was shown is what is charged.

export interface DeliveryFees {
  /** Minor units. */
  readonly deliveryFee: number;
  /** Minor units. */
  readonly serviceFee: number;
}

/** Both fees together. */
export function feesTotal(fees: DeliveryFees | null): number {
  return fees === null ? 0 : fees.deliveryFee + fees.serviceFee;
}

/** The amount charged: the bag's grand total (lines, taxes, discount and tip) plus the delivery's fees. */
export function chargedTotal(grandTotal: number, fees: DeliveryFees | null): number {
  return grandTotal + feesTotal(fees);
}

/** Whether fees are well formed: whole minor units, never negative. */
export function validFees(fees: DeliveryFees): boolean {
  return [fees.deliveryFee, fees.serviceFee].every((amount) => Number.isSafeInteger(amount) && amount >= 0);
}

/** A placed order's delivery fees (the API's DeliveryFee and ServiceFee), or null for an order without them. */
export function orderFees(order: { readonly DeliveryFee?: number | undefined; readonly ServiceFee?: number | undefined }): DeliveryFees | null {
  if (order.DeliveryFee === undefined && order.ServiceFee === undefined) return null;
  return { deliveryFee: order.DeliveryFee ?? 0, serviceFee: order.ServiceFee ?? 0 };
}
