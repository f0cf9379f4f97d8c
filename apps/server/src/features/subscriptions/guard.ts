import { and, eq, sql } from 'drizzle-orm';
import {
  ENTITLEMENTS,
  FREE_TIER,
  isUnlimited,
  withinLimit,
  type LimitedFeature,
  type PlanTier,
} from '@tt/domain';
import type { Db, Tx } from '../../db/client.ts';
import { fail, type AppError } from '../../platform/errors.ts';
import { subscriptions } from './tables.ts';

/** The limits that count rows another area writes; `browse` caps a read and has no counter. */
export type CountedFeature = Exclude<LimitedFeature, 'browse'>;

/** How much of a feature a user uses now, read through the area that owns the rows. */
export type UsageCounter = (db: Db | Tx, userId: number) => Promise<number>;

/**
 * Each area registers the counter of the rows it owns (the warehouses area its warehouses and space, the
 * cooperatives area its members...), so the guard and the usage screen count the same way without this
 * area reading other areas' tables, and without it importing them (they import this).
 */
const counters = new Map<CountedFeature, UsageCounter>();

export function registerUsageCounter(feature: CountedFeature, counter: UsageCounter): void {
  counters.set(feature, counter);
}

export async function usageOf(db: Db | Tx, userId: number, feature: CountedFeature): Promise<number> {
  const counter = counters.get(feature);
  if (!counter) throw new Error(`No usage counter is registered for ${feature}`);
  return counter(db, userId);
}

/** The plan in force for a user, read now (no cache: a write must see an upgrade made a moment ago). */
export async function currentTier(db: Db | Tx, userId: number): Promise<PlanTier> {
  const [row] = await db
    .select({ plan_tier: subscriptions.plan_tier })
    .from(subscriptions)
    .where(and(eq(subscriptions.user_id, userId), eq(subscriptions.status, 'active')))
    .limit(1);
  return row?.plan_tier ?? FREE_TIER;
}

/** The advisory-lock class of plan usage (the first key of the two-key form); the second is the user id. */
const PLAN_USAGE_LOCK = 0x504c4e; // 'PLN'

/**
 * Takes the account's plan-usage lock until the transaction ends. Every write that counts against a plan
 * takes it before counting, so two writes of one account queue up and the second counts the first.
 */
export async function lockPlanUsage(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PLAN_USAGE_LOCK}::int, ${userId}::int)`);
}

export interface PlanLimitDetails {
  feature: CountedFeature | 'browse';
  used: number;
  limit: number;
  requested?: number;
}

/** DECISIONS 7: the 402 the web turns into the upgrade dialog. */
export function planLimit({ feature, used, limit, requested }: PlanLimitDetails, message?: string): AppError {
  const label = feature.replace(/_/g, ' ');
  const text =
    message ??
    (used < limit && requested !== undefined
      ? `Your plan allows ${limit} ${label}; you use ${used} and this needs ${requested} more.`
      : `You've reached your ${label} limit (${used}/${limit}).`);
  return fail(
    'plan_limit',
    { feature, used, limit },
    { message: text, details: { feature, used, limit, ...(requested !== undefined ? { requested } : {}) } },
  );
}

/**
 * The one plan guard (DECISIONS 16), called inside the caller's writing transaction before it writes:
 * serialises the account's usage writes, counts the usage and refuses with 402 plan_limit when
 * `adding` more would pass the plan's limit. A downgrade deletes nothing: usage above a lowered limit
 * stays, and new writes are refused until usage is under it.
 *
 * `onBehalfOf`: the account whose plan is charged is not the caller's (a member joining a cooperative
 * counts against its coordinators' plans). The caller cannot upgrade that plan, so the answer is a 409
 * that says why, not the 402 that opens the upgrade dialog.
 */
export async function enforcePlanLimit(
  tx: Tx,
  userId: number,
  feature: CountedFeature,
  adding: number,
  { onBehalfOf = false }: { onBehalfOf?: boolean } = {},
): Promise<void> {
  // Unlimited plans are not counted (most checkouts), so they take no lock either.
  if (isUnlimited(ENTITLEMENTS[await currentTier(tx, userId)][feature])) return;
  await lockPlanUsage(tx, userId);
  // Read again under the lock: a plan change takes the same lock.
  const limit = ENTITLEMENTS[await currentTier(tx, userId)][feature];
  if (isUnlimited(limit)) return;
  const used = await usageOf(tx, userId, feature);
  if (withinLimit(limit, used, adding)) return;
  const details = { feature, used, limit, requested: adding };
  if (onBehalfOf) {
    throw fail(
      'coop.full_for_plan',
      { feature, used, limit },
      {
        message: `This cooperative is full for now: it has reached the ${feature.replace(/_/g, ' ')} limit of its coordinator's plan (${used}/${limit}).`,
        details,
      },
    );
  }
  throw planLimit(details);
}
