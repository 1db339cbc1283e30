// Account calls through the real client: registration and verification codes from the outbox, both sign-in modes,
// password recovery, profile and status, the 401 -> refresh -> retry path and the sign-out when a refresh is refused.
import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { firstFieldError } from '../../src/api/apiError';
import type { OutboxMessage } from '../../src/sandbox/state';
import {
  CLIENT_ID,
  GUEST,
  control,
  firstPickupAt,
  newClient,
  newKey,
  nonceFor,
  sliceOrder,
  startSandbox,
  useSandbox,
  type LiveSandbox,
  type TestClient,
  right,
} from '../sandbox/support';

async function lastCode(running: LiveSandbox, to: string): Promise<string> {
  const messages = (await control(running, `outbox?to=${encodeURIComponent(to)}`)) as OutboxMessage[];
  const last = messages.at(-1);
  if (!last) throw new Error(`no message to ${to}`);
  return last.code;
}

/** Counts the Account/Login calls a client sends. */
function countingLogins(): { fetch: typeof fetch; logins: () => number } {
  let logins = 0;
  return {
    fetch: (input, init) => {
      if (String(input).endsWith('Account/Login')) logins++;
      return fetch(input, init);
    },
    logins: () => logins,
  };
}

describe('user-defined passwords (cafe: Email, UserDefined)', () => {
  const running = useSandbox({ catalog: 'cafe' });

  const signUp = {
    firstName: 'Alan',
    lastName: 'Turing',
    email: 'alan@example.com',
    phoneNumber: '212-555-0199',
    password: 'enigma42',
    confirmPassword: 'enigma42',
    textNotificationOptIn: true,
  };

  it('registers, sends a verification code to the outbox, and verifies with it', async () => {
    const client = newClient(running);
    const profile = right(await client.api.account.register(signUp));
    expect(profile).toMatchObject({ firstName: 'Alan', email: 'alan@example.com', userName: 'alan@example.com' });
    const code = await lastCode(running, 'alan@example.com');
    expect(code).toMatch(/^\d{6}$/);
    right(await client.api.account.login('alan@example.com', 'enigma42'));
    expect(right(await client.api.account.status()).Verified).toBe(false);
    right(await client.api.account.verify({ email: 'alan@example.com', code }));
    expect(right(await client.api.account.status())).toMatchObject({ Verified: true, TextNotificationOptIn: true });
  });

  it('refuses a second account with the same email, with the message first in the first Errors list', async () => {
    const client = newClient(running);
    right(await client.api.account.register(signUp));
    const again = await client.api.account.register({ ...signUp, phoneNumber: '212-555-0198' });
    if (E.isRight(again)) throw new Error('expected a refusal');
    expect(firstFieldError(again.left)).toBe("Email 'alan@example.com' is already taken.");
  });

  it('refuses an over-long name with words that name the limit, storing nothing', async () => {
    const client = newClient(running);
    const long = await client.api.account.register({ ...signUp, firstName: 'A'.repeat(900_000) });
    if (E.isRight(long)) throw new Error('expected a refusal');
    expect(firstFieldError(long.left)).toBe('First Name must be 50 characters or fewer');
    right(await client.api.account.register(signUp));
  });

  it('refuses a wrong verification code', async () => {
    const client = newClient(running);
    right(await client.api.account.register(signUp));
    const wrong = await client.api.account.verify({ email: 'alan@example.com', code: '000000x' });
    expect(wrong).toMatchObject({ _tag: 'Left', left: { kind: 'http', status: 400 } });
  });

  it('signs in with the password, keeps the tokens out of the result, and reads the profile', async () => {
    const client = newClient(running);
    const signedIn = right(await client.api.account.login('ada@example.com', 'countertop'));
    expect(JSON.stringify(signedIn)).not.toMatch(/at_|rt_/);
    expect(client.tokens.get()?.accessToken).toMatch(/^at_/);
    expect(right(await client.api.account.profile())).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', user_id: signedIn.profile.user_id });
  });

  it('refuses a wrong password with invalid_grant', async () => {
    const client = newClient(running);
    const result = await client.api.account.login('ada@example.com', 'wrong-password');
    expect(result).toMatchObject({ _tag: 'Left', left: { kind: 'http', status: 400, body: { error: 'invalid_grant' } } });
    expect(client.tokens.get()).toBeNull();
  });

  it('refuses a login form with another client_id', async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ client_id: 'other', grant_type: 'password', username: 'ada@example.com', password: 'countertop' })) form.append(k, v);
    const response = await fetch(`${running.apiBase}/Account/Login`, { method: 'POST', body: form, headers: { 'X-Client-Id': CLIENT_ID } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('answers 401 to an (auth) call whose token expired, refreshes once, retries, and rotates the refresh token', async () => {
    const counter = countingLogins();
    const client = newClient(running, { fetch: counter.fetch });
    right(await client.api.account.login('ada@example.com', 'countertop'));
    const before = client.tokens.get();
    await control(running, 'tokens', { expireNow: true });
    const [profile, status] = await Promise.all([client.api.account.profile(), client.api.account.status()]);
    expect(right(profile).firstName).toBe('Ada');
    expect(right(status).Verified).toBe(true);
    expect(counter.logins()).toBe(2);
    expect(client.tokens.get()?.refreshToken).not.toBe(before?.refreshToken);
    expect(client.signedOut).toBe(0);
  });

  it('signs the user out when the refresh is refused', async () => {
    const client = newClient(running);
    right(await client.api.account.login('ada@example.com', 'countertop'));
    // Another holder used the refresh token first, longer ago than a tab of the same browser would: it is spent.
    const other = newClient(running);
    other.tokens.set(client.tokens.get()!);
    right(await other.api.account.refreshSession());
    await control(running, 'clock', { at: new Date(Date.now() + 11_000).toISOString() });
    await control(running, 'tokens', { expireNow: true });
    const result = await client.api.account.profile();
    expect(result).toMatchObject({ _tag: 'Left', left: { kind: 'unauthorized', call: 'Account/Profile' } });
    expect(client.tokens.get()).toBeNull();
    expect(client.signedOut).toBe(1);
    expect(client.reports.some((r) => r.call === 'Account/Profile')).toBe(true);
  });

  it('sends a reset code, resets the password, and ends the old sessions', async () => {
    const client = newClient(running);
    right(await client.api.account.login('ada@example.com', 'countertop'));
    expect(await client.api.account.forgotPassword({ email: 'nobody@example.com' })).toMatchObject({ _tag: 'Left', left: { status: 400 } });
    right(await client.api.account.forgotPassword({ email: 'ada@example.com' }));
    const code = await lastCode(running, 'ada@example.com');
    right(await client.api.account.resetPassword({ email: 'ada@example.com', code, password: 'analytical', confirmPassword: 'analytical' }));
    expect(await client.api.account.profile()).toMatchObject({ _tag: 'Left', left: { kind: 'unauthorized' } });
    expect(E.isLeft(await client.api.account.login('ada@example.com', 'countertop'))).toBe(true);
    right(await client.api.account.login('ada@example.com', 'analytical'));
  });

  it('updates the profile and refuses a password confirmation that does not match', async () => {
    const client = newClient(running);
    right(await client.api.account.login('ada@example.com', 'countertop'));
    const base = { firstName: 'Augusta', lastName: 'King', email: 'ada@example.com', phoneNumber: '(212) 555-0100', textNotificationOptIn: false };
    expect(right(await client.api.account.update(base)).firstName).toBe('Augusta');
    expect(right(await client.api.account.status()).TextNotificationOptIn).toBe(false);
    const mismatch = await client.api.account.update({ ...base, password: 'abcdefg', confirmPassword: 'abcdefh' });
    if (E.isRight(mismatch)) throw new Error('expected a refusal');
    expect(firstFieldError(mismatch.left)).toBe('Password Confirmation must match Password');
  });

  it('resends a registration code that verifies the account', async () => {
    const client = newClient(running);
    right(await client.api.account.register({ ...signUp, skipVerify: true }));
    expect((await control(running, 'outbox?to=alan@example.com')) as OutboxMessage[]).toEqual([]);
    right(await client.api.account.resendRegisterCode({ email: 'alan@example.com' }));
    right(await client.api.account.verify({ email: 'alan@example.com', code: await lastCode(running, 'alan@example.com') }));
    expect(await client.api.account.resendRegisterCode({ email: 'alan@example.com' })).toMatchObject({ _tag: 'Left', left: { status: 400 } });
  });

  it('queues a signed-in order and places a signed-in order in the v2 form', async () => {
    await control(running, 'queue', { delayMs: 0 });
    const client = newClient(running);
    right(await client.api.account.login('ada@example.com', 'countertop'));
    const at = firstPickupAt('cafe', 'cafe-hudson');
    const base = sliceOrder(await nonceFor(running));
    const queued = await client.api.placeQueuedOrder(
      {
        ...base,
        locationId: 'cafe-hudson',
        lineItems: [
          { key: 'q', id: 'muffin-each', quantity: 1 },
          { key: 'r', id: 'bagel-plain', quantity: 1, modifiers: [] },
        ],
        pickupAt: at,
        pickupFulfillment: { pickupAt: at },
      },
      { delay: () => Promise.resolve() },
    );
    // The cafe's seed has no muffins left: the queue reports the stock failure.
    expect(queued).toMatchObject({ _tag: 'Left', left: { kind: 'rejected', failures: ['Inventory - VARIATION_OUT_OF_STOCK'] } });
    const placed = right(
      await client.api.orders.placeContextOrder({
        idempotencyKey: newKey(),
        location: { Id: 'cafe-hudson' },
        items: [
          {
            key: 'l',
            item: { Id: 'latte' },
            variation: { Id: 'latte-small' },
            quantity: 1,
            modifiers: { milk: ['milk-oat'], temperature: ['temp-hot'] },
            note: 'extra hot',
          },
        ],
        time: at,
        fulfillmentType: 'DINEIN',
        fulfillmentSettings: { skipNote: true },
        card: { nonce: await nonceFor(running) },
      }),
    );
    expect(placed.Order?.LineItems[0]).toMatchObject({ ItemId: 'latte', Note: 'extra hot' });
    expect(right(await client.api.orders.listOrders()).map((o) => o.Id)).toEqual([placed.OrderId]);
  });

  it('places a signed-in order, lists it, and reads its status by idempotency key', async () => {
    const client = newClient(running);
    right(await client.api.account.login('ada@example.com', 'countertop'));
    const order = {
      ...sliceOrder(await nonceFor(running)),
      locationId: 'cafe-hudson',
      lineItems: [{ key: 'c1', id: 'croissant-each', quantity: 1 }],
    };
    const at = firstPickupAt('cafe', 'cafe-hudson');
    const placed = right(await client.api.orders.placeOrder({ ...order, pickupAt: at, pickupFulfillment: { pickupAt: at } }));
    const list = right(await client.api.orders.listOrders({ locationId: 'cafe-hudson' }));
    expect(list.map((o) => o.Id)).toEqual([placed.OrderId]);
    const status = right(await client.api.orders.orderStatus({ idempotencyKey: order.idempotencyKey }));
    expect(status).toMatchObject({ Status: 'Complete', OrderId: placed.OrderId });
    const stranger = newClient(running);
    expect(await stranger.api.orders.guestOrderStatus({ idempotencyKey: order.idempotencyKey })).toMatchObject({ _tag: 'Left', left: { status: 404 } });
  });
});

