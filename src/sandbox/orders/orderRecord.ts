// A checked order as the API's Order: the same description of a priced bag the simulator records.
import type { Order } from '../../domain/orders/codecs';
import { orderFromPreview } from '../../domain/orders/orderFromPreview';
import type { CheckedOrder } from './orderRules';

export function orderOf(id: string, checked: CheckedOrder, chargedAt: string): Order {
  return orderFromPreview({
    id,
    catalog: checked.catalog,
    lines: checked.lines,
    preview: checked.preview,
    chargedAt,
    pickupAt: checked.pickupAt,
    fulfillmentType: checked.fulfillment?.type ?? null,
  });
}
