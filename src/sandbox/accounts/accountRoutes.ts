// The account calls (account-and-session.md section 7). Status codes where the spec shows none: 200 with a JSON body
// (the profile for Register, Profile and Update; {} otherwise); 400 with [{Field, Errors}] for refused input;
// Login answers the OAuth forms: 400 {error: 'invalid_grant' | 'invalid_client' | 'unsupported_grant_type'}.
// Guessing is limited (guessing.ts): 429 with Retry-After for a send too soon to one destination ([{Field, Errors}])
// and for a locked account (Login: {error: 'too_many_attempts'}).
import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { opt } from '../../domain/codec';
import {
  ContactCodec,
  ForgotPasswordRequestCodec,
  LogoutRequestCodec,
  RegisterRequestCodec,
  ResetPasswordRequestCodec,
  UpdateAccountRequestCodec,
  VerifyRequestCodec,
} from '../../api/account';
import { authed, issueTokens, profileOf } from '../auth';
import type { SandboxCore } from '../core';
import { fieldErrors, ok, type Reply } from '../http';
import { withBody, type RouteTable } from '../routes';
import { hashPassword, passwordMatches, phoneKey, type CodePurpose, type UserRecord } from '../state';
import { sendCode, takeCode } from './codes';
import { logoutGrant, refreshGrant } from './tokenFamilies';
import { loginFailed, loginLockout, loginSucceeded, sendRefusal } from './guessing';
import { accountProblems, createUser, findByContact, findByEmail, findByUsername, MIN_PASSWORD_LENGTH } from './users';

const LoginFormCodec = t.intersection([
  t.type({ client_id: t.string, grant_type: t.string }),
  t.partial({ username: opt(t.string), password: opt(t.string), refresh_token: opt(t.string) }),
]);

const oauthError = (error: string, description: string): Reply => ({ status: 400, body: { error, error_description: description } });
const refused = (problems: [string, string][]): Reply => ({ status: 400, body: problems.map(([Field, message]) => ({ Field, Errors: [message] })) });
const NO_ACCOUNT = (field: string) => fieldErrors(400, field, 'No account uses that email address or phone number.');
const BAD_CODE = fieldErrors(400, 'code', 'The code is invalid or has expired.');

