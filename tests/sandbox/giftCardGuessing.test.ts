// Gift card numbers are sequential, so the sandbox limits how many unknown numbers an account may try to add, as a
// real API must (src/sandbox/README.md, "Guessing"), through the real client on a sandbox clock the tests move: the
// fifth unknown number in 15 minutes locks the account's adds for 15 minutes, even for a valid number; a card added
// between guesses forgets nothing; another account is not affected; Balance answers only for the account's own cards.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { hasStatus, orderFailureList, type ApiError } from '../../src/api/apiError';
import { GUESSING_LIMITS } from '../../src/sandbox/accounts/guessing';
import type { SandboxState } from '../../src/sandbox/state';
import { CLIENT_ID, left, newClient, right, startSandbox, useSandbox, type LiveSandbox, type TestClient } from './support';
import { tempDir } from '../support/tempDir';

const START = Date.UTC(2026, 5, 1, 16, 0);
const clock = { now: START };
beforeEach(() => {
  clock.now = START;
});

const { maxFailedGiftCardAdds, giftCardWindowMs, giftCardLockoutMs } = GUESSING_LIMITS;

/** A built-in card every sandbox knows ($25.00); the cafe seed adds none. */
const KNOWN = '7783 3200 0000 0000';
/** `n` numbers next to the known ones, none of them a card: what someone guessing would try. */
const guesses = (n: number, from = 0): string[] => Array.from({ length: n }, (_, i) => `7783 3200 0000 ${String(1000 + from + i)}`);

const notFound = (error: ApiError) => hasStatus(error, 404) && orderFailureList(error)[0] === 'GiftCard - NOT_FOUND';
const tooMany = (error: ApiError) => hasStatus(error, 429) && orderFailureList(error)[0] === 'GiftCard - TOO_MANY_ATTEMPTS';

async function signedIn(running: Pick<LiveSandbox, 'apiBase'>, userName = 'ada@example.com', password = 'countertop'): Promise<TestClient> {
  const client = newClient(running);
  right(await client.api.account.login(userName, password));
  return client;
}

/** Tries each number, expecting each to be unknown (404). */
async function guessUnknown(client: TestClient, numbers: string[]): Promise<void> {
  for (const gan of numbers) expect(notFound(left(await client.api.giftCards.addGiftCard(gan)))).toBe(true);
}

/** A raw GiftCard/Add with the client's session, for the Retry-After header the client does not surface. */
async function rawAdd(running: Pick<LiveSandbox, 'apiBase'>, client: TestClient, gan: string): Promise<Response> {
  return fetch(`${running.apiBase}/GiftCard/Add`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Client-Id': CLIENT_ID, Authorization: `Bearer ${client.tokens.get()?.accessToken ?? ''}` },
    body: JSON.stringify({ Gan: gan, ClientId: CLIENT_ID }),
  });
}

