import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import {
  centsToRand,
  EARLY_ADOPTER_MEMBER_CAP,
  ENTITLEMENTS,
  firstPaymentDate,
  FREE_TIER,
  isEarlyAdopterTier,
  PLAN_CATALOGUE,
  PLAN_TIERS,
  priceOf,
  sastDate,
  TRIAL_DAYS,
  type MySubscription,
  type PlanRestrictions,
  type PlanTier,
  type SubscriptionPlan,
  type UpgradeSubscription,
  type UsageStats,
} from '@tt/domain';
import type { Db, Tx } from '../../db/client.ts';
import { fail, field } from '../../platform/errors.ts';
import { countUsers } from '../auth/service.ts';
import { postPlanPayment } from '../ledger/service.ts';
import { currentTier, lockPlanUsage, usageOf } from './guard.ts';
import { plans, subscriptionChanges, subscriptions } from './tables.ts';

export { enforcePlanLimit, planLimit, registerUsageCounter, type CountedFeature } from './guard.ts';

/**
 * Every catalogue request asks for the caller's plan; it is kept for a few seconds per process, so a
 * busy marketplace does not read the same row on every page. subscribe() forgets the user's entry here;
 * another instance sees a plan change within PLAN_CACHE_MS. Writes never use this cache: the guard
 * reads the plan inside its transaction.
 */
export const PLAN_CACHE_MS = 5_000;
const planCaches = new WeakMap<Db | Tx, Map<number, { plan: PlanRestrictions; expires: number }>>();
const PLAN_CACHE_ENTRIES = 10_000;

