// What the account pages say (account-and-session.md section 8, word for word), by the business's username mode, and
// our own words where the spec is silent (written down in the README's account section).
import type { UsernameMode } from '../forms/signInModes';

const byMode = (mode: UsernameMode, email: string, phone: string): string => (mode === 'Phone' ? phone : email);

export const loginFailed = (mode: UsernameMode) => byMode(mode, 'Invalid email address or password!', 'Invalid phone number or password!');
export const codeLoginFailed = (mode: UsernameMode) => byMode(mode, 'Invalid email address or code!', 'Invalid phone number or code!');
export const sendCodeFailed = (mode: UsernameMode) =>
  byMode(mode, 'Error during email address login. Please try again.', 'Error during phone number login. Please try again.');
/** The link back from the code step to the login step. */
export const changeUsername = (mode: UsernameMode) => byMode(mode, 'Change email', 'Change Phone Number');

/** Our words, in the offline notice's: a sign-in pressed without a network waits for it and goes on by itself. */
export const SIGN_IN_WAITS = 'You’re offline: you will be signed in when you’re back online.';
export const SEND_CODE_WAITS = 'You’re offline: your code will be sent when you’re back online.';
export const CODE_CHECK_WAITS = 'You’re offline: your code will be checked when you’re back online.';
export const REGISTER_WAITS = 'You’re offline: your account will be created when you’re back online.';
export const FORGOT_PASSWORD_WAITS = 'You’re offline: your reset code will be sent when you’re back online.';
export const RESET_PASSWORD_WAITS = 'You’re offline: your new password will be saved when you’re back online.';
export const PROFILE_WAITS = 'You’re offline: your changes will be saved when you’re back online.';
/** The favorite heart of a signed-in shopper (its toggle is saved to the account). */
export const FAVORITE_WAITS = 'You’re offline: your favorites will be saved when you’re back online.';

export const CODE_SENT = 'Code was sent!';
export const CODE_NOT_SENT = 'Unable to resend code!';
export const REGISTRATION_FAILED = 'Unable to complete registration!';
export const VERIFY_FAILED = 'Unable to verify account';
export const ACCOUNT_VERIFIED = 'Account verified!';
export const FORGOT_FAILED = 'Invalid email address!';
export const RESET_FAILED = 'Unable to reset password!';
export const RESET_DONE = 'Password reset successfully!';
export const PROFILE_UPDATE_FAILED = 'Could not update profile!';
export const PROFILE_UPDATED = 'Profile updated!';
export const NOT_LOGGED_IN = 'Not Logged In';
export const LOGIN_HEADING = 'Welcome back, please login';
export const TEXT_PROMPT = "Hey! We've added text notifications. Hop over to your profile to opt in!";

/**
 * Our words for what the spec leaves unsaid: the API refuses guesses after too many tries (429) and sends at most one
 * code every 30 seconds; the shopper is told to wait rather than that the password is wrong.
 */
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes, then try again.';
export const WAIT_BEFORE_RESEND = 'Please wait a moment before asking for another code.';
/** Seconds before another code may be asked for (the resend countdown; the API allows one send per 30 s). */
export const RESEND_WAIT_SECONDS = 30;
