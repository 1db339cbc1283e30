// 'Card Info' on the card provider's card-capture page (config.json's CardCaptureUrl, filled with the client id, the
// location, the language and the country): the page's fields live in the provider's frame, and the storefront takes
// only the tokenized card the page posts back (CARD_CAPTURED), from that frame and its origin alone. What follows is
// the same as after the storefront's own fields: the billing address.
import * as E from 'fp-ts/lib/Either.js';
import { useEffect, useRef } from 'react';
import { TokenizedCardCodec, type TokenizedCard } from '../../api/payments/cardTokenizer';
import { decode } from '../../domain/codec';
import { CARD_CAPTURED } from '../../domain/payments/cardCapture';
import { useRuntime } from '../runtime/RuntimeContext';
import '../components/checkoutBlocks.css';

export interface CardCaptureFrameProps {
  readonly url: string;
  readonly onTokenized: (card: TokenizedCard) => void;
  readonly onCancel?: (() => void) | undefined;
}

export function CardCaptureFrame({ url, onTokenized, onCancel }: CardCaptureFrameProps) {
  const { reportError } = useRuntime();
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    const origin = new URL(url).origin;
    const listen = (event: MessageEvent<unknown>) => {
      if (event.origin !== origin || event.source !== frame.current?.contentWindow) return;
      const message = event.data as { readonly type?: unknown; readonly card?: unknown } | null;
      if (message === null || typeof message !== 'object' || message.type !== CARD_CAPTURED) return;
      const card = decode(TokenizedCardCodec, message.card);
      // An answer in a shape we do not know shows nothing, as a failed tokenizing does (ordering.md section 8).
      if (E.isLeft(card)) reportError({ call: 'tokenize (card-capture page)', message: card.left.join('; ') });
      else onTokenized(card.right);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [url, onTokenized, reportError]);

  return (
    <section className="checkout-card-form" aria-label="Card Info">
      <h3 className="checkout-subheading">Card Info</h3>
      <iframe ref={frame} className="checkout-card-capture" src={url} title="Card details, on our payment provider's page" />
      {onCancel ? (
        <div className="checkout-actions">
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            Cancel
          </button>
        </div>
      ) : null}
      <p className="field-hint checkout-secure">Your card details go straight to our payment provider.</p>
    </section>
  );
}
