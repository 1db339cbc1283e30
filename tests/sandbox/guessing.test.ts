// The sandbox keeps codes and passwords from being guessed, as a real API must (src/sandbox/README.md, "Guessing"),
// through the real client on a sandbox clock the tests move: a code is replaced by the next one and dies after a few
// wrong tries, sends to one address or phone are limited, repeated failed sign-ins lock the account, and a sign-in
// code is a password only in OneTime mode.
import * as E from 'fp-ts/lib/Either.js';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { firstFieldError, hasStatus, type ApiError } from '../../src/api/apiError';
import { GUESSING_LIMITS } from '../../src/sandbox/accounts/guessing';
import type { OutboxMessage, SandboxState } from '../../src/sandbox/state';
import { CLIENT_ID, control, left, newClient, right, startSandbox, useSandbox, type LiveSandbox } from './support';
import { tempDir } from '../support/tempDir';

const START = Date.UTC(2026, 5, 1, 16, 0);
const clock = { now: START };
beforeEach(() => {
  clock.now = START;
});

const { maxWrongCodeTries, minSendIntervalMs, maxSendsPerWindow, sendWindowMs, maxFailedLogins, lockoutMs, failedLoginWindowMs } = GUESSING_LIMITS;

async function outbox(running: Pick<LiveSandbox, 'origin'>, to: string): Promise<OutboxMessage[]> {
  return (await control(running, `outbox?to=${encodeURIComponent(to)}`)) as OutboxMessage[];
}

async function lastCode(running: Pick<LiveSandbox, 'origin'>, to: string): Promise<string> {
  const last = (await outbox(running, to)).at(-1);
  if (!last) throw new Error(`no message to ${to}`);
  return last.code;
}

/** `n` six-digit codes that are not `code`. */
function wrongCodes(code: string, n: number): string[] {
  return Array.from({ length: n }, (_, i) => String((Number(code) + i + 1) % 1_000_000).padStart(6, '0'));
}

const isTooMany = (error: ApiError) => hasStatus(error, 429);

