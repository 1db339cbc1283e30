// Every shopper's action that calls the API waits for the network (README, "Installable and offline"): a form's submit
// through useForm's `waitsForNetwork` (formsWaitForNetwork.test.ts), a button outside a form through the one hook,
// useNetworkAction, which either keeps the press and goes on by itself once back online (`waits`) or, where going on
// later would surprise the shopper, refuses it saying it needs the network (`needs`). Every call of a command from a
// page or component is found here and must be one of these, or be named below with why it needs no wait; a command
// named as writing the log alone is checked to call no API. The waiting itself is proven by the hook's test and in
// the browser (wallet.test.ts).
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as account from '../../src/domain/account/messages';
import * as delivery from '../../src/domain/delivery/messages';
import * as orders from '../../src/domain/orders/messages';
import * as payments from '../../src/domain/payments/messages';
import { filesUnder } from '../support/files';

const APP = join(__dirname, '../../src/app');
const COMMANDS = join(__dirname, '../../src/commands');

/** Each file's useNetworkAction calls: the words each says offline, in the order they appear. */
const BUTTONS: Readonly<Record<string, readonly string[]>> = {
  'components/CurbsideArrival.tsx': ['ARRIVAL_WAITS'],
  'components/FavoriteButton.tsx': ['FAVORITE_WAITS'],
  'features/account/CodeStep.tsx': ['SEND_CODE_WAITS'],
  'features/account/VerificationModal.tsx': ['SEND_CODE_WAITS'],
  'features/addresses/AddressesPage.tsx': ['ADDRESS_DELETE_WAITS', 'ADDRESS_CHOOSE_WAITS'],
  'features/checkout/DeliveryDetails.tsx': ['ADDRESS_CHOOSE_WAITS'],
  'features/checkout/GiftCardPay.tsx': ['GIFT_CARD_PAY_WAITS'],
  'features/loyalty/RewardsPage.tsx': ['SEND_CODE_WAITS'],
  'features/orders/OrderHistoryPage.tsx': ['REORDER_WAITS'],
  'features/wallet/CardsPage.tsx': ['CARD_REMOVE_WAITS', 'GIFT_CARD_RELOAD_NEEDS', 'GIFT_CARD_REMOVE_WAITS', 'GIFT_CARD_BALANCE_WAITS'],
  'forms/DeliveryAddressForm.tsx': ['ADDRESS_SAVE_WAITS'],
};

const LOG = 'writes the log alone';
const READ = 'a read the page makes as it opens, not a shopper’s press';

/** Calls outside a waiting form or button, and why each needs no wait. */
const NO_WAIT: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'components/CurbsideArrival.tsx': { dismissArrivalPrompt: LOG },
  'features/account/AccountMenu.tsx': { logout: 'the session’s tokens go from this device; no call is made' },
  'forms/useForm.ts': { recordClientEvent: LOG },
  'shell/useClientEvents.ts': { recordClientEvent: LOG },
  'features/account/VerificationModal.tsx': { endSession: LOG, verifyAccount: 'CodeStep’s form submits it, and waits' },
  'features/account/SignInPage.tsx': { signInWithCode: 'CodeStep’s form submits it, and waits' },
  'features/account/SignUpFlow.tsx': {
    signInWithCode: 'CodeStep’s form submits it, and waits',
    verifyAccount: 'CodeStep’s form submits it, and waits',
    signIn: 'CodeStep’s form submits it, and waits',
  },
  'features/addresses/AddressesPage.tsx': {
    loadAddresses: READ,
    validateDeliveryAddress: 'DeliveryAddressForm’s form submits it, and waits',
    saveDeliveryAddress: 'DeliveryAddressForm’s Use This Address submits it, and waits',
  },
  'features/bag/BagPage.tsx': { changeQuantity: LOG, removeDiscount: LOG, removeLine: LOG },
  'features/catalog/useAddToBag.ts': { addToBag: LOG },
  'features/checkout/CardBlock.tsx': {
    addCard: 'BillingAddressForm submits it, and waits when the card is to be remembered (a card for this order stays in the page)',
    cardUsable: 'asks the page, not the API',
    forgetStaleCard: LOG,
    removeCard: 'only a guest’s card for this order, which is in the page alone ("Change it" of a signed-in shopper opens the list)',
    selectCard: LOG,
  },
  'features/checkout/CurbsideVehicle.tsx': { saveVehicle: LOG },
  'features/checkout/DeliveryDetails.tsx': {
    loadAddresses: READ,
    quoteDelivery: 'the quote waits for the network by itself (QUOTE_WAITS) and is asked for again once back',
    validateDeliveryAddress: 'DeliveryAddressForm’s form submits it, and waits',
    saveDeliveryAddress: 'DeliveryAddressForm’s Use This Address submits it, and waits',
  },
  'features/checkout/DineInNote.tsx': { saveDineIn: LOG },
  'features/checkout/FulfillmentBlock.tsx': { chooseFulfillment: LOG },
  'features/checkout/GiftCardPay.tsx': { loadGiftCards: READ, checkGiftCardBalance: READ },
  'features/checkout/GuestBlock.tsx': { saveGuest: LOG, editGuest: LOG },
  'features/checkout/PickupNotes.tsx': { savePickupNotes: LOG },
  'features/checkout/PickupTimeBlock.tsx': { choosePickupTime: LOG },
  'features/checkout/PlaceOrder.tsx': {
    placeOrder: 'Place Order keeps its press offline and places the order once back (ORDER_WAITS_WORDS), with its in-doubt check',
    refreshInventory: 'a read after a refusal, not a shopper’s press',
  },
  'features/checkout/TipModal.tsx': { setTip: LOG, resetTip: LOG },
  'features/confirmation/ConfirmationPage.tsx': { refreshOrderProgress: 'a read, made again when the browser is back online' },
  'features/item/ItemPanel.tsx': { addToBag: LOG, updateLine: LOG },
  'features/location/LocationChooser.tsx': { selectLocation: LOG },
  'features/loyalty/CouponsPage.tsx': { applyCoupon: LOG },
  'features/loyalty/RewardsPage.tsx': { applyReward: LOG },
  'features/wallet/AddCard.tsx': { addCard: 'BillingAddressForm submits it, and waits (the card is saved to the account)' },
  'features/wallet/CardsPage.tsx': { loadGiftCards: READ, selectCard: LOG },
  'root/AccountWatch.tsx': { showTextPrompt: 'decides from the log whether the prompt is due; no call is made' },
};

