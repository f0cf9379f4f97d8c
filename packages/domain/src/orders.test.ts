import { describe, expect, it } from 'vitest';
import { checkoutSchema, formatOrderNumber, ORDER_NUMBER_PATTERN } from './orders.ts';

describe('order numbers (DECISIONS 19)', () => {
  it('are ORD, the Johannesburg date and a serial of at least four digits', () => {
    expect(formatOrderNumber(new Date('2026-11-23T09:00:00Z'), 42)).toBe('ORD-20261123-0042');
    expect(formatOrderNumber(new Date('2026-11-23T09:00:00Z'), 123456)).toBe('ORD-20261123-123456');
  });

  it('take the date in Johannesburg: 23:30 UTC is already the next day there', () => {
    expect(formatOrderNumber(new Date('2026-11-23T23:30:00Z'), 7)).toBe('ORD-20261124-0007');
  });

  it('match the one pattern', () => {
    expect(formatOrderNumber(new Date(), 1)).toMatch(ORDER_NUMBER_PATTERN);
    expect('ORD17637194000001').not.toMatch(ORDER_NUMBER_PATTERN);
  });

  it("accept the client's order number of any spec-style shape, or none", () => {
    const base = {
      total_amount: 1,
      tax_amount: 0,
      items: [{ product_id: 1, quantity: 1, unit_price: 1, total_price: 1 }],
    };
    expect(checkoutSchema.safeParse({ ...base, order_number: 'ORD1763719400000' }).success).toBe(true);
    expect(checkoutSchema.safeParse(base).success).toBe(true);
  });
});
