// Which fulfillment types a location offers and which one checkout starts with (ordering.md sections 2 and 4).
import type { Location } from './catalog/codecs';
import type { FulfillmentType } from './orders/codecs';

/** The checkout chooser's types, in the spec's order. Delivery is offered only when enabled. */
const CHOOSER_ORDER: readonly (readonly [FulfillmentType, 'Pickup' | 'Curbside' | 'DineIn' | 'Delivery'])[] = [
  ['PICKUP', 'Pickup'],
  ['DINEIN', 'DineIn'],
  ['CURBSIDE', 'Curbside'],
  ['DELIVERY', 'Delivery'],
];

/** The enabled types of a location; pickup when none is enabled (section 4, "Fulfillment"). */
export function offeredFulfillments(location: Pick<Location, 'Fulfillments'>): FulfillmentType[] {
  const offered = CHOOSER_ORDER.filter(([, key]) => location.Fulfillments?.[key]?.Enabled === true).map(([type]) => type);
  return offered.length > 0 ? offered : ['PICKUP'];
}

/**
 * The types this storefront's checkout can complete: every enabled type (delivery asks a signed-in shopper for an
 * address from the account's address book); pickup when none is enabled.
 */
export function checkoutFulfillments(location: Pick<Location, 'Fulfillments'>): FulfillmentType[] {
  return offeredFulfillments(location);
}

/** Whether the shopper may choose this type at checkout (the storefront's reducers and commands ask this). */
export function canCheckOutWith(location: Pick<Location, 'Fulfillments'>, type: FulfillmentType): boolean {
  return checkoutFulfillments(location).includes(type);
}

/**
 * The type checkout starts with: the one type the checkout can complete; with several, Pickup when it is one of them
 * (the spec leaves the choice to the shopper; most shoppers pick up, and a preselected Pickup saves them a tap while
 * the others stay one tap away); else none, and the shopper chooses.
 */
export function defaultFulfillment(location: Pick<Location, 'Fulfillments'>): FulfillmentType | null {
  const offered = checkoutFulfillments(location);
  if (offered.length === 1) return offered[0]!;
  return offered.includes('PICKUP') ? 'PICKUP' : null;
}

/** Whether the location enables this type at all (the API's view, which the sandbox enforces). */
export function isFulfillmentOffered(location: Pick<Location, 'Fulfillments'>, type: FulfillmentType): boolean {
  return offeredFulfillments(location).includes(type);
}

const SETTINGS_KEY: Readonly<Record<FulfillmentType, 'Pickup' | 'Curbside' | 'DineIn' | 'Delivery'>> = {
  PICKUP: 'Pickup',
  CURBSIDE: 'Curbside',
  DINEIN: 'DineIn',
  DELIVERY: 'Delivery',
};

/** The location's checkout or confirmation message for a type, if it has one. */
export function fulfillmentMessage(
  location: Pick<Location, 'Fulfillments'>,
  type: FulfillmentType,
  which: 'CheckoutMessage' | 'ConfirmationMessage',
): string | undefined {
  return location.Fulfillments?.[SETTINGS_KEY[type]]?.[which] ?? undefined;
}

export const FULFILLMENT_LABELS: Readonly<Record<FulfillmentType, string>> = {
  PICKUP: 'Pickup',
  CURBSIDE: 'Curbside',
  DINEIN: 'Dine In',
  DELIVERY: 'Delivery',
};

/** What the table note becomes when the shopper ticks 'skip note' (ordering.md section 4, Fulfillment). */
export const NO_TABLE = 'No Table';
