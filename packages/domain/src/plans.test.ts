import { describe, expect, it } from 'vitest';
import { firstPaymentDate, planLimitSchema, upgradeSubscriptionSchema } from './plans.ts';
import {
  ENTITLEMENTS,
  LIMITED_FEATURES,
  PLAN_CATALOGUE,
  PLAN_TIERS,
  UNLIMITED,
  entitlementsOf,
  limitUsedPercent,
  planRank,
  transactionFees,
  withinLimit,
  yearlySavingPercent,
} from './plan-rules.ts';

describe('entitlements (DECISIONS 16)', () => {
  it('has one row per tier with every limited feature', () => {
    for (const tier of PLAN_TIERS) {
      expect(Object.keys(ENTITLEMENTS[tier]).sort()).toEqual([...LIMITED_FEATURES].sort());
    }
  });
  it('holds the table of DECISIONS 16', () => {
    expect(entitlementsOf('free')).toEqual({
      coop_members: 25,
      listed_products: 10,
      orders_monthly: 20,
      warehouses: 0,
      warehouse_space: 0,
      browse: 10,
    });
    expect(entitlementsOf('trader')).toMatchObject({ coop_members: 100, listed_products: 50, warehouses: 2 });
    expect(entitlementsOf('supplier_early')).toMatchObject({ listed_products: 500, warehouse_space: 10 });
    expect(entitlementsOf('professional')).toMatchObject({
      coop_members: 500,
      warehouses: 5,
      warehouse_space: 50,
    });
    expect(entitlementsOf('enterprise')).toMatchObject({
      coop_members: UNLIMITED,
      listed_products: UNLIMITED,
      warehouses: 999,
      warehouse_space: 500,
    });
    // Spec 3 §9's basic tier is the trader and supplier plans: 2 warehouses, 10 m³.
    for (const tier of ['trader', 'trader_early', 'supplier', 'supplier_early'] as const) {
      expect(entitlementsOf(tier)).toMatchObject({ warehouses: 2, warehouse_space: 10, browse: UNLIMITED });
    }
  });
  it('limits grow with the tier: no higher plan allows less', () => {
    const order = ['free', 'trader', 'professional', 'enterprise'] as const;
    for (const feature of LIMITED_FEATURES) {
      for (let i = 1; i < order.length; i += 1) {
        const lower = ENTITLEMENTS[order[i - 1]!][feature];
        const higher = ENTITLEMENTS[order[i]!][feature];
        if (higher !== UNLIMITED) expect(lower === UNLIMITED ? Infinity : lower).toBeLessThanOrEqual(higher);
      }
    }
  });
  it('checks a write against a limit in hundredths, -1 allowing anything', () => {
    expect(withinLimit(10, 8, 2)).toBe(true);
    expect(withinLimit(10, 8, 2.01)).toBe(false);
    expect(withinLimit(0.3, 0.1, 0.2)).toBe(true);
    expect(withinLimit(0, 0, 1)).toBe(false);
    expect(withinLimit(UNLIMITED, 1e9, 1)).toBe(true);
    expect(withinLimit(5, 5, 1)).toBe(false);
    // A downgrade leaves usage above the limit: nothing more fits, nothing is taken away.
    expect(withinLimit(2, 4, 1)).toBe(false);
  });
  it('fills the dialog bar to the share used, capped at 100, empty when unlimited', () => {
    expect(limitUsedPercent(12, 10)).toBe(100);
    expect(limitUsedPercent(5, 10)).toBe(50);
    expect(limitUsedPercent(0, 0)).toBe(100);
    expect(limitUsedPercent(3, UNLIMITED)).toBe(0);
  });
  it('parses the 402 answer, with or without what was requested', () => {
    const body = {
      error: { code: 'plan_limit', message: 'x' },
      feature: 'warehouse_space',
      used: 0,
      limit: 50,
    };
    expect(planLimitSchema.parse(body).requested).toBeUndefined();
    expect(planLimitSchema.parse({ ...body, requested: 100 }).requested).toBe(100);
  });
});

