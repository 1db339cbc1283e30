// The account calls (account-and-session.md section 7): register, sign in (password or one-time code), codes,
// password recovery, profile, status and update. Tokens from a login go to the TokenStore and never to the caller,
// so nothing a command records can carry them.
import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { opt } from '../domain/codec';
import type { ApiError } from './apiError';
import { decodeWith, noContent, type HttpClient, type ReadAnswer } from './httpClient';
import { LoginResultCodec, ProfileCodec, loginForm, profileOf, tokensFromLogin, type Profile } from './session';

export const RegisterRequestCodec = t.intersection([
  t.type({ firstName: t.string, lastName: t.string, email: t.string, phoneNumber: t.string }),
  t.partial({ password: opt(t.string), confirmPassword: opt(t.string), textNotificationOptIn: opt(t.boolean), skipVerify: opt(t.boolean) }),
]);
export type RegisterRequest = t.TypeOf<typeof RegisterRequestCodec>;

/** Email or phone, whichever the catalog's UsernameMode signs in with. */
export const ContactCodec = t.partial({ email: opt(t.string), phoneNumber: opt(t.string) });
export type Contact = t.TypeOf<typeof ContactCodec>;

export const VerifyRequestCodec = t.intersection([t.type({ code: t.string }), ContactCodec]);
export type VerifyRequest = t.TypeOf<typeof VerifyRequestCodec>;

/** Account/Logout (the sandbox README's extension of the spec): the refresh token whose session ends. */
export const LogoutRequestCodec = t.type({ refreshToken: t.string });
export type LogoutRequest = t.TypeOf<typeof LogoutRequestCodec>;

export const ForgotPasswordRequestCodec = t.type({ email: t.string });
export type ForgotPasswordRequest = t.TypeOf<typeof ForgotPasswordRequestCodec>;

export const ResetPasswordRequestCodec = t.type({ email: t.string, code: t.string, password: t.string, confirmPassword: t.string });
export type ResetPasswordRequest = t.TypeOf<typeof ResetPasswordRequestCodec>;

export const UpdateAccountRequestCodec = t.intersection([
  t.type({ firstName: t.string, lastName: t.string, email: t.string, phoneNumber: t.string }),
  t.partial({ password: opt(t.string), confirmPassword: opt(t.string), textNotificationOptIn: opt(t.boolean) }),
]);
export type UpdateAccountRequest = t.TypeOf<typeof UpdateAccountRequestCodec>;

/** Account/Status; a TextNotificationOptIn absent or null means the shopper has made no choice yet. */
export const AccountStatusCodec = t.intersection([
  t.type({ Verified: t.boolean }),
  t.partial({ TextNotificationOptIn: opt(t.boolean), CustomerSince: opt(t.string) }),
]);
export type AccountStatus = t.TypeOf<typeof AccountStatusCodec>;

/**
 * What SendLoginCode's status means (account-and-session.md section 4): 200 a code was sent, go to verify; 204 no
 * such customer, go to register; 206 known only from a guest order, go to register (details can be prefilled).
 */
export type LoginCodeOutcome = { readonly status: 200; readonly next: 'verify' } | { readonly status: 204 | 206; readonly next: 'register' };

/** The signed-in user, without tokens, and when the session's access token expires. */
export interface SignedIn {
  readonly profile: Profile;
  readonly expiresAt: string;
}

type Result<A> = Promise<E.Either<ApiError, A>>;

export interface AccountCalls {
  register(request: RegisterRequest): Result<Profile>;
  /** The password grant: a password, or a one-time code in OneTime mode. Stores the tokens. */
  login(username: string, password: string): Result<SignedIn>;
  /** Start-up auto-login: trade the stored refresh token for fresh tokens. */
  refreshSession(): Result<true>;
  /**
   * The spec's Logout: the session is forgotten here at once, then ended at the API (Account/Logout, the sandbox
   * README's extension), so a copy of its tokens no longer works. A failed call is reported; the shopper is signed
   * out here either way.
   */
  signOut(): Promise<void>;
  sendLoginCode(contact: Contact): Result<LoginCodeOutcome>;
  verify(request: VerifyRequest): Result<void>;
  resendRegisterCode(contact: Contact): Result<void>;
  forgotPassword(request: ForgotPasswordRequest): Result<void>;
  resetPassword(request: ResetPasswordRequest): Result<void>;
  profile(): Result<Profile>;
  status(): Result<AccountStatus>;
  update(request: UpdateAccountRequest): Result<Profile>;
}

export function accountCalls(http: HttpClient): AccountCalls {
  const post = <A>(name: string, body: unknown, read: ReadAnswer<A>, auth = false): Result<A> => http.call({ name, path: name, body, auth, read });
  return {
    register: (request) => post<Profile>('Account/Register', request, decodeWith(ProfileCodec)),
    login: async (username, password) => {
      const result = await http.call({
        name: 'Account/Login',
        path: 'Account/Login',
        form: loginForm(http.clientId, { grant_type: 'password', username, password }),
        read: decodeWith(LoginResultCodec),
      });
      if (E.isLeft(result)) return result;
      const tokens = tokensFromLogin(result.right);
      http.tokens.set(tokens);
      return E.right({ profile: profileOf(result.right), expiresAt: tokens.expiresAt });
    },
    refreshSession: () => http.refreshSession(),
    signOut: async () => {
      const tokens = http.tokens.get();
      http.tokens.clear();
      if (tokens === null || tokens.refreshToken === '') return;
      await post<void>('Account/Logout', { refreshToken: tokens.refreshToken }, noContent);
    },
    sendLoginCode: (contact) =>
      post<LoginCodeOutcome>('Account/SendLoginCode', contact, ({ status }) =>
        status === 200
          ? E.right({ status: 200, next: 'verify' })
          : status === 204 || status === 206
            ? E.right({ status, next: 'register' })
            : E.left([`(status): expected 200, 204 or 206, got ${status}`]),
      ),
    verify: (request) => post<void>('Account/Verify', request, noContent),
    resendRegisterCode: (contact) => post<void>('Account/ResendRegisterCode', contact, noContent),
    forgotPassword: (request) => post<void>('Account/ForgotPassword', request, noContent),
    resetPassword: (request) => post<void>('Account/ResetPassword', request, noContent),
    profile: () => post<Profile>('Account/Profile', {}, decodeWith(ProfileCodec), true),
    status: () => post<AccountStatus>('Account/Status', {}, decodeWith(AccountStatusCodec), true),
    update: (request) => post<Profile>('Account/Update', request, decodeWith(ProfileCodec), true),
  };
}
