import { describe, expect, it } from 'vitest';
import { checkoutSchema, formatOrderNumber, orderDiscountParts, ORDER_NUMBER_PATTERN } from './orders.ts';

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

describe("an order's discount in its parts", () => {
  const item = (discount: number) => ({
    product_id: 1,
    name: 'Maize meal 10kg',
    sku: 'MM-10',
    image_url: null,
    quantity: 2,
    unit_price: 99.99,
    total_price: 199.98,
    discount,
    offer_type: discount > 0 ? ('bulk_order' as const) : null,
  });

  it("splits the lines' offers from the rewards credit, in cents", () => {
    expect(orderDiscountParts({ discount_amount: 35.1, items: [item(10.05), item(0), item(5.05)] })).toEqual({
      offers: 1510,
      rewards: 2000,
    });
  });

  it('has no rewards part when the offers are the whole discount, and none of either without one', () => {
    expect(orderDiscountParts({ discount_amount: 0.3, items: [item(0.1), item(0.2)] })).toEqual({
      offers: 30,
      rewards: 0,
    });
    expect(orderDiscountParts({ discount_amount: 0, items: [item(0)] })).toEqual({ offers: 0, rewards: 0 });
  });
});
