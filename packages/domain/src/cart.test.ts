import { describe, expect, it } from 'vitest';
import { quantityBounds, quantityProblem, struckPrice, unbuyableReason } from './cart.ts';

describe('struck-through price (DECISIONS 18)', () => {
  it('is the mrp when it is above the selling price, with the saving', () => {
    expect(struckPrice(2499, 2799)).toEqual({ mrp_cents: 2799, saving_cents: 300 });
  });
  it('is absent when the mrp is not higher', () => {
    expect(struckPrice(2499, 2499)).toBeNull();
    expect(struckPrice(2499, 2000)).toBeNull();
  });
});

describe('typed cart quantities', () => {
  const line = { minimum_order_quantity: 6, stock_quantity: 40 };
  it('are bounded by the minimum order and the stock', () => {
    expect(quantityBounds(line)).toEqual({ min: 6, max: 40 });
    expect(quantityBounds({ minimum_order_quantity: 0, stock_quantity: 3 })).toEqual({ min: 1, max: 3 });
  });
  it('say which bound a value breaks', () => {
    expect(quantityProblem(6, line)).toBeNull();
    expect(quantityProblem(40, line)).toBeNull();
    expect(quantityProblem(5, line)).toBe('below_minimum');
    expect(quantityProblem(41, line)).toBe('above_stock');
    expect(quantityProblem(2.5, line)).toBe('not_whole');
    expect(quantityProblem(0, line)).toBe('not_whole');
    expect(quantityProblem(Number.NaN, line)).toBe('not_whole');
  });
});

describe('why a product cannot be bought', () => {
  it('names the reason, or none', () => {
    expect(unbuyableReason({ is_active: true, stock_quantity: 10, minimum_order_quantity: 6 })).toBeNull();
    expect(unbuyableReason({ is_active: true, stock_quantity: 0, minimum_order_quantity: 1 })).toBe(
      'out_of_stock',
    );
    expect(unbuyableReason({ is_active: true, stock_quantity: 4, minimum_order_quantity: 6 })).toBe(
      'minimum_above_stock',
    );
    expect(unbuyableReason({ is_active: false, stock_quantity: 4, minimum_order_quantity: 1 })).toBe(
      'inactive',
    );
  });
});
