// The billing address form shown after a card is tokenized (ordering.md section 5, Billing address). The postal
// code comes from the card and is read-only; the state and the city are prefilled from it.
import type { ZipCities } from '../postal/zipCityEncoding';
import type { ZipTable } from '../postal/zipEncoding';
import { cityForPostalCode, stateForPostalCode } from '../postal/zipLookup';
import { ADDRESS_LIMIT, ADDRESS_LINE_1_REQUIRED, CITY_LIMIT, CITY_REQUIRED, STATE_REQUIRED, tooLong } from './messages';
import { isFilled, maxLength, required, validateForm } from './rules';
import type { FormErrors, FormRules } from './rules';

export interface BillingAddressValues {
  readonly addressLine1: string;
  readonly addressLine2: string;
  readonly city: string;
  readonly state: string;
  readonly postalCode: string;
}

/**
 * A card's billing address as the card provider's API and the log's card summary hold it. The form's values
 * (BillingAddressValues) become it once, on the way to the command (cardBillingAddress), and come back from it once,
 * when a refused card's address is offered again (billingFormValues).
 */
export interface BillingAddress {
  readonly address1: string;
  readonly address2: string;
  readonly city: string;
  readonly state: string;
  readonly postalCode: string;
}

/** The form's values as the card's billing address: trimmed, with the card's own postal code as it went to the provider. */
export function cardBillingAddress(values: BillingAddressValues, cardPostalCode: string): BillingAddress {
  return {
    address1: values.addressLine1.trim(),
    address2: values.addressLine2.trim(),
    city: values.city.trim(),
    state: values.state.trim(),
    postalCode: cardPostalCode,
  };
}

/** A card's billing address as the form opens with it for another card: its street, city and state (the postal code is the new card's). */
export function billingFormValues(billing: { readonly [K in keyof BillingAddress]?: string | undefined }): Omit<BillingAddressValues, 'postalCode'> {
  return { addressLine1: billing.address1 ?? '', addressLine2: billing.address2 ?? '', city: billing.city ?? '', state: billing.state ?? '' };
}

const BILLING_ADDRESS_RULES: FormRules<BillingAddressValues> = {
  addressLine1: [required(ADDRESS_LINE_1_REQUIRED), maxLength(ADDRESS_LIMIT, tooLong('Address Line 1', ADDRESS_LIMIT))],
  addressLine2: [maxLength(ADDRESS_LIMIT, tooLong('Address Line 2', ADDRESS_LIMIT))],
  city: [required(CITY_REQUIRED), maxLength(CITY_LIMIT, tooLong('City', CITY_LIMIT))],
  state: [required(STATE_REQUIRED)],
};

/** Address line 1, city and state are needed to register the card; line 2 is optional. */
export function validateBillingAddress(values: BillingAddressValues): FormErrors<keyof BillingAddressValues> {
  return validateForm(BILLING_ADDRESS_RULES, values);
}

/**
 * Fills an empty state from the card's postal code, so most shoppers only type their street and city. A state the
 * shopper chose is kept; an unknown code, or a table not loaded yet, leaves the state for the shopper to fill.
 */
export function prefillBillingState(values: BillingAddressValues, table: ZipTable | undefined): BillingAddressValues {
  if (isFilled(values.state) || table === undefined) return values;
  const state = stateForPostalCode(table, values.postalCode);
  return state === undefined ? values : { ...values, state };
}

/**
 * Fills an empty city with the postal code's USPS city, as the state is filled, so most shoppers only type their
 * street. A city the shopper typed is kept; an unknown code, or names not loaded yet, leaves the city to the shopper.
 */
export function prefillBillingCity(values: BillingAddressValues, table: ZipTable | undefined, cities: ZipCities | undefined): BillingAddressValues {
  if (isFilled(values.city) || table === undefined || cities === undefined) return values;
  const city = cityForPostalCode(table, cities, values.postalCode);
  return city === undefined ? values : { ...values, city };
}

/** The form as it opens for a card whose billing postal code is known. */
export function billingAddressInitialValues(postalCode: string, table: ZipTable | undefined): BillingAddressValues {
  return prefillBillingState({ addressLine1: '', addressLine2: '', city: '', state: '', postalCode }, table);
}
