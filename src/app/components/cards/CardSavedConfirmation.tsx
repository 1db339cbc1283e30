// The save confirmation for a card saved to the account (account-and-session.md section 4, "Saving can show a
// confirmation modal"): at checkout with 'Save this card for next time' and on My Cards with 'Add a card'.
import type { CardSummary } from '../../../events/catalogue';
import { SaveConfirmation } from '../SaveConfirmation';
import { BRAND_NAMES, brandOf } from './CardBrandIcon';

export function CardSavedConfirmation({ card, onClose }: { readonly card: CardSummary | undefined; readonly onClose: () => void }) {
  return (
    <SaveConfirmation open={card !== undefined} saved="Card saved" onClose={onClose}>
      {card ? (
        <p>
          Your {BRAND_NAMES[brandOf(card.brand)]} ending in {card.last4} is saved to your account and is now your default card.
        </p>
      ) : null}
    </SaveConfirmation>
  );
}