describe('one-time codes (pizza-chain: Phone, OneTime)', () => {
  const running = useSandbox({ catalog: 'pizza-chain' });

  it('sends a code to a known phone (200, verify) and signs in with it once', async () => {
    const client: TestClient = newClient(running);
    expect(right(await client.api.account.sendLoginCode({ phoneNumber: '718-555-0123' }))).toEqual({ status: 200, next: 'verify' });
    const code = await lastCode(running, '+1 718 555 0123');
    const signedIn = right(await client.api.account.login('(718) 555-0123', code));
    expect(signedIn.profile.userName).toBe('(718) 555-0123');
    expect(E.isLeft(await newClient(running).api.account.login('(718) 555-0123', code))).toBe(true);
  });

  it('answers 204 for an unknown phone and 206 for one known from a guest order', async () => {
    const client = newClient(running);
    expect(right(await client.api.account.sendLoginCode({ phoneNumber: '212-555-0142' }))).toEqual({ status: 204, next: 'register' });
    right(await client.api.orders.guestPlaceOrder(sliceOrder(await nonceFor(running), { guest: GUEST })));
    expect(right(await client.api.account.sendLoginCode({ phoneNumber: '212-555-0142' }))).toEqual({ status: 206, next: 'register' });
  });

  it('registers without a password; the texted code verifies the account and then signs it in', async () => {
    const client = newClient(running);
    right(await client.api.account.register({ firstName: 'Lin', lastName: 'Wu', email: 'lin@example.com', phoneNumber: '646-555-0177' }));
    const code = await lastCode(running, '646-555-0177');
    right(await client.api.account.verify({ phoneNumber: '646-555-0177', code }));
    right(await client.api.account.login('646-555-0177', code));
    expect(right(await client.api.account.status()).Verified).toBe(true);
  });
});

describe('the sandbox clock', () => {
  it('expires access tokens after their five minutes on an injected clock', async () => {
    let now = Date.UTC(2026, 4, 1, 15);
    const running = await startSandbox({ catalog: 'cafe', now: () => now });
    try {
      const counter = countingLogins();
      const client = newClient(running, { fetch: counter.fetch });
      const signedIn = right(await client.api.account.login('ada@example.com', 'countertop'));
      expect(signedIn.expiresAt).toBe('2026-05-01T15:05:00.000Z');
      now += 4 * 60_000 + 59_000;
      right(await client.api.account.profile());
      expect(counter.logins()).toBe(1);
      now += 2_000;
      right(await client.api.account.profile());
      expect(counter.logins()).toBe(2);
    } finally {
      await running.close();
    }
  });
});
