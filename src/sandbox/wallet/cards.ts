// Saved cards (account-and-session.md section 7). Create registers a sandbox nonce as a card on file; a nonce whose
// card would be declined, fail its CVV or postal check, or is expired cannot be saved (400 'Card - CODE'), as a card
// provider's verification would refuse it. Merge answers the account's cards; ids of other accounts are ignored.
import { ADDRESS_LIMIT, CITY_LIMIT, NAME_LIMIT, tooLong } from '../../domain/forms/messages';
import * as t from 'io-ts';
import { CreateCardRequestCodec, MergeCardsRequestCodec, RemoveCardRequestCodec, type RemoteCard } from '../../api/cards';
import { authed } from '../auth';
import type { SandboxCore } from '../core';
import { codes, ok } from '../http';
import { isExpired } from '../payments/testCards';
import { withBody, type RouteTable } from '../routes';
import { newId, type CardRecord, type UserRecord } from '../state';

function remoteCard(card: CardRecord): RemoteCard {
  return {
    Id: card.id,
    Brand: card.brand,
    Last4: card.last4,
    ExpirationMonth: card.expMonth,
    ExpirationYear: card.expYear,
    Address: {
      AddressLine1: card.address.address1,
      AddressLine2: card.address.address2,
      Locality: card.address.city,
      AdministrativeDistrictLevel1: card.address.state,
      PostalCode: card.address.postalCode,
      Country: card.address.country,
    },
  };
}

export function cardRoutes(core: SandboxCore): RouteTable {
  const cardsOf = (user: UserRecord) =>
    Object.values(core.state.cards)
      .filter((c) => c.userId === user.id)
      .map(remoteCard);
  return {
    'POST /api/Card/Create': authed(core, (call, user) =>
      withBody(CreateCardRequestCodec, (request) => {
        const nonce = core.state.nonces[request.nonce];
        if (!nonce) return codes(400, 'Card - CARD_TOKEN_EXPIRED', 'the card nonce is unknown or expired');
        if (nonce.used) return codes(400, 'Card - CARD_TOKEN_USED', 'the card nonce was already used');
        const tooLongField = (
          [
            ['Name', request.name, NAME_LIMIT * 2],
            ['Address Line 1', request.address1, ADDRESS_LIMIT],
            ['Address Line 2', request.address2, ADDRESS_LIMIT],
            ['City', request.city, CITY_LIMIT],
          ] as const
        ).find(([, value, limit]) => value != null && value.length > limit);
        if (tooLongField) return codes(400, 'Card - INVALID_ADDRESS', tooLong(tooLongField[0], tooLongField[2]));
        const outcome = nonce.outcome === 'APPROVED' && isExpired(nonce.expMonth, nonce.expYear, core.now()) ? 'CARD_EXPIRED' : nonce.outcome;
        if (outcome !== 'APPROVED' && outcome !== 'INSUFFICIENT_FUNDS') return codes(400, `Card - ${outcome}`, 'the card could not be verified');
        nonce.used = true;
        const card: CardRecord = {
          id: newId('ccof'),
          userId: user.id,
          brand: nonce.brand,
          last4: nonce.last4,
          expMonth: nonce.expMonth,
          expYear: nonce.expYear,
          outcome,
          name: request.name ?? '',
          address: {
            address1: request.address1 ?? '',
            address2: request.address2 ?? '',
            city: request.city ?? '',
            state: request.state ?? '',
            postalCode: request.postalCode ?? nonce.postalCode,
            country: request.country ?? 'US',
          },
        };
        core.state.cards[card.id] = card;
        core.changed();
        return ok(remoteCard(card));
      })(call),
    ),
    'POST /api/Card/List': authed(core, (_call, user) => ok({ Cards: cardsOf(user) })),
    'POST /api/Card/Merge': authed(core, (call, user) => withBody(t.union([MergeCardsRequestCodec, t.type({})]), () => ok({ Cards: cardsOf(user) }))(call)),
    'POST /api/Card/Remove': authed(core, (call, user) =>
      withBody(RemoveCardRequestCodec, (request) => {
        const card = core.state.cards[request.cardId];
        if (!card || card.userId !== user.id) return codes(404, 'Card - CARD_NOT_FOUND', `no saved card "${request.cardId}"`);
        delete core.state.cards[request.cardId];
        core.changed();
        return ok({});
      })(call),
    ),
  };
}
