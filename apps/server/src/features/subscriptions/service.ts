import { and, eq } from 'drizzle-orm';
import { FREE_PLAN_BROWSE_LIMIT, type PlanRestrictions } from '@tt/domain';
import type { Db, Tx } from '../../db/client.ts';
import { subscriptions } from './tables.ts';

export const FREE_PLAN = 'free';

/**
 * Every catalogue request asks for the caller's plan; it is kept for a few seconds per process, so a
 * busy marketplace does not read the same row on every page. subscribe() forgets the user's entry here;
 * another instance sees a plan change within PLAN_CACHE_MS.
 */
export const PLAN_CACHE_MS = 5_000;
const planCaches = new WeakMap<Db | Tx, Map<number, { plan: PlanRestrictions; expires: number }>>();
const PLAN_CACHE_ENTRIES = 10_000;

/** The plan a user is on and what it allows. No active subscription: the free plan. Other areas ask this. */
export async function planRestrictionsFor(db: Db, userId: number): Promise<PlanRestrictions> {
  let cache = planCaches.get(db);
  if (!cache) planCaches.set(db, (cache = new Map()));
  const now = Date.now();
  const hit = cache.get(userId);
  if (hit && hit.expires > now) return hit.plan;
  const plan = await readPlan(db, userId);
  cache.delete(userId);
  if (cache.size >= PLAN_CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(userId, { plan, expires: now + PLAN_CACHE_MS });
  return plan;
}

async function readPlan(db: Db, userId: number): Promise<PlanRestrictions> {
  const [row] = await db
    .select({ plan_tier: subscriptions.plan_tier })
    .from(subscriptions)
    .where(and(eq(subscriptions.user_id, userId), eq(subscriptions.status, 'active')))
    .limit(1);
  if (!row || row.plan_tier === FREE_PLAN) {
    return { plan_type: FREE_PLAN, max_products_browse: FREE_PLAN_BROWSE_LIMIT };
  }
  return { plan_type: row.plan_tier, max_products_browse: -1 };
}

/** How many products the user may browse; null: no limit. */
export async function browseLimitFor(db: Db, userId: number): Promise<number | null> {
  const plan = await planRestrictionsFor(db, userId);
  return plan.max_products_browse < 0 ? null : plan.max_products_browse;
}

/** Puts a user on a plan (the demo seed; later the subscription screens). */
export async function subscribe(db: Db | Tx, userId: number, planTier: string, startedAt = new Date()) {
  planCaches.get(db)?.delete(userId);
  await db
    .insert(subscriptions)
    .values({ user_id: userId, plan_tier: planTier, status: 'active', started_at: startedAt })
    .onConflictDoUpdate({
      target: subscriptions.user_id,
      set: { plan_tier: planTier, status: 'active', started_at: startedAt },
    });
}

/** GET /api/my-subscription: the caller's plan; without an active subscription, the free plan. */
export async function mySubscription(db: Db, userId: number) {
  const [row] = await db
    .select({
      plan_tier: subscriptions.plan_tier,
      status: subscriptions.status,
      next_payment_date: subscriptions.next_payment_date,
    })
    .from(subscriptions)
    .where(and(eq(subscriptions.user_id, userId), eq(subscriptions.status, 'active')))
    .limit(1);
  const tier = row?.plan_tier ?? FREE_PLAN;
  return {
    plan_id: tier,
    plan_tier: tier,
    plan_name: tier
      .split('_')
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join(' '),
    status: row?.status ?? 'active',
    next_payment_date: row?.next_payment_date ?? null,
  };
}
