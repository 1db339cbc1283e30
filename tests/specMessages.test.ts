// Every message of the spec's message tables (account-and-session.md sections 2, 4, 5 and 8; ordering.md sections
// 2, 4, 5 and 8), word for word, with the browser test that makes it happen on a shopper's screen. A message with no
// such test fails this file, so the count of what is proven stays honest: to add a message, add the test that causes
// it and name it here. A test is named by its file and a part of its title; the message (or, where the spec has a
// placeholder, the words the test expects) must be asserted inside that test's own body, literally or through a
// constant of the test file or of the storefront's code that holds it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { filesUnder } from './support/files';

interface SpecMessage {
  /** The spec's words; {braces} stand for what the page fills in. Our own words where the spec names only a key. */
  readonly message: string;
  readonly spec: string;
  /** The browser test: its file in tests/browser, a part of its title, and the words it expects when not the message. */
  readonly proof: readonly [file: string, title: string, shown?: string];
  /** The words come from the API's answer (the spec says "the first error"), not from the storefront's code. */
  readonly fromApi?: true;
}

const A5 = 'account-and-session.md section 5';
const A8 = 'account-and-session.md section 8';
const B5 = 'ordering.md section 5';
const B8 = 'ordering.md section 8';

const SPEC_MESSAGES: readonly SpecMessage[] = [
  // Validation (account-and-session.md section 5; the guest form's are the same words, ordering.md section 5).
  { message: 'First Name is required', spec: A5, proof: ['account-failures.test.ts', "says the API's own reason, or 'Unable to complete registration!'"] },
  { message: 'Last Name is required', spec: A5, proof: ['account-failures.test.ts', "says the API's own reason, or 'Unable to complete registration!'"] },
  { message: 'Phone Number is required', spec: A5, proof: ['account-failures.test.ts', "says the API's own reason, or 'Unable to complete registration!'"] },
  { message: 'Phone Number is not valid', spec: A5, proof: ['loyalty.test.ts', 'asks for a valid phone and the code'] },
  { message: 'Email Address is required', spec: A5, proof: ['account-failures.test.ts', "says the API's own reason, or 'Unable to complete registration!'"] },
  { message: 'Email Address is not valid', spec: A5, proof: ['checkout-pickup.test.ts', 'orders pickup ASAP and lands on the confirmation'] },
  { message: 'Email address is not valid!', spec: A5, proof: ['account-failures.test.ts', "an email in the reset page's words"] },
  { message: 'Password is required', spec: A5, proof: ['account-failures.test.ts', "says the API's own reason, or 'Unable to complete registration!'"] },
  { message: 'Code is required', spec: A5, proof: ['account-failures.test.ts', "fails in each mode's words"] },
  {
    message: 'Password Confirmation is required',
    spec: A5,
    proof: ['account-failures.test.ts', "says the API's own reason, or 'Unable to complete registration!'"],
  },
  { message: 'Password Confirmation must match Password', spec: A5, proof: ['account-modes.test.ts', 'says what is missing only once the shopper leaves'] },

  // The account's error catalogue (account-and-session.md section 8).
  { message: 'Invalid email address or password!', spec: A8, proof: ['account.test.ts', 'from the header: wrong credentials'] },
  { message: 'Invalid phone number or password!', spec: A8, proof: ['account-modes.test.ts', 'Mei: a wrong password'] },
  { message: 'Invalid email address or code!', spec: A8, proof: ['account-modes.test.ts', 'June: Send Code'] },
  { message: 'Invalid phone number or code!', spec: A8, proof: ['account-modes.test.ts', 'Tony: Send Code'] },
  { message: 'Error during email address login. Please try again.', spec: A8, proof: ['account-failures.test.ts', "fails in each mode's words"] },
  { message: 'Error during phone number login. Please try again.', spec: A8, proof: ['account-failures.test.ts', "fails in each mode's words"] },
  { message: 'Code was sent!', spec: A8, proof: ['account-modes.test.ts', 'resend: disabled while it counts down'] },
  { message: 'Unable to resend code!', spec: A8, proof: ['account-failures.test.ts', "fails in each mode's words"] },
  {
    message: "Register fails: the first error in the first element's Errors list",
    spec: A8,
    proof: ['account-failures.test.ts', "says the API's own reason", "Email 'ada@example.com' is already taken."],
    fromApi: true,
  },
  {
    message: 'Unable to complete registration!',
    spec: A8,
    proof: ['account-failures.test.ts', "says the API's own reason, or 'Unable to complete registration!'"],
  },
  {
    message: 'Verify account fails: the first error',
    spec: A8,
    proof: ['account-modes.test.ts', 'appears once signed in (not on /sign-in)', 'The code is invalid or has expired.'],
    fromApi: true,
  },
  { message: 'Unable to verify account', spec: A8, proof: ['account-failures.test.ts', "a failed verification 'Unable to verify account'"] },
  { message: 'Account verified!', spec: A8, proof: ['account-modes.test.ts', 'appears once signed in (not on /sign-in)'] },
  { message: 'Invalid email address!', spec: A8, proof: ['account-modes.test.ts', "an unknown email, then Ada's"] },
  { message: 'Unable to reset password!', spec: A8, proof: ['account-modes.test.ts', "an unknown email, then Ada's"] },
  { message: 'Password reset successfully!', spec: A8, proof: ['account-modes.test.ts', "an unknown email, then Ada's"] },
  {
    message: 'Profile update fails: the first error',
    spec: A8,
    proof: ['account-failures.test.ts', "says the API's reason, 'Could not update profile!'", "Phone number '212-555-0177' is already taken."],
    fromApi: true,
  },
  { message: 'Could not update profile!', spec: A8, proof: ['account-failures.test.ts', "says the API's reason, 'Could not update profile!'"] },
  { message: 'Profile updated!', spec: A8, proof: ['account-modes.test.ts', 'says what is missing only once the shopper leaves'] },
  { message: 'Coupon was added!', spec: A8, proof: ['loyalty.test.ts', 'redeems a coupon into the bag'] },
  // The spec's translation keys, in our words (src/domain/discounts/messages.ts).
  {
    message: 'Reward added to your bag!',
    spec: `${A8} (reward added: a key)`,
    proof: ['discount-use.test.ts', 'a second discount says that only one applies'],
  },
  {
    message: 'This phone number is already a rewards member. We have refreshed your rewards.',
    spec: `${A8} (loyalty verify 409: a key)`,
    proof: ['loyalty.test.ts', 'a phone another member took'],
  },
  {
    message: 'We could not verify that code. Please check it and try again.',
    spec: `${A8} (loyalty verify: a key)`,
    proof: ['loyalty.test.ts', 'says a wrong code'],
  },
  {
    message: 'We could not send a code to that phone number. Please try again in a moment.',
    spec: `${A8} (loyalty resend/enroll: a key)`,
    proof: ['loyalty.test.ts', 'a failed resend'],
  },
  { message: 'Not Logged In', spec: A8, proof: ['account-failures.test.ts', "'Not Logged In' for a 401"] },
  { message: "Oops! We can't find {text}!", spec: A8, proof: ['location.test.ts', 'an unknown zip toasts the spec message', "Oops! We can't find 00000!"] },
  {
    message: 'There was a problem adding this card. Please try again or try a different card.',
    spec: A8,
    proof: ['checkout-fewer-taps.test.ts', "stops the order with the spec's message"],
  },

  // Screens and states (account-and-session.md sections 2 and 4; ordering.md sections 2 and 4).
  {
    message: "Hey! We've added text notifications. Hop over to your profile to opt in!",
    spec: 'account-and-session.md section 4',
    proof: ['account-modes.test.ts', 'shows once to a verified shopper who has made no choice yet'],
  },
  { message: "You don't have any saved cards.", spec: 'account-and-session.md section 2', proof: ['wallet.test.ts', 'says when there is no saved card'] },
  { message: 'Your bag is currently empty.', spec: 'ordering.md section 2', proof: ['bag.test.ts', 'clamps 3 lattes to 1'] },
  { message: "You don't have any favorites.", spec: 'ordering.md section 2', proof: ['orders.test.ts', "a guest's hearts last across a reload"] },
  { message: "You don't have any prior orders.", spec: 'ordering.md section 2', proof: ['orders.test.ts', 'shows an order placed at checkout'] },
  {
    message: 'We removed items from your cart because they are not available at this location.',
    spec: 'ordering.md section 4',
    proof: ['journey.test.ts', 'picks a location, builds a bag, edits it, keeps it, changes location and empties it'],
  },
  {
    message: 'This location is currently closed. Orders placed must be scheduled for future pickup.',
    spec: 'ordering.md section 4',
    proof: ['checkout-failures.test.ts', 'a closed location offers only scheduled times'],
  },
  { message: 'Order was placed!', spec: 'ordering.md section 4', proof: ['checkout-pickup.test.ts', 'orders pickup ASAP and lands on the confirmation'] },

  // The item panel, checkout's forms and the tip (ordering.md section 5).
  { message: 'A variation is required', spec: B5, proof: ['bag.test.ts', 'builds a latte'] },
  { message: '{name} is required', spec: B5, proof: ['item-rules.test.ts', 'a required choice is missing', 'Dressing is required'] },
  {
    message: 'At least 1 value from {name} is required',
    spec: B5,
    proof: ['bag.test.ts', 'keeps Build Your Own inactive', 'At least 1 value from Toppings is required'],
  },
  {
    message: 'At least {count} values from {name} are required',
    spec: B5,
    proof: ['item-rules.test.ts', 'say how many a list still needs', 'At least 2 values from Toppings are required'],
  },
  {
    message: 'There is only {count} available at this time.',
    spec: B5,
    proof: ['bag.test.ts', 'clamps 3 lattes to 1', 'There is only 1 available at this time.'],
  },
  { message: 'Address Line 1 is required', spec: B5, proof: ['checkout-pickup.test.ts', 'orders pickup ASAP and lands on the confirmation'] },
  { message: 'City is required', spec: B5, proof: ['checkout-fewer-taps.test.ts', 'sends nothing while the billing address is incomplete'] },
  { message: 'State is required', spec: B5, proof: ['checkout-failures.test.ts', 'postal code 99999 leaves the state to the shopper'] },
  { message: 'Vehicle Make is required', spec: B5, proof: ['checkout-chain.test.ts', 'orders curbside in Chicago'] },
  { message: 'Vehicle Model is required', spec: B5, proof: ['checkout-chain.test.ts', 'orders curbside in Chicago'] },
  { message: 'Vehicle Color is required', spec: B5, proof: ['checkout-chain.test.ts', 'orders curbside in Chicago'] },
  { message: 'Tip Amount is required', spec: B5, proof: ['checkout-pickup.test.ts', 'refuses a custom tip above the maximum'] },
  { message: 'Tip Amount is not valid', spec: B5, proof: ['checkout-pickup.test.ts', 'refuses a custom tip above the maximum'] },
  {
    message: 'Tip Amount must not exceed {amount}',
    spec: B5,
    proof: ['checkout-pickup.test.ts', 'refuses a custom tip above the maximum', 'Tip Amount must not exceed $2.79'],
  },

  // The order error table (ordering.md section 8).
  { message: 'One or more items are no longer available.', spec: B8, proof: ['checkout-failures.test.ts', 'an item sold out between bag and Place Order'] },
  { message: 'The credit card CVV is invalid.', spec: B8, proof: ['checkout-failures.test.ts', 'CVV 911'] },
  { message: 'The expiration date is missing or malformed.', spec: B8, proof: ['checkout-refusals.test.ts', "each says the spec's words where the card is"] },
  { message: 'The credit card expiration date is invalid.', spec: B8, proof: ['checkout-refusals.test.ts', "each says the spec's words where the card is"] },
  { message: 'The credit card is expired.', spec: B8, proof: ['checkout-refusals.test.ts', "each says the spec's words where the card is"] },
  { message: 'The postal code is invalid.', spec: B8, proof: ['checkout-failures.test.ts', 'postal code 99999 leaves the state to the shopper'] },
  { message: 'The postal code is missing or malformed.', spec: B8, proof: ['checkout-refusals.test.ts', "each says the spec's words where the card is"] },
  {
    message: 'There are insufficient funds to complete this order.',
    spec: B8,
    proof: ['checkout-refusals.test.ts', "each says the spec's words where the card is"],
  },
  {
    message: 'The charge amount is below the miniumum for this processor.',
    spec: B8,
    proof: ['checkout-refusals.test.ts', "each says the spec's words where the card is"],
  },
  { message: 'The credit card was declined.', spec: B8, proof: ['checkout-failures.test.ts', 'a declined card shows'] },
  { message: 'Could not place order!', spec: B8, proof: ['checkout-failures.test.ts', 'a response lost after the order was committed'] },

  // Reorder (ordering.md section 8 names each case, "exact wording not shown"): our words (src/domain/items).
  {
    message: '{item} is no longer available at this location.',
    spec: `${B8} (reorder: item no longer available)`,
    proof: ['orders.test.ts', 'an item the location no longer sells is not reordered', 'Buffalo Wings is no longer available at this location.'],
  },
  {
    message: 'A required option of {item} is missing: {list}. Open the item to choose it.',
    spec: `${B8} (reorder: a required option is missing)`,
    proof: [
      'orders.test.ts',
      'reorders after the stock fell and the menu changed',
      'A required option of Chai Latte is missing: Extras. Open the item to choose it.',
    ],
  },
  {
    message: 'One or more options of {item} are no longer offered: {options}. Open the item to choose again.',
    spec: `${B8} (reorder: one or more options are missing)`,
    proof: [
      'orders.test.ts',
      'reorders after the stock fell and the menu changed',
      'One or more options of Cappuccino are no longer offered: Caramel syrup. Open the item to choose again.',
    ],
  },
  {
    message: 'Some options of {item} have exceeded their limits: {list}. Open the item to change them.',
    spec: `${B8} (reorder: some options have exceeded their limits)`,
    proof: [
      'orders.test.ts',
      'reorders after the stock fell and the menu changed',
      'Some options of Latte have exceeded their limits: Extras. Open the item to change them.',
    ],
  },
  {
    message: 'An option of {item} is not available at this time: {options}. Open the item to choose again.',
    spec: `${B8} (reorder: an optional option is missing)`,
    proof: [
      'orders.test.ts',
      'reorders after the stock fell and the menu changed',
      'An option of Americano is not available at this time: Whipped cream. Open the item to choose again.',
    ],
  },
  {
    message: '{item} is out of stock at this time.',
    spec: `${B8} (reorder: out of stock)`,
    proof: ['orders.test.ts', 'reorders after the stock fell and the menu changed', 'Butter Croissant is out of stock at this time.'],
  },
  {
    message: 'The quantity of {item} will be reduced to {count}: there is only {count} available at this time.',
    spec: `${B8} (reorder: quantity will be reduced)`,
    proof: [
      'orders.test.ts',
      'reorders after the stock fell and the menu changed',
      'The quantity of Bagel will be reduced to 1: there is only 1 available at this time.',
    ],
  },
  { message: 'Timeout', spec: B8, proof: ['checkout-chain.test.ts', "says 'Timeout' when a queued order is still pending"] },
];

