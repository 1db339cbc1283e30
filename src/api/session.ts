// The login result and the two grants of POST /api/Account/Login (account-and-session.md sections 3 and 7):
// multipart form fields client_id, grant_type (password | refresh_token), username, password, refresh_token.
import * as t from 'io-ts';
import { opt } from '../domain/codec';
import type { Tokens } from './tokenStore';

export const ProfileCodec = t.intersection([
  t.type({ user_id: t.string, firstName: t.string, lastName: t.string, userName: t.string, email: t.string, phoneNumber: t.string }),
  t.partial({ client_id: opt(t.string) }),
]);
/** Who is signed in, without any token (this is what may enter the event log). */
export type Profile = t.TypeOf<typeof ProfileCodec>;

export const LoginResultCodec = t.intersection([
  ProfileCodec,
  t.type({ access_token: t.string, refresh_token: t.string, '.expires': t.string }),
  t.partial({ token_type: opt(t.string), expires_in: opt(t.number), '.issued': opt(t.string) }),
]);
export type LoginResult = t.TypeOf<typeof LoginResultCodec>;

export type LoginGrant =
  | { readonly grant_type: 'password'; readonly username: string; readonly password: string }
  | { readonly grant_type: 'refresh_token'; readonly refresh_token: string };

/** The form fields of a login; the sandbox and a real API read the same names. */
export function loginForm(clientId: string, grant: LoginGrant): Record<string, string> {
  return { client_id: clientId, ...grant };
}

export function tokensFromLogin(result: LoginResult): Tokens {
  const expires = Date.parse(result['.expires']);
  return {
    accessToken: result.access_token,
    refreshToken: result.refresh_token,
    expiresAt: Number.isFinite(expires) ? new Date(expires).toISOString() : result['.expires'],
    userId: result.user_id,
  };
}

export function profileOf(result: LoginResult): Profile {
  return {
    user_id: result.user_id,
    firstName: result.firstName,
    lastName: result.lastName,
    userName: result.userName,
    email: result.email,
    phoneNumber: result.phoneNumber,
    ...(result.client_id === undefined ? {} : { client_id: result.client_id }),
  };
}
