// A priced bag as the API's Order (ordering.md section 3, "Order" and "Line item"): PascalCase, minor units. The
// sandbox answers placements with it and the simulator records it, so both describe an order the same way.
import type { LocationCatalog } from '../catalog/catalogIndex';
import type { CartLine } from '../cart/cartLine';
import { choicesOf } from '../items/modifierRules';
import type { Preview } from '../pricing/priceCart';
import type { FulfillmentType, Order, OrderLineItem } from './codecs';

export interface PlacedBag {
  readonly id: string;
  readonly catalog: LocationCatalog;
  readonly lines: readonly CartLine[];
  readonly preview: Preview;
  /** ISO instant of the charge. */
  readonly chargedAt: string;
  readonly pickupAt: string | null;
  readonly fulfillmentType: FulfillmentType | null;
}

export function orderFromPreview(bag: PlacedBag): Order {
  const { catalog, preview } = bag;
  const lineItems = bag.lines.flatMap((line): OrderLineItem[] => {
    const entry = catalog.variations.get(line.variationId);
    const priced = preview.lineItems[line.key];
    if (!entry || !priced) return [];
    const modifiers = entry.item.modifierLists.flatMap((list) =>
      list.modifiers.filter((m) => choicesOf(line.modifiers, list.list.Id).includes(m.Id)).map((m) => ({ Name: m.Name, Id: m.Id, BasePrice: m.Price })),
    );
    const item = entry.item.item;
    return [
      {
        Uid: line.key,
        ItemName: item.Name,
        VariationName: entry.variation.Name,
        ...(item.ImageUrl === undefined ? {} : { ImageUrl: item.ImageUrl }),
        ...(item.Description === undefined ? {} : { Description: item.Description }),
        Note: line.note,
        ItemId: item.Id,
        VariationId: entry.variation.Id,
        Quantity: line.quantity,
        BasePrice: entry.variation.Price,
        GrossSales: priced.grossSales,
        TotalTax: priced.tax,
        TotalDiscount: priced.discount,
        Total: priced.total,
        Modifiers: modifiers,
      },
    ];
  });
  return {
    Id: bag.id,
    LocationId: catalog.location.Id,
    GrandTotal: preview.grandTotal,
    TotalTaxes: preview.totalTaxes,
    TotalDiscounts: preview.totalDiscounts,
    TotalTips: preview.totalTips,
    SubTotal: preview.subTotal,
    ChargeDateUtc: bag.chargedAt,
    ...(bag.pickupAt === null ? {} : { PickupAtUtc: new Date(Date.parse(bag.pickupAt)).toISOString() }),
    ...(bag.fulfillmentType === null ? {} : { FulfillmentType: bag.fulfillmentType }),
    LineItems: lineItems,
  };
}
