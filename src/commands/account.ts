// Account commands (account-and-session.md sections 4, 5 and 8): sign-in with a password or a one-time code, sign-up
// and verification, codes and resends, password recovery, the profile, logout and the text-notification prompt, and
// what the API's answers mean. A group of commands loaded with its first call, not with the first page (named in the
// manifest of on-demand parts, src/app/root/parts.ts; see ./lazyGroups.ts). The decisions are in ./decide/account.ts
// and ./decide/session.ts.
import * as E from 'fp-ts/lib/Either.js';
import { firstFieldError, hasStatus, type ApiError } from '../api/apiError';
import type { Contact } from '../api/account';
import * as say from '../domain/account/messages';
import type { ProfileValues } from '../domain/forms/profile';
import { signInModes, type SignInModes } from '../domain/forms/signInModes';
import type { State } from '../events/state';
import * as decide from './decide/account';
import type { Outcome } from './decide/decision';
import { apply, given, serialQueue, type CommandServices } from './services';
import { enterSession } from './session';

interface FlowContext {
  readonly services: CommandServices;
  readonly serially: ReturnType<typeof serialQueue>;
  /** What else a sign-in loads, beside the account (section 4: catalog and loyalty status, in parallel). */
  readonly alsoLoad: () => Promise<unknown>;
}

export interface Registration {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly phone: string;
  /** UserDefined mode's chosen password (and its confirmation); none in OneTime mode. */
  readonly password?: string;
  readonly confirmPassword?: string;
  /** The shopper's choice; null where the business offers no texts (nothing is sent: no choice was made). */
  readonly textNotificationOptIn: boolean | null;
}

export interface PasswordReset {
  readonly email: string;
  readonly code: string;
  readonly password: string;
  readonly confirmPassword: string;
}

/**
 * The profile page's fields (a password left empty keeps the one the shopper has; a text opt-in of null, where the
 * business offers no texts, keeps the account's choice).
 */
export type ProfileChange = Omit<ProfileValues, 'textNotificationOptIn'> & { readonly textNotificationOptIn: boolean | null };

/** The business's sign-in modes, from the catalog the state holds (the defaults before one is loaded). */
export function modesOf(services: CommandServices, state: State = services.store.getState()): SignInModes {
  const catalog = state.catalog.hash === null ? undefined : services.store.context.catalog(state.catalog.hash);
  return signInModes(catalog?.catalog ?? {});
}

/** The username as the API's contact field: an email, or a phone number, by mode. */
export function contactOf(modes: SignInModes, username: string): Contact {
  return modes.usernameMode === 'Phone' ? { phoneNumber: username.trim() } : { email: username.trim() };
}

const tooMany = (error: ApiError) => hasStatus(error, 429);

/** Signs in with a password, or with a one-time code (`code`), then loads what a signed-in start loads. */
async function signIn(flow: FlowContext, username: string, secret: string, kind: 'password' | 'code'): Promise<Outcome> {
  const { services } = flow;
  const modes = modesOf(services);
  const login = await services.api.account.login(username.trim(), secret);
  if (E.isLeft(login)) {
    if (tooMany(login.left)) return E.left(say.TOO_MANY_ATTEMPTS);
    return E.left(kind === 'code' ? say.codeLoginFailed(modes.usernameMode) : say.loginFailed(modes.usernameMode));
  }
  await Promise.all([enterSession(services, flow.serially, login.right.profile), flow.alsoLoad()]);
  return E.right(undefined);
}

/** OneTime mode's first step: 200 goes on to the code, 204 or 206 to registering (section 4). */
async function sendLoginCode(flow: FlowContext, username: string): Promise<Outcome<'verify' | 'register'>> {
  const modes = modesOf(flow.services);
  const sent = await flow.services.api.account.sendLoginCode(contactOf(modes, username));
  if (E.isLeft(sent)) return E.left(tooMany(sent.left) ? say.WAIT_BEFORE_RESEND : say.sendCodeFailed(modes.usernameMode));
  return E.right(sent.right.next);
}

/** Registers; the API sends the code that verifies the account (and, in OneTime mode, signs it in). */
async function register(flow: FlowContext, details: Registration): Promise<Outcome> {
  const answer = await flow.services.api.account.register({
    firstName: details.firstName.trim(),
    lastName: details.lastName.trim(),
    email: details.email.trim(),
    phoneNumber: details.phone.trim(),
    ...(details.password === undefined ? {} : { password: details.password, confirmPassword: details.confirmPassword ?? '' }),
    ...(details.textNotificationOptIn === null ? {} : { textNotificationOptIn: details.textNotificationOptIn }),
    // The account is verified by the code sent to it (account-and-session.md sections 4 and 7): never skipped here.
    skipVerify: false,
  });
  return E.isLeft(answer) ? E.left(firstFieldError(answer.left) ?? say.REGISTRATION_FAILED) : E.right(undefined);
}

/** Account/Verify with the code sent to the username; a signed-in account is recorded as verified. */
async function verifyAccount(flow: FlowContext, username: string, code: string): Promise<Outcome> {
  const { services } = flow;
  const answer = await services.api.account.verify({ ...contactOf(modesOf(services), username), code: code.trim() });
  if (E.isLeft(answer)) return E.left(tooMany(answer.left) ? say.TOO_MANY_ATTEMPTS : (firstFieldError(answer.left) ?? say.VERIFY_FAILED));
  await flow.serially(() => apply(services, decide.accountVerified(services.store.getState())));
  return E.right(undefined);
}

