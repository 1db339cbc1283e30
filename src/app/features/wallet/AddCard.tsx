// My Cards' 'Add a card' (account-and-session.md section 4, "Saved cards"): the card taken as checkout takes it (its
// own fields, or the provider's card-capture page where the business uses one), then its billing address, and saved
// to the account with Card/Create through the same command as checkout's 'Save this card for next time'. A card the
// API refuses says the spec's message in the form, with what was typed kept. Loads on demand (root/parts.ts).
import * as E from 'fp-ts/lib/Either.js';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TokenizedCard } from '../../../api/payments/cardTokenizer';
import { policyValues } from '../../../domain/footerLinks';
import { CARD_ENTRY_INITIAL, type CardEntryValues } from '../../../domain/forms/cardEntry';
import { cardBillingAddress, type BillingAddressValues } from '../../../domain/forms/billingAddress';
import { cardCaptureUrl } from '../../../domain/payments/cardCapture';
import { BillingAddressForm } from '../../forms/BillingAddressForm';
import { CardCaptureFrame } from '../../forms/CardCaptureFrame';
import { CardEntryForm } from '../../forms/CardEntryForm';
import { usePaymentAdapter } from '../../forms/payments/usePaymentAdapter';
import { useView } from '../../hooks/useView';
import { useCommands, useRuntime, useViews } from '../../runtime/RuntimeContext';

export interface AddCardProps {
  /** The card is saved: its key in the account's cards. */
  readonly onSaved: (key: string) => void;
  readonly onCancel: () => void;
}

export function AddCard({ onSaved, onCancel }: AddCardProps) {
  const commands = useCommands();
  const adapter = usePaymentAdapter();
  const { config } = useRuntime();
  const location = useView(useViews().location);
  const captureUrl = cardCaptureUrl(config.CardCaptureUrl, policyValues(config, location?.location ?? null), window.location.origin);
  const [entry, setEntry] = useState<CardEntryValues>(CARD_ENTRY_INITIAL);
  const [tokenized, setTokenized] = useState<TokenizedCard | null>(null);
  // The card's fields as they went to the provider: typed over since, the address waits for the changed card to go.
  const [tokenizedFrom, setTokenizedFrom] = useState<string | null>(null);
  const entryNow = useRef(entry);
  entryNow.current = entry;
  const onTokenized = useCallback(
    (card: TokenizedCard) => {
      setTokenized(card);
      setTokenizedFrom(captureUrl === null ? JSON.stringify(entryNow.current) : null);
    },
    [captureUrl],
  );
  const cardEdited = tokenizedFrom !== null && tokenizedFrom !== JSON.stringify(entry);
  const start = useRef<HTMLDivElement>(null);
  useEffect(() => adapter.prepare(), [adapter]);
  // Opened by 'Add a card': the caret goes to its first field (or the provider's frame).
  useEffect(() => start.current?.querySelector<HTMLElement>('input, iframe')?.focus(), []);

  const save = useCallback(
    async (values: BillingAddressValues): Promise<string | null> => {
      if (tokenized === null) return null;
      const added = await commands.addCard(tokenized, cardBillingAddress(values, tokenized.postalCode), true, entry.name);
      if (E.isLeft(added)) return added.left;
      onSaved(added.right.key);
      return null;
    },
    [commands, tokenized, entry.name, onSaved],
  );

  return (
    <div className="card wallet-add wallet-add-card" ref={start}>
      {captureUrl !== null && tokenized === null ? <CardCaptureFrame url={captureUrl} onTokenized={onTokenized} onCancel={onCancel} /> : null}
      {captureUrl === null ? (
        <CardEntryForm adapter={adapter} values={entry} onChange={setEntry} onTokenized={onTokenized} onCancel={onCancel} tokenized={tokenized !== null} />
      ) : null}
      {tokenized !== null ? (
        <BillingAddressForm
          card={tokenized}
          canRemember
          savesToAccount
          locked={cardEdited}
          onSubmit={save}
          {...(captureUrl !== null ? { onBack: () => setTokenized(null) } : {})}
        />
      ) : null}
    </div>
  );
}
