// The card provider behind one small interface (ordering.md section 7: "Card payment provider script tokenizes card
// details"): the card form hands card details to `tokenize` and gets back a one-use token with the brand, last four
// digits, expiry and billing postal code. Card numbers go nowhere else: not to the log, not to the storefront API.
import type { CardTokenizer } from '../../../api/payments/cardTokenizer';
import type { Config } from '../../../domain/config';
import { createProviderScriptAdapter, type ProviderAccount } from './providerScriptAdapter';

export interface PaymentAdapter extends CardTokenizer {
  /** 'sandbox': the sandbox tokenizer and its test cards; 'provider': the card provider's script. */
  readonly kind: 'sandbox' | 'provider';
  /** Starts loading what tokenizing needs (the provider's script) so the first tokenize is quick; never fails. */
  prepare(): void;
}

/**
 * The sandbox tokenizer unless config.json names the provider's script (PaymentScriptUrl); only then is a script
 * tag added to the page.
 */
export function choosePaymentAdapter(config: Pick<Config, 'PaymentScriptUrl'>, sandbox: CardTokenizer, account: () => ProviderAccount): PaymentAdapter {
  const url = config.PaymentScriptUrl?.trim();
  if (url) return createProviderScriptAdapter(url, account);
  return { kind: 'sandbox', tokenize: (card) => sandbox.tokenize(card), prepare: () => undefined };
}
