// /favorites: the items the shopper marked with the heart (account-and-session.md sections 2 and 4), as item cards
// with 'Add to Bag'. For guests and signed-in shoppers alike (the route is ours: the spec names none), reached from
// the header's heart and the account menu. Items the current location does not sell are not shown.
import { Link } from 'react-router-dom';
import { isSoldOut } from '../../../domain/items/stock';
import { favoriteIds } from '../../../events/selectors/favorites';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useStateSlice } from '../../hooks/useStateSlice';
import { useView } from '../../hooks/useView';
import { useViews } from '../../runtime/RuntimeContext';
import { ItemCard } from './ItemCard';
import { useAddToBag } from './useAddToBag';
import './catalog.css';
import { useBusinessWords } from '../../hooks/useBusinessWords';

export const NO_FAVORITES = "You don't have any favorites.";

export function FavoritesPage() {
  usePageTitle('My Favorites');
  const views = useViews();
  const words = useBusinessWords();
  const location = useView(views.location);
  const counts = useView(views.counts);
  const ids = useStateSlice(favoriteIds);
  const { add, adding } = useAddToBag();
  const items = location ? ids.flatMap((id) => location.items.get(id) ?? []) : [];

  return (
    <div className="container catalog-page">
      <header className="catalog-header">
        <h1>My Favorites</h1>
      </header>
      {location && items.length > 0 ? (
        <ul className="catalog-grid">
          {items.map((indexed) => (
            <li key={indexed.item.Id}>
              <ItemCard
                indexed={indexed}
                currency={location.currency}
                soldOut={isSoldOut(indexed.item, counts)}
                busy={adding === indexed.item.Id}
                onAdd={(item) => void add(item)}
              />
            </li>
          ))}
        </ul>
      ) : (
        <div className="card notice">
          <p>{NO_FAVORITES}</p>
          <p className="muted">Tap the heart on an item to keep it here.</p>
          <Link className="btn btn-primary" to="/">
            {words.browse}
          </Link>
        </div>
      )}
    </div>
  );
}
