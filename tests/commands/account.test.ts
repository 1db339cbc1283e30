// The account commands against a real sandbox, in the four sign-in modes of the fixture catalogs: cafe (email and
// a chosen password), pizza-chain (phone and one-time codes), retail (email and one-time codes) and retail-phone
// (phone and a chosen password). What each answers is the spec's sentence (account-and-session.md section 8); what
// each appends is checked, and no token, password or code ever reaches the log.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OutboxMessage } from '../../src/sandbox/state';
import { control, useSandbox } from '../sandbox/support';
import { appendedBy, expectLeft, expectRight, newShopper, type Shopper } from './support';

// Wednesday 10:00 in New York.
const WEDNESDAY_10AM = Date.parse('2026-11-18T15:00:00Z');
const clock = { now: WEDNESDAY_10AM };
const running = useSandbox(() => ({ catalog: 'cafe', now: () => clock.now }), { resetEach: false });
const shoppers: Shopper[] = [];

async function shopperAt(catalog: string): Promise<Shopper> {
  clock.now = WEDNESDAY_10AM;
  await control(running, 'reset', { catalog });
  const s = await newShopper(running, clock);
  shoppers.push(s);
  expectRight(await s.commands.loadCatalog());
  return s;
}

beforeEach(() => {
  clock.now = WEDNESDAY_10AM;
});
afterEach(async () => {
  await Promise.all(shoppers.splice(0).map((s) => s.close()));
});

/** The last code the sandbox "sent". */
async function lastCode(): Promise<string> {
  const last = ((await control(running, 'outbox')) as OutboxMessage[]).at(-1);
  if (!last) throw new Error('no message in the outbox');
  return last.code;
}

/** Nothing secret is in the log the shopper would export. */
async function expectNoSecrets(s: Shopper, secrets: readonly string[]): Promise<void> {
  const log = JSON.stringify(await s.store.storedEvents());
  for (const secret of secrets) expect(log).not.toContain(secret);
  const tokens = s.api.http.tokens.get();
  if (tokens) {
    expect(log).not.toContain(tokens.accessToken);
    expect(log).not.toContain(tokens.refreshToken);
  }
}

