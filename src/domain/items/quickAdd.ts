// Items with SkipModifierScreen go straight into the bag from their card (ordering.md section 3 "Item"); this is the
// decision a card's 'Add to Bag' makes: add the line at once, say the item is sold out, or open the panel.
//
// Where the spec is silent: a direct add takes the only variation (with several, choosing one is the shopper's job,
// so the panel opens) and the default options; it needs the same choices the panel would accept, and stock for 1.
import * as E from 'fp-ts/lib/Either.js';
import { addsFromCard, type IndexedItem } from '../catalog/catalogIndex';
import type { CartLine } from '../cart/cartLine';
import { type PanelStock, openForAdd, panelErrors, panelToLine } from './itemPanel';
import { itemOutOfStock } from './messages';
import { remainingForPanel } from './stock';

/** What a card's 'Add to Bag' does with an item. */
export type QuickAdd =
  /** The line goes into the bag as it is (quantity 1, defaults, no note). */
  | { readonly kind: 'add'; readonly line: Omit<CartLine, 'key'> }
  /** No stock left for it, after what the bag holds: said to the shopper, nothing opens. */
  | { readonly kind: 'soldOut'; readonly message: string }
  /** A choice is the shopper's to make (several variations, a required list without a default): the panel asks. */
  | { readonly kind: 'panel'; readonly reason: string };

/** The decision for one tap on a card's 'Add to Bag', given the stock and the bag (none: stock is not checked). */
export function quickAdd(item: IndexedItem, stock?: PanelStock): QuickAdd {
  if (!addsFromCard(item.item)) return { kind: 'panel', reason: 'The item asks for its choices' };
  const state = openForAdd(item);
  const firstError = panelErrors(state)[0];
  if (firstError !== undefined) return { kind: 'panel', reason: firstError };
  const variation = item.variations.find((v) => v.Id === state.variationId);
  if (stock && variation && remainingForPanel(stock.counts, variation, stock.cart) < 1) return { kind: 'soldOut', message: itemOutOfStock(item.item.Name) };
  const line = panelToLine(state, '');
  if (E.isLeft(line)) return { kind: 'panel', reason: line.left };
  const { key: _key, ...rest } = line.right;
  return { kind: 'add', line: rest };
}
