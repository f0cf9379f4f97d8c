import type { Cents } from './money.ts';

// The plans' rules without their schemas: zod-free, so the first screens can use them (ADR 024, fourth pass).
/** DECISIONS 16: spec 2's tiers plus free, in the order the subscription screen ranks them. */
export const PLAN_TIERS = [
  'free',
  'trader',
  'trader_early',
  'supplier',
  'supplier_early',
  'professional',
  'enterprise',
] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];
export const FREE_TIER: PlanTier = 'free';
export const isPlanTier = (value: string): value is PlanTier =>
  (PLAN_TIERS as readonly string[]).includes(value);

export const BILLING_PERIODS = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

/** -1 in the entitlement table: no limit. */
export const UNLIMITED = -1;

/**
 * What a plan limits, by the name the 402 answer carries as `feature`: co-op members (members of the
 * cooperatives the user coordinates), listed products, orders a month (placed as a buyer in the calendar
 * month, one per seller), warehouses created, warehouse space owned (m³), products a buyer may browse.
 */
export const LIMITED_FEATURES = [
  'coop_members',
  'listed_products',
  'orders_monthly',
  'warehouses',
  'warehouse_space',
  'browse',
] as const;
export type LimitedFeature = (typeof LIMITED_FEATURES)[number];
export type Entitlements = Record<LimitedFeature, number>;

/** DECISIONS 16's one entitlement table; the server checks it inside the writing transaction. */
export const ENTITLEMENTS: Record<PlanTier, Entitlements> = {
  free: {
    coop_members: 25,
    listed_products: 10,
    orders_monthly: 20,
    warehouses: 0,
    warehouse_space: 0,
    browse: 10,
  },
  trader: {
    coop_members: 100,
    listed_products: 50,
    orders_monthly: UNLIMITED,
    warehouses: 2,
    warehouse_space: 10,
    browse: UNLIMITED,
  },
  trader_early: {
    coop_members: 100,
    listed_products: 50,
    orders_monthly: UNLIMITED,
    warehouses: 2,
    warehouse_space: 10,
    browse: UNLIMITED,
  },
  supplier: {
    coop_members: 100,
    listed_products: 500,
    orders_monthly: UNLIMITED,
    warehouses: 2,
    warehouse_space: 10,
    browse: UNLIMITED,
  },
  supplier_early: {
    coop_members: 100,
    listed_products: 500,
    orders_monthly: UNLIMITED,
    warehouses: 2,
    warehouse_space: 10,
    browse: UNLIMITED,
  },
  professional: {
    coop_members: 500,
    listed_products: 5_000,
    orders_monthly: UNLIMITED,
    warehouses: 5,
    warehouse_space: 50,
    browse: UNLIMITED,
  },
  enterprise: {
    coop_members: UNLIMITED,
    listed_products: UNLIMITED,
    orders_monthly: UNLIMITED,
    warehouses: 999,
    warehouse_space: 500,
    browse: UNLIMITED,
  },
};

export function entitlementsOf(tier: PlanTier): Entitlements {
  return ENTITLEMENTS[tier];
}

export const isUnlimited = (limit: number) => limit < 0;

/**
 * Whether `adding` more fits under `limit` when `used` is already taken. Compared in hundredths, so
 * fractional m³ add up exactly (0.1 + 0.2 is not over 0.3).
 */
export function withinLimit(limit: number, used: number, adding: number): boolean {
  if (isUnlimited(limit)) return true;
  return Math.round(used * 100) + Math.round(adding * 100) <= Math.round(limit * 100);
}

/** The free tier's browsing limit (spec 1 §9). */
export const FREE_PLAN_BROWSE_LIMIT = ENTITLEMENTS.free.browse;

/** The reference rows of the plans table: names, prices in cents and the feature codes the cards list. */
export const PLAN_CATALOGUE: Record<
  PlanTier,
  { name: string; monthly_cents: Cents; yearly_cents: Cents; features: readonly string[] }
