// The address book's form (account-and-session.md sections 3 and 5): address lines, city, state prefilled from the
// postal code, first and last name, organization, phone, nickname and delivery instructions. The same rules run in
// the form and in the API, which also answers problems of its own (an unknown ZIP code) shown beside their fields.
import type { ZipTable } from '../postal/zipEncoding';
import { normalizePostalCode, stateForPostalCode } from '../postal/zipLookup';
import {
  ADDRESS_LIMIT,
  ADDRESS_LINE_1_REQUIRED,
  CITY_LIMIT,
  CITY_REQUIRED,
  FIRST_NAME_REQUIRED,
  LAST_NAME_REQUIRED,
  NAME_LIMIT,
  NOTES_LIMIT,
  STATE_REQUIRED,
  tooLong,
} from '../forms/messages';
import { validPhone } from '../forms/phoneRule';
import { isFilled, maxLength, required, validateForm, type FormErrors, type FormRules, type Rule } from '../forms/rules';

/** A delivery address as the API holds it (ordering.md section 3, "Delivery"). */
export interface DeliveryAddressFields {
  readonly AddressLine1: string;
  readonly AddressLine2?: string | undefined;
  readonly Locality: string;
  readonly AdministrativeDistrictLevel1: string;
  readonly PostalCode: string;
  readonly Country?: string | undefined;
  readonly FirstName?: string | undefined;
  readonly LastName?: string | undefined;
  readonly Organization?: string | undefined;
  readonly PhoneNumber?: string | undefined;
  readonly NickName?: string | undefined;
  readonly Instructions?: string | undefined;
  readonly Latitude?: number | undefined;
  readonly Longitude?: number | undefined;
}

export interface AddressValues {
  readonly addressLine1: string;
  readonly addressLine2: string;
  readonly city: string;
  readonly state: string;
  readonly postalCode: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly organization: string;
  readonly phone: string;
  readonly nickname: string;
  readonly instructions: string;
}

export type AddressField = keyof AddressValues;

export const EMPTY_ADDRESS: AddressValues = {
  addressLine1: '',
  addressLine2: '',
  city: '',
  state: '',
  postalCode: '',
  firstName: '',
  lastName: '',
  organization: '',
  phone: '',
  nickname: '',
  instructions: '',
};

/** The spec gives no wording for a missing or malformed postal code in this form; it follows "X is required". */
const POSTAL_CODE_REQUIRED = 'Postal Code is required';
const POSTAL_CODE_NOT_VALID = 'Postal Code is not valid';

const validPostalCode: Rule = (text) => (normalizePostalCode(text) === undefined ? POSTAL_CODE_NOT_VALID : undefined);

const ADDRESS_RULES: FormRules<AddressValues> = {
  addressLine1: [required(ADDRESS_LINE_1_REQUIRED), maxLength(ADDRESS_LIMIT, tooLong('Address Line 1', ADDRESS_LIMIT))],
  addressLine2: [maxLength(ADDRESS_LIMIT, tooLong('Address Line 2', ADDRESS_LIMIT))],
  city: [required(CITY_REQUIRED), maxLength(CITY_LIMIT, tooLong('City', CITY_LIMIT))],
  state: [required(STATE_REQUIRED)],
  postalCode: [required(POSTAL_CODE_REQUIRED), validPostalCode],
  firstName: [required(FIRST_NAME_REQUIRED), maxLength(NAME_LIMIT, tooLong('First Name', NAME_LIMIT))],
  lastName: [required(LAST_NAME_REQUIRED), maxLength(NAME_LIMIT, tooLong('Last Name', NAME_LIMIT))],
  organization: [maxLength(NAME_LIMIT, tooLong('Organization', NAME_LIMIT))],
  phone: [validPhone()],
  nickname: [maxLength(NAME_LIMIT, tooLong('Nickname', NAME_LIMIT))],
  instructions: [maxLength(NOTES_LIMIT, tooLong('Delivery Instructions', NOTES_LIMIT))],
};

