// A coupon past its ExpiresAt cannot be redeemed (ordering.md section 4); one rule for the command and the page.
import type { Coupon } from './codecs';

export function couponExpired(coupon: Pick<Coupon, 'ExpiresAt'>, now: number): boolean {
  const expires = coupon.ExpiresAt ? Date.parse(coupon.ExpiresAt) : NaN;
  return !Number.isNaN(expires) && expires < now;
}
