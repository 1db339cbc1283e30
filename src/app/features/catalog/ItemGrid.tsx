// A category's item cards (ordering.md section 2 "Item card"), as its page lists them and as the home page's scroll
// mode lists them under each category: each card opens the item panel, and 'Add to Bag' adds or opens it.
import type { IndexedItem } from '../../../domain/catalog/catalogIndex';
import { isSoldOut } from '../../../domain/items/stock';
import { useView } from '../../hooks/useView';
import { useViews } from '../../runtime/RuntimeContext';
import { ItemCard } from './ItemCard';
import { useAddToBag } from './useAddToBag';
import './catalog.css';

export interface ItemGridProps {
  readonly items: readonly IndexedItem[];
  readonly currency: string;
  /** How many cards come before any scrolling (their pictures load first): none below the fold. */
  readonly firstCards?: number;
}

export function ItemGrid({ items, currency, firstCards = 2 }: ItemGridProps) {
  const views = useViews();
  const counts = useView(views.counts);
  const { add, adding } = useAddToBag();
  if (items.length === 0) return <p className="notice notice-info">Nothing is on offer in this category right now.</p>;
  return (
    <ul className="catalog-grid">
      {items.map((indexed, index) => (
        <li key={indexed.item.Id}>
          <ItemCard
            first={index < firstCards}
            indexed={indexed}
            currency={currency}
            soldOut={isSoldOut(indexed.item, counts)}
            busy={adding === indexed.item.Id}
            onAdd={(item) => void add(item)}
          />
        </li>
      ))}
    </ul>
  );
}
