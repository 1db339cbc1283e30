// The card tokenizer the card form calls (ordering.md section 7): card details go to the card provider, never to
// the storefront API; what comes back is a one-use token (nonce) with the brand, last four digits, expiry and
// billing postal code. The sandbox tokenizer implements this; a provider's script adapter would too.
import * as t from 'io-ts';
import type * as E from 'fp-ts/lib/Either.js';
import { Integer } from '../../domain/codec';

export { CardDetailsCodec, type CardDetails } from '../../domain/payments/cardDetails';
import type { CardDetails } from '../../domain/payments/cardDetails';

export const TokenizedCardCodec = t.type({
  token: t.string,
  brand: t.string,
  last4: t.string,
  expMonth: Integer,
  expYear: Integer,
  postalCode: t.string,
});
export type TokenizedCard = t.TypeOf<typeof TokenizedCardCodec>;

/** Why tokenizing failed; the card form shows nothing for it (ordering.md section 8), the log and reports may. */
export interface TokenizeError {
  readonly kind: 'rejected' | 'unavailable';
  readonly problems: readonly string[];
}

export interface CardTokenizer {
  tokenize(card: CardDetails): Promise<E.Either<TokenizeError, TokenizedCard>>;
}
