// A priced bag as the API's Order (ordering.md section 3, "Order" and "Line item"): PascalCase, minor units.
import type { Order, OrderLineItem } from '../../domain/orders/codecs';
import type { CheckedOrder } from './orderRules';

export function orderOf(id: string, checked: CheckedOrder, chargedAt: string): Order {
  const { catalog, preview } = checked;
  const lineItems: OrderLineItem[] = checked.lines.map((line) => {
    const entry = catalog.variations.get(line.variationId)!;
    const priced = preview.lineItems[line.key]!;
    const modifiers = entry.item.modifierLists.flatMap((list) =>
      list.modifiers.filter((m) => (line.modifiers[list.list.Id] ?? []).includes(m.Id)).map((m) => ({ Name: m.Name, Id: m.Id, BasePrice: m.Price })),
    );
    const item = entry.item.item;
    return {
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
    };
  });
  return {
    Id: id,
    LocationId: catalog.location.Id,
    GrandTotal: preview.grandTotal,
    TotalTaxes: preview.totalTaxes,
    TotalDiscounts: preview.totalDiscounts,
    TotalTips: preview.totalTips,
    SubTotal: preview.subTotal,
    ChargeDateUtc: chargedAt,
    ...(checked.pickupAt === null ? {} : { PickupAtUtc: new Date(Date.parse(checked.pickupAt)).toISOString() }),
    ...(checked.fulfillment === null ? {} : { FulfillmentType: checked.fulfillment.type }),
    LineItems: lineItems,
  };
}