describe('email and a chosen password (cafe)', () => {
  it('a wrong password is refused in the spec words and appends nothing; the right one signs in with the account loaded', async () => {
    const s = await shopperAt('cafe');
    const wrong = await appendedBy(s, () => s.commands.signIn('ada@example.com', 'not-it'));
    expect(expectLeft(wrong.result)).toBe('Invalid email address or password!');
    expect(wrong.types).toEqual([]);
    const right = await appendedBy(s, () => s.commands.signIn(' ada@example.com ', 'countertop'));
    expectRight(right.result);
    expect(right.types).toEqual(expect.arrayContaining(['SignedIn', 'AccountStatusLoaded', 'LoyaltyAvailabilityLoaded']));
    // Who signed in and whether verified are recorded in one step, so no page sees a signed-in shopper of unknown status.
    const signedInAt = right.types.indexOf('SignedIn');
    expect(right.types[signedInAt + 1]).toBe('AccountStatusLoaded');
    const account = s.store.getState().account;
    expect(account.profile).toMatchObject({ firstName: 'Ada', email: 'ada@example.com' });
    expect(account.verified).toBe(true);
    // No push service is configured: the customer_since trigger (Unix time) is recorded in the log.
    expect(right.types).toContain('PushTriggerRecorded');
    const recorded = (await s.store.storedEvents()).filter((e) => e.type === 'PushTriggerRecorded').map((e) => e.data);
    expect(recorded).toEqual([{ name: 'customer_since', value: Math.floor(Date.parse(account.customerSince!) / 1000) }]);
    expect(s.pushed).toEqual([]);
    await expectNoSecrets(s, ['countertop', 'not-it']);
  });

  it('sends the customer_since trigger to the push service the configuration names, and then keeps none in the log', async () => {
    const clock = { now: Date.parse('2026-11-18T15:00:00Z') };
    await control(running, 'clock', { at: new Date(clock.now).toISOString() });
    const s = await newShopper(running, clock, null, { pushService: true });
    const signedIn = await appendedBy(s, () => s.commands.signIn('ada@example.com', 'countertop'));
    expectRight(signedIn.result);
    expect(signedIn.types).not.toContain('PushTriggerRecorded');
    const account = s.store.getState().account;
    expect(s.pushed).toEqual([{ userId: account.profile!.userId, name: 'customer_since', value: Math.floor(Date.parse(account.customerSince!) / 1000) }]);
    await s.close();
  });

  it('signs up: register, the code verifies the account, then signed in with the entered password', async () => {
    const s = await shopperAt('cafe');
    const details = {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
      phone: '(212) 555-0177',
      password: 'cobol-1959',
      confirmPassword: 'cobol-1959',
      textNotificationOptIn: false,
    };
    const registered = await appendedBy(s, () => s.commands.register(details));
    expectRight(registered.result);
    expect(registered.types).toEqual([]);
    expect(expectLeft(await s.commands.verifyAccount('grace@example.com', '000000'))).toBe('The code is invalid or has expired.');
    const code = await lastCode();
    expectRight(await s.commands.verifyAccount('grace@example.com', code));
    expectRight(await s.commands.signIn('grace@example.com', 'cobol-1959'));
    expect(s.store.getState().account).toMatchObject({ profile: { firstName: 'Grace' }, verified: true, textNotificationOptIn: false });
    await expectNoSecrets(s, ['cobol-1959', code]);
  });

  it('registering an email already taken answers the API first error', async () => {
    const s = await shopperAt('cafe');
    const taken = {
      firstName: 'Ada',
      lastName: 'L',
      email: 'ada@example.com',
      phone: '(212) 555-0199',
      password: 'secret-1',
      confirmPassword: 'secret-1',
      textNotificationOptIn: true,
    };
    expect(expectLeft(await s.commands.register(taken))).toBe("Email 'ada@example.com' is already taken.");
  });

  it('a signed-in account not yet verified is recorded verified once the code is accepted', async () => {
    const s = await shopperAt('cafe');
    const details = {
      firstName: 'Alan',
      lastName: 'Turing',
      email: 'alan@example.com',
      phone: '(212) 555-0188',
      password: 'enigma-1',
      confirmPassword: 'enigma-1',
      textNotificationOptIn: true,
    };
    expectRight(await s.commands.register(details));
    expectRight(await s.commands.signIn('alan@example.com', 'enigma-1'));
    expect(s.store.getState().account.verified).toBe(false);
    clock.now += 31_000;
    expect(expectRight(await s.commands.resendCode('alan@example.com', 'register'))).toBe('Code was sent!');
    // A second send at once is refused by the API (one per 30 s); the shopper is asked to wait.
    expect(expectLeft(await s.commands.resendCode('alan@example.com', 'register'))).toBe('Please wait a moment before asking for another code.');
    const verified = await appendedBy(s, async () => s.commands.verifyAccount('alan@example.com', await lastCode()));
    expectRight(verified.result);
    expect(verified.types).toEqual(['AccountVerified']);
    expect(s.store.getState().account.verified).toBe(true);
  });

  it("updates the profile ('Profile updated!'), and answers the API's first error when it refuses", async () => {
    const s = await shopperAt('cafe');
    expectRight(await s.commands.signIn('ada@example.com', 'countertop'));
    const change = {
      firstName: 'Augusta Ada',
      lastName: 'King',
      email: 'ada@example.com',
      phone: '(212) 555-0100',
      password: '',
      confirmPassword: '',
      textNotificationOptIn: false,
    };
    const saved = await appendedBy(s, () => s.commands.updateProfile(change));
    expect(expectRight(saved.result)).toBe('Profile updated!');
    expect(saved.types).toEqual(['ProfileUpdated']);
    expect(s.store.getState().account).toMatchObject({ profile: { firstName: 'Augusta Ada', lastName: 'King' }, textNotificationOptIn: false });
    const refused = await appendedBy(s, () => s.commands.updateProfile({ ...change, phone: '123' }));
    expect(expectLeft(refused.result)).toBe('Phone Number is not valid');
    expect(refused.types).toEqual([]);
    // A new password works at the next sign-in.
    expectRight(await s.commands.updateProfile({ ...change, password: 'analytical-1', confirmPassword: 'analytical-1' }));
    expectRight(await s.commands.signIn('ada@example.com', 'analytical-1'));
    await expectNoSecrets(s, ['analytical-1', 'countertop']);
  });

  it('logout clears everything, the bag included, as one event; the tokens go too', async () => {
    const s = await shopperAt('cafe');
    expectRight(await s.commands.signIn('ada@example.com', 'countertop'));
    expectRight(await s.commands.addToBag({ itemId: 'drip', variationId: 'drip-regular', quantity: 1, modifiers: {}, note: '' }));
    const key = s.store.getState().bag.idempotencyKey;
    const copied = s.api.http.tokens.get()!;
    const out = await appendedBy(s, () => s.commands.logout());
    expect(out.types).toEqual(['LoggedOut']);
    const state = s.store.getState();
    expect(state.account.profile).toBeNull();
    expect(state.bag.lines).toEqual([]);
    expect(state.bag.idempotencyKey).not.toBe(key);
    expect(state.account.savedCards).toEqual([]);
    expect(state.locationId).toBe('cafe-hudson');
    expect(s.api.http.tokens.get()).toBeNull();
    // The API ended the session: a copy of its access token taken before the sign-out is refused.
    const profile = await fetch(`${running.apiBase}/Account/Profile`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${copied.accessToken}`, 'X-Client-Id': 'countertop-sandbox' },
    });
    expect(profile.status).toBe(401);
  });

  it('forgot and reset: an unknown email, a wrong code, then the right one', async () => {
    const s = await shopperAt('cafe');
    expect(expectLeft(await s.commands.forgotPassword('nobody@example.com'))).toBe('Invalid email address!');
    expectRight(await s.commands.forgotPassword('ada@example.com'));
    const reset = { email: 'ada@example.com', code: '000000', password: 'new-secret', confirmPassword: 'new-secret' };
    expect(expectLeft(await s.commands.resetPassword(reset))).toBe('Unable to reset password!');
    expect(expectRight(await s.commands.resetPassword({ ...reset, code: await lastCode() }))).toBe('Password reset successfully!');
    expectRight(await s.commands.signIn('ada@example.com', 'new-secret'));
  });

  it('after ten wrong passwords the account is locked, and the shopper is told to wait, not that the password is wrong', async () => {
    const s = await shopperAt('cafe');
    for (let i = 0; i < 9; i++) expect(expectLeft(await s.commands.signIn('ada@example.com', `guess-${i}`))).toBe('Invalid email address or password!');
    expect(expectLeft(await s.commands.signIn('ada@example.com', 'guess-9'))).toBe('Too many attempts. Please wait a few minutes, then try again.');
    expect(expectLeft(await s.commands.signIn('ada@example.com', 'countertop'))).toBe('Too many attempts. Please wait a few minutes, then try again.');
    clock.now += 15 * 60_000;
    expectRight(await s.commands.signIn('ada@example.com', 'countertop'));
  });

  it('the text-notification prompt shows once per browser to a verified shopper who made no choice yet, never again after', async () => {
    const s = await shopperAt('cafe');
    expectRight(await s.commands.signIn('ada@example.com', 'countertop'));
    // Ada is opted in: no prompt.
    expect(expectRight(await s.commands.showTextPrompt())).toBeNull();
    const change = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '(212) 555-0100',
      password: '',
      confirmPassword: '',
      textNotificationOptIn: false,
    };
    // Ada opts out: a choice made, so still no prompt (account-and-session.md section 4: "no opt-in choice has been made yet").
    expectRight(await s.commands.updateProfile(change));
    expect(expectRight(await s.commands.showTextPrompt())).toBeNull();
    expect(s.store.getState().prompts.textNotifications).toBe(false);
    // Grace registers without saying (as another app might), verifies, and signs in here: she is asked.
    expectRight(await s.commands.logout());
    const register = await fetch(`${running.apiBase}/Account/Register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Client-Id': 'countertop-sandbox' },
      body: JSON.stringify({
        firstName: 'Grace',
        lastName: 'Hopper',
        email: 'grace@example.com',
        phoneNumber: '(212) 555-0177',
        password: 'cobol-1959',
        confirmPassword: 'cobol-1959',
      }),
    });
    expect(register.status).toBe(200);
    const verify = await fetch(`${running.apiBase}/Account/Verify`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Client-Id': 'countertop-sandbox' },
      body: JSON.stringify({ email: 'grace@example.com', code: await lastCode() }),
    });
    expect(verify.status).toBe(200);
    expectRight(await s.commands.signIn('grace@example.com', 'cobol-1959'));
    expect(s.store.getState().account.textNotificationOptIn).toBeNull();
    const shown = await appendedBy(s, () => s.commands.showTextPrompt());
    expect(expectRight(shown.result)).toBe("Hey! We've added text notifications. Hop over to your profile to opt in!");
    expect(shown.types).toEqual(['TextPromptShown']);
    // Signed out and in again: the browser has seen it.
    expectRight(await s.commands.logout());
    expectRight(await s.commands.signIn('grace@example.com', 'cobol-1959'));
    expect(expectRight(await s.commands.showTextPrompt())).toBeNull();
  });
});