export function accountRoutes(core: SandboxCore): RouteTable {
  const oneTime = () => core.catalog.index.catalog.PasswordMode === 'OneTime';
  /** In OneTime mode the registration code also signs the new account in (section 4, one-time password mode). */
  const registerPurposes = (): CodePurpose[] => (oneTime() ? ['verify', 'login'] : ['verify']);
  const contactOf = (user: UserRecord, prefer: { email?: string | undefined; phoneNumber?: string | undefined }) =>
    prefer.phoneNumber && !prefer.email ? user.phoneNumber : user.email;
  const guestKnown = (contact: { email?: string | undefined; phoneNumber?: string | undefined }) =>
    Object.values(core.state.orders).some(
      (o) =>
        (contact.email !== undefined && o.guestEmail?.toLowerCase() === contact.email.trim().toLowerCase()) ||
        (contact.phoneNumber !== undefined && o.guestPhone !== null && phoneKey(o.guestPhone) === phoneKey(contact.phoneNumber)),
    );

  return {
    'POST /api/Account/Login': (call) => {
      const form = LoginFormCodec.decode(call.body ?? {});
      if (E.isLeft(form)) return oauthError('invalid_request', 'client_id and grant_type are required');
      const { client_id, grant_type, username, password, refresh_token } = form.right;
      if (client_id !== core.clientId) return oauthError('invalid_client', `unknown client_id '${client_id}'`);
      if (grant_type === 'refresh_token') {
        const result = refresh_token ? refreshGrant(core, refresh_token) : null;
        return result ? ok(result) : oauthError('invalid_grant', 'The refresh token is invalid or has expired.');
      }
      if (grant_type !== 'password') return oauthError('unsupported_grant_type', `grant_type must be password or refresh_token`);
      const user = username ? findByUsername(core, username) : undefined;
      if (!user) return oauthError('invalid_grant', 'The user name or password is incorrect.');
      // While locked, even the right password is refused.
      const locked = loginLockout(core, user);
      if (locked) return locked;
      if (!password) return oauthError('invalid_grant', 'The user name or password is incorrect.');
      if (passwordMatches(user.passwordHash, password)) {
        loginSucceeded(core, user);
        return ok(issueTokens(core, user));
      }
      // A code signs in only where codes are the password (OneTime); elsewhere it is just a wrong password.
      if (oneTime() && takeCode(core, user, password, 'login')) {
        // A code that reached the shopper proves the address, as verification does.
        user.verified = true;
        loginSucceeded(core, user);
        return ok(issueTokens(core, user));
      }
      return loginFailed(core, user) ?? oauthError('invalid_grant', 'The user name or password is incorrect.');
    },

    'POST /api/Account/SendLoginCode': withBody(
      ContactCodec,
      (contact) => {
        const user = findByContact(core, contact);
        if (user) {
          const sent = sendCode(core, user, contactOf(user, contact), ['login', 'verify']);
          return E.isLeft(sent) ? sent.left : ok({});
        }
        return { status: guestKnown(contact) ? 206 : 204 };
      },
      'fields',
    ),

    'POST /api/Account/Register': withBody(
      RegisterRequestCodec,
      (request) => {
        const problems = accountProblems(core, request, !oneTime(), null);
        if (problems.length > 0) return refused(problems);
        const sendTo = (core.catalog.index.catalog.UsernameMode === 'Phone' ? request.phoneNumber : request.email).trim();
        // Refused before the account exists, so the shopper can simply try again.
        const tooSoon = request.skipVerify === true ? null : sendRefusal(core, sendTo);
        if (tooSoon) return tooSoon;
        // A registration that says nothing about texts leaves the choice to be made (the prompt asks for it).
        const user = createUser(core, request, request.textNotificationOptIn ?? null);
        if (request.skipVerify !== true) sendCode(core, user, sendTo, registerPurposes());
        return ok(profileOf(core, user));
      },
      'fields',
    ),

    'POST /api/Account/Verify': withBody(
      VerifyRequestCodec,
      (request) => {
        const user = findByContact(core, request);
        if (!user) return NO_ACCOUNT(request.email ? 'email' : 'phoneNumber');
        if (!takeCode(core, user, request.code, 'verify')) return BAD_CODE;
        user.verified = true;
        core.changed();
        return ok({});
      },
      'fields',
    ),

    'POST /api/Account/ResendRegisterCode': withBody(
      ContactCodec,
      (contact) => {
        const user = findByContact(core, contact);
        if (!user) return NO_ACCOUNT(contact.email ? 'email' : 'phoneNumber');
        if (user.verified && !oneTime()) return fieldErrors(400, 'email', 'The account is already verified.');
        const sent = sendCode(core, user, contactOf(user, contact), registerPurposes());
        return E.isLeft(sent) ? sent.left : ok({});
      },
      'fields',
    ),

    'POST /api/Account/ForgotPassword': withBody(
      ForgotPasswordRequestCodec,
      (request) => {
        const user = findByEmail(core, request.email);
        if (!user) return NO_ACCOUNT('email');
        const sent = sendCode(core, user, user.email, ['reset']);
        return E.isLeft(sent) ? sent.left : ok({});
      },
      'fields',
    ),

    'POST /api/Account/ResetPassword': withBody(
      ResetPasswordRequestCodec,
      (request) => {
        const user = findByEmail(core, request.email);
        if (!user) return NO_ACCOUNT('email');
        if (request.password.length < MIN_PASSWORD_LENGTH) return fieldErrors(400, 'password', `Passwords must be at least ${MIN_PASSWORD_LENGTH} characters.`);
        if (request.password !== request.confirmPassword) return fieldErrors(400, 'confirmPassword', 'Password Confirmation must match Password');
        if (!takeCode(core, user, request.code, 'reset')) return BAD_CODE;
        user.passwordHash = hashPassword(request.password);
        // A new password ends every session of the account.
        for (const [token, record] of Object.entries(core.state.refreshTokens)) if (record.userId === user.id) delete core.state.refreshTokens[token];
        for (const [token, record] of Object.entries(core.state.accessTokens)) if (record.userId === user.id) delete core.state.accessTokens[token];
        core.changed();
        return ok({});
      },
      'fields',
    ),

    // Not an (auth) call: a sign-out whose access token has expired still ends its session.
    'POST /api/Account/Logout': withBody(LogoutRequestCodec, (request) => {
      logoutGrant(core, request.refreshToken);
      return { status: 204 };
    }),

    'POST /api/Account/Profile': authed(core, (_call, user) => ok(profileOf(core, user))),

    'POST /api/Account/Status': authed(core, (_call, user) =>
      ok({ Verified: user.verified, TextNotificationOptIn: user.textNotificationOptIn, CustomerSince: user.customerSince }),
    ),

    'POST /api/Account/Update': authed(core, (call, user) =>
      withBody(
        UpdateAccountRequestCodec,
        (request) => {
          const problems = accountProblems(core, request, false, user);
          if (problems.length > 0) return refused(problems);
          user.firstName = request.firstName.trim();
          user.lastName = request.lastName.trim();
          user.email = request.email.trim();
          user.phoneNumber = request.phoneNumber.trim();
          if (request.password) user.passwordHash = hashPassword(request.password);
          if (request.textNotificationOptIn !== undefined) user.textNotificationOptIn = request.textNotificationOptIn;
          core.changed();
          return ok(profileOf(core, user));
        },
        'fields',
      )(call),
    ),
  };
}
