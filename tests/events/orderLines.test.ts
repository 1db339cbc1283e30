// One shape for an order's lines, from the bag and from a placed order.
import { describe, expect, it } from 'vitest';
import { placedOrderLines } from '../../src/events/selectors/orderLines';

describe('order lines', () => {
  it('read a placed order as the confirmation shows it: options in order, the note, the gross amount', () => {
    const lines = placedOrderLines({
      Id: 'o1',
      LocationId: 'l1',
      GrandTotal: 1000,
      TotalTaxes: 80,
      TotalDiscounts: 0,
      TotalTips: 0,
      SubTotal: 920,
      LineItems: [
        {
          Uid: 'u1',
          ItemName: 'Latte',
          ItemId: 'latte',
          VariationId: 'latte-medium',
          VariationName: 'Medium',
          Quantity: 2,
          BasePrice: 460,
          GrossSales: 920,
          TotalTax: 80,
          TotalDiscount: 0,
          Total: 1000,
          Note: 'extra hot',
          Modifiers: [
            { Name: 'Oat milk', Id: 'milk-oat', BasePrice: 0 },
            { Name: 'Vanilla', Id: 'vanilla', BasePrice: 50 },
          ],
        },
      ],
    });
    expect(lines).toEqual([{ key: 'u1', quantity: 2, name: 'Latte', options: 'Medium, Oat milk, Vanilla', note: 'extra hot', amount: 920, outOfStock: false }]);
  });
});
