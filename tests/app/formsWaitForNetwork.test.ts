// Every form whose submit calls the API waits for the network the same way (useForm's `waitsForNetwork`, README,
// "Installable and offline"): pressed offline it says what it will do and sends nothing, and back online it goes on
// by itself, once. Forms that only write to the log need no network and say nothing of it. A new form must be put in
// one list or the other; the waiting itself is proven in the browser (offline.test.ts, account.test.ts).
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as account from '../../src/domain/account/messages';
import * as delivery from '../../src/domain/delivery/messages';
import * as payments from '../../src/domain/payments/messages';
import { filesUnder } from '../support/files';

const APP = join(__dirname, '../../src/app');

/** Each form's file, and the words each of its useForm calls waits with, in the order they appear. */
const CALLS_THE_API: Readonly<Record<string, readonly string[]>> = {
  'features/account/SignInPage.tsx': ['SIGN_IN_WAITS', 'SEND_CODE_WAITS'],
  'features/account/CodeStep.tsx': ['CODE_CHECK_WAITS'],
  'features/account/RegisterForm.tsx': ['REGISTER_WAITS'],
  'features/account/ForgotPasswordPage.tsx': ['FORGOT_PASSWORD_WAITS'],
  'features/account/ResetPasswordPage.tsx': ['RESET_PASSWORD_WAITS'],
  'features/account/ProfilePage.tsx': ['PROFILE_WAITS'],
  'features/loyalty/RewardsPage.tsx': ['SEND_CODE_WAITS', 'CODE_CHECK_WAITS'],
  'features/wallet/CardsPage.tsx': ['GIFT_CARD_WAITS'],
  'forms/CardEntryForm.tsx': ['CARD_CHECK_WAITS'],
  // Only a card to remember goes to the API (a card for this order stays in the page).
  'forms/BillingAddressForm.tsx': ['CARD_SAVE_WAITS'],
  'forms/DeliveryAddressForm.tsx': ['ADDRESS_CHECK_WAITS'],
};

/** Forms whose submit appends to the log only. */
const LOG_ONLY = ['features/checkout/CurbsideVehicle.tsx', 'features/checkout/GuestBlock.tsx'];

const sourceFiles = (dir: string) => filesUnder(dir, /\.tsx?$/);

/** The options object of each `useForm<...>({ ... })` call in a file. */
function useFormOptions(source: string): string[] {
  const calls: string[] = [];
  for (const match of source.matchAll(/useForm<[^>]*>\(\{/g)) {
    let depth = 0;
    const start = match.index + match[0].length - 1;
    for (let i = start; i < source.length; i++) {
      if (source[i] === '{') depth++;
      else if (source[i] === '}' && --depth === 0) {
        calls.push(source.slice(start, i + 1));
        break;
      }
    }
  }
  return calls;
}

const read = (file: string) => readFileSync(join(APP, file), 'utf8');
const WORDS: Readonly<Record<string, unknown>> = { ...account, ...delivery, ...payments };

describe('forms that call the API', () => {
  it('are every form there is, or are known to write to the log only', () => {
    const forms = sourceFiles(APP)
      .filter((path) => useFormOptions(readFileSync(path, 'utf8')).length > 0)
      .map((path) => relative(APP, path).split('\\').join('/'))
      .sort();
    expect(forms).toEqual([...Object.keys(CALLS_THE_API), ...LOG_ONLY].sort());
  });

  it.each(Object.entries(CALLS_THE_API))('%s waits for the network and says so', (file, words) => {
    const source = read(file);
    const calls = useFormOptions(source);
    expect(calls.map((options) => /waitsForNetwork: (\w+)/.exec(options)?.[1] ?? null)).toEqual(words);
    // The words are shown where the form says what happened.
    expect(source.match(/<FormWaiting words=\{form\.waiting\} \/>/g)).toHaveLength(words.length);
  });

  it.each(LOG_ONLY)('%s needs no network and says nothing of it', (file) => {
    expect(read(file)).not.toContain('waitsForNetwork');
  });

  it("say plainly, in the offline notice's words, what they will do once the network is back", () => {
    const used = new Set(Object.values(CALLS_THE_API).flat());
    for (const name of used) {
      expect(WORDS[name], name).toMatch(/^You’re offline: .+ when you’re back online\.$/);
    }
  });
});
