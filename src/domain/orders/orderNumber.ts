// The order number a shopper says at the counter: four digits derived from the API's order id ('ord_eb14...'), which
// is too long to read aloud and wraps on a phone. The same id gives the same number on every page and every device;
// ids fold as ids do (ids.ts), so two spellings of one id give one number. Four digits repeat once in 10,000 orders,
// which a counter tells apart by name and time; the full id stays on the page for support.
import { idKey } from '../ids';

/** FNV-1a, 32 bits: a spread of the id's characters that needs no library and no platform hashing. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** '4821' for an order id. */
export function orderNumber(orderId: string): string {
  return String(fnv1a(idKey(orderId)) % 10_000).padStart(4, '0');
}
