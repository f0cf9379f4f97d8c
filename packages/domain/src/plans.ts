import { z } from 'zod';
import { idSchema } from './ids.ts';
import { BILLING_PERIODS, PLAN_TIERS, TRIAL_DAYS } from './plan-rules.ts';

/** The answer of a refused call that hit a plan allowance (DECISIONS 7): open the upgrade dialog with it. */
export const planLimitSchema = z.object({
  error: z.object({ code: z.literal('plan_limit'), message: z.string() }),
  feature: z.string(),
  used: z.number(),
  limit: z.number(),
  /** What the refused write would have added (1 warehouse, 12.5 m³, the orders of one checkout). */
  requested: z.number().optional(),
});
export type PlanLimit = z.infer<typeof planLimitSchema>;

/** GET /api/subscription-plans: spec 2 §3's plan, its limits from the entitlement table. */
export const subscriptionPlanSchema = z.object({
  id: z.number().int(),
  tier: z.enum(PLAN_TIERS),
  name: z.string(),
  description: z.string(),
  price_monthly: z.number(),
  price_yearly: z.number(),
  features: z.array(z.string()),
  max_members: z.number().int(),
  max_products: z.number().int(),
  max_orders_monthly: z.number().int(),
  max_warehouses: z.number().int(),
  max_virtual_warehouse_space: z.number(),
  max_products_browse: z.number().int(),
  /** Early-adopter plans close at EARLY_ADOPTER_MEMBER_CAP members. */
  available: z.boolean(),
});
export type SubscriptionPlan = z.infer<typeof subscriptionPlanSchema>;

export const SUBSCRIPTION_STATUSES = ['active', 'trialing'] as const;

/** GET /api/my-subscription. */
export const mySubscriptionSchema = z.object({
  plan_id: z.number().int(),
  plan_tier: z.enum(PLAN_TIERS),
  plan_name: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  billing_period: z.enum(BILLING_PERIODS),
  /** What each period costs, in rand. */
  amount: z.number(),
  coop_id: z.number().int().nullable(),
  trial_ends_at: z.string().nullable(),
  next_payment_date: z.string().nullable(),
});
export type MySubscription = z.infer<typeof mySubscriptionSchema>;

/** GET /api/subscription/usage-stats: spec 2 §3's fields, and the other limits of the entitlement table. */
export const usageStatsSchema = z.object({
  plan_tier: z.enum(PLAN_TIERS),
  members_count: z.number().int(),
  max_members: z.number().int(),
  products_count: z.number().int(),
  max_products: z.number().int(),
  orders_this_month: z.number().int(),
  max_orders_monthly: z.number().int(),
  warehouses_count: z.number().int(),
  max_warehouses: z.number().int(),
  warehouse_space_used: z.number(),
  max_warehouse_space: z.number(),
});
export type UsageStats = z.infer<typeof usageStatsSchema>;

/** POST /api/subscription/upgrade (spec 2 §7). */
export const upgradeSubscriptionSchema = z.object({
  plan_id: idSchema,
  coop_id: idSchema.nullish(),
  billing_period: z.enum(BILLING_PERIODS),
});
export type UpgradeSubscription = z.infer<typeof upgradeSubscriptionSchema>;

/** The first payment of a paid plan: TRIAL_DAYS after the change, as a calendar date (YYYY-MM-DD, UTC). */
export function firstPaymentDate(changedAt: Date): string {
  return new Date(changedAt.getTime() + TRIAL_DAYS * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** South Africa keeps UTC+2 all year, so its calendar month starts at 22:00 UTC on the last day before. */
const SAST_OFFSET_MS = 2 * 60 * 60 * 1000;

/** The start of the calendar month (Africa/Johannesburg) that `now` falls in: the orders-a-month window. */
export function monthStartSast(now: Date): Date {
  const local = new Date(now.getTime() + SAST_OFFSET_MS);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - SAST_OFFSET_MS);
}
