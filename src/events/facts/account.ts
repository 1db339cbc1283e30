// The account (account-and-session.md sections 4 and 9): who is signed in, by id and name (never by token), the
// account's status, loyalty availability and the saved cards it holds.
import * as t from 'io-ts';
import { CARD_PERSONAL, CARD_SAFE, CardSummaryCodec, Id, PERSON_PERSONAL, fact, under } from './shared';

export const accountFacts = {
  SignedIn: fact(t.type({ userId: Id, firstName: t.string, lastName: t.string, email: t.string, phone: t.string }), {
    personal: PERSON_PERSONAL,
    safe: ['userId'],
  }),
  SignedOut: fact(t.type({})),
  AccountStatusLoaded: fact(t.type({ verified: t.boolean, textNotificationOptIn: t.union([t.boolean, t.null]), customerSince: t.union([t.string, t.null]) }), {
    safe: ['customerSince'],
  }),
  LoyaltyAvailabilityLoaded: fact(t.type({ available: t.boolean })),
  /** Card/List or Card/Merge answered: the cards saved with the account. */
  SavedCardsLoaded: fact(t.type({ cards: t.array(CardSummaryCodec) }), { personal: under('cards[]', CARD_PERSONAL), safe: under('cards[]', CARD_SAFE) }),
};