describe('gift card adds (cafe)', () => {
  const running = useSandbox({ catalog: 'cafe', now: () => clock.now });

  it('locks adds on the fifth unknown number: even a valid number is refused with Retry-After until 15 minutes pass', async () => {
    const ada = await signedIn(running);
    await guessUnknown(ada, guesses(maxFailedGiftCardAdds - 1));
    const fifth = left(await ada.api.giftCards.addGiftCard(guesses(1, 50)[0]!));
    expect(tooMany(fifth)).toBe(true);
    expect(orderFailureList(fifth)[1]).toBe('Too many gift card numbers were not found. Try again in 15 minutes.');

    expect(tooMany(left(await ada.api.giftCards.addGiftCard(KNOWN)))).toBe(true);
    const response = await rawAdd(running, ada, KNOWN);
    expect(response.status).toBe(429);
    expect(response.headers.get('Retry-After')).toBe(String(giftCardLockoutMs / 1000));
    expect(right(await ada.api.giftCards.listGiftCards())).toEqual([]);

    clock.now += giftCardLockoutMs - 1000;
    expect(tooMany(left(await ada.api.giftCards.addGiftCard(KNOWN)))).toBe(true);
    expect((await rawAdd(running, ada, KNOWN)).headers.get('Retry-After')).toBe('1');

    clock.now += 1000;
    const id = right(await ada.api.giftCards.addGiftCard(KNOWN));
    expect(right(await ada.api.giftCards.balance(id)).BalanceAmount).toBe(2500);

    // The lockout ended the count: four more unknown numbers are only unknown.
    await guessUnknown(ada, guesses(maxFailedGiftCardAdds - 1, 100));
  });

  it('does not let a card added between guesses reopen guessing', async () => {
    const ada = await signedIn(running);
    for (const gan of guesses(maxFailedGiftCardAdds - 1)) {
      await guessUnknown(ada, [gan]);
      right(await ada.api.giftCards.addGiftCard(KNOWN));
    }
    expect(tooMany(left(await ada.api.giftCards.addGiftCard(guesses(1, 10)[0]!)))).toBe(true);
  });

  it('counts unknown numbers within 15 minutes only', async () => {
    const ada = await signedIn(running);
    await guessUnknown(ada, guesses(maxFailedGiftCardAdds - 1));
    clock.now += giftCardWindowMs;
    await guessUnknown(ada, guesses(maxFailedGiftCardAdds - 1, 10));
    right(await ada.api.giftCards.addGiftCard(KNOWN));
    // The second four are still counted: one more locks.
    expect(tooMany(left(await ada.api.giftCards.addGiftCard(guesses(1, 20)[0]!)))).toBe(true);
  });

  it('locks only the guessing account, and only its adds', async () => {
    const ada = await signedIn(running);
    const id = right(await ada.api.giftCards.addGiftCard('7783320000000001'));
    await guessUnknown(ada, guesses(maxFailedGiftCardAdds - 1));
    expect(tooMany(left(await ada.api.giftCards.addGiftCard(guesses(1, 10)[0]!)))).toBe(true);
    // Ada's own cards still answer, and she still signs in.
    expect(right(await ada.api.giftCards.balance(id)).BalanceAmount).toBe(0);
    expect(right(await ada.api.giftCards.listGiftCards()).map((c) => c.Id)).toEqual([id]);
    await signedIn(running);

    const alan = newClient(running);
    right(
      await alan.api.account.register({
        firstName: 'Alan',
        lastName: 'Turing',
        email: 'alan@example.com',
        phoneNumber: '212-555-0199',
        password: 'enigma42',
        confirmPassword: 'enigma42',
      }),
    );
    right(await alan.api.account.login('alan@example.com', 'enigma42'));
    await guessUnknown(alan, guesses(maxFailedGiftCardAdds - 1, 20));
    const alans = right(await alan.api.giftCards.addGiftCard(KNOWN));
    expect(right(await alan.api.giftCards.balance(alans)).BalanceAmount).toBe(2500);
  });

  it('answers Balance only for the account’s own cards: a known card not added is as unknown as a made-up id', async () => {
    const ada = await signedIn(running);
    const known = left(await ada.api.giftCards.balance('gftc_7783320000000000'));
    const madeUp = left(await ada.api.giftCards.balance('gftc_7783320000009999'));
    expect(notFound(known) && notFound(madeUp)).toBe(true);
    expect(orderFailureList(known)[1]).toBe('no gift card "gftc_7783320000000000" on this account');
  });
});

describe('state saved before gift card adds were limited', () => {
  it('loads, and the limit applies from then on', async () => {
    const dataDir = tempDir('countertop-giftcards-');
    const first = await startSandbox({ catalog: 'cafe', dataDir, now: () => clock.now });
    await guessUnknown(await signedIn(first), guesses(1));
    await first.close();
    const file = join(dataDir, 'cafe.state.json');
    const saved = JSON.parse(readFileSync(file, 'utf8')) as SandboxState;
    expect(Object.values(saved.guessing?.giftCardAdds ?? {})).toHaveLength(1);
    delete saved.guessing?.giftCardAdds;
    writeFileSync(file, JSON.stringify(saved));

    const second = await startSandbox({ catalog: 'cafe', dataDir, now: () => clock.now });
    try {
      const ada = await signedIn(second);
      await guessUnknown(ada, guesses(maxFailedGiftCardAdds - 1));
      right(await ada.api.giftCards.addGiftCard(KNOWN));
      expect(tooMany(left(await ada.api.giftCards.addGiftCard(guesses(1, 10)[0]!)))).toBe(true);
    } finally {
      await second.close();
    }
  });
});
