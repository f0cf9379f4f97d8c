import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { priceCheckout } from './cart.ts';
import { quantityBounds, quantityProblem, struckPrice, unbuyableReason } from './cart-rules.ts';
import { DELIVERY_OPTIONS } from './orders.ts';
import type { Offer } from './pricing.ts';
import { vatOn } from './money.ts';

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

describe('pricing a checkout with offers (DECISIONS 21)', () => {
  const lines = [
    { product_id: 1, seller_id: 10, quantity: 4, unit_price_cents: 2500 },
    { product_id: 2, seller_id: 10, quantity: 1, unit_price_cents: 1000 },
    { product_id: 3, seller_id: 20, quantity: 2, unit_price_cents: 5000 },
  ];
  const tenPercentOnOne: Offer = {
    source: { type: 'promotion', id: 5 },
    seller_id: 10,
    product_ids: [1],
    min_order_value_cents: 0,
    rule: { kind: 'percentage', tenths: 100 },
  };
  const freeShipping: Offer = {
    source: { type: 'trade_offer', id: 6 },
    seller_id: 20,
    product_ids: null,
    min_order_value_cents: 0,
    rule: { kind: 'free_shipping' },
  };

  it("charges VAT on the goods after the discount and waives only that seller's delivery", () => {
    const priced = priceCheckout(lines, 'standard', [tenPercentOnOne, freeShipping]);
    const fee = DELIVERY_OPTIONS.standard.fee_cents;
    const [ten, twenty] = priced.orders;
    expect(ten).toMatchObject({ subtotal_cents: 11000, discount_cents: 1000, tax_cents: vatOn(10000) });
    expect(ten!.total_cents).toBe(10000 + vatOn(10000) + fee);
    expect(ten!.lines[0]).toMatchObject({ discount_cents: 1000, offer: { type: 'promotion', id: 5 } });
    expect(ten!.lines[1]).toMatchObject({ discount_cents: 0, offer: null });
    expect(twenty).toMatchObject({ delivery_cents: 0, free_shipping: { type: 'trade_offer', id: 6 } });
    expect(priced.discount_cents).toBe(1000);
  });

  it('without offers is the plain price: nothing off, every seller delivers at the fee', () => {
    const priced = priceCheckout(lines, 'express');
    expect(priced.discount_cents).toBe(0);
    expect(priced.delivery_cents).toBe(2 * DELIVERY_OPTIONS.express.fee_cents);
    expect(priced.total_cents).toBe(priced.subtotal_cents + priced.tax_cents + priced.delivery_cents);
  });

  it('for any lines and percentage offers, the totals add up and never go below the delivery', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            product_id: fc.integer({ min: 1, max: 6 }),
            seller_id: fc.constantFrom(10, 20),
            quantity: fc.integer({ min: 1, max: 50 }),
            unit_price_cents: fc.integer({ min: 1, max: 100_000 }),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        fc.integer({ min: 0, max: 1000 }),
        (items, tenths) => {
          const offers: Offer[] = [
            { ...tenPercentOnOne, product_ids: null, rule: { kind: 'percentage', tenths } },
          ];
          const priced = priceCheckout(items, 'standard', offers);
          for (const order of priced.orders) {
            const goods = order.subtotal_cents - order.discount_cents;
            expect(goods).toBeGreaterThanOrEqual(0);
            expect(order.tax_cents).toBe(vatOn(goods));
            expect(order.total_cents).toBe(goods + order.tax_cents + order.delivery_cents);
          }
          expect(priced.total_cents).toBe(priced.orders.reduce((s, o) => s + o.total_cents, 0));
        },
      ),
    );
  });
});

describe('a rewards credit at checkout (ADR 022)', () => {
  const lines = [
    { product_id: 1, seller_id: 10, quantity: 2, unit_price_cents: 1000 },
    { product_id: 2, seller_id: 20, quantity: 1, unit_price_cents: 3000 },
  ];
  const fee = DELIVERY_OPTIONS.standard.fee_cents;

  it('comes off the goods before VAT, filling the orders in seller order, never the delivery', () => {
    const priced = priceCheckout(lines, 'standard', [], 2500);
    expect(priced.orders.map((o) => [o.seller_id, o.credit_cents, o.tax_cents, o.total_cents])).toEqual([
      [10, 2000, 0, fee],
      [20, 500, vatOn(2500), 2500 + vatOn(2500) + fee],
    ]);
    expect(priced.credit_cents).toBe(2500);
  });

  it('is never more than the goods after discounts, nor negative', () => {
    expect(priceCheckout(lines, 'standard', [], 1_000_000).credit_cents).toBe(5000);
    expect(priceCheckout(lines, 'standard', [], -50).credit_cents).toBe(0);
    const offer: Offer = {
      source: { type: 'promotion', id: 1 },
      seller_id: 10,
      product_ids: null,
      min_order_value_cents: 0,
      rule: { kind: 'percentage', tenths: 500 },
    };
    const priced = priceCheckout(lines, 'standard', [offer], 1_000_000);
    expect(priced.orders[0]).toMatchObject({ discount_cents: 1000, credit_cents: 1000, tax_cents: 0 });
  });

  it('for any credit, the totals add up and the credit is at most what was offered', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000 }), (credit) => {
        const priced = priceCheckout(lines, 'standard', [], credit);
        expect(priced.credit_cents).toBe(Math.min(credit, 5000));
        for (const o of priced.orders) {
          const goods = o.subtotal_cents - o.discount_cents - o.credit_cents;
          expect(goods).toBeGreaterThanOrEqual(0);
          expect(o.total_cents).toBe(goods + vatOn(goods) + o.delivery_cents);
        }
      }),
    );
  });
});
