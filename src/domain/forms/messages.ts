// Every validation message of the forms, word for word from account-and-session.md section 5 and ordering.md
// section 5, in one place so pages, the CLI and tests say the same thing.

export const FIRST_NAME_REQUIRED = 'First Name is required';
export const LAST_NAME_REQUIRED = 'Last Name is required';
export const EMAIL_REQUIRED = 'Email Address is required';
export const EMAIL_NOT_VALID = 'Email Address is not valid';
/** The reset-password page's own wording (account-and-session.md section 5). */
export const RESET_EMAIL_NOT_VALID = 'Email address is not valid!';
export const PHONE_REQUIRED = 'Phone Number is required';
export const PHONE_NOT_VALID = 'Phone Number is not valid';
export const PASSWORD_REQUIRED = 'Password is required';
export const CODE_REQUIRED = 'Code is required';
/** The shortest password an account takes (the spec names no bound; ASP.NET Identity's default, as the sandbox's). */
export const MIN_PASSWORD_LENGTH = 6;
/** Said under a new password before the shopper submits, so the API's refusal is not the first they hear of it. */
export const PASSWORD_RULE = `At least ${MIN_PASSWORD_LENGTH} characters.`;
export const CONFIRMATION_REQUIRED = 'Password Confirmation is required';
export const CONFIRMATION_MISMATCH = 'Password Confirmation must match Password';

export const ADDRESS_LINE_1_REQUIRED = 'Address Line 1 is required';
export const CITY_REQUIRED = 'City is required';
export const STATE_REQUIRED = 'State is required';

export const VEHICLE_MAKE_REQUIRED = 'Vehicle Make is required';
export const VEHICLE_MODEL_REQUIRED = 'Vehicle Model is required';
export const VEHICLE_COLOR_REQUIRED = 'Vehicle Color is required';

/** Pickup, dine-in and curbside notes (ordering.md section 9). */
export const NOTES_LIMIT = 150;
/** Item notes in the item panel (ordering.md sections 5 and 9). */
export const ITEM_NOTE_LIMIT = 50;

/**
 * Length limits the spec does not give ("Specific length bounds: not shown"): generous for real names and addresses,
 * and enforced by the API as well as the forms, so a 900 KB name is refused rather than stored.
 */
export const NAME_LIMIT = 50;
export const EMAIL_LIMIT = 254;
export const ADDRESS_LIMIT = 100;
export const CITY_LIMIT = 60;

/** The wording for a field over its limit, in the spec's "{Field} is ..." form. */
export function tooLong(field: string, limit: number): string {
  return `${field} must be ${limit} characters or fewer`;
}

/** The spec gives no wording for the length limits; this one names the limit so the shopper knows what to cut. */
export function notesTooLong(limit: number): string {
  return `Notes must be ${limit} characters or fewer`;
}

/** The spec gives no wording for a missing dine-in table note; it follows the spec's "X is required" form. */
export const TABLE_NOTE_REQUIRED = 'Table Note is required';
export { NO_TABLE } from '../fulfillment';
