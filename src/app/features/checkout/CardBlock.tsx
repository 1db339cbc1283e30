// The card section (ordering.md sections 2 and 4): stage 0 shows the current card or the entry form, stage 1 the
// card list, stage 2 'Card Info'; after tokenizing, the billing address; Back returns to entry. 'Change it' removes a
// guest's card and opens a signed-in shopper's list. A card entered before a reload cannot be charged (its one-use
// token lived in memory), so the shopper is asked for it again. A card the last attempt refused (declined, a bad CVV)
// marks this block as the place to act: its message here, no done mark, and one button to another card, with the
// billing address kept so only the card is typed again. A complete billing address is also the card's draft: 'Place
// Order' uses the card as 'Use This Card' would, then places the order, and the form stays still until that ends.
// The billing address is kept as this tab's draft (formDraft.ts; never the card's own fields): after a reload, the
// card entered again opens it as the shopper left it.
import * as E from 'fp-ts/lib/Either.js';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { TokenizedCard } from '../../../api/payments/cardTokenizer';
import type { CardSummary } from '../../../events/catalogue';
import { useView } from '../../hooks/useView';
import { useCommands, useRuntime, useViews } from '../../runtime/RuntimeContext';
import { notify } from '../../shell/notify';
import { BillingAddressForm } from '../../forms/BillingAddressForm';
import { CardEntryForm } from '../../forms/CardEntryForm';
import { GiftCardPay } from './GiftCardPay';
import { CardCaptureFrame } from '../../forms/CardCaptureFrame';
import { cardCaptureUrl } from '../../../domain/payments/cardCapture';
import { policyValues } from '../../../domain/footerLinks';
import { CardList } from '../../components/cards/CardList';
import { CardSummaryLine } from '../../components/cards/CardSummaryLine';
import { CardSavedConfirmation } from '../../components/cards/CardSavedConfirmation';
import { CheckoutSection } from '../../components/CheckoutSection';
import { CARD_ENTRY_INITIAL, type CardEntryValues } from '../../../domain/forms/cardEntry';
import { billingFormValues, cardBillingAddress, type BillingAddressValues } from '../../../domain/forms/billingAddress';
import { usePaymentAdapter } from '../../forms/payments/usePaymentAdapter';
import { useFocusHandoff } from '../../hooks/useFocusHandoff';
import { useStateSlice } from '../../hooks/useStateSlice';
import { useClientDetailsForm, useRecordDialog, useReplayedDialog } from '../../shell/useClientEvents';
import { useCheckoutDrafts, useOfferDraft, usePlacing } from './checkoutDrafts';
import { keepCheckoutDraft, readCheckoutDraft, useDraftAnchor } from './formDraft';
import { withBillingDraft } from '../../../domain/forms/checkoutDraft';

type Stage = 'current' | 'list' | 'entry' | 'billing';