/** The plan a user is on and what it lets them browse. No active subscription: the free plan. */
export async function planRestrictionsFor(db: Db, userId: number): Promise<PlanRestrictions> {
  let cache = planCaches.get(db);
  if (!cache) planCaches.set(db, (cache = new Map()));
  const now = Date.now();
  const hit = cache.get(userId);
  if (hit && hit.expires > now) return hit.plan;
  const tier = await currentTier(db, userId);
  const plan = { plan_type: tier, max_products_browse: ENTITLEMENTS[tier].browse };
  cache.delete(userId);
  if (cache.size >= PLAN_CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(userId, { plan, expires: now + PLAN_CACHE_MS });
  return plan;
}

/** How many products the user may browse; null: no limit. The catalogue asks this. */
export async function browseLimitFor(db: Db, userId: number): Promise<number | null> {
  const plan = await planRestrictionsFor(db, userId);
  return plan.max_products_browse < 0 ? null : plan.max_products_browse;
}

/**
 * The user's browsing limit as a SQL expression (an int, null when unlimited), read live from the plan in
 * force: the catalogue reads it in the same statement as its page (one round trip per request instead of
 * a plan query beside it), so a plan change shows at the next request on every instance. `userId` may be
 * SQL itself (the user id a statement reads from the caller's session).
 */
export function browseLimitSql(userId: number | SQL<number | null>): SQL<number | null> {
  const cases = PLAN_TIERS.map((tier) => {
    const limit = ENTITLEMENTS[tier].browse;
    return sql`when ${tier} then ${limit < 0 ? sql`null` : sql.raw(String(Math.trunc(limit)))}`;
  });
  const fallback = ENTITLEMENTS[FREE_TIER].browse;
  return sql<number | null>`(case coalesce((select s.plan_tier::text from ${subscriptions} s
                                   where s.user_id = ${userId} and s.status = 'active' limit 1), ${FREE_TIER})
             ${sql.join(cases, sql` `)}
             else ${fallback < 0 ? sql`null` : sql.raw(String(Math.trunc(fallback)))} end)::int`;
}

const forgetPlan = (db: Db | Tx, userId: number) => planCaches.get(db)?.delete(userId);

/** The first monthly anniversary of `startedAt` after `now`, as a calendar date. */
function nextMonthly(startedAt: Date, now: Date): string {
  const next = new Date(startedAt);
  while (next <= now) next.setUTCMonth(next.getUTCMonth() + 1);
  return next.toISOString().slice(0, 10);
}

/**
 * Puts a user on a plan as it is, billed monthly with no trial (the demo seed and tests); the screen
 * goes through changePlan.
 */
export async function subscribe(
  db: Db | Tx,
  userId: number,
  planTier: PlanTier,
  startedAt = new Date(),
  now = new Date(),
) {
  forgetPlan(db, userId);
  const amount = PLAN_CATALOGUE[planTier].monthly_cents;
  const values = {
    plan_tier: planTier,
    status: 'active' as const,
    started_at: startedAt,
    billing_period: 'monthly' as const,
    amount_cents: amount,
    coop_id: null,
    trial_ends_at: null,
    next_payment_date: amount > 0 ? nextMonthly(startedAt, now) : null,
  };
  await db
    .insert(subscriptions)
    .values({ user_id: userId, ...values })
    .onConflictDoUpdate({ target: subscriptions.user_id, set: values });
}

type PlanRow = typeof plans.$inferSelect;

/** Early-adopter plans are offered while the network has fewer than EARLY_ADOPTER_MEMBER_CAP members. */
async function earlyAdopterOpen(db: Db): Promise<boolean> {
  return (await countUsers(db)) < EARLY_ADOPTER_MEMBER_CAP;
}

const toPlan = (row: PlanRow, earlyOpen: boolean): SubscriptionPlan => {
  const limits = ENTITLEMENTS[row.tier];
  return {
    id: row.id,
    tier: row.tier,
    name: row.name,
    description: row.description,
    price_monthly: centsToRand(row.price_monthly_cents),
    price_yearly: centsToRand(row.price_yearly_cents),
    features: row.features,
    max_members: limits.coop_members,
    max_products: limits.listed_products,
    max_orders_monthly: limits.orders_monthly,
    max_warehouses: limits.warehouses,
    max_virtual_warehouse_space: limits.warehouse_space,
    max_products_browse: limits.browse,
    available: earlyOpen || !isEarlyAdopterTier(row.tier),
  };
};

/** GET /api/subscription-plans: every tier, cheapest first. */
export async function listPlans(db: Db): Promise<SubscriptionPlan[]> {
  const rows = await db.select().from(plans).orderBy(asc(plans.sort_order), asc(plans.id));
  const earlyOpen = await earlyAdopterOpen(db);
  return rows.map((row) => toPlan(row, earlyOpen));
}

async function planByTier(db: Db | Tx, tier: PlanTier): Promise<PlanRow> {
  const [row] = await db.select().from(plans).where(eq(plans.tier, tier));
  // The plans are reference data, seeded on every start (seed.ts).
  if (!row) throw new Error(`The plans table has no ${tier} row: run the reference seed`);
  return row;
}

/** GET /api/my-subscription: the caller's plan; without an active subscription, the free plan. */
export async function mySubscription(db: Db | Tx, userId: number, now = new Date()): Promise<MySubscription> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.user_id, userId), eq(subscriptions.status, 'active')))
    .limit(1);
  const plan = await planByTier(db, row?.plan_tier ?? FREE_TIER);
  const trialEnds = row?.trial_ends_at ?? null;
  return {
    plan_id: plan.id,
    plan_tier: plan.tier,
    plan_name: plan.name,
    status: trialEnds && trialEnds > now ? 'trialing' : 'active',
    billing_period: row?.billing_period ?? 'monthly',
    amount: centsToRand(row?.amount_cents ?? 0),
    coop_id: row?.coop_id ?? null,
    trial_ends_at: trialEnds ? trialEnds.toISOString() : null,
    next_payment_date: row?.next_payment_date ?? null,
  };
}

