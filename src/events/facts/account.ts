// The account (account-and-session.md sections 4 and 9): who is signed in, by id and name (never by token), the
// account's status and profile changes, loyalty availability, the saved cards it holds, and logging out.
import * as t from 'io-ts';
import { CouponCodec, RewardCodec } from '../../domain/discounts/codecs';
import { COUPON_FIELDS, REWARD_FIELDS } from './bag';
import { CARD_PERSONAL, CARD_SAFE, CardSummaryCodec, Id, PERSON_PERSONAL, fact, under } from './shared';

export const accountFacts = {
  SignedIn: fact(t.type({ userId: Id, firstName: t.string, lastName: t.string, email: t.string, phone: t.string }), {
    personal: PERSON_PERSONAL,
    safe: ['userId'],
  }),
  /** The session ended without the shopper asking (a refused refresh, an expired session): the bag stays. */
  SignedOut: fact(t.type({})),
  /** The shopper chose Logout: everything is cleared, the bag included (account-and-session.md section 4). */
  LoggedOut: fact(t.type({ idempotencyKey: Id }), { safe: ['idempotencyKey'] }),
  /** Account/Update answered: the profile as saved, and the text-notification choice. */
  ProfileUpdated: fact(
    t.type({ firstName: t.string, lastName: t.string, email: t.string, phone: t.string, textNotificationOptIn: t.union([t.boolean, t.null]) }),
    { personal: PERSON_PERSONAL },
  ),
  /** Account/Verify accepted the code of the signed-in account. */
  AccountVerified: fact(t.type({})),
  /** GiftCard/List answered: the account's gift cards by id and the last four digits (the number never enters the log). */
  GiftCardsLoaded: fact(t.type({ cards: t.array(t.type({ id: Id, last4: t.string })) }), { safe: ['cards[].id', 'cards[].last4'] }),
  /** A gift card's balance, from GiftCard/Balance or a reload's answer (minor units). */
  GiftCardBalanceChecked: fact(t.type({ id: Id, balance: t.number }), { safe: ['id', 'balance'] }),
  /** The account's favorite item ids, as the API answered (Favorite/List, /Merge, /Create or /Remove). */
  FavoritesLoaded: fact(t.type({ itemIds: t.array(Id) }), { safe: ['itemIds[]'] }),
  /** A guest marked or unmarked a favorite: kept in this browser, not the account's. */
  LocalFavoriteToggled: fact(t.type({ itemId: Id, on: t.boolean }), { safe: ['itemId'] }),
  /**
   * A push-notification trigger (the customer_since trigger, Unix time: account-and-session.md section 4) that no push
   * service was configured to take (config.json's PushServiceUrl): the log keeps it instead. No screen reads it.
   */
  PushTriggerRecorded: fact(t.type({ name: t.string, value: t.number }), { safe: ['name', 'value'] }),
  /** The text-notification prompt was shown: once per browser, whoever signs in next. */
  TextPromptShown: fact(t.type({})),
  AccountStatusLoaded: fact(t.type({ verified: t.boolean, textNotificationOptIn: t.union([t.boolean, t.null]), customerSince: t.union([t.string, t.null]) }), {
    safe: ['customerSince'],
  }),
  LoyaltyAvailabilityLoaded: fact(t.type({ available: t.boolean })),
  /**
   * Loyalty/Verify accepted the texted code: the shopper is a member from now on (account-and-session.md section 4,
   * "the enrolled flag is forced true by a verified event"), whatever a status read before or after it says.
   */
  LoyaltyVerified: fact(t.type({})),
  /** Loyalty/Status answered: the member's enrollment, balance, rewards and coupons, and what a point is called. */
  LoyaltyStatusLoaded: fact(
    t.type({
      enrolled: t.boolean,
      balance: t.number,
      terminology: t.type({ one: t.string, other: t.string }),
      rewards: t.array(RewardCodec),
      coupons: t.array(CouponCodec),
    }),
    { safe: ['balance', 'terminology.one', 'terminology.other', ...under('rewards[]', REWARD_FIELDS), ...under('coupons[]', COUPON_FIELDS)] },
  ),
  /** Card/List or Card/Merge answered: the cards saved with the account. */
  SavedCardsLoaded: fact(t.type({ cards: t.array(CardSummaryCodec) }), { personal: under('cards[]', CARD_PERSONAL), safe: under('cards[]', CARD_SAFE) }),
};
