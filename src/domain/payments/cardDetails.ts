// What the card form hands the card provider's tokenizer, and nothing else: never the storefront API or the log.
import * as t from 'io-ts';
import { Integer } from '../codec';

export const CardDetailsCodec = t.type({
  cardNumber: t.string,
  expMonth: Integer,
  expYear: Integer,
  cvv: t.string,
  postalCode: t.string,
});
export type CardDetails = t.TypeOf<typeof CardDetailsCodec>;
