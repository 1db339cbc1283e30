// A line of the bag as the rules see it (ordering.md section 3, Cart.items). The key is issued when the line is
// added (it arrives in the event), so replays give every line the same key.
import type { EveryField } from '../everyField';
import type { OrderRequestLine } from '../orders/codecs';

export interface CartLine {
  readonly key: string;
  readonly itemId: string;
  readonly variationId: string;
  readonly quantity: number;
  /** Chosen modifier ids, by modifier list id. */
  readonly modifiers: Readonly<Record<string, readonly string[]>>;
  /** Free-text note for the kitchen, at most 50 characters; '' when none. */
  readonly note: string;
}

/**
 * A line with another quantity, written out field by field in the order the storefront writes a line, never spread:
 * every rule reads lines, and lines of several shapes slowed them all (the fold of a 100,000-event log took about 10%
 * longer). The bag's reducers and the stock rule both make their changed lines here.
 */
export function lineWithQuantity(line: CartLine, quantity: number): CartLine {
  const written: EveryField<CartLine> = {
    itemId: line.itemId,
    variationId: line.variationId,
    quantity,
    modifiers: line.modifiers,
    note: line.note,
    key: line.key,
  };
  return written;
}

/** Every chosen modifier id of a line, in list order then choice order. */
function chosenModifierIds(line: Pick<CartLine, 'modifiers'>): string[] {
  return Object.values(line.modifiers).flat();
}

/** A bag line as the order payload carries it: id is the VARIATION id, modifiers a flat list of modifier ids. */
export function orderRequestLine(line: CartLine): OrderRequestLine {
  return { key: line.key, id: line.variationId, quantity: line.quantity, note: line.note, modifiers: chosenModifierIds(line) };
}
