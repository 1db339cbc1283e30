// Loyalty commands (account-and-session.md sections 4 and 8): the member's status, enrolling by phone, the texted
// code and its resend. Redeeming a coupon or a reward into the bag is applyCoupon / applyReward (shopping).
import * as E from 'fp-ts/lib/Either.js';
import { firstFieldError, hasStatus } from '../api/apiError';
import { WAIT_BEFORE_RESEND } from '../domain/account/messages';
import { LOYALTY_CONFLICT, LOYALTY_VERIFY_FAILED, loyaltyResendFailed } from '../domain/discounts/messages';
import type { Outcome } from './decide/decision';
import { loyaltyStatusLoaded, loyaltyVerified } from './decide/loyalty';
import { apply, serialQueue, type CommandServices } from './services';

export function loyaltyCommands(services: CommandServices, serially = serialQueue()) {
  const { store, api } = services;

  async function loadLoyaltyStatus(): Promise<Outcome> {
    const status = await api.loyalty.status();
    // A failure is reported by the API client; the status stays as it was.
    if (E.isLeft(status)) return E.right(undefined);
    return serially(() => apply(services, loyaltyStatusLoaded(store.getState(), status.right)));
  }

  return {
    loadLoyaltyStatus,

    /** Sends the enrollment code to the phone; a failure says the spec's resend error (section 8), with the API's reason. */
    async enrollInLoyalty(phone: string): Promise<Outcome> {
      const answer = await api.loyalty.enroll({ phoneNumber: phone.trim() });
      if (E.isLeft(answer)) return E.left(hasStatus(answer.left, 429) ? WAIT_BEFORE_RESEND : loyaltyResendFailed(firstFieldError(answer.left) ?? null));
      return E.right(undefined);
    },

    async resendLoyaltyCode(phone: string): Promise<Outcome> {
      const answer = await api.loyalty.resendEnrollCode({ phoneNumber: phone.trim() });
      if (E.isLeft(answer)) return E.left(hasStatus(answer.left, 429) ? WAIT_BEFORE_RESEND : loyaltyResendFailed(firstFieldError(answer.left) ?? null));
      return E.right(undefined);
    },

    /** The code makes the shopper a member; 409 (already a member) reloads the status and says so. */
    async verifyLoyalty(phone: string, code: string): Promise<Outcome> {
      const answer = await api.loyalty.verify({ phoneNumber: phone.trim(), code: code.trim() });
      if (E.isLeft(answer)) {
        if (hasStatus(answer.left, 409)) {
          await loadLoyaltyStatus();
          return E.left(LOYALTY_CONFLICT);
        }
        return E.left(LOYALTY_VERIFY_FAILED);
      }
      await serially(() => apply(services, loyaltyVerified(store.getState())));
      await loadLoyaltyStatus();
      return E.right(undefined);
    },
  };
}