/** Street, city, state, postal code, and who receives it, are needed; the rest is optional. */
export function validateAddress(values: AddressValues): FormErrors<AddressField> {
  return validateForm(ADDRESS_RULES, values);
}

/** Fills the state from the postal code while the shopper has not typed one (ordering.md section 5, as billing). */
export function prefillAddressState(values: AddressValues, table: ZipTable | undefined): AddressValues {
  if (isFilled(values.state) || table === undefined) return values;
  const state = stateForPostalCode(table, values.postalCode);
  return state === undefined ? values : { ...values, state };
}

const optional = (text: string): string | undefined => (text.trim() === '' ? undefined : text.trim());

/** The form's values as the API's address; empty optional fields are left out. */
export function addressFromValues(values: AddressValues): DeliveryAddressFields {
  const fields: Record<string, string | undefined> = {
    AddressLine1: values.addressLine1.trim(),
    AddressLine2: optional(values.addressLine2),
    Locality: values.city.trim(),
    AdministrativeDistrictLevel1: values.state.trim().toUpperCase(),
    PostalCode: values.postalCode.trim(),
    Country: 'US',
    FirstName: optional(values.firstName),
    LastName: optional(values.lastName),
    Organization: optional(values.organization),
    PhoneNumber: optional(values.phone),
    NickName: optional(values.nickname),
    Instructions: optional(values.instructions),
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as unknown as DeliveryAddressFields;
}

/** A saved address back in the form, to edit it. */
export function valuesFromAddress(address: DeliveryAddressFields): AddressValues {
  return {
    addressLine1: address.AddressLine1,
    addressLine2: address.AddressLine2 ?? '',
    city: address.Locality,
    state: address.AdministrativeDistrictLevel1,
    postalCode: address.PostalCode,
    firstName: address.FirstName ?? '',
    lastName: address.LastName ?? '',
    organization: address.Organization ?? '',
    phone: address.PhoneNumber ?? '',
    nickname: address.NickName ?? '',
    instructions: address.Instructions ?? '',
  };
}

/** "55 Bethune St, Apt 2, New York, NY 10014": how an address reads in a list, a quote and a confirmation. */
export function formatAddress(
  address: Pick<DeliveryAddressFields, 'AddressLine1' | 'AddressLine2' | 'Locality' | 'AdministrativeDistrictLevel1' | 'PostalCode'>,
): string {
  const region = [address.AdministrativeDistrictLevel1, address.PostalCode].filter((p) => p.trim() !== '').join(' ');
  return [address.AddressLine1, address.AddressLine2 ?? '', address.Locality, region].filter((p) => p.trim() !== '').join(', ');
}

/** What names an address in a list: its nickname, else its first line. */
export function addressLabel(address: Pick<DeliveryAddressFields, 'NickName' | 'AddressLine1'>): string {
  return address.NickName && address.NickName.trim() !== '' ? address.NickName : address.AddressLine1;
}

const PROBLEM_FIELDS: readonly (readonly [string, AddressField])[] = [
  ['address line 1', 'addressLine1'],
  ['address line 2', 'addressLine2'],
  ['city', 'city'],
  ['state', 'state'],
  ['postal code', 'postalCode'],
  ['first name', 'firstName'],
  ['last name', 'lastName'],
  ['organization', 'organization'],
  ['phone number', 'phone'],
  ['nickname', 'nickname'],
  ['delivery instructions', 'instructions'],
];

/**
 * The API's validation problems placed beside their fields (the field each names); a problem naming no field is
 * kept under `form`, shown above the buttons.
 */
export function problemsByField(problems: readonly string[]): Partial<Record<AddressField | 'form', string>> {
  const placed: Partial<Record<AddressField | 'form', string>> = {};
  for (const problem of problems) {
    const text = problem.toLowerCase();
    const field = PROBLEM_FIELDS.find(([name]) => text.includes(name))?.[1] ?? 'form';
    placed[field] ??= problem;
  }
  return placed;
}