const sourceFiles = (dir: string) => filesUnder(dir, /\.tsx?$/);

/** The source without its line comments (examples in a comment are not calls). */
const code = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line))
    .join('\n');

/** The [start, end) spans of each balanced `(...)` opened by a match of `opening` (which ends at its parenthesis). */
function spans(source: string, opening: RegExp): { start: number; end: number; text: string }[] {
  const found: { start: number; end: number; text: string }[] = [];
  for (const match of source.matchAll(opening)) {
    const start = match.index + match[0].length - 1;
    let depth = 0;
    for (let i = start; i < source.length; i++) {
      if (source[i] === '(') depth++;
      else if (source[i] === ')' && --depth === 0) {
        found.push({ start, end: i + 1, text: source.slice(start, i + 1) });
        break;
      }
    }
  }
  return found;
}

const relativeName = (path: string) => relative(APP, path).split('\\').join('/');
// Start-up and its background reads (src/app/runtime) are no shopper's action; the hook itself names no command.
const pages = sourceFiles(APP).filter((path) => !relativeName(path).startsWith('runtime/'));

/** Each call of a command in a file, with whether a waiting form or button makes it. */
function calls(path: string): { name: string; covered: 'form' | 'button' | null }[] {
  const source = code(path);
  const forms = spans(source, /useForm<[^>]*>\(/g).filter((span) => /waitsForNetwork: \w+/.test(span.text));
  const buttons = spans(source, /useNetworkAction\(/g);
  return [...source.matchAll(/commands\.(\w+)\(/g)].map((match) => {
    const inside = (span: { start: number; end: number }) => match.index > span.start && match.index < span.end;
    return { name: match[1]!, covered: forms.some(inside) ? 'form' : buttons.some(inside) ? 'button' : null };
  });
}

/** The text of a command's definition in src/commands: from its name to the line that closes it. */
function definition(name: string): string {
  for (const path of sourceFiles(COMMANDS)) {
    const lines = readFileSync(path, 'utf8').split('\n');
    const at = lines.findIndex((line) => new RegExp(`^\\s*(async )?${name}(: |\\()`).test(line));
    if (at < 0) continue;
    const indent = /^\s*/.exec(lines[at]!)![0].length;
    const end = lines.findIndex((line, i) => i > at && line.trim() !== '' && /^\s*/.exec(line)![0].length <= indent);
    return lines.slice(at, end < 0 ? undefined : end + 1).join('\n');
  }
  throw new Error(`No command ${name} in src/commands`);
}

const WORDS: Readonly<Record<string, unknown>> = { ...account, ...delivery, ...orders, ...payments };

describe('actions that call the API', () => {
  it('are each made by a form or a button that waits, or are named with why they need no wait', () => {
    const unexplained = pages.flatMap((path) => {
      const file = relativeName(path);
      return calls(path)
        .filter((call) => call.covered === null && NO_WAIT[file]?.[call.name] === undefined)
        .map((call) => `${file}: ${call.name}`);
    });
    expect(unexplained).toEqual([]);
  });

  it('named as writing the log alone call no API', () => {
    const logOnly = new Set(Object.values(NO_WAIT).flatMap((reasons) => Object.keys(reasons).filter((name) => reasons[name] === LOG)));
    for (const name of logOnly) expect(definition(name), name).not.toMatch(/\bapi\.|loadFlow\(\)|checkGiftCardBalance/);
    // The check can fail: a command that calls the API is seen as one.
    expect(definition('removeGiftCard')).toMatch(/\bapi\./);
  });

  it('name no call that is not there (the list stays true)', () => {
    const made = new Map(pages.map((path) => [relativeName(path), new Set(calls(path).map((call) => call.name))]));
    const stale = Object.entries(NO_WAIT).flatMap(([file, reasons]) =>
      Object.keys(reasons)
        .filter((name) => !made.get(file)?.has(name))
        .map((name) => `${file}: ${name}`),
    );
    expect(stale).toEqual([]);
  });

  it('are every button that waits, each with its words', () => {
    const found = Object.fromEntries(
      pages
        .map((path) => [relativeName(path), spans(code(path), /useNetworkAction\(/g)] as const)
        .filter(([file, buttons]) => buttons.length > 0 && file !== 'hooks/useNetworkAction.ts')
        .map(([file, buttons]) => [file, buttons.map((span) => /(?:waits|needs): (\w+)/.exec(span.text)?.[1] ?? null)]),
    );
    expect(found).toEqual(BUTTONS);
  });

  it("say plainly, in the offline notice's words, what they will do, or that they need the network", () => {
    for (const name of new Set(Object.values(BUTTONS).flat())) {
      if (name.endsWith('_NEEDS')) expect(WORDS[name], name).toMatch(/^You’re offline: .+ needs the network\. .+ when you’re back online\.$/);
      else expect(WORDS[name], name).toMatch(/^You’re offline: .+ when you’re back online\.$/);
    }
  });
});
