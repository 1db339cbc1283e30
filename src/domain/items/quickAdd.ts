// Items with SkipModifierScreen go straight into the bag from their card (ordering.md section 3 "Item"); this is the
// line such a tap makes, or why it cannot, in which case the card opens the panel instead.
//
// Where the spec is silent: a direct add takes the only variation (with several, choosing one is the shopper's job,
// so the panel opens) and the default options; it needs the same choices the panel would accept, and stock for 1.
import * as E from 'fp-ts/lib/Either.js';
import type { IndexedItem } from '../catalog/catalogIndex';
import type { CartLine } from '../cart/cartLine';
import { type PanelStock, openForAdd, panelErrors, panelToLine } from './itemPanel';
import { itemOutOfStock } from './messages';
import { remainingForPanel } from './stock';

/** The line a direct add makes (quantity 1, defaults, no note), or the first reason the panel must open instead. */
export function quickAddLine(item: IndexedItem, stock?: PanelStock): E.Either<string, Omit<CartLine, 'key'>> {
  const state = openForAdd(item);
  const firstError = panelErrors(state)[0];
  if (firstError !== undefined) return E.left(firstError);
  const variation = item.variations.find((v) => v.Id === state.variationId);
  if (stock && variation && remainingForPanel(stock.counts, variation, stock.cart) < 1) return E.left(itemOutOfStock(item.item.Name));
  return E.map(({ key: _key, ...line }: CartLine) => line)(panelToLine(state, ''));
}
