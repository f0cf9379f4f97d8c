import { describe, expect, it } from 'vitest';
import {
  isDue,
  nextOrderDate,
  reorderDue,
  scheduledOrderInputSchema,
  tradeOfferInputSchema,
  tradeOfferRule,
  tradeOfferStatus,
} from './smart-orders.ts';

describe('smart orders', () => {
  it('moves a schedule on by its frequency, keeping a monthly day past a short month', () => {
    expect(nextOrderDate('2026-11-23', 'daily')).toBe('2026-11-24');
    expect(nextOrderDate('2026-12-29', 'weekly')).toBe('2027-01-05');
    expect(nextOrderDate('2026-01-31', 'monthly')).toBe('2026-02-28');
    expect(nextOrderDate('2026-02-28', 'monthly', 31)).toBe('2026-03-31');
    expect(nextOrderDate('2026-11-30', 'quarterly')).toBe('2027-02-28');
    expect(isDue('2026-11-23', '2026-11-23')).toBe(true);
    expect(isDue('2026-11-24', '2026-11-23')).toBe(false);
  });

  it('fires a rule when available plus on order falls to the reorder point plus safety stock', () => {
    const rule = { reorder_point: 5, safety_stock: 2 };
    expect(reorderDue({ ...rule, available: 7, on_order: 0 })).toBe(true);
    expect(reorderDue({ ...rule, available: 8, on_order: 0 })).toBe(false);
    expect(reorderDue({ ...rule, available: 0, on_order: 20 })).toBe(false);
    expect(reorderDue({ ...rule, reorder_point: null, available: 0, on_order: 0 })).toBe(false);
  });

  it('turns each offer type into the one pricing rule', () => {
    const base = {
      discount_tenths: 125,
      discount_cents: 250,
      min_quantity: 12,
      buy_quantity: 2,
      get_quantity: 1,
    };
    expect(tradeOfferRule({ ...base, offer_type: 'percentage_discount' })).toEqual({
      kind: 'percentage',
      tenths: 125,
    });
    expect(tradeOfferRule({ ...base, offer_type: 'fixed_discount' })).toEqual({ kind: 'fixed', cents: 250 });
    expect(tradeOfferRule({ ...base, offer_type: 'bulk_discount' })).toEqual({
      kind: 'bulk',
      tenths: 125,
      min_quantity: 12,
    });
    expect(tradeOfferRule({ ...base, offer_type: 'buy_x_get_y' })).toEqual({
      kind: 'buy_x_get_y',
      x: 2,
      y: 1,
    });
    expect(tradeOfferRule({ ...base, offer_type: 'free_shipping' })).toEqual({ kind: 'free_shipping' });
  });

  it('tells where an offer stands', () => {
    const now = new Date('2026-11-23T10:00:00Z');
    const o = {
      is_active: true,
      start_date: '2026-11-20',
      end_date: '2026-11-30',
      max_uses: null,
      current_uses: 0,
    };
    expect(tradeOfferStatus(o, now)).toBe('active');
    expect(tradeOfferStatus({ ...o, is_active: false }, now)).toBe('inactive');
    expect(tradeOfferStatus({ ...o, start_date: '2026-11-24' }, now)).toBe('scheduled');
    expect(tradeOfferStatus({ ...o, end_date: '2026-11-22' }, now)).toBe('expired');
    expect(tradeOfferStatus({ ...o, max_uses: 3, current_uses: 3 }, now)).toBe('used_up');
  });

  it('validates the forms with the spec’s defaults', () => {
    const schedule = scheduledOrderInputSchema.parse({
      order_name: 'Staples',
      supplier_id: 1,
      next_order_date: '2026-11-23',
      items: [{ product_id: 2, quantity: 1 }],
    });
    expect(schedule).toMatchObject({ frequency: 'weekly', auto_confirm: false, is_active: true });
    expect(scheduledOrderInputSchema.safeParse({ ...schedule, items: [] }).success).toBe(false);
    const offer = { offer_name: 'X', start_date: '2026-11-23', end_date: '2026-11-30', discount_value: 10 };
    expect(tradeOfferInputSchema.parse(offer)).toMatchObject({
      offer_type: 'percentage_discount',
      products: [],
    });
    expect(tradeOfferInputSchema.safeParse({ ...offer, discount_value: 100.5 }).success).toBe(false);
    expect(tradeOfferInputSchema.safeParse({ ...offer, discount_value: 12.55 }).success).toBe(false);
    expect(tradeOfferInputSchema.safeParse({ ...offer, end_date: '2026-11-01' }).success).toBe(false);
    expect(
      tradeOfferInputSchema.safeParse({ ...offer, offer_type: 'free_shipping', discount_value: 0 }).success,
    ).toBe(true);
  });
});
