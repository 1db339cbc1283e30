// An item card (ordering.md section 2 "Item card"): picture, name, description, price or price range, 'Out of
// Stock' when every variation is sold out, the favorite heart, and 'Add to Bag'. A tap anywhere on the card (its
// picture, its name) opens the item; the name is the card's one button for it, stretched over the card, so a screen
// reader hears it once and the heart and 'Add to Bag' stay buttons of their own.
import { useId } from 'react';
import type { IndexedItem } from '../../../domain/catalog/catalogIndex';
import { OUT_OF_STOCK_BADGE } from '../../../domain/items/messages';
import { formatPriceRange, priceRange } from '../../../domain/items/priceRange';
import { CatalogPicture } from '../../components/CatalogPicture';
import { FavoriteButton } from '../../components/FavoriteButton';
import { useItemPanel } from '../../shell/ItemPanelContext';

export interface ItemCardProps {
  readonly indexed: IndexedItem;
  readonly currency: string;
  readonly soldOut: boolean;
  readonly busy: boolean;
  readonly onAdd: (item: IndexedItem) => void;
  /** One of the cards a phone shows before scrolling: its picture loads first. */
  readonly first?: boolean;
}

export function ItemCard({ indexed, currency, soldOut, busy, onAdd, first = false }: ItemCardProps) {
  const { item } = indexed;
  const range = priceRange(item);
  const price = formatPriceRange(range, currency);
  const nameId = useId();
  const panel = useItemPanel();
  return (
    <article className={`item-card card${soldOut ? ' item-card-sold-out' : ''}`} aria-labelledby={nameId}>
      <div className="item-card-picture">
        <CatalogPicture src={item.ImageUrl} label={item.Name} first={first} />
        {soldOut ? <p className="item-card-badge">{OUT_OF_STOCK_BADGE}</p> : null}
        <FavoriteButton itemId={item.Id} itemName={item.Name} className="item-card-favorite" />
      </div>
      <div className="item-card-body">
        <h2 id={nameId} className="item-card-name">
          <button type="button" className="item-card-open" onClick={() => panel.openItem(item.Id)}>
            {item.Name}
          </button>
        </h2>
        {item.Description ? <p className="item-card-description">{item.Description}</p> : null}
      </div>
      <div className="item-card-footer">
        <p className="item-card-price price">{price}</p>
        {/* A sold-out item has nothing to add; the button stays so the card keeps its shape, disabled. */}
        <button type="button" className="btn btn-primary item-card-add" onClick={() => onAdd(indexed)} disabled={soldOut || busy} aria-describedby={nameId}>
          Add to Bag
        </button>
      </div>
    </article>
  );
}
