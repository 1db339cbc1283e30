// A saved gift card paying at checkout (issue 34): a signed-in shopper with gift cards on the account picks one (or
// none) inside 'Payment'; it pays the whole order when its balance covers it, else its balance, and the card pays
// the rest, said in one line with both amounts. A card is never charged less than the processor's minimum: the gift
// card then pays that much less, and the line says why. The number never shows or enters the log: the card ending and the
// balance do. Choosing one reads its balance first, so the split shown is the one the order sends.
import { useEffect, useState } from 'react';
import { maskedGiftCard } from '../../../domain/payments/giftCards';
import { GIFT_CARD_PAY_WAITS } from '../../../domain/payments/messages';
import { formatMoney } from '../../../domain/money';
import { giftCardSplitWords } from '../../../domain/payments/giftCardSplit';
import { chosenGiftCard } from '../../../events/selectors/checkout';
import { useNetworkAction } from '../../hooks/useNetworkAction';
import { useStateSlice } from '../../hooks/useStateSlice';
import { useView } from '../../hooks/useView';
import { useCommands, useViews } from '../../runtime/RuntimeContext';

export function GiftCardPay({ currency }: { readonly currency: string }) {
  const commands = useCommands();
  const views = useViews();
  const giftCards = useStateSlice((s) => s.account.giftCards);
  const chosen = useStateSlice(chosenGiftCard);
  const chosenId = chosen?.id ?? null;
  const split = useView(views.paymentSplit);
  // The radio shows the shopper's pick at once, while the command reads the balance and records it.
  const [picked, setPicked] = useState<string | null | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    void commands.loadGiftCards();
  }, [commands]);
  // A balance not read yet is read, so each card says what it can pay.
  const unread = giftCards
    .filter((card) => card.balance === null)
    .map((card) => card.id)
    .join(',');
  useEffect(() => {
    for (const id of unread === '' ? [] : unread.split(',')) void commands.checkGiftCardBalance(id);
  }, [commands, unread]);

  // A gift card's balance is read before it pays (the network); paying with none is kept in the log alone.
  const choose = useNetworkAction({
    waits: GIFT_CARD_PAY_WAITS,
    tryOffline: (id: string | null) => id === null,
    run: async (id: string | null) => {
      setPicked(id);
      const result = await commands.payWithGiftCard(id);
      setPicked(undefined);
      return result;
    },
    onFailure: setFailure,
  });

  if (giftCards.length === 0) return null;
  const shown = picked === undefined ? chosenId : picked;
  const pick = (id: string | null) => choose.press(id);

  return (
    <fieldset className="checkout-gift-cards">
      <legend className="checkout-subheading">Pay with a gift card</legend>
      <label className={`checkout-choice${shown === null ? ' is-selected' : ''}`}>
        <input type="radio" name="gift-card" checked={shown === null} onChange={() => pick(null)} />
        <span className="checkout-choice-text">
          <span className="checkout-choice-name">No gift card</span>
        </span>
      </label>
      {giftCards.map((card) => (
        <label key={card.id} className={`checkout-choice${shown === card.id ? ' is-selected' : ''}`}>
          <input type="radio" name="gift-card" checked={shown === card.id} disabled={card.balance === 0} onChange={() => pick(card.id)} />
          <span className="checkout-choice-text">
            <span className="checkout-choice-name">Gift card {maskedGiftCard(card.last4)}</span>
            <span className="checkout-choice-hint">{card.balance === null ? 'Checking the balance…' : `Balance ${formatMoney(card.balance, currency)}`}</span>
          </span>
        </label>
      ))}
      <p className="checkout-gift-split" role="status">
        {chosen === null ? '' : giftCardSplitWords(split, chosen.balance ?? 0, currency)}
      </p>
      {failure !== null ? (
        <p className="notice notice-danger" role="alert">
          {failure}
        </p>
      ) : null}
    </fieldset>
  );
}