/** A raw call, for the Retry-After header the client does not surface. */
async function raw(running: Pick<LiveSandbox, 'apiBase'>, path: string, body: Record<string, string>, form = false): Promise<Response> {
  if (form) {
    const data = new FormData();
    for (const [k, v] of Object.entries({ client_id: CLIENT_ID, ...body })) data.append(k, v);
    return fetch(`${running.apiBase}/${path}`, { method: 'POST', body: data, headers: { 'X-Client-Id': CLIENT_ID } });
  }
  return fetch(`${running.apiBase}/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Client-Id': CLIENT_ID },
    body: JSON.stringify(body),
  });
}

describe('user-defined passwords (cafe: Email, UserDefined)', () => {
  const running = useSandbox({ catalog: 'cafe', now: () => clock.now });

  it('locks the account after ten failed sign-ins: 300 guesses, then the right password is refused until 15 minutes pass', async () => {
    const client = newClient(running);
    const answers: number[] = [];
    for (let i = 0; i < 300; i++) {
      const result = await client.api.account.login('ada@example.com', `guess-${i}`);
      answers.push(E.isLeft(result) && result.left.kind === 'http' ? result.left.status : 200);
    }
    expect(answers.slice(0, maxFailedLogins - 1).every((s) => s === 400)).toBe(true);
    expect(answers.slice(maxFailedLogins - 1).every((s) => s === 429)).toBe(true);

    const locked = left(await client.api.account.login('ada@example.com', 'countertop'));
    expect(locked).toMatchObject({ kind: 'http', status: 429, body: { error: 'too_many_attempts' } });
    expect(client.tokens.get()).toBeNull();
    const response = await raw(running, 'Account/Login', { grant_type: 'password', username: 'ada@example.com', password: 'countertop' }, true);
    expect(response.status).toBe(429);
    expect(response.headers.get('Retry-After')).toBe(String(lockoutMs / 1000));

    clock.now += lockoutMs - 1000;
    expect(left(await client.api.account.login('ada@example.com', 'countertop'))).toMatchObject({ status: 429 });
    clock.now += 1000;
    right(await client.api.account.login('ada@example.com', 'countertop'));
  });

  it('counts failures within 15 minutes only, and forgets them after a successful sign-in', async () => {
    const client = newClient(running);
    const fail = async (n: number) => {
      for (let i = 0; i < n; i++) expect(left(await client.api.account.login('ada@example.com', 'wrong'))).toMatchObject({ status: 400 });
    };
    await fail(maxFailedLogins - 1);
    clock.now += failedLoginWindowMs;
    await fail(maxFailedLogins - 1);
    right(await client.api.account.login('ada@example.com', 'countertop'));
    await fail(maxFailedLogins - 1);
    right(await client.api.account.login('ada@example.com', 'countertop'));
  });

  it('never takes a sign-in code as the password', async () => {
    const client = newClient(running);
    expect(right(await client.api.account.sendLoginCode({ email: 'ada@example.com' }))).toMatchObject({ status: 200 });
    const code = await lastCode(running, 'ada@example.com');
    expect(left(await client.api.account.login('ada@example.com', code))).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(client.tokens.get()).toBeNull();
  });

  it('kills a reset code on the fifth wrong try: even the right code then fails', async () => {
    const client = newClient(running);
    const reset = (code: string) => client.api.account.resetPassword({ email: 'ada@example.com', code, password: 'analytical', confirmPassword: 'analytical' });
    right(await client.api.account.forgotPassword({ email: 'ada@example.com' }));
    const code = await lastCode(running, 'ada@example.com');
    for (const wrong of wrongCodes(code, maxWrongCodeTries)) expect(left(await reset(wrong))).toMatchObject({ status: 400 });
    expect(left(await reset(code))).toMatchObject({ status: 400 });
    right(await client.api.account.login('ada@example.com', 'countertop'));

    // One wrong try fewer leaves the code alive.
    clock.now += minSendIntervalMs + 1000;
    right(await client.api.account.forgotPassword({ email: 'ada@example.com' }));
    const next = await lastCode(running, 'ada@example.com');
    for (const wrong of wrongCodes(next, maxWrongCodeTries - 1)) expect(left(await reset(wrong))).toMatchObject({ status: 400 });
    right(await reset(next));
    right(await client.api.account.login('ada@example.com', 'analytical'));
  });

  it('replaces a reset code with the next one sent', async () => {
    const client = newClient(running);
    const reset = (code: string) => client.api.account.resetPassword({ email: 'ada@example.com', code, password: 'analytical', confirmPassword: 'analytical' });
    right(await client.api.account.forgotPassword({ email: 'ada@example.com' }));
    const first = await lastCode(running, 'ada@example.com');
    clock.now += minSendIntervalMs + 1000;
    right(await client.api.account.forgotPassword({ email: 'ada@example.com' }));
    const second = await lastCode(running, 'ada@example.com');
    expect(second).not.toBe(first);
    expect(left(await reset(first))).toMatchObject({ status: 400 });
    right(await reset(second));
  });

  it('sends one code a destination in 30 s and five an hour, answering 429 with the field, a message and Retry-After', async () => {
    const client = newClient(running);
    right(await client.api.account.forgotPassword({ email: 'ada@example.com' }));
    const soon = left(await client.api.account.forgotPassword({ email: 'ADA@example.com' }));
    expect(isTooMany(soon)).toBe(true);
    expect(soon).toMatchObject({ body: [{ Field: 'email' }] });
    expect(firstFieldError(soon)).toBe('Too many codes were sent to ada@example.com. Try again in 30 seconds.');
    clock.now += 10_000;
    const response = await raw(running, 'Account/ForgotPassword', { email: 'ada@example.com' });
    expect(response.status).toBe(429);
    expect(response.headers.get('Retry-After')).toBe('20');

    // The same address on another call is the same destination.
    expect(isTooMany(left(await client.api.account.sendLoginCode({ email: 'ada@example.com' })))).toBe(true);

    clock.now = START;
    for (let i = 1; i < maxSendsPerWindow; i++) {
      clock.now += minSendIntervalMs + 1000;
      right(await client.api.account.forgotPassword({ email: 'ada@example.com' }));
    }
    clock.now += minSendIntervalMs + 1000;
    const sixth = left(await client.api.account.forgotPassword({ email: 'ada@example.com' }));
    expect(isTooMany(sixth)).toBe(true);
    expect(firstFieldError(sixth)).toMatch(/Try again in \d+ minutes\.$/);
    const waitS = Math.ceil((START + sendWindowMs - clock.now) / 1000);
    expect((await raw(running, 'Account/ForgotPassword', { email: 'ada@example.com' })).headers.get('Retry-After')).toBe(String(waitS));
    expect(await outbox(running, 'ada@example.com')).toHaveLength(maxSendsPerWindow);

    // Another destination is not limited by these sends; the first send leaving the hour frees one more.
    right(
      await client.api.account.register({
        firstName: 'Alan',
        lastName: 'Turing',
        email: 'alan@example.com',
        phoneNumber: '212-555-0199',
        password: 'enigma42',
        confirmPassword: 'enigma42',
      }),
    );
    clock.now = START + sendWindowMs;
    right(await client.api.account.forgotPassword({ email: 'ada@example.com' }));
  });

  it('kills an enrollment code after five wrong tries, a code tried with another phone counting as wrong', async () => {
    const bo = newClient(running);
    right(
      await bo.api.account.register({
        firstName: 'Bo',
        lastName: 'Lee',
        email: 'bo@example.com',
        phoneNumber: '212-555-0111',
        password: 'secret1',
        confirmPassword: 'secret1',
      }),
    );
    right(await bo.api.account.login('bo@example.com', 'secret1'));
    right(await bo.api.loyalty.enroll({ phoneNumber: '212-555-0111' }));
    const code = await lastCode(running, '2125550111');
    expect(left(await bo.api.loyalty.verify({ phoneNumber: '212-555-0112', code }))).toMatchObject({ status: 400 });
    for (const wrong of wrongCodes(code, maxWrongCodeTries - 1)) {
      expect(left(await bo.api.loyalty.verify({ phoneNumber: '212-555-0111', code: wrong }))).toMatchObject({ status: 400 });
    }
    expect(left(await bo.api.loyalty.verify({ phoneNumber: '212-555-0111', code }))).toMatchObject({ status: 400 });
    expect(isTooMany(left(await bo.api.loyalty.resendEnrollCode({ phoneNumber: '212-555-0111' })))).toBe(true);
    clock.now += minSendIntervalMs;
    right(await bo.api.loyalty.resendEnrollCode({ phoneNumber: '212-555-0111' }));
    right(await bo.api.loyalty.verify({ phoneNumber: '212-555-0111', code: await lastCode(running, '2125550111') }));
    expect(right(await bo.api.loyalty.status()).Enrolled).toBe(true);
  });
});

describe('one-time codes (pizza-chain: Phone, OneTime)', () => {
  const running = useSandbox({ catalog: 'pizza-chain', now: () => clock.now });
  const TONY = '(718) 555-0123';

  it('signs in with a sign-in code', async () => {
    const client = newClient(running);
    right(await client.api.account.sendLoginCode({ phoneNumber: TONY }));
    right(await client.api.account.login(TONY, await lastCode(running, TONY)));
    expect(client.tokens.get()?.accessToken).toMatch(/^at_/);
  });

  it('replaces a sign-in code with the next one sent: only the newest signs in', async () => {
    const client = newClient(running);
    right(await client.api.account.sendLoginCode({ phoneNumber: TONY }));
    const first = await lastCode(running, TONY);
    expect(isTooMany(left(await client.api.account.sendLoginCode({ phoneNumber: '718-555-0123' })))).toBe(true);
    clock.now += minSendIntervalMs + 1000;
    right(await client.api.account.sendLoginCode({ phoneNumber: TONY }));
    const second = await lastCode(running, TONY);
    expect(second).not.toBe(first);
    expect(left(await client.api.account.login(TONY, first))).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    right(await client.api.account.login(TONY, second));
  });

  it('refuses a registration whose code may not be sent yet, creating no account', async () => {
    const tony = newClient(running);
    right(await tony.api.account.sendLoginCode({ phoneNumber: TONY }));
    right(await tony.api.account.login(TONY, await lastCode(running, TONY)));
    // Tony's rewards code goes to a new phone; an account registered with that phone right after cannot get its code.
    right(await tony.api.loyalty.enroll({ phoneNumber: '646-555-0177' }));
    const lin = newClient(running);
    const signUp = { firstName: 'Lin', lastName: 'Wu', email: 'lin@example.com', phoneNumber: '646-555-0177' };
    const refused = left(await lin.api.account.register(signUp));
    expect(refused).toMatchObject({ status: 429, body: [{ Field: 'phoneNumber' }] });
    expect(right(await lin.api.account.sendLoginCode({ phoneNumber: '646-555-0177' }))).toMatchObject({ status: 204 });
    clock.now += minSendIntervalMs;
    right(await lin.api.account.register(signUp));
    right(await lin.api.account.login('646-555-0177', await lastCode(running, '646-555-0177')));
  });

  it('kills a sign-in code on the fifth wrong try', async () => {
    const client = newClient(running);
    right(await client.api.account.sendLoginCode({ phoneNumber: TONY }));
    const code = await lastCode(running, TONY);
    for (const wrong of wrongCodes(code, maxWrongCodeTries)) expect(left(await client.api.account.login(TONY, wrong))).toMatchObject({ status: 400 });
    expect(left(await client.api.account.login(TONY, code))).toMatchObject({ status: 400 });
    expect(client.tokens.get()).toBeNull();
  });

  it('locks the account after ten wrong codes, whatever codes are sent meanwhile', async () => {
    const client = newClient(running);
    for (let i = 0; i < maxFailedLogins - 1; i++) expect(left(await client.api.account.login(TONY, '000000x'))).toMatchObject({ status: 400 });
    expect(isTooMany(left(await client.api.account.login(TONY, '000000x')))).toBe(true);
    right(await client.api.account.sendLoginCode({ phoneNumber: TONY }));
    expect(isTooMany(left(await client.api.account.login(TONY, await lastCode(running, TONY))))).toBe(true);
  });
});

describe('phone numbers and passwords (retail-phone: Phone, UserDefined)', () => {
  const running = useSandbox({ catalog: 'retail-phone', now: () => clock.now });
  const MEI = '(503) 555-0148';

  it('signs the seed account in by phone number and password, in any spelling of the number', async () => {
    const client = newClient(running);
    const signedIn = right(await client.api.account.login(MEI, 'countertop'));
    expect(signedIn.profile).toMatchObject({ firstName: 'Mei', userName: MEI });
    right(await newClient(running).api.account.login('+1 503-555-0148', 'countertop'));
  });

  it('never takes a texted sign-in code as the password', async () => {
    const client = newClient(running);
    right(await client.api.account.sendLoginCode({ phoneNumber: MEI }));
    const code = await lastCode(running, MEI);
    expect((await outbox(running, MEI)).at(-1)).toMatchObject({ channel: 'sms' });
    expect(left(await client.api.account.login(MEI, code))).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });
});

describe('state saved before the limits existed', () => {
  it('loads, and the limits apply from then on', async () => {
    const dataDir = tempDir('countertop-guessing-');
    const first = await startSandbox({ catalog: 'cafe', dataDir, now: () => clock.now });
    right(await newClient(first).api.account.forgotPassword({ email: 'ada@example.com' }));
    const code = await lastCode(first, 'ada@example.com');
    await first.close();
    const file = join(dataDir, 'cafe.state.json');
    const saved = JSON.parse(readFileSync(file, 'utf8')) as SandboxState;
    expect(saved.guessing?.sends).toHaveLength(1);
    delete saved.guessing;
    for (const c of saved.codes) delete c.wrongTries;
    writeFileSync(file, JSON.stringify(saved));

    const second = await startSandbox({ catalog: 'cafe', dataDir, now: () => clock.now });
    try {
      const client = newClient(second);
      const reset = (c: string) =>
        client.api.account.resetPassword({ email: 'ada@example.com', code: c, password: 'analytical', confirmPassword: 'analytical' });
      for (const wrong of wrongCodes(code, maxWrongCodeTries)) expect(left(await reset(wrong))).toMatchObject({ status: 400 });
      expect(left(await reset(code))).toMatchObject({ status: 400 });
      right(await client.api.account.forgotPassword({ email: 'ada@example.com' }));
      expect(isTooMany(left(await client.api.account.forgotPassword({ email: 'ada@example.com' })))).toBe(true);
      for (let i = 0; i < maxFailedLogins; i++) left(await client.api.account.login('ada@example.com', 'wrong'));
      expect(isTooMany(left(await client.api.account.login('ada@example.com', 'countertop')))).toBe(true);
    } finally {
      await second.close();
    }
  });
});
