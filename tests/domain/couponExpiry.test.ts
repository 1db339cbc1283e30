import { describe, expect, it } from 'vitest';
import { couponExpired } from '../../src/domain/discounts/expiry';

describe('coupon expiry', () => {
  const now = Date.parse('2026-11-18T15:00:00Z');
  it('is past only after ExpiresAt; no date, or a date that does not parse, never expires', () => {
    expect(couponExpired({ ExpiresAt: '2026-11-18T14:59:59Z' }, now)).toBe(true);
    expect(couponExpired({ ExpiresAt: '2026-11-18T15:00:00Z' }, now)).toBe(false);
    expect(couponExpired({}, now)).toBe(false);
    expect(couponExpired({ ExpiresAt: 'soon' }, now)).toBe(false);
  });
});
