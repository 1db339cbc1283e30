// How the business signs shoppers in (account-and-session.md section 1): the username is an email or a phone number,
// the password is chosen by the shopper or a one-time code. The login, register and profile forms follow these.
import type { Catalog } from '../catalog/codecs';

export type UsernameMode = NonNullable<Catalog['UsernameMode']>;
export type PasswordMode = NonNullable<Catalog['PasswordMode']>;

export interface SignInModes {
  readonly usernameMode: UsernameMode;
  readonly passwordMode: PasswordMode;
}

/** The catalog's modes; a catalog that names none signs in by email and a chosen password, the common case. */
export function signInModes(catalog: Pick<Catalog, 'UsernameMode' | 'PasswordMode'>): SignInModes {
  return { usernameMode: catalog.UsernameMode ?? 'Email', passwordMode: catalog.PasswordMode ?? 'UserDefined' };
}