export function CardBlock({
  step,
  signedIn,
  free,
  giftCovers = false,
}: {
  readonly step: number;
  readonly signedIn: boolean;
  readonly free: boolean;
  /** A saved gift card pays the whole order. */
  readonly giftCovers?: boolean;
}) {
  const commands = useCommands();
  const views = useViews();
  const card = useView(views.card);
  const checkout = useStateSlice((s) => s.checkout);
  const savedCards = useStateSlice((s) => s.account.savedCards);
  const adapter = usePaymentAdapter();
  const { config } = useRuntime();
  const location = useView(views.location);
  // The provider's card-capture page, when the business uses one (config.json's CardCaptureUrl).
  const captureUrl = cardCaptureUrl(config.CardCaptureUrl, policyValues(config, location?.location ?? null), window.location.origin);
  const [stage, setStage] = useState<Stage>('current');
  const [entry, setEntry] = useState<CardEntryValues>(CARD_ENTRY_INITIAL);
  const [tokenized, setTokenized] = useState<TokenizedCard | null>(null);
  // The card's fields as they were sent to the provider: once the shopper changes them, that token is not this card.
  const entryNow = useRef(entry);
  entryNow.current = entry;
  const [tokenizedFrom, setTokenizedFrom] = useState<string | null>(null);
  const [askAgain, setAskAgain] = useState<string | null>(null);
  // The billing address of a refused card, offered again with the next card.
  const [keptBilling, setKeptBilling] = useState<Partial<BillingAddressValues> | null>(null);
  const refusedKey = useStateSlice((s) => s.placement.refusedCardKey);
  const failure = useStateSlice((s) => s.placement.message);
  const { handOff, focusTarget } = useFocusHandoff<'card' | 'stage'>();
  const drafts = useCheckoutDrafts();
  const placing = usePlacing();
  const anchor = useDraftAnchor();
  // The billing form's state, as it tells it: whether it is complete, and how to send it.
  const sendBilling = useRef<(() => Promise<boolean>) | null>(null);
  const [billingComplete, setBillingComplete] = useState(false);
  const bindBilling = useCallback((binding: { readonly complete: boolean; readonly submit: () => Promise<boolean> }) => {
    sendBilling.current = binding.submit;
    setBillingComplete(binding.complete);
  }, []);
  // A card used by 'Place Order' shows as the current card once the attempt has ended (a success leaves the page).
  const [showWhenPlaced, setShowWhenPlaced] = useState(false);
  // The save confirmation (the spec's saveModalVisible) for a card just saved to the account with 'Use This Card'.
  const [savedKey, setSavedKey] = useState<string | null>(null);
  // Recorded for the support console, which shows it where the log says it was open.
  const confirmedKey = useReplayedDialog('savedCard')?.target ?? savedKey;
  const confirmed = confirmedKey === null ? undefined : savedCards.find((c) => c.key === confirmedKey);
  useRecordDialog(savedKey !== null ? 'savedCard' : null, savedKey);

  useEffect(() => adapter.prepare(), [adapter]);

  // A transient card whose token did not survive a reload: the command takes it away, and the shopper is asked again.
  const unusable = card !== null && !commands.cardUsable(card);
  useEffect(() => {
    if (card === null) return;
    void commands.forgetStaleCard().then((result) => {
      if (E.isLeft(result)) setAskAgain(result.left);
    });
  }, [card, commands]);

  const cards: CardSummary[] = [...savedCards, ...(checkout.transientCard ? [checkout.transientCard] : [])];
  // What a signed-in shopper's 'Change it' opened in place of the chosen card, recorded for the support console, which
  // shows it where the log says it was open. (A guest's 'Change it' removes the card, which the log holds already.)
  const listOpen = useClientDetailsForm('cards', signedIn && stage === 'list' && card !== null);
  const newCardOpen = useClientDetailsForm('newCard', signedIn && stage === 'entry' && card !== null);
  const chosen: Stage = stage !== 'current' ? stage : listOpen ? 'list' : newCardOpen ? 'entry' : stage;
  const shown: Stage = chosen === 'current' && (card === null || unusable) ? 'entry' : chosen;
  const refused = card !== null && card.key === refusedKey;
  const done = card !== null && !unusable && !refused && shown === 'current';

  const change = async () => {
    if (card === null) return;
    handOff('stage');
    if (signedIn) {
      setStage('list');
      return;
    }
    setEntry(CARD_ENTRY_INITIAL);
    if (refused && card.billing) setKeptBilling(billingFormValues(card.billing));
    setStage('entry');
    await commands.removeCard(card);
  };

  const showCurrent = useCallback(() => {
    setTokenized(null);
    setEntry(CARD_ENTRY_INITIAL);
    setAskAgain(null);
    setKeptBilling(null);
    setShowWhenPlaced(false);
    handOff('card');
    setStage('current');
  }, [handOff]);

  const useCard = async (values: BillingAddressValues, remember: boolean): Promise<string | null> => {
    if (!tokenized) return null;
    // The card's own postal code, as it went to the provider (the form above may have sent it again with another).
    const result = await commands.addCard(tokenized, cardBillingAddress(values, tokenized.postalCode), remember, entry.name);
    if (E.isLeft(result)) {
      notify.error(result.left);
      return result.left;
    }
    // Confirmed when the shopper saved it themselves; 'Place Order' goes on to the order's own confirmation instead.
    if (result.right.saved && !drafts.placing()) setSavedKey(result.right.key);
    setShowWhenPlaced(drafts.placing());
    drafts.afterPlacing(showCurrent);
    return null;
  };

  const onCaptured = useCallback(
    (tokenizedCard: TokenizedCard) => {
      const again = tokenized !== null && stage === 'billing';
      setTokenized(tokenizedCard);
      setTokenizedFrom(captureUrl === null ? JSON.stringify(entryNow.current) : null);
      if (again) return;
      // The address last typed (before a reload, or with a card that was refused), or else the refused card's.
      setKeptBilling((kept) => readCheckoutDraft(anchor).billing ?? kept);
      // The card's own fields stay where they are, the caret with them; a capture page gives way to the address.
      if (captureUrl !== null) handOff('stage');
      setStage('billing');
    },
    [handOff, anchor, captureUrl, tokenized, stage],
  );
  // Typed over since it went to the provider: the address waits until the changed card has gone too.
  const cardEdited = tokenizedFrom !== null && tokenizedFrom !== JSON.stringify(entry);
  const keepBilling = useCallback((values: BillingAddressValues) => keepCheckoutDraft(anchor, (draft) => withBillingDraft(draft, values)), [anchor]);

  const billingShown = shown === 'billing' && tokenized !== null && !showWhenPlaced;
  const draft = useMemo(
    () =>
      billingShown
        ? { covers: 'card' as const, complete: billingComplete && !cardEdited, save: () => sendBilling.current?.() ?? Promise.resolve(false) }
        : null,
    [billingShown, billingComplete, cardEdited],
  );
  useOfferDraft('card', draft);

  const cancel = card !== null && !unusable ? () => setStage('current') : signedIn && cards.length > 0 ? () => setStage('list') : undefined;

  return (
    <CheckoutSection
      step={step}
      title="Payment"
      done={done || free || giftCovers}
      action={
        shown === 'current' && card !== null ? (
          <button type="button" className="btn btn-link" onClick={() => void change()}>
            Change it<span className="visually-hidden"> (card)</span>
          </button>
        ) : null
      }
    >
      {free ? <p className="muted">No payment is needed for this order.</p> : null}
      {signedIn && !free ? <GiftCardPay currency={location?.currency ?? 'USD'} /> : null}
      {askAgain !== null && shown !== 'current' ? (
        <p className="notice notice-warning" role="status">
          {askAgain}
        </p>
      ) : null}
      {shown === 'current' && card !== null ? (
        <div className={`checkout-current-card${refused ? ' is-refused' : ''}`} ref={focusTarget('card')} tabIndex={-1} role="group" aria-label="Your card">
          <CardSummaryLine card={card} />
        </div>
      ) : null}
      {shown === 'current' && refused ? (
        <div className="notice notice-danger checkout-card-refused" role="alert">
          <p>{failure}</p>
          <button type="button" className="btn btn-primary" onClick={() => void change()}>
            {signedIn ? 'Choose another card' : 'Enter another card'}
          </button>
        </div>
      ) : null}
      <div ref={focusTarget('stage')}>
        {shown === 'list' ? (
          <CardList
            cards={cards}
            selectedKey={card?.key ?? null}
            onSelect={(chosen) => void commands.selectCard(chosen).then(() => setStage('current'))}
            onAdd={() => setStage('entry')}
            onBack={card !== null ? () => setStage('current') : undefined}
          />
        ) : null}
        {shown === 'entry' && captureUrl !== null ? <CardCaptureFrame url={captureUrl} onTokenized={onCaptured} onCancel={cancel} /> : null}
        {(shown === 'entry' || (shown === 'billing' && tokenized !== null)) && captureUrl === null ? (
          // The same form before and after the card goes: the billing address is added below it.
          <CardEntryForm
            adapter={adapter}
            values={entry}
            onChange={setEntry}
            onTokenized={onCaptured}
            onCancel={cancel}
            tokenized={shown === 'billing'}
            locked={placing}
          />
        ) : null}
        {shown === 'billing' && tokenized !== null ? (
          <BillingAddressForm
            card={tokenized}
            canRemember={signedIn}
            {...(keptBilling ? { kept: keptBilling } : {})}
            onBind={bindBilling}
            onEdit={keepBilling}
            locked={placing || cardEdited}
            {...(captureUrl !== null
              ? {
                  onBack: () => {
                    handOff('stage');
                    setStage('entry');
                  },
                }
              : {})}
            onSubmit={useCard}
          />
        ) : null}
      </div>
      <CardSavedConfirmation card={confirmed} onClose={() => setSavedKey(null)} />
    </CheckoutSection>
  );
}
