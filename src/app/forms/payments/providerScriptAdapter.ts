// The real card provider, reached through its script (see ../README.md, "Card provider adapter"). The script is
// loaded once, on first need, by a <script> tag; a load failure is swallowed (ordering.md section 8): tokenizing then
// fails quietly and the card form stays as it was.
import * as E from 'fp-ts/lib/Either.js';
import { decode } from '../../../domain/codec';
import { TokenizedCardCodec, type CardDetails, type TokenizeError, type TokenizedCard } from '../../../api/payments/cardTokenizer';
import { trustedScriptUrl } from '../../runtime/trustedTypes';
import type { PaymentAdapter } from './paymentAdapter';

/** The location's payment account (Location.Payment) the provider tokenizes for. */
export interface ProviderAccount {
  readonly applicationId: string | undefined;
  readonly locationId: string | undefined;
}

/**
 * What the provider's script must put on `window` once it has run: one function that tokenizes card details for the
 * location's payment account and resolves with the token and the card's public details (or rejects).
 */
export interface ProviderScriptApi {
  tokenize(card: CardDetails, account: ProviderAccount): Promise<TokenizedCard>;
}

/** The global the provider's script defines. */
export const PROVIDER_GLOBAL = 'CountertopCardProvider';

type ProviderWindow = Window & { [PROVIDER_GLOBAL]?: ProviderScriptApi };

const loads = new Map<string, Promise<ProviderScriptApi | null>>();

/** Adds the script tag once per URL; resolves with the provider's API, or null when it could not be loaded. */
function loadProviderScript(url: string): Promise<ProviderScriptApi | null> {
  let loading = loads.get(url);
  if (!loading) {
    loading = new Promise((resolve) => {
      const found = () => (window as ProviderWindow)[PROVIDER_GLOBAL] ?? null;
      if (found()) return resolve(found());
      const script = document.createElement('script');
      // Through the page's Trusted Types policy: a script's address is a sink the page's policy guards.
      script.src = trustedScriptUrl(url) as string;
      script.async = true;
      script.dataset.cardProvider = '';
      script.onload = () => resolve(found());
      script.onerror = () => {
        // Swallowed (ordering.md section 8); a later tokenize may try again.
        script.remove();
        loads.delete(url);
        resolve(null);
      };
      document.head.append(script);
    });
    loads.set(url, loading);
  }
  return loading;
}

const unavailable = (problem: string) => E.left<TokenizeError>({ kind: 'unavailable', problems: [problem] });

export function createProviderScriptAdapter(url: string, account: () => ProviderAccount): PaymentAdapter {
  return {
    kind: 'provider',
    prepare: () => void loadProviderScript(url),
    async tokenize(card) {
      const provider = await loadProviderScript(url);
      if (!provider || typeof provider.tokenize !== 'function') return unavailable('the card provider script is not available');
      let answer: unknown;
      try {
        answer = await provider.tokenize(card, account());
      } catch (error) {
        // The provider's reason, never the card details themselves.
        return E.left<TokenizeError>({ kind: 'rejected', problems: [error instanceof Error ? error.message : 'the card was not accepted'] });
      }
      const tokenized = decode(TokenizedCardCodec, answer);
      return E.isLeft(tokenized) ? unavailable('the card provider answered in an unknown shape') : tokenized;
    },
  };
}
