// Decisions of the account (account-and-session.md section 4): who signed in, a profile saved, an account verified,
// logging out, and whether the text-notification prompt is due. Pure: the account commands (../account.ts) feed
// them the API's answers.
import type { State } from '../../events/state';
import { accept, append, event, type Decision, type Given } from './decision';

export interface SavedProfile {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly phone: string;
  readonly textNotificationOptIn: boolean | null;
}

/** The profile as the API saved it; nothing to record when nobody is signed in or nothing changed. */
export function profileUpdated(state: State, saved: SavedProfile): Decision {
  const profile = state.account.profile;
  if (profile === null) return append();
  const same =
    profile.firstName === saved.firstName &&
    profile.lastName === saved.lastName &&
    profile.email === saved.email &&
    profile.phone === saved.phone &&
    state.account.textNotificationOptIn === saved.textNotificationOptIn;
  return same ? append() : append(event('ProfileUpdated', { ...saved }));
}

/** The signed-in account's code was accepted. */
export function accountVerified(state: State): Decision {
  if (state.account.profile === null || state.account.verified) return append();
  return append(event('AccountVerified', {}));
}

/** Logout clears everything, the bag included, as one event with the next bag's key. */
export function loggedOut(given: Given): Decision {
  return append(event('LoggedOut', { idempotencyKey: given.newKey() }));
}

/**
 * The text-notification prompt (section 4): once per browser, when signed in and verified, no opt-in choice made yet
 * (the account's opt-in is neither yes nor no: a shopper who said no is not asked again) and the business offers text
 * notifications. Answers whether to show it now.
 */
export function textPromptDue(state: State, offersTexts: boolean): Decision<boolean> {
  const account = state.account;
  const due = offersTexts && account.profile !== null && account.verified && account.textNotificationOptIn === null && !state.prompts.textNotifications;
  return due ? accept(true, event('TextPromptShown', {})) : accept(false);
}
