import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyOffers, lineDiscountCents, type Offer, type PricingLine } from './pricing.ts';

const line = (over: Partial<PricingLine> = {}): PricingLine => ({
  product_id: 1,
  seller_id: 10,
  quantity: 4,
  unit_price_cents: 2999,
  ...over,
});
const offer = (over: Partial<Offer> & Pick<Offer, 'rule'>, id = 1): Offer => ({
  source: { type: 'promotion', id },
  seller_id: 10,
  product_ids: null,
  min_order_value_cents: 0,
  ...over,
});

describe('the discount of one rule on one line', () => {
  it('takes percentages and fixed amounts per unit, before VAT', () => {
    // 12.5% of R29.99 is 374.875c -> 375c a unit, x4.
    expect(lineDiscountCents(line(), { kind: 'percentage', tenths: 125 })).toBe(1500);
    expect(lineDiscountCents(line(), { kind: 'fixed', cents: 500 })).toBe(2000);
    // A fixed amount above the price makes the unit free, never negative.
    expect(lineDiscountCents(line(), { kind: 'fixed', cents: 5000 })).toBe(4 * 2999);
  });

  it('gives a bulk discount only from the minimum quantity', () => {
    expect(lineDiscountCents(line({ quantity: 9 }), { kind: 'bulk', tenths: 100, min_quantity: 10 })).toBe(0);
    expect(lineDiscountCents(line({ quantity: 10 }), { kind: 'bulk', tenths: 100, min_quantity: 10 })).toBe(
      3000,
    );
  });

  it('makes y of every x + y units free', () => {
    const rule = { kind: 'buy_x_get_y', x: 2, y: 1 } as const;
    expect(lineDiscountCents(line({ quantity: 2 }), rule)).toBe(0);
    expect(lineDiscountCents(line({ quantity: 3 }), rule)).toBe(2999);
    expect(lineDiscountCents(line({ quantity: 7 }), rule)).toBe(2 * 2999);
  });
});

describe('applying offers to a checkout', () => {
  it('gives each line the single discount that takes the most cents off', () => {
    const result = applyOffers(
      [line()],
      [
        offer({ rule: { kind: 'percentage', tenths: 100 } }, 1), // 300c a unit -> 1200
        offer({ rule: { kind: 'fixed', cents: 400 } }, 2), // 1600
        offer({ rule: { kind: 'buy_x_get_y', x: 3, y: 1 } }, 3), // 2999
      ],
    );
    expect(result.lines[0]).toMatchObject({ discount_cents: 2999, offer: { type: 'promotion', id: 3 } });
  });

  it('applies an offer only to its seller and its products', () => {
    const result = applyOffers(
      [line({ product_id: 1 }), line({ product_id: 2 }), line({ product_id: 1, seller_id: 11 })],
      [offer({ product_ids: [1], rule: { kind: 'fixed', cents: 100 } })],
    );
    expect(result.lines.map((l) => l.discount_cents)).toEqual([400, 0, 0]);
  });

  it("measures the minimum order value on the seller's goods before VAT and discounts", () => {
    const min = offer({ min_order_value_cents: 2 * 4 * 2999, rule: { kind: 'percentage', tenths: 100 } });
    expect(applyOffers([line()], [min]).lines[0]!.discount_cents).toBe(0);
    // A second line of the same seller (not covered by a product list) still counts towards the minimum.
    const both = applyOffers([line(), line({ product_id: 2 })], [min]);
    expect(both.lines.map((l) => l.discount_cents)).toEqual([1200, 1200]);
    // Another seller's goods do not.
    expect(applyOffers([line(), line({ seller_id: 11 })], [min]).lines[0]!.discount_cents).toBe(0);
  });

  it('waives the delivery of a seller with free shipping, separately from line discounts', () => {
    const result = applyOffers(
      [line(), line({ seller_id: 11 })],
      [offer({ rule: { kind: 'free_shipping' } }, 7), offer({ rule: { kind: 'fixed', cents: 100 } }, 8)],
    );
    expect([...result.free_shipping]).toEqual([[10, { type: 'promotion', id: 7 }]]);
    expect(result.lines[0]).toMatchObject({ discount_cents: 400, offer: { id: 8 } });
  });

  it('never takes more off a line than it is worth, nor less than nothing, for any offers', () => {
    const rule = fc.oneof(
      fc.record({ kind: fc.constant('percentage' as const), tenths: fc.integer({ min: 0, max: 1000 }) }),
      fc.record({ kind: fc.constant('fixed' as const), cents: fc.integer({ min: 0, max: 1_000_000 }) }),
      fc.record({
        kind: fc.constant('bulk' as const),
        tenths: fc.integer({ min: 0, max: 1000 }),
        min_quantity: fc.integer({ min: 1, max: 50 }),
      }),
      fc.record({
        kind: fc.constant('buy_x_get_y' as const),
        x: fc.integer({ min: 0, max: 10 }),
        y: fc.integer({ min: 0, max: 10 }),
      }),
      fc.constant({ kind: 'free_shipping' as const }),
    );
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            product_id: fc.integer({ min: 1, max: 4 }),
            seller_id: fc.integer({ min: 10, max: 11 }),
            quantity: fc.integer({ min: 1, max: 200 }),
            unit_price_cents: fc.integer({ min: 0, max: 500_000 }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        fc.array(
          fc.record({
            source: fc.record({ type: fc.constant('promotion' as const), id: fc.nat() }),
            seller_id: fc.integer({ min: 10, max: 11 }),
            product_ids: fc.option(fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 3 }), { nil: null }),
            min_order_value_cents: fc.integer({ min: 0, max: 1_000_000 }),
            rule,
          }),
          { maxLength: 5 },
        ),
        (lines, offers) => {
          const result = applyOffers(lines, offers);
          const goods = (seller: number) =>
            lines
              .filter((x) => x.seller_id === seller)
              .reduce((s, x) => s + x.quantity * x.unit_price_cents, 0);
          result.lines.forEach((l, i) => {
            for (const o of offers) {
              const applies =
                o.rule.kind !== 'free_shipping' &&
                o.seller_id === l.seller_id &&
                (o.product_ids === null || o.product_ids.includes(l.product_id)) &&
                goods(o.seller_id) >= o.min_order_value_cents;
              if (applies) expect(lineDiscountCents(lines[i]!, o.rule)).toBeLessThanOrEqual(l.discount_cents);
            }
            expect(Number.isInteger(l.discount_cents)).toBe(true);
            expect(l.discount_cents).toBeGreaterThanOrEqual(0);
            expect(l.discount_cents).toBeLessThanOrEqual(lines[i]!.quantity * lines[i]!.unit_price_cents);
            expect(l.offer === null).toBe(l.discount_cents === 0);
          });
        },
      ),
    );
  });
});
