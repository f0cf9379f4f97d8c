import { describe, expect, it } from 'vitest';
import { DELIVERY_OPTIONS } from './orders.ts';
import {
  deliveryBarPercent,
  supplyChainAdvice,
  supplyChainSince,
  type SupplierFigures,
} from './supply-chain.ts';

const FEE = DELIVERY_OPTIONS.standard.fee_cents;
const supplier = (over: Partial<SupplierFigures>): SupplierFigures => ({
  seller_id: 1,
  name: 'Soweto Wholesale',
  orders: 1,
  delivered: 1,
  cancelled: 0,
  paid_deliveries: 1,
  delivery_fee_cents: FEE,
  weeks_with_orders: 1,
  average_delivery_days: 3,
  ...over,
});

describe('the delivery bar (spec 2 §9)', () => {
  it('is 100 less 10 a day, never under 20 and never over 100', () => {
    expect(deliveryBarPercent(0)).toBe(100);
    expect(deliveryBarPercent(1)).toBe(90);
    expect(deliveryBarPercent(3.5)).toBe(65);
    expect(deliveryBarPercent(8)).toBe(20);
    expect(deliveryBarPercent(30)).toBe(20);
    expect(deliveryBarPercent(-1)).toBe(100);
  });
});

describe('the period', () => {
  it('ends now and reaches back its days', () => {
    const now = new Date('2026-11-29T10:00:00Z');
    expect(supplyChainSince('30d', now).toISOString()).toBe('2026-10-30T10:00:00.000Z');
    expect(supplyChainSince('1y', now).toISOString()).toBe('2025-11-29T10:00:00.000Z');
  });
});

describe('supply chain advice', () => {
  it('has nothing to say about a supplier that delivers on time, once a week', () => {
    expect(
      supplyChainAdvice([
        supplier({
          orders: 4,
          delivered: 4,
          paid_deliveries: 4,
          weeks_with_orders: 4,
          delivery_fee_cents: 4 * FEE,
        }),
      ]),
    ).toEqual([]);
  });

  it('counts what ordering apart in the same weeks cost in delivery', () => {
    const [advice] = supplyChainAdvice([
      supplier({
        orders: 5,
        delivered: 5,
        paid_deliveries: 5,
        weeks_with_orders: 2,
        delivery_fee_cents: 5 * FEE,
      }),
    ]);
    expect(advice).toEqual({
      kind: 'combine_deliveries',
      seller_id: 1,
      name: 'Soweto Wholesale',
      orders: 5,
      delivery_fees: (5 * FEE) / 100,
      saving: (3 * FEE) / 100,
    });
  });

  it('counts an express delivery at what it cost, against a standard one a week', () => {
    const express = DELIVERY_OPTIONS.express.fee_cents;
    const [advice] = supplyChainAdvice([
      supplier({ orders: 2, paid_deliveries: 2, weeks_with_orders: 1, delivery_fee_cents: FEE + express }),
    ]);
    expect(advice?.saving).toBe(express / 100);
  });

  it('names slow deliveries and frequent cancellations, the largest saving first', () => {
    const advice = supplyChainAdvice([
      supplier({ seller_id: 2, name: 'Slow Traders', average_delivery_days: 6.5, delivered: 3 }),
      supplier({ seller_id: 3, name: 'Often Cancels', delivered: 4, cancelled: 2, orders: 6 }),
      supplier({ seller_id: 4, name: 'Cancelled once', delivered: 1, cancelled: 1, orders: 2 }),
      supplier({
        seller_id: 5,
        name: 'Many deliveries',
        paid_deliveries: 3,
        weeks_with_orders: 1,
        delivery_fee_cents: 3 * FEE,
      }),
    ]);
    expect(advice.map((a) => [a.kind, a.seller_id])).toEqual([
      ['combine_deliveries', 5],
      ['cancellations', 3],
      ['slow_delivery', 2],
    ]);
    expect(advice[1]).toMatchObject({ orders: 6, cancelled: 2 });
    expect(advice[2]).toMatchObject({ average_delivery_days: 6.5, orders: 3 });
  });

  it('says nothing of free deliveries', () => {
    expect(
      supplyChainAdvice([
        supplier({ paid_deliveries: 0, weeks_with_orders: 0, delivery_fee_cents: 0, orders: 3 }),
      ]),
    ).toEqual([]);
  });
});