describe('plan prices', () => {
  it('has the prices of DECISIONS 16 in cents and yearly saves about 17%', () => {
    expect(PLAN_CATALOGUE.trader).toMatchObject({ monthly_cents: 3500, yearly_cents: 35000 });
    expect(PLAN_CATALOGUE.trader_early).toMatchObject({ monthly_cents: 1750, yearly_cents: 17500 });
    expect(PLAN_CATALOGUE.supplier).toMatchObject({ monthly_cents: 5000, yearly_cents: 50000 });
    expect(PLAN_CATALOGUE.supplier_early).toMatchObject({ monthly_cents: 2500, yearly_cents: 25000 });
    expect(PLAN_CATALOGUE.professional).toMatchObject({ monthly_cents: 250000, yearly_cents: 2490000 });
    expect(PLAN_CATALOGUE.enterprise).toMatchObject({ monthly_cents: 750000, yearly_cents: 7470000 });
    for (const tier of PLAN_TIERS.filter((t) => t !== 'free')) {
      const { monthly_cents, yearly_cents } = PLAN_CATALOGUE[tier];
      expect(yearlySavingPercent(monthly_cents, yearly_cents)).toBe(17);
    }
    expect(yearlySavingPercent(0, 0)).toBe(0);
  });
  it('ranks the tiers in spec 2 §4 order after free', () => {
    expect(planRank('free')).toBeLessThan(planRank('trader'));
    expect(planRank('supplier_early')).toBeLessThan(planRank('professional'));
    expect(planRank('professional')).toBeLessThan(planRank('enterprise'));
  });
  it('dates the first payment 14 days after the upgrade (DECISIONS 17)', () => {
    expect(firstPaymentDate(new Date('2026-11-23T10:00:00Z'))).toBe('2026-12-07');
    expect(firstPaymentDate(new Date('2026-12-25T23:30:00Z'))).toBe('2027-01-08');
  });
  it('validates the upgrade body of spec 2 §7', () => {
    expect(upgradeSubscriptionSchema.safeParse({ plan_id: 2, billing_period: 'yearly' }).success).toBe(true);
    expect(
      upgradeSubscriptionSchema.safeParse({ plan_id: 2, coop_id: 3, billing_period: 'monthly' }).success,
    ).toBe(true);
    expect(upgradeSubscriptionSchema.safeParse({ plan_id: 2, billing_period: 'weekly' }).success).toBe(false);
    expect(upgradeSubscriptionSchema.safeParse({ plan_id: 0, billing_period: 'monthly' }).success).toBe(
      false,
    );
  });
});

describe('transaction fees (spec 2 §9)', () => {
  it('adds 2.5% to the trader and deducts 2.5% from the supplier', () => {
    expect(transactionFees(100_000)).toEqual({
      trader_fee_cents: 2_500,
      supplier_fee_cents: 2_500,
      total_fee_cents: 5_000,
      trader_pays_cents: 102_500,
      supplier_receives_cents: 97_500,
    });
    expect(transactionFees(1_999).trader_fee_cents).toBe(50);
    expect(transactionFees(Number.NaN).total_fee_cents).toBe(0);
    expect(transactionFees(-5).total_fee_cents).toBe(0);
  });
  it('is always 5% of the order within a cent per side', () => {
    for (let cents = 0; cents < 5_000; cents += 37) {
      const fees = transactionFees(cents);
      expect(Math.abs(fees.total_fee_cents - cents * 0.05)).toBeLessThanOrEqual(1);
      expect(fees.trader_pays_cents - fees.trader_fee_cents).toBe(cents);
    }
  });
});

describe('the orders-a-month window', () => {
  it('starts at midnight on the 1st in Johannesburg', async () => {
    const { monthStartSast } = await import('./plans.ts');
    expect(monthStartSast(new Date('2026-11-23T10:00:00Z')).toISOString()).toBe('2026-10-31T22:00:00.000Z');
    // 23:30 UTC on 30 November is already 1 December in Johannesburg.
    expect(monthStartSast(new Date('2026-11-30T23:30:00Z')).toISOString()).toBe('2026-11-30T22:00:00.000Z');
    expect(monthStartSast(new Date('2027-01-01T00:30:00Z')).toISOString()).toBe('2026-12-31T22:00:00.000Z');
  });
});
