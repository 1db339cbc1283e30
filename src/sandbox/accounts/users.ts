// Finding and creating accounts. An account signs in with its email (case-insensitive) or its phone number (by its
// US digits), whichever the shopper types.
import { EMAIL_LIMIT, MIN_PASSWORD_LENGTH, NAME_LIMIT, tooLong } from '../../domain/forms/messages';
import { EMAIL_PATTERN } from '../../domain/forms/rules';
import { validatePhone } from '../../domain/phone';
import type { SandboxCore } from '../core';
import { hashPassword, newId, phoneKey, type UserRecord } from '../state';

/** Passwords shorter than this are refused (the storefront says the same rule under the field). */
export { MIN_PASSWORD_LENGTH };

export function findByEmail(core: SandboxCore, email: string): UserRecord | undefined {
  const wanted = email.trim().toLowerCase();
  if (wanted === '') return undefined;
  return Object.values(core.state.users).find((u) => u.email.toLowerCase() === wanted);
}

export function findByPhone(core: SandboxCore, phone: string): UserRecord | undefined {
  const wanted = phoneKey(phone);
  if (wanted === '') return undefined;
  return Object.values(core.state.users).find((u) => phoneKey(u.phoneNumber) === wanted);
}

export function findByUsername(core: SandboxCore, username: string): UserRecord | undefined {
  return username.includes('@') ? findByEmail(core, username) : (findByPhone(core, username) ?? findByEmail(core, username));
}

export function findByContact(core: SandboxCore, contact: { email?: string | undefined; phoneNumber?: string | undefined }): UserRecord | undefined {
  if (contact.email) return findByEmail(core, contact.email);
  if (contact.phoneNumber) return findByPhone(core, contact.phoneNumber);
  return undefined;
}

export interface AccountFields {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly phoneNumber: string;
  readonly password?: string | undefined;
  readonly confirmPassword?: string | undefined;
}

/**
 * Problems with account fields, as [field, message] pairs: names required, a valid email and US phone, neither
 * used by another account, and a password pair when one is given (required when `passwordRequired`).
 */
export function accountProblems(core: SandboxCore, fields: AccountFields, passwordRequired: boolean, self: UserRecord | null): [string, string][] {
  const problems: [string, string][] = [];
  if (fields.firstName.trim() === '') problems.push(['firstName', 'First Name is required']);
  else if (fields.firstName.length > NAME_LIMIT) problems.push(['firstName', tooLong('First Name', NAME_LIMIT)]);
  if (fields.lastName.trim() === '') problems.push(['lastName', 'Last Name is required']);
  else if (fields.lastName.length > NAME_LIMIT) problems.push(['lastName', tooLong('Last Name', NAME_LIMIT)]);
  if (fields.email.length > EMAIL_LIMIT) problems.push(['email', tooLong('Email Address', EMAIL_LIMIT)]);
  else if (!EMAIL_PATTERN.test(fields.email.trim())) problems.push(['email', 'Email Address is not valid']);
  else {
    const other = findByEmail(core, fields.email);
    if (other && other !== self) problems.push(['email', `Email '${fields.email.trim()}' is already taken.`]);
  }
  if (validatePhone(fields.phoneNumber)._tag === 'Left') problems.push(['phoneNumber', 'Phone Number is not valid']);
  else {
    const other = findByPhone(core, fields.phoneNumber);
    if (other && other !== self) problems.push(['phoneNumber', `Phone number '${fields.phoneNumber.trim()}' is already taken.`]);
  }
  const password = fields.password ?? '';
  const confirm = fields.confirmPassword ?? '';
  if (password !== '' || confirm !== '' || passwordRequired) {
    if (password.length < MIN_PASSWORD_LENGTH) problems.push(['password', `Passwords must be at least ${MIN_PASSWORD_LENGTH} characters.`]);
    else if (password !== confirm) problems.push(['confirmPassword', 'Password Confirmation must match Password']);
  }
  return problems;
}

export function createUser(core: SandboxCore, fields: AccountFields, textNotificationOptIn: boolean | null): UserRecord {
  const id = newId('usr');
  const user: UserRecord = {
    id,
    email: fields.email.trim(),
    phoneNumber: fields.phoneNumber.trim(),
    firstName: fields.firstName.trim(),
    lastName: fields.lastName.trim(),
    passwordHash: fields.password ? hashPassword(fields.password) : null,
    verified: false,
    textNotificationOptIn,
    customerSince: new Date(core.now()).toISOString(),
    favorites: [],
    giftCardIds: [],
    usedCouponIds: [],
    loyalty: null,
  };
  core.state.users[id] = user;
  core.changed();
  return user;
}