const BROWSER = new URL('./browser/', import.meta.url);
const ROOT = new URL('../', import.meta.url);

/** Every source file of the storefront, joined: where each message must be written word for word. */
function sourceText(dir: URL): string {
  return filesUnder(dir, /\.(ts|tsx)$/)
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
}

/** The literal parts of a message: what is left of it between its {placeholders}. */
const fragments = (message: string) => message.split(/\{[a-z]+\}/i).filter((part) => part.trim() !== '');

/** The body of the test whose title holds `title`: from its `it(` to the next test, describe or the file's end. */
function testBody(source: string, title: string): string | null {
  const tests = [...source.matchAll(/\n\s*it\(\s*(['"`])((?:\\.|(?!\1)[\s\S])*)\1/g)];
  const index = tests.findIndex((match) => match[2]!.replace(/\\(['"`])/g, '$1').includes(title));
  if (index < 0) return null;
  const start = tests[index]!.index;
  const next = tests[index + 1]?.index ?? source.length;
  const describeAt = source.indexOf('\ndescribe(', start);
  return source.slice(start, describeAt > start && describeAt < next ? describeAt : next);
}

/**
 * What a file's constants hold (`const NAME = '...'`, or a table of them), and those it imports from the storefront's
 * code, as written (escaped quotes read plainly).
 */
function constantsOf(source: string): Map<string, string> {
  const constants = new Map<string, string>();
  const read = (text: string) => {
    for (const match of text.matchAll(/(?:export )?const ([A-Z][A-Z0-9_]*)(?::[^=]*)? = ([\s\S]*?);\n/g)) {
      constants.set(match[1]!, match[2]!.replace(/\\(['"`])/g, '$1'));
    }
  };
  read(source);
  for (const match of source.matchAll(/import \{([^}]*)\} from '(\.\.\/\.\.\/src\/[^']+)'/g)) {
    const file = new URL(`./browser/${match[2]!}.ts`, import.meta.url);
    try {
      read(readFileSync(file, 'utf8'));
    } catch {
      // A module without its own constants (a .tsx, a folder): nothing to read.
    }
  }
  return constants;
}

/** Whether the test's body asserts `words`: written there, or through a constant that holds them. */
function asserts(body: string, constants: ReadonlyMap<string, string>, words: string): boolean {
  if (body.includes(words)) return true;
  return [...constants].some(([name, value]) => value.includes(words) && new RegExp(`\\b${name}\\b`).test(body));
}

describe("the spec's messages", () => {
  const storefront = sourceText(new URL('src/', ROOT));

  it('are each written in the storefront word for word (the ones of our own words too)', () => {
    const missing = SPEC_MESSAGES.filter((m) => !m.fromApi && !fragments(m.message).every((part) => storefront.includes(part))).map((m) => m.message);
    expect(missing).toEqual([]);
  });

  it('are each made to happen by the browser test named for it, which asserts them', () => {
    const problems: string[] = [];
    for (const { message, proof } of SPEC_MESSAGES) {
      const [file, title, shown] = proof;
      let source: string;
      try {
        source = readFileSync(new URL(file, BROWSER), 'utf8');
      } catch {
        problems.push(`${message}: no browser test file ${file}`);
        continue;
      }
      const body = testBody(source, title);
      if (body === null) {
        problems.push(`${message}: ${file} has no test titled '...${title}...'`);
        continue;
      }
      const words = shown ?? message;
      if (!asserts(body, constantsOf(source), words)) problems.push(`${message}: '${title}' in ${file} does not assert '${words}'`);
    }
    expect(problems).toEqual([]);
  });

  it('leave none without a browser test: every message the spec tables give is in the list above', () => {
    // The spec's own words, as its tables give them, that this list must hold (placeholders as the spec writes them).
    const listed = new Set(SPEC_MESSAGES.map((m) => m.message));
    const tables = [
      'Invalid email address or password!',
      'Invalid phone number or password!',
      'Invalid email address or code!',
      'Invalid phone number or code!',
      'Error during email address login. Please try again.',
      'Error during phone number login. Please try again.',
      'Code was sent!',
      'Unable to resend code!',
      'Unable to complete registration!',
      'Unable to verify account',
      'Account verified!',
      'Invalid email address!',
      'Unable to reset password!',
      'Password reset successfully!',
      'Could not update profile!',
      'Profile updated!',
      'Coupon was added!',
      'Not Logged In',
      "Oops! We can't find {text}!",
      'There was a problem adding this card. Please try again or try a different card.',
      'One or more items are no longer available.',
      'The credit card CVV is invalid.',
      'The expiration date is missing or malformed.',
      'The credit card expiration date is invalid.',
      'The credit card is expired.',
      'The postal code is invalid.',
      'The postal code is missing or malformed.',
      'There are insufficient funds to complete this order.',
      'The charge amount is below the miniumum for this processor.',
      'The credit card was declined.',
      'Could not place order!',
      'Order was placed!',
      'Timeout',
      'First Name is required',
      'Last Name is required',
      'Phone Number is required',
      'Phone Number is not valid',
      'Email Address is required',
      'Email Address is not valid',
      'Email address is not valid!',
      'Password is required',
      'Code is required',
      'Password Confirmation is required',
      'Password Confirmation must match Password',
      'A variation is required',
      '{name} is required',
      'At least 1 value from {name} is required',
      'At least {count} values from {name} are required',
      'There is only {count} available at this time.',
      'Address Line 1 is required',
      'City is required',
      'State is required',
      'Vehicle Make is required',
      'Vehicle Model is required',
      'Vehicle Color is required',
      'Tip Amount is required',
      'Tip Amount is not valid',
      'Tip Amount must not exceed {amount}',
      'We removed items from your cart because they are not available at this location.',
      'This location is currently closed. Orders placed must be scheduled for future pickup.',
      "Hey! We've added text notifications. Hop over to your profile to opt in!",
      'Your bag is currently empty.',
      "You don't have any favorites.",
      "You don't have any prior orders.",
      "You don't have any saved cards.",
    ];
    expect(tables.filter((message) => !listed.has(message))).toEqual([]);
  });
});
