// /my-cards (account-and-session.md sections 2 and 4): the account's saved cards (brand icon, the number as 12 stars
// and the last four, expiry, the default marked) with Make Default and Remove, 'Add a card' (as checkout takes one,
// loaded on demand) with the save confirmation, and its gift cards: add by number,
// balance, reload with a saved card (on the selected one), remove, with a save confirmation. Empty states: "You don't have any saved cards." and ours for gift cards.
import { CARD_REMOVE_WAITS, GIFT_CARD_BALANCE_WAITS, GIFT_CARD_RELOAD_NEEDS, GIFT_CARD_REMOVE_WAITS, GIFT_CARD_WAITS } from '../../../domain/payments/messages';
import * as E from 'fp-ts/lib/Either.js';
import { Suspense, useEffect, useRef, useState } from 'react';
import { formatMoney } from '../../../domain/money';
import { maskedGiftCard, NO_GIFT_CARDS, RELOAD_AMOUNTS, validateGiftCardNumber } from '../../../domain/payments/giftCards';
import type { CardSummary } from '../../../events/catalogue';
import type { GiftCardSummary } from '../../../events/state';
import { CardSavedConfirmation } from '../../components/cards/CardSavedConfirmation';
import { CardSummaryLine } from '../../components/cards/CardSummaryLine';
import { SaveConfirmation } from '../../components/SaveConfirmation';
import { FormFailure, FormWaiting } from '../../forms/FormFailure';
import { TextField } from '../../forms/TextField';
import { useForm } from '../../forms/useForm';
import { useNetworkAction } from '../../hooks/useNetworkAction';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useStateSlice } from '../../hooks/useStateSlice';
import { useView } from '../../hooks/useView';
import { useCommands, useViews } from '../../runtime/RuntimeContext';
import { notify } from '../../shell/notify';
import { useRecordDialog, useReplayedDialog } from '../../shell/useClientEvents';
import { useWalletParts } from './walletParts';
import './wallet.css';

export const NO_SAVED_CARDS = "You don't have any saved cards.";

export function CardsPage() {
  usePageTitle('My Cards');
  return <Wallet />;
}

function Wallet() {
  const commands = useCommands();
  // The gift card list is read when the page opens (it is not part of what a sign-in loads).
  useEffect(() => {
    void commands.loadGiftCards();
  }, [commands]);
  return (
    <div className="container wallet-page">
      <h1>My Cards</h1>
      <SavedCards />
      <GiftCards />
    </div>
  );
}

