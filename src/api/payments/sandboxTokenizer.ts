// The sandbox's card tokenizer: POSTs card details to the sandbox's tokenization endpoint, which stands in for the
// card provider (it is not under the API base path). Used when config.json names no PaymentScriptUrl.
import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { decode } from '../../domain/codec';
import { TokenizedCardCodec, type CardTokenizer, type TokenizeError } from './cardTokenizer';

export const SANDBOX_TOKENIZE_PATH = '/__sandbox/payments/tokenize';

const RejectionCodec = t.type({ errors: t.array(t.string) });

export interface SandboxTokenizerOptions {
  /** The tokenization endpoint; defaults to SANDBOX_TOKENIZE_PATH on the page's own host. */
  readonly url?: string;
  readonly fetch?: typeof fetch;
}

export function createSandboxTokenizer(options: SandboxTokenizerOptions = {}): CardTokenizer {
  const url = options.url ?? SANDBOX_TOKENIZE_PATH;
  const fetchFn = options.fetch ?? fetch.bind(globalThis);
  return {
    async tokenize(card) {
      let response: Response;
      let body: unknown;
      try {
        response = await fetchFn(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(card) });
        body = await response.json();
      } catch (error) {
        return E.left<TokenizeError>({ kind: 'unavailable', problems: [error instanceof Error ? error.message : String(error)] });
      }
      if (!response.ok) {
        const rejection = decode(RejectionCodec, body);
        return E.left<TokenizeError>({ kind: 'rejected', problems: E.isRight(rejection) ? rejection.right.errors : [`HTTP ${response.status}`] });
      }
      const tokenized = decode(TokenizedCardCodec, body);
      return E.isLeft(tokenized) ? E.left<TokenizeError>({ kind: 'unavailable', problems: tokenized.left }) : tokenized;
    },
  };
}
