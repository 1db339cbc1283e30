// The account's reducers (account-and-session.md section 4): a profile saved, an account verified, the prompt a
// browser saw, the session ending (the bag stays) and Logout (everything goes, the bag included).
import { describe, expect, it } from 'vitest';
import { fixtureCatalog } from '../support/fixtureCatalog';
import { Session } from './support';

const cafe = fixtureCatalog('cafe');
const ADA = { userId: 'user-ada', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '2125550100' };

function signedInAtTheCafe() {
  const s = new Session({ cafe });
  s.open('cafe', ['cafe-hudson'], 'cafe-hudson');
  s.emit('SignedIn', ADA);
  s.emit('AccountStatusLoaded', { verified: false, textNotificationOptIn: true, customerSince: '2024-05-01T00:00:00Z' });
  s.addLine('drip', 'drip-regular', 2);
  return s;
}

describe('the account', () => {
  it('ProfileUpdated changes the names, contacts and opt-in of the signed-in profile; signed out it changes nothing', () => {
    const s = signedInAtTheCafe();
    s.emit('ProfileUpdated', { firstName: 'Augusta Ada', lastName: 'King', email: 'ada@example.com', phone: '2125550101', textNotificationOptIn: false });
    expect(s.state.account.profile).toEqual({ ...ADA, firstName: 'Augusta Ada', lastName: 'King', phone: '2125550101' });
    expect(s.state.account.textNotificationOptIn).toBe(false);
    s.emit('SignedOut', {});
    const before = s.state;
    s.emit('ProfileUpdated', { firstName: 'X', lastName: 'Y', email: 'x@example.com', phone: '2125550102', textNotificationOptIn: true });
    expect(s.state.account).toEqual(before.account);
    expect(s.state.log.ignored).toBe(before.log.ignored + 1);
  });

  it('AccountVerified marks the signed-in account verified, once', () => {
    const s = signedInAtTheCafe();
    expect(s.state.account.verified).toBe(false);
    s.emit('AccountVerified', {});
    expect(s.state.account.verified).toBe(true);
    const ignored = s.state.log.ignored;
    s.emit('AccountVerified', {});
    expect(s.state.log.ignored).toBe(ignored + 1);
  });

  it('SignedOut keeps the bag; LoggedOut clears everything the shopper had, with the next bag key, and keeps the location', () => {
    const s = signedInAtTheCafe();
    s.emit('SignedOut', {});
    expect(s.state.account.profile).toBeNull();
    expect(s.state.bag.lines).toHaveLength(1);
    s.emit('SignedIn', ADA);
    s.emit('FulfillmentChosen', { fulfillmentType: 'PICKUP', idempotencyKey: s.key('idem') });
    s.emit('GuestDetailsSaved', {
      guest: { firstName: 'A', lastName: 'B', email: 'a@example.com', phone: '2125550100' },
      confirmed: true,
      idempotencyKey: s.key('idem'),
    });
    s.emit('LoggedOut', { idempotencyKey: 'next-bag' });
    expect(s.state.account.profile).toBeNull();
    expect(s.state.bag).toEqual({ lines: [], discount: null, tip: { amount: 0, percent: null }, idempotencyKey: 'next-bag' });
    expect(s.state.checkout.fulfillmentType).toBeNull();
    expect(s.state.checkout.guest).toBeNull();
    expect(s.state.locationId).toBe('cafe-hudson');
    expect(s.state.catalog.hash).toBe('cafe');
  });

  it('TextPromptShown is kept across sign-outs and logouts: once per browser', () => {
    const s = signedInAtTheCafe();
    s.emit('TextPromptShown', {});
    s.emit('LoggedOut', { idempotencyKey: 'next-bag' });
    s.emit('SignedIn', ADA);
    expect(s.state.prompts.textNotifications).toBe(true);
  });
});
