// 'Select Your Card' (ordering.md sections 2 and 4, card stage 1): the saved cards and this order's unsaved card;
// selecting a saved card makes it the default.
import type { CardSummary } from '../../../events/catalogue';
import { CardSummaryLine } from './CardSummaryLine';
import '../checkoutBlocks.css';

export interface CardListProps {
  readonly cards: readonly CardSummary[];
  readonly selectedKey: string | null;
  readonly onSelect: (card: CardSummary) => void;
  readonly onAdd: () => void;
  readonly onBack?: (() => void) | undefined;
}

export function CardList({ cards, selectedKey, onSelect, onAdd, onBack }: CardListProps) {
  return (
    <div className="checkout-card-list">
      <h3 className="checkout-subheading">Select Your Card</h3>
      {cards.length === 0 ? <p className="muted">You don&apos;t have any saved cards.</p> : null}
      <fieldset className="checkout-choices checkout-choices-stack">
        <legend className="visually-hidden">Select Your Card</legend>
        {cards.map((card) => (
          <label key={card.key} className={`checkout-choice${card.key === selectedKey ? ' is-selected' : ''}`}>
            <input type="radio" name="card" checked={card.key === selectedKey} onChange={() => onSelect(card)} />
            <CardSummaryLine card={card} />
          </label>
        ))}
      </fieldset>
      <div className="checkout-actions">
        {onBack ? (
          <button type="button" className="btn btn-ghost" onClick={onBack}>
            Back
          </button>
        ) : null}
        <button type="button" className="btn btn-secondary" onClick={onAdd}>
          Add a New Card
        </button>
      </div>
    </div>
  );
}