> = {
  free: { name: 'Free', monthly_cents: 0, yearly_cents: 0, features: ['marketplace', 'cooperatives'] },
  trader: {
    name: 'Trader',
    monthly_cents: 3_500,
    yearly_cents: 35_000,
    features: ['marketplace', 'cooperatives', 'bulk_orders', 'warehouses', 'unlimited_orders'],
  },
  trader_early: {
    name: 'Trader Early Adopter',
    monthly_cents: 1_750,
    yearly_cents: 17_500,
    features: ['marketplace', 'cooperatives', 'bulk_orders', 'warehouses', 'unlimited_orders', 'early'],
  },
  supplier: {
    name: 'Supplier',
    monthly_cents: 5_000,
    yearly_cents: 50_000,
    features: ['marketplace', 'listings', 'bulk_orders', 'warehouses', 'unlimited_orders'],
  },
  supplier_early: {
    name: 'Supplier Early Adopter',
    monthly_cents: 2_500,
    yearly_cents: 25_000,
    features: ['marketplace', 'listings', 'bulk_orders', 'warehouses', 'unlimited_orders', 'early'],
  },
  professional: {
    name: 'Professional',
    monthly_cents: 250_000,
    yearly_cents: 2_490_000,
    features: ['marketplace', 'listings', 'warehouses', 'analytics', 'priority_support'],
  },
  enterprise: {
    name: 'Enterprise',
    monthly_cents: 750_000,
    yearly_cents: 7_470_000,
    features: ['marketplace', 'listings', 'warehouses', 'analytics', 'priority_support', 'dedicated_manager'],
  },
};

/** Early-adopter plans are offered while the network has fewer members than this (spec 2 §9). */
export const EARLY_ADOPTER_MEMBER_CAP = 1_000;
export const isEarlyAdopterTier = (tier: PlanTier) => tier === 'trader_early' || tier === 'supplier_early';

/** DECISIONS 17: a paid plan starts with a 14-day trial; the first payment falls due 14 days after upgrading. */
export const TRIAL_DAYS = 14;

export function planRank(tier: PlanTier): number {
  return PLAN_TIERS.indexOf(tier);
}

export function priceOf(plan: { monthly_cents: Cents; yearly_cents: Cents }, period: BillingPeriod): Cents {
  return period === 'yearly' ? plan.yearly_cents : plan.monthly_cents;
}

/** How much a year paid at once saves over twelve months, in whole percent (spec 2: "Save 17%"). */
export function yearlySavingPercent(monthlyCents: Cents, yearlyCents: Cents): number {
  if (monthlyCents <= 0) return 0;
  return Math.round(((monthlyCents * 12 - yearlyCents) / (monthlyCents * 12)) * 100);
}

/** Spec 2 §9: 2.5% added to the trader's total and 2.5% deducted from the supplier's payout. */
export const TRANSACTION_FEE_PERCENT = { trader: 2.5, supplier: 2.5 } as const;

export function transactionFees(orderCents: Cents): {
  trader_fee_cents: Cents;
  supplier_fee_cents: Cents;
  total_fee_cents: Cents;
  trader_pays_cents: Cents;
  supplier_receives_cents: Cents;
} {
  const amount = Number.isFinite(orderCents) && orderCents > 0 ? Math.round(orderCents) : 0;
  // Basis points in integers: 2.5% is 250/10 000, rounded half up once per side.
  const trader = Math.round((amount * TRANSACTION_FEE_PERCENT.trader * 100) / 10_000);
  const supplier = Math.round((amount * TRANSACTION_FEE_PERCENT.supplier * 100) / 10_000);
  return {
    trader_fee_cents: trader,
    supplier_fee_cents: supplier,
    total_fee_cents: trader + supplier,
    trader_pays_cents: amount + trader,
    supplier_receives_cents: amount - supplier,
  };
}

/** The upgrade dialog's bar: the share used, capped at 100%. */
export function limitUsedPercent(used: number, limit: number): number {
  if (isUnlimited(limit)) return 0;
  return limit <= 0 ? 100 : Math.min(100, Math.round((used / limit) * 100));
}
