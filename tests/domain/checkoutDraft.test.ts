// What checkout keeps of forms not saved yet, for a reload: Personal Info and the billing street, for one order by
// one shopper, and never anything of the card.
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkoutDraftAnchor, checkoutDraftFor, storedCheckoutDraft, withBillingDraft, withGuestDraft } from '../../src/domain/forms/checkoutDraft';

const anchor = checkoutDraftAnchor(null, 'order-1');
const empty = checkoutDraftFor(null, anchor);
const guest = { firstName: 'Ada', lastName: 'Love', email: 'ada@exa', phone: '212' };
const billing = { addressLine1: '12 Bank St', addressLine2: '', city: 'New York', state: 'NY', postalCode: '10014' };

/** The card's own fields, as the card form holds them. */
const CARD = { number: '4111 1111 1111 1111', cardNumber: '4111111111111111', cvv: '123', expiry: '12/30', name: 'Ada Lovelace' };

const roundTrip = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

/** Every field of a stored value, by its path, sorted. */
function fieldsOf(value: unknown, path = ''): string[] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value)
    .flatMap(([key, inner]) => [`${path}${key}`, ...fieldsOf(inner, `${path}${key}.`)])
    .sort();
}

/** All a draft ever holds. */
const KEPT = [
  'anchor',
  'billing',
  'billing.addressLine1',
  'billing.addressLine2',
  'billing.city',
  'billing.state',
  'guest',
  'guest.email',
  'guest.firstName',
  'guest.lastName',
  'guest.phone',
].sort();

describe('checkout’s draft', () => {
  it('keeps Personal Info as typed and the billing street, line 2, city and state, but not the postal code', () => {
    const draft = withBillingDraft(withGuestDraft(empty, guest), billing);
    expect(checkoutDraftFor(roundTrip(storedCheckoutDraft(draft)), anchor)).toEqual({
      anchor,
      guest,
      billing: { addressLine1: '12 Bank St', addressLine2: '', city: 'New York', state: 'NY' },
    });
    expect(withGuestDraft(draft, null).guest).toBeNull();
  });

  it('never keeps a card’s number, CVV, expiry or name, whatever the forms hand it', () => {
    const text = fc.string({ maxLength: 12 });
    fc.assert(
      fc.property(
        fc.record({ firstName: text, lastName: text, email: text, phone: text }),
        fc.record({ addressLine1: text, addressLine2: text, city: text, state: text, postalCode: text }),
        fc.subarray(Object.keys(CARD) as (keyof typeof CARD)[]),
        (person, address, smuggled) => {
          const extra = Object.fromEntries(smuggled.map((key) => [key, CARD[key]]));
          const draft = withBillingDraft(withGuestDraft(empty, { ...person, ...extra }), { ...address, ...extra });
          const stored = storedCheckoutDraft({ ...draft, ...extra, guest: draft.guest && { ...draft.guest, ...extra } } as never);
          expect(fieldsOf(stored)).toEqual(KEPT);
          expect(JSON.stringify(stored)).not.toContain(CARD.cardNumber);
          // And read back, a stored draft with such a field loses it.
          const read = checkoutDraftFor(roundTrip({ ...draft, ...extra, billing: draft.billing && { ...draft.billing, ...extra } }), anchor);
          expect(fieldsOf(read)).toEqual(KEPT);
        },
      ),
    );
  });

  it('is another order’s or another shopper’s once the order is placed or someone signs in, and then it is empty', () => {
    const draft = withGuestDraft(empty, guest);
    const stored = roundTrip(storedCheckoutDraft(draft));
    expect(checkoutDraftFor(stored, checkoutDraftAnchor(null, 'order-2'))).toEqual({
      anchor: checkoutDraftAnchor(null, 'order-2'),
      guest: null,
      billing: null,
    });
    expect(checkoutDraftFor(stored, checkoutDraftAnchor('user-1', 'order-1')).guest).toBeNull();
    expect(checkoutDraftFor({ anchor, guest: { firstName: 1 }, billing: null }, anchor).guest).toBeNull();
    expect(checkoutDraftFor('not a draft', anchor)).toEqual(empty);
  });
});