/** Sends the code again: a sign-in code, or the registration (verification) code. Answers 'Code was sent!'. */
async function resendCode(flow: FlowContext, username: string, which: 'login' | 'register'): Promise<Outcome<string>> {
  const { api } = flow.services;
  const contact = contactOf(modesOf(flow.services), username);
  const answer = which === 'login' ? await api.account.sendLoginCode(contact) : await api.account.resendRegisterCode(contact);
  if (E.isLeft(answer)) return E.left(tooMany(answer.left) ? say.WAIT_BEFORE_RESEND : say.CODE_NOT_SENT);
  return E.right(say.CODE_SENT);
}

async function forgotPassword(flow: FlowContext, email: string): Promise<Outcome> {
  const answer = await flow.services.api.account.forgotPassword({ email: email.trim() });
  return E.isLeft(answer) ? E.left(say.FORGOT_FAILED) : E.right(undefined);
}

async function resetPassword(flow: FlowContext, reset: PasswordReset): Promise<Outcome<string>> {
  const answer = await flow.services.api.account.resetPassword({
    email: reset.email.trim(),
    code: reset.code.trim(),
    password: reset.password,
    confirmPassword: reset.confirmPassword,
  });
  if (E.isLeft(answer)) return E.left(tooMany(answer.left) ? say.TOO_MANY_ATTEMPTS : say.RESET_FAILED);
  return E.right(say.RESET_DONE);
}

/** Saves the profile; answers 'Profile updated!' or the API's first error ('Could not update profile!' without one). */
async function updateProfile(flow: FlowContext, change: ProfileChange): Promise<Outcome<string>> {
  const { services } = flow;
  const answer = await services.api.account.update({
    firstName: change.firstName.trim(),
    lastName: change.lastName.trim(),
    email: change.email.trim(),
    phoneNumber: change.phone.trim(),
    ...(change.password === '' ? {} : { password: change.password, confirmPassword: change.confirmPassword }),
    ...(change.textNotificationOptIn === null ? {} : { textNotificationOptIn: change.textNotificationOptIn }),
  });
  if (E.isLeft(answer)) return E.left(answer.left.kind === 'unauthorized' ? say.NOT_LOGGED_IN : (firstFieldError(answer.left) ?? say.PROFILE_UPDATE_FAILED));
  const p = answer.right;
  await flow.serially(() =>
    apply(
      services,
      decide.profileUpdated(services.store.getState(), {
        firstName: p.firstName,
        lastName: p.lastName,
        email: p.email,
        phone: p.phoneNumber,
        textNotificationOptIn: change.textNotificationOptIn ?? services.store.getState().account.textNotificationOptIn,
      }),
    ),
  );
  return E.right(say.PROFILE_UPDATED);
}

/** Logout: the session's tokens go (and the API ends it), and everything the shopper had is cleared, the bag included. */
async function logout(flow: FlowContext): Promise<Outcome> {
  // The tokens leave this device at once; the API ends the session meanwhile (a copy of them stops working).
  const ended = flow.services.api.account.signOut();
  const outcome = await flow.serially(() => apply(flow.services, decide.loggedOut(given(flow.services))));
  await ended;
  return outcome;
}

/** The text-notification prompt when it is due now (recorded once shown, so once per browser), else null. */
async function textPrompt(flow: FlowContext): Promise<Outcome<string | null>> {
  const { services } = flow;
  const state = services.store.getState();
  const catalog = state.catalog.hash === null ? undefined : services.store.context.catalog(state.catalog.hash);
  const due = await flow.serially(() => apply(services, decide.textPromptDue(services.store.getState(), catalog?.catalog.HasTextNotifications === true)));
  return E.map((shown: boolean) => (shown ? say.TEXT_PROMPT : null))(due);
}

export function accountCommands(services: CommandServices, serially = serialQueue(), alsoLoad: () => Promise<unknown> = async () => undefined) {
  const flow: FlowContext = { services, serially, alsoLoad };
  return {
    /** UserDefined mode: the username and the password; then what a signed-in start loads. */
    signIn: (username: string, password: string): Promise<Outcome> => signIn(flow, username, password, 'password'),
    /** OneTime mode: asks for a code; answers the next step ('verify' when sent, 'register' for a new customer). */
    sendLoginCode: (username: string): Promise<Outcome<'verify' | 'register'>> => sendLoginCode(flow, username),
    /** OneTime mode: signs in with the code that was sent. */
    signInWithCode: (username: string, code: string): Promise<Outcome> => signIn(flow, username, code.trim(), 'code'),
    register: (details: Registration): Promise<Outcome> => register(flow, details),
    verifyAccount: (username: string, code: string): Promise<Outcome> => verifyAccount(flow, username, code),
    resendCode: (username: string, which: 'login' | 'register'): Promise<Outcome<string>> => resendCode(flow, username, which),
    forgotPassword: (email: string): Promise<Outcome> => forgotPassword(flow, email),
    resetPassword: (reset: PasswordReset): Promise<Outcome<string>> => resetPassword(flow, reset),
    updateProfile: (change: ProfileChange): Promise<Outcome<string>> => updateProfile(flow, change),
    logout: (): Promise<Outcome> => logout(flow),
    /** The text-notification prompt's words when it is due now (once per browser), else null. */
    showTextPrompt: (): Promise<Outcome<string | null>> => textPrompt(flow),
  };
}

export type AccountCommands = ReturnType<typeof accountCommands>;
