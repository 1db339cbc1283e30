// Loyalty through the commands (account-and-session.md sections 4 and 8): the member's status loads with a sign-in;
// a new member enrolls by phone and verifies with the texted code; a phone already enrolled answers 409, which
// reloads the status and says so; a reward needs the points, and says how many more.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OutboxMessage } from '../../src/sandbox/state';
import { control, useSandbox } from '../sandbox/support';
import { appendedBy, expectLeft, expectRight, newShopper, type Shopper } from './support';

const clock = { now: Date.parse('2026-11-18T15:00:00Z') };
const running = useSandbox(() => ({ catalog: 'cafe', now: () => clock.now }));
let shopper: Shopper;

beforeEach(async () => {
  clock.now = Date.parse('2026-11-18T15:00:00Z');
  shopper = await newShopper(running, clock);
  expectRight(await shopper.commands.loadCatalog());
});
afterEach(async () => shopper.close());

/** A new shopper, not yet a member: registers and signs in with these. */
const GRACE = {
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  phone: '(212) 555-0177',
  password: 'cobol-1959',
  confirmPassword: 'cobol-1959',
  textNotificationOptIn: true,
};

const loyalty = () => shopper.store.getState().account.loyalty;
const lastCode = async () => ((await control(running, 'outbox')) as OutboxMessage[]).at(-1)!.code;

describe('loyalty', () => {
  it("a member's status, rewards and coupons load with the sign-in; loading again with nothing new appends nothing", async () => {
    const signedIn = await appendedBy(shopper, () => shopper.commands.signIn('ada@example.com', 'countertop'));
    expectRight(signedIn.result);
    expect(signedIn.types).toContain('LoyaltyStatusLoaded');
    expect(loyalty()).toMatchObject({ enrolled: true, balance: 120, terminology: { one: 'Point', other: 'Points' } });
    expect(loyalty().rewards.map((r) => r.Id)).toEqual(['reward-free-drip']);
    expect(loyalty().coupons.map((c) => c.Id)).toContain('coupon-welcome');
    expect((await appendedBy(shopper, () => shopper.commands.loadLoyaltyStatus())).types).toEqual([]);
  });

  it('a new member enrolls by phone, a wrong code is refused, the texted code makes them a member', async () => {
    expectRight(await shopper.commands.register(GRACE));
    expectRight(await shopper.commands.signIn('grace@example.com', 'cobol-1959'));
    expect(loyalty().enrolled).toBe(false);
    clock.now += 31_000;
    expectRight(await shopper.commands.enrollInLoyalty('(212) 555-0177'));
    expect(expectLeft(await shopper.commands.resendLoyaltyCode('(212) 555-0177'))).toBe('Please wait a moment before asking for another code.');
    expect(expectLeft(await shopper.commands.verifyLoyalty('(212) 555-0177', '000000'))).toBe('We could not verify that code. Please check it and try again.');
    const verified = await appendedBy(shopper, async () => shopper.commands.verifyLoyalty('(212) 555-0177', await lastCode()));
    expectRight(verified.result);
    // The verified event makes the shopper a member (account-and-session.md section 4); the status read after it has
    // nothing more to say (a new member's balance is 0), so nothing else is appended.
    expect(verified.types).toEqual(['LoyaltyVerified']);
    expect(loyalty()).toMatchObject({ enrolled: true, balance: 0 });
    clock.now += 31_000;
    expectRight(await shopper.commands.resendLoyaltyCode('(212) 555-0177'));
  });

  it('a verified member is enrolled even when the status cannot be read right after', async () => {
    expectRight(await shopper.commands.register(GRACE));
    expectRight(await shopper.commands.signIn('grace@example.com', 'cobol-1959'));
    clock.now += 31_000;
    expectRight(await shopper.commands.enrollInLoyalty('(212) 555-0177'));
    await control(running, 'fail', { path: '/api/Loyalty/Status', times: 1, status: 503 });
    const verified = await appendedBy(shopper, async () => shopper.commands.verifyLoyalty('(212) 555-0177', await lastCode()));
    expectRight(verified.result);
    expect(verified.types).toEqual(['LoyaltyVerified']);
    expect(loyalty().enrolled).toBe(true);
  });

  it('a phone already enrolled answers 409: the status is reloaded and the shopper is told', async () => {
    const details = {
      firstName: 'Alan',
      lastName: 'Turing',
      email: 'alan@example.com',
      phone: '(212) 555-0188',
      password: 'enigma-1',
      confirmPassword: 'enigma-1',
      textNotificationOptIn: true,
    };
    expectRight(await shopper.commands.register(details));
    expectRight(await shopper.commands.signIn('alan@example.com', 'enigma-1'));
    // Ada's phone is a member already.
    const conflict = await shopper.commands.verifyLoyalty('(212) 555-0100', '123456');
    expect(expectLeft(conflict)).toBe('This phone number is already a rewards member. We have refreshed your rewards.');
    // The spec's resend error (section 8: "Loyalty resend/enroll"), with the API's reason.
    expect(expectLeft(await shopper.commands.enrollInLoyalty('(212) 555-0100'))).toBe(
      'We could not send a code to that phone number. That phone number is already enrolled in rewards.',
    );
  });

  it('a reward takes its points: with too few the shopper sees how many more it takes', async () => {
    expectRight(await shopper.commands.signIn('ada@example.com', 'countertop'));
    expectRight(await shopper.commands.refreshInventory());
    expectRight(await shopper.commands.addToBag({ itemId: 'drip', variationId: 'drip-regular', quantity: 1, modifiers: {}, note: '' }));
    const reward = loyalty().rewards[0]!;
    expect(expectLeft(await shopper.commands.applyReward(reward, 20))).toBe('You need 30 Points more for this reward.');
    expectRight(await shopper.commands.applyReward(reward, loyalty().balance));
    expect(shopper.store.getState().bag.discount).toMatchObject({ kind: 'reward', reward: { Id: 'reward-free-drip' } });
  });
});