/** GET /api/subscription/usage-stats: what the caller uses of each limit, beside the plan's limits. */
export async function usageStats(db: Db, userId: number): Promise<UsageStats> {
  const tier = await currentTier(db, userId);
  const limits = ENTITLEMENTS[tier];
  const [members, products, orders, warehouses, space] = await Promise.all([
    usageOf(db, userId, 'coop_members'),
    usageOf(db, userId, 'listed_products'),
    usageOf(db, userId, 'orders_monthly'),
    usageOf(db, userId, 'warehouses'),
    usageOf(db, userId, 'warehouse_space'),
  ]);
  return {
    plan_tier: tier,
    members_count: members,
    max_members: limits.coop_members,
    products_count: products,
    max_products: limits.listed_products,
    orders_this_month: orders,
    max_orders_monthly: limits.orders_monthly,
    warehouses_count: warehouses,
    max_warehouses: limits.warehouses,
    warehouse_space_used: space,
    max_warehouse_space: limits.warehouse_space,
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

const pgCode = (error: unknown): string | undefined => {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof e.code === 'string' ? e.code : e.cause?.code;
  return typeof code === 'string' ? code : undefined;
};

/**
 * POST /api/subscription/upgrade (spec 2 §7; DECISIONS 16, 17): moves the caller to the plan, up or down,
 * in one transaction with the change recorded. Nothing is charged: a paid plan starts a 14-day trial and
 * its first payment falls due 14 days after the change. A downgrade deletes nothing (the guard refuses new
 * writes past the lower limits). The cooperative named by coop_id is recorded with the change.
 */
export async function changePlan(
  db: Db,
  userId: number,
  input: UpgradeSubscription,
  now = new Date(),
): Promise<MySubscription> {
  const [plan] = await db.select().from(plans).where(eq(plans.id, input.plan_id));
  if (!plan) {
    throw fail('subscription.unknown_plan', {}, { fields: { plan_id: field('validation.invalid_option') } });
  }
  if (isEarlyAdopterTier(plan.tier) && !(await earlyAdopterOpen(db))) {
    throw fail('subscription.early_adopter_closed', { cap: EARLY_ADOPTER_MEMBER_CAP });
  }
  const amount = priceOf(
    { monthly_cents: plan.price_monthly_cents, yearly_cents: plan.price_yearly_cents },
    input.billing_period,
  );
  const paid = amount > 0;
  const coopId = input.coop_id ?? null;
  try {
    const result = await db.transaction(async (tx) => {
      // A plan change takes the account's plan-usage lock, so no write is counted against a half-changed plan.
      await lockPlanUsage(tx, userId);
      const [current] = await tx
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.user_id, userId), eq(subscriptions.status, 'active')));
      const fromTier = current?.plan_tier ?? FREE_TIER;
      if (fromTier === plan.tier && (!paid || current?.billing_period === input.billing_period)) {
        throw fail('subscription.already_on_plan');
      }
      const values = {
        plan_tier: plan.tier,
        status: 'active' as const,
        started_at: now,
        billing_period: input.billing_period,
        amount_cents: amount,
        coop_id: coopId,
        trial_ends_at: paid ? new Date(now.getTime() + TRIAL_DAYS * DAY_MS) : null,
        next_payment_date: paid ? firstPaymentDate(now) : null,
      };
      await tx
        .insert(subscriptions)
        .values({ user_id: userId, ...values })
        .onConflictDoUpdate({ target: subscriptions.user_id, set: values });
      const [change] = await tx
        .insert(subscriptionChanges)
        .values({
          user_id: userId,
          from_tier: fromTier,
          to_tier: plan.tier,
          billing_period: input.billing_period,
          amount_cents: amount,
          coop_id: coopId,
          first_payment_date: values.next_payment_date,
          created_at: now,
        })
        .returning({ id: subscriptionChanges.id });
      // DECISIONS 17: the plan is recorded as paid (nothing is charged); the business's books show it.
      await postPlanPayment(tx, {
        businessId: userId,
        changeId: change!.id,
        planName: plan.name,
        amountCents: amount,
        date: sastDate(now),
      });
      return mySubscription(tx, userId, now);
    });
    forgetPlan(db, userId);
    return result;
  } catch (error) {
    // The cooperative is checked by its foreign key: an unknown one rolls the whole change back.
    if (pgCode(error) === '23503') {
      throw fail(
        'subscription.unknown_coop',
        {},
        { fields: { coop_id: field('validation.invalid_option') } },
      );
    }
    throw error;
  }
}