describe('phone and one-time codes (pizza-chain)', () => {
  it('a known phone gets a code; a wrong code is refused in the spec words; the right one signs in', async () => {
    const s = await shopperAt('pizza-chain');
    expect(expectRight(await s.commands.sendLoginCode('718-555-0123'))).toBe('verify');
    expect(expectLeft(await s.commands.signInWithCode('718-555-0123', '000000'))).toBe('Invalid phone number or code!');
    const code = await lastCode();
    expectRight(await s.commands.signInWithCode('718-555-0123', code));
    expect(s.store.getState().account.profile?.firstName).toBe('Tony');
    await expectNoSecrets(s, [code]);
  });

  it('an unknown phone goes to registering; the registration code signs the new account in', async () => {
    const s = await shopperAt('pizza-chain');
    expect(expectRight(await s.commands.sendLoginCode('312-555-0142'))).toBe('register');
    expectRight(
      await s.commands.register({ firstName: 'Katherine', lastName: 'Johnson', email: 'kj@example.com', phone: '312-555-0142', textNotificationOptIn: true }),
    );
    expectRight(await s.commands.signInWithCode('312-555-0142', await lastCode()));
    expect(s.store.getState().account).toMatchObject({ profile: { firstName: 'Katherine' }, verified: true });
  });
});

describe('email and one-time codes (retail)', () => {
  it('a failed send says so in the spec words for email', async () => {
    const s = await shopperAt('retail');
    await control(running, 'fail', { path: '/api/Account/SendLoginCode', times: 1, status: 500 });
    expect(expectLeft(await s.commands.sendLoginCode('someone@example.com'))).toBe('Error during email address login. Please try again.');
    expect(expectLeft(await s.commands.signInWithCode('someone@example.com', '123456'))).toBe('Invalid email address or code!');
  });
});

describe('phone and a chosen password (retail-phone)', () => {
  it('signs in by phone; a wrong password is refused in the spec words for phone', async () => {
    const s = await shopperAt('retail-phone');
    expect(expectLeft(await s.commands.signIn('503-555-0148', 'nope'))).toBe('Invalid phone number or password!');
    expectRight(await s.commands.signIn('(503) 555-0148', 'countertop'));
    expect(s.store.getState().account.profile?.firstName).toBe('Mei');
  });
});