function SavedCards() {
  const commands = useCommands();
  const cards = useStateSlice((s) => s.account.savedCards);
  const defaultKey = useStateSlice((s) => s.account.defaultCardKey);
  const remove = useNetworkAction({ waits: CARD_REMOVE_WAITS, run: (card: CardSummary) => commands.removeCard(card) });
  const { AddCard } = useWalletParts();
  const [adding, setAdding] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  // The save confirmation (the spec's saveModalVisible) for the card just added; recorded for the support console,
  // which shows it where the log says it was open, as checkout's is.
  const [savedKey, setSavedKey] = useState<string | null>(null);
  const confirmedKey = useReplayedDialog('savedCard')?.target ?? savedKey;
  const confirmed = confirmedKey === null ? undefined : cards.find((c) => c.key === confirmedKey);
  useRecordDialog(savedKey !== null ? 'savedCard' : null, savedKey);
  const closeForm = () => {
    setAdding(false);
    // The button comes back where the form was: the caret goes back to it.
    requestAnimationFrame(() => addButton.current?.focus());
  };
  return (
    <section aria-labelledby="saved-cards-title">
      <h2 id="saved-cards-title" className="wallet-title">
        Saved Cards
      </h2>
      {cards.length === 0 ? (
        <p className="card wallet-row">{NO_SAVED_CARDS}</p>
      ) : (
        <ul className="wallet-list">
          {cards.map((card) => (
            <li key={card.key} className="card wallet-row">
              <CardSummaryLine card={card} />
              <div className="wallet-actions">
                {card.key === defaultKey ? (
                  <span className="wallet-default">Default</span>
                ) : (
                  <button type="button" className="btn btn-secondary" onClick={() => void commands.selectCard(card)}>
                    Make Default<span className="visually-hidden"> (card ending {card.last4})</span>
                  </button>
                )}
                <button type="button" className="btn btn-link" onClick={() => remove.press(card)}>
                  Remove<span className="visually-hidden"> card ending {card.last4}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {adding ? (
        <Suspense fallback={null}>
          <AddCard
            onSaved={(key) => {
              setAdding(false);
              setSavedKey(key);
            }}
            onCancel={closeForm}
          />
        </Suspense>
      ) : (
        <button ref={addButton} type="button" className="btn btn-secondary wallet-add-button" onClick={() => setAdding(true)}>
          Add a card
        </button>
      )}
      <CardSavedConfirmation card={confirmed} onClose={() => setSavedKey(null)} />
    </section>
  );
}

function GiftCards() {
  const commands = useCommands();
  const giftCards = useStateSlice((s) => s.account.giftCards);
  const location = useView(useViews().location);
  // The selected gift card shows its balance and reload (the spec's selectedGiftCard); a new one is selected.
  const [selected, setSelected] = useState<string | null>(null);
  // The save confirmation (the spec's saveModalVisible): the gift card just saved to the account.
  const [savedId, setSavedId] = useState<string | null>(null);
  const form = useForm<{ number: string }>({
    initial: { number: '' },
    validate: validateGiftCardNumber,
    submit: async (values) => {
      const added = await commands.addGiftCard(values.number);
      if (E.isRight(added)) {
        setSelected(added.right);
        setSavedId(added.right);
      }
      return added;
    },
    onSaved: () => form.reset({ number: '' }),
    waitsForNetwork: GIFT_CARD_WAITS,
  });
  // Recorded for the support console, which shows it where the log says it was open, over the card it named, selected
  // as a new card is.
  const replayedId = useReplayedDialog('giftCard')?.target ?? null;
  const saved = giftCards.find((card) => card.id === (replayedId ?? savedId));
  const selectedId = replayedId ?? selected;
  useRecordDialog(saved !== undefined ? 'giftCard' : null, saved?.id ?? null);
  return (
    <section aria-labelledby="gift-cards-title">
      <h2 id="gift-cards-title" className="wallet-title">
        Gift Cards
      </h2>
      {giftCards.length === 0 ? (
        <p className="card wallet-row">{NO_GIFT_CARDS}</p>
      ) : (
        <ul className="wallet-list">
          {giftCards.map((card) => (
            <li key={card.id}>
              <GiftCardRow card={card} selected={selectedId === card.id} onSelect={() => setSelected(selected === card.id ? null : card.id)} />
            </li>
          ))}
        </ul>
      )}
      <form {...form.formProps()} className="card wallet-add" aria-label="Add a gift card">
        <TextField label="Gift Card Number" {...form.field('number')} inputMode="numeric" autoComplete="off" required />
        <FormFailure failure={form.failure} />
        <FormWaiting words={form.waiting} />
        <button type="submit" className="btn btn-primary" disabled={form.saving} aria-busy={form.saving || undefined}>
          Add Gift Card
        </button>
      </form>
      <SaveConfirmation open={saved !== undefined} saved="Gift card saved" onClose={() => setSavedId(null)}>
        {saved ? (
          <p>
            Your gift card ending {saved.last4} is saved to your account
            {saved.balance === null ? '.' : `, with ${formatMoney(saved.balance, location?.currency ?? 'USD')} on it.`}
          </p>
        ) : null}
      </SaveConfirmation>
    </section>
  );
}

function GiftCardRow({ card, selected, onSelect }: { readonly card: GiftCardSummary; readonly selected: boolean; readonly onSelect: () => void }) {
  const commands = useCommands();
  const location = useView(useViews().location);
  const savedCards = useStateSlice((s) => s.account.savedCards);
  const defaultKey = useStateSlice((s) => s.account.defaultCardKey);
  const currency = location?.currency ?? 'USD';
  const [amount, setAmount] = useState<number>(RELOAD_AMOUNTS[1]);
  const [payWith, setPayWith] = useState<string>(defaultKey ?? savedCards[0]?.key ?? '');
  const paying = savedCards.find((c) => c.key === payWith) ?? savedCards[0];
  const name = `gift card ending ${card.last4}`;

  // A reload charges a card, so it is never sent later by itself: offline it is refused, the amount and card kept.
  const reload = useNetworkAction({
    needs: GIFT_CARD_RELOAD_NEEDS,
    run: async (paid: CardSummary) => {
      const result = await commands.reloadGiftCard(card.id, amount, paid);
      if (E.isRight(result)) notify.success(`Reloaded ${formatMoney(amount, currency)}. The balance is ${formatMoney(result.right, currency)}.`);
      return result;
    },
  });
  const busy = reload.busy;
  const remove = useNetworkAction({ waits: GIFT_CARD_REMOVE_WAITS, run: () => commands.removeGiftCard(card.id) });
  const checkBalance = useNetworkAction({ waits: GIFT_CARD_BALANCE_WAITS, run: () => commands.checkGiftCardBalance(card.id) });

  return (
    <div className="card wallet-row wallet-gift">
      <div>
        <p className="wallet-gift-number">
          <span className="visually-hidden">Gift card ending in {card.last4}: </span>
          <span aria-hidden="true">{maskedGiftCard(card.last4)}</span>
        </p>
        <p className="muted">{card.balance === null ? 'Balance not checked yet' : `Balance ${formatMoney(card.balance, currency)}`}</p>
      </div>
      <div className="wallet-actions">
        <button type="button" className="btn btn-secondary" aria-expanded={selected} onClick={onSelect}>
          {/* Open, it says what pressing it does: the reload details go away (a bare 'Close' read as closing the card). */}
          {selected ? 'Hide details' : 'Manage'}
          <span className="visually-hidden">{selected ? ` of ${name}` : ` ${name}`}</span>
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => checkBalance.press()}>
          Check Balance<span className="visually-hidden"> of {name}</span>
        </button>
        <button type="button" className="btn btn-link" onClick={() => remove.press()}>
          Remove<span className="visually-hidden"> {name}</span>
        </button>
      </div>
      {!selected ? null : paying ? (
        <div className="wallet-reload">
          <div className="field">
            <label htmlFor={`reload-amount-${card.id}`}>Reload amount</label>
            <select id={`reload-amount-${card.id}`} value={amount} onChange={(event) => setAmount(Number(event.target.value))}>
              {RELOAD_AMOUNTS.map((value) => (
                <option key={value} value={value}>
                  {formatMoney(value, currency)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`reload-card-${card.id}`}>Pay with</label>
            <select id={`reload-card-${card.id}`} value={paying.key} onChange={(event) => setPayWith(event.target.value)}>
              {savedCards.map((saved) => (
                <option key={saved.key} value={saved.key}>
                  {saved.brand} ending {saved.last4}
                </option>
              ))}
            </select>
          </div>
          <button type="button" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined} onClick={() => reload.press(paying)}>
            Reload<span className="visually-hidden"> {name}</span>
          </button>
        </div>
      ) : (
        <p className="muted wallet-reload">Save a card at checkout to reload gift cards.</p>
      )}
    </div>
  );
}
