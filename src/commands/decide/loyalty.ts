// Loyalty (account-and-session.md sections 3 and 4, "Rewards page"): the member's status as the API answered it, in
// the log's shape, recorded only when it changed.
import type { LoyaltyStatus } from '../../domain/discounts/codecs';
import { DEFAULT_TERMINOLOGY, type State } from '../../events/state';
import { append, event, type Decision } from './decision';

/** The texted code made the signed-in shopper a member: the page shows their rewards even before the status is read. */
export function loyaltyVerified(state: State): Decision {
  if (state.account.profile === null || state.account.loyalty.enrolled) return append();
  return append(event('LoyaltyVerified', {}));
}

export function loyaltyStatusLoaded(state: State, status: LoyaltyStatus): Decision {
  if (state.account.profile === null) return append();
  const loaded = {
    enrolled: status.Enrolled ?? false,
    balance: status.Balance ?? 0,
    terminology: { one: status.Terminology?.One ?? DEFAULT_TERMINOLOGY.one, other: status.Terminology?.Other ?? DEFAULT_TERMINOLOGY.other },
    rewards: [...(status.Rewards ?? [])],
    coupons: [...(status.Coupons ?? [])],
  };
  const { available: _available, ...held } = state.account.loyalty;
  return JSON.stringify(held) === JSON.stringify(loaded) ? append() : append(event('LoyaltyStatusLoaded', loaded));
}
