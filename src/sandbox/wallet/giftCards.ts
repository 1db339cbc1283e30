// Gift cards (account-and-session.md section 7). The sandbox knows the GANs of its seed (and two built-in ones:
// 7783320000000000 with $25.00, 7783320000000001 empty); Add attaches one to the account; Reload charges a card with
// the same rules as an order and is idempotent by IdempotencyKey. List shows GANs masked but for the last four.
// GANs are sequential, so Add is guessing-limited per account (accounts/guessing.ts); Balance, Reload and Remove only
// answer for cards the account already holds, so they reveal nothing about other numbers.
import { AddGiftCardRequestCodec, GiftCardIdRequestCodec, ListGiftCardsRequestCodec, ReloadRequestCodec } from '../../api/giftCards';
import { giftCardAddFailed, giftCardAddLockout } from '../accounts/guessing';
import { authed } from '../auth';
import type { SandboxCore } from '../core';
import { codes, ok, type Reply } from '../http';
import { authorize } from '../payments/charge';
import { refusalReply } from '../orders/refusal';
import { withBody, type RouteTable } from '../routes';
import { keyOf, type UserRecord } from '../state';

/** Reloads from $1.00 to $2,000.00. */
export const RELOAD_MINIMUM = 100;
export const RELOAD_MAXIMUM = 200_000;

export function giftCardRoutes(core: SandboxCore): RouteTable {
  const wrongClient = (clientId: string): Reply | null =>
    clientId === core.clientId ? null : codes(400, 'Client - INVALID_CLIENT_ID', `ClientId must be ${core.clientId}`);
  const owned = (user: UserRecord, id: string) => (user.giftCardIds.includes(id) ? core.state.giftCards[id] : undefined);
  const notFound = (id: string) => codes(404, 'GiftCard - NOT_FOUND', `no gift card "${id}" on this account`);
  return {
    'POST /api/GiftCard/Add': authed(core, (call, user) =>
      withBody(AddGiftCardRequestCodec, (request) => {
        const refused = wrongClient(request.ClientId);
        if (refused) return refused;
        const locked = giftCardAddLockout(core, user);
        if (locked) return locked;
        const gan = request.Gan.replace(/\D/g, '');
        const card = Object.values(core.state.giftCards).find((g) => g.gan === gan);
        if (!card) return giftCardAddFailed(core, user) ?? codes(404, 'GiftCard - NOT_FOUND', 'no gift card with that number');
        if (!user.giftCardIds.includes(card.id)) user.giftCardIds.push(card.id);
        core.changed();
        return ok({ GiftCardId: card.id });
      })(call),
    ),
    'POST /api/GiftCard/Balance': authed(core, (call, user) =>
      withBody(GiftCardIdRequestCodec, (request) => {
        const card = owned(user, request.GiftCardId);
        return wrongClient(request.ClientId) ?? (card ? ok({ GiftCardId: card.id, BalanceAmount: card.balance }) : notFound(request.GiftCardId));
      })(call),
    ),
    'POST /api/GiftCard/List': authed(core, (call, user) =>
      withBody(ListGiftCardsRequestCodec, (request) => {
        const refused = wrongClient(request.ClientId);
        if (refused) return refused;
        const cards = user.giftCardIds.flatMap((id) => {
          const card = core.state.giftCards[id];
          return card ? [{ Gan: `${'*'.repeat(Math.max(0, card.gan.length - 4))}${card.gan.slice(-4)}`, Id: card.id }] : [];
        });
        return ok({ GiftCards: cards });
      })(call),
    ),
    'POST /api/GiftCard/Reload': authed(core, (call, user) =>
      withBody(ReloadRequestCodec, (request) => {
        const refused = wrongClient(request.ClientId);
        if (refused) return refused;
        const key = keyOf(core.clientId, `giftcard:${user.id}:${request.IdempotencyKey}`);
        const earlier = core.state.giftCardReloads[key];
        if (earlier !== undefined) return ok(earlier);
        const card = owned(user, request.GiftCardId);
        if (!card) return notFound(request.GiftCardId);
        if (request.ReloadAmount < RELOAD_MINIMUM || request.ReloadAmount > RELOAD_MAXIMUM) {
          return codes(400, 'GiftCard - INVALID_AMOUNT', `reloads are from ${RELOAD_MINIMUM} to ${RELOAD_MAXIMUM} minor units`);
        }
        const payment = authorize(core, request.Card, request.ReloadAmount, user);
        if (payment._tag === 'Left') return refusalReply(payment.left);
        payment.right.capture();
        card.balance += request.ReloadAmount;
        const result = {
          ChargeDateUtc: new Date(core.now()).toISOString(),
          ReloadAmount: request.ReloadAmount,
          Card: { GiftCardId: card.id, BalanceAmount: card.balance },
        };
        core.state.giftCardReloads[key] = result;
        core.changed();
        return ok(result);
      })(call),
    ),
    'POST /api/GiftCard/Remove': authed(core, (call, user) =>
      withBody(GiftCardIdRequestCodec, (request) => {
        const refused = wrongClient(request.ClientId);
        if (refused) return refused;
        if (!owned(user, request.GiftCardId)) return notFound(request.GiftCardId);
        user.giftCardIds = user.giftCardIds.filter((id) => id !== request.GiftCardId);
        core.changed();
        return ok({});
      })(call),
    ),
  };
}
