// A checked order as the API's Order: the same description of a priced bag the simulator records.
import { chargedTotal } from '../../domain/delivery/charges';
import type { Order } from '../../domain/orders/codecs';
import { orderFromPreview } from '../../domain/orders/orderFromPreview';
import type { CheckedOrder } from './orderRules';

export function orderOf(id: string, checked: CheckedOrder, chargedAt: string): Order {
  const order = orderFromPreview({
    id,
    catalog: checked.catalog,
    lines: checked.lines,
    preview: checked.preview,
    chargedAt,
    pickupAt: checked.pickupAt,
    fulfillmentType: checked.fulfillment?.type ?? null,
  });
  // A curbside order carries the car the shopper gave (our extension), so its page and history can show it.
  const vehicle = checked.fulfillment?.type === 'CURBSIDE' ? checked.fulfillment.vehicle : null;
  const withVehicle = vehicle === null ? order : { ...order, VehicleDetails: vehicle };
  const delivery = checked.delivery;
  if (delivery === null) return withVehicle;
  // A delivery's fees are charged on top of the bag's total (README, "Money and pricing").
  return {
    ...withVehicle,
    GrandTotal: chargedTotal(order.GrandTotal, delivery.fees),
    DeliveryFee: delivery.fees.deliveryFee,
    ServiceFee: delivery.fees.serviceFee,
    DeliveryAddressId: delivery.addressId,
    DeliveryAddress: delivery.address,
  };
}
