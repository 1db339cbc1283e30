// An order's lines as every summary shows them (checkout, confirmation, order history): quantity, name, the chosen
// options, the note, the amount, and whether it is out of stock. One shape, from the bag or from a placed order.
import { variationShownWith } from '../../domain/items/variationLabel';
import type { Order } from '../../domain/orders/codecs';
import type { BagLineView } from './bag';

export interface OrderLine {
  readonly key: string;
  readonly quantity: number;
  readonly name: string;
  /** The variation and the modifiers, in the order they were chosen. */
  readonly options: string;
  readonly note: string;
  /** Gross sales of the line in minor units; null when the line cannot be priced. */
  readonly amount: number | null;
  readonly outOfStock: boolean;
}

/** The bag's lines, as checkout's summary shows them. */
export function bagOrderLines(lines: readonly BagLineView[]): OrderLine[] {
  return lines.map((line) => ({
    key: line.line.key,
    quantity: line.line.quantity,
    name: line.itemName,
    options: [variationShownWith(line.itemName, line.variationName), ...line.modifierNames].filter(Boolean).join(', '),
    note: line.line.note,
    amount: line.priced ? line.priced.grossSales : null,
    outOfStock: line.outOfStock,
  }));
}

/** A placed order's lines, as the confirmation and the order history show them. */
export function placedOrderLines(order: Order): OrderLine[] {
  return order.LineItems.map((line) => ({
    key: line.Uid,
    quantity: line.Quantity,
    name: line.ItemName,
    options: [variationShownWith(line.ItemName, line.VariationName ?? ''), ...(line.Modifiers ?? []).map((m) => m.Name)].filter(Boolean).join(', '),
    note: line.Note ?? '',
    amount: line.GrossSales,
    outOfStock: false,
  }));
}
