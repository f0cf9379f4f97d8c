import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  centsToRand,
  fallbackReferralCode,
  normaliseReferralCode,
  REFERRAL_REWARD_CENTS,
  REFERRALS_LISTED,
  referralStats,
  REWARDS_LISTED,
  type Referral,
  type ReferralStats,
  type ReferralStatus,
  type Rewards,
  type RewardKind,
} from '@tt/domain';
import type { Db, Tx } from '../../db/client.ts';
import { userIdByReferralCode, userSummaries } from '../auth/service.ts';
import { notify } from '../notifications/service.ts';
import { referrals, rewardEntries } from './tables.ts';

const REFERRALS_LINK = '/referrals';

/**
 * A new account arrived with a referral code (the auth area's user.signed_up event): records it as
 * pending. Nothing happens for an unknown code, one's own code, or a trader already referred (the
 * unique referred_id makes a repeat of the event a no-op).
 */
export async function recordSignUp(tx: Tx, referredId: number, rawCode: unknown): Promise<boolean> {
  const code = normaliseReferralCode(typeof rawCode === 'string' ? rawCode : null);
  if (!code) return false;
  const referrerId = await userIdByReferralCode(tx, code);
  if (referrerId === null || referrerId === referredId) return false;
  const inserted = await tx
    .insert(referrals)
    .values({ referrer_id: referrerId, referred_id: referredId, code, reward_cents: REFERRAL_REWARD_CENTS })
    .onConflictDoNothing({ target: referrals.referred_id })
    .returning({ id: referrals.id });
  if (inserted.length === 0) return false;
  const name = (await userSummaries(tx, [referredId])).get(referredId)?.name ?? '';
  await notify(tx, {
    userId: referrerId,
    type: 'achievement',
    priority: 'medium',
    title: 'notifications.referral.joined.title',
    message: 'notifications.referral.joined.message',
    params: { name },
    link: REFERRALS_LINK,
  });
  return true;
}

/**
 * A delivered order (the orders area's order.updated event): the buyer's pending referral becomes
 * verified and its referrer is credited R50, in one transaction. The conditional update and the unique
 * referral_id on the credit make a second delivery, or the same event twice, credit nothing.
 */
export async function verifyOnDelivery(tx: Tx, buyerId: number, now: Date): Promise<boolean> {
  const [verified] = await tx
    .update(referrals)
    .set({ status: 'verified', verified_at: now })
    .where(and(eq(referrals.referred_id, buyerId), eq(referrals.status, 'pending')))
    .returning();
  if (!verified) return false;
  await tx
    .insert(rewardEntries)
    .values({
      user_id: verified.referrer_id,
      kind: 'referral_credit' satisfies RewardKind,
      amount_cents: verified.reward_cents,
      referral_id: verified.id,
    })
    .onConflictDoNothing({ target: rewardEntries.referral_id });
  const name = (await userSummaries(tx, [buyerId])).get(buyerId)?.name ?? '';
  await notify(tx, {
    userId: verified.referrer_id,
    type: 'achievement',
    priority: 'high',
    title: 'notifications.referral.credited.title',
    message: 'notifications.referral.credited.message',
    params: { name, amount: centsToRand(verified.reward_cents).toFixed(2) },
    link: REFERRALS_LINK,
  });
  return true;
}

export async function myReferrals(db: Db, userId: number): Promise<Referral[]> {
  const rows = await db
    .select()
    .from(referrals)
    .where(eq(referrals.referrer_id, userId))
    .orderBy(desc(referrals.created_at), desc(referrals.id))
    .limit(REFERRALS_LISTED);
  const names = await userSummaries(
    db,
    rows.map((r) => r.referred_id),
  );
  return rows.map((r) => ({
    id: r.id,
    referred_user_name: names.get(r.referred_id)?.name ?? '',
    created_at: r.created_at.toISOString(),
    reward_amount: centsToRand(r.reward_cents),
    status: r.status as ReferralStatus,
    verified_at: r.verified_at?.toISOString() ?? null,
  }));
}

/** The rewards balance: the ledger's sum. */
export async function balanceCents(db: Db | Tx, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${rewardEntries.amount_cents}), 0)` })
    .from(rewardEntries)
    .where(eq(rewardEntries.user_id, userId));
  return Number(row?.total ?? 0);
}

export async function myStats(
  db: Db,
  user: { id: number; referral_code: string | null },
): Promise<ReferralStats> {
  // Every referral of the user, not only the listed ones, so the figures are whole.
  const rows = await db
    .select({ status: referrals.status, reward_cents: referrals.reward_cents })
    .from(referrals)
    .where(eq(referrals.referrer_id, user.id));
  const stats = referralStats(rows.map((r) => ({ ...r, status: r.status as ReferralStatus })));
  return {
    total_earnings: centsToRand(stats.total_cents),
    pending_earnings: centsToRand(stats.pending_cents),
    total_referrals: stats.total,
    verified_referrals: stats.verified,
    rewards_balance: centsToRand(await balanceCents(db, user.id)),
    referral_code: user.referral_code ?? fallbackReferralCode(user.id),
  };
}

export async function myRewards(db: Db, userId: number): Promise<Rewards> {
  const rows = await db
    .select({
      id: rewardEntries.id,
      kind: rewardEntries.kind,
      amount_cents: rewardEntries.amount_cents,
      created_at: rewardEntries.created_at,
      referred_id: referrals.referred_id,
    })
    .from(rewardEntries)
    .leftJoin(referrals, eq(referrals.id, rewardEntries.referral_id))
    .where(eq(rewardEntries.user_id, userId))
    .orderBy(desc(rewardEntries.created_at), desc(rewardEntries.id))
    .limit(REWARDS_LISTED);
  const names = await userSummaries(
    db,
    rows.flatMap((r) => (r.referred_id === null ? [] : [r.referred_id])),
  );
  return {
    balance: centsToRand(await balanceCents(db, userId)),
    entries: rows.map((r) => ({
      id: r.id,
      kind: r.kind as RewardKind,
      amount: centsToRand(r.amount_cents),
      referred_user_name: r.referred_id === null ? null : (names.get(r.referred_id)?.name ?? ''),
      created_at: r.created_at.toISOString(),
    })),
  };
}

/**
 * The personal-data export's referrals section (POPIA): who referred the user (by name), everyone the
 * user referred (by name) and the whole rewards ledger with its balance; not capped like the screen's lists.
 */
export async function referralRecordsOf(db: Db, userId: number) {
  const made = await db
    .select()
    .from(referrals)
    .where(eq(referrals.referrer_id, userId))
    .orderBy(asc(referrals.id));
  const [by] = await db.select().from(referrals).where(eq(referrals.referred_id, userId));
  const ledger = await db
    .select()
    .from(rewardEntries)
    .where(eq(rewardEntries.user_id, userId))
    .orderBy(asc(rewardEntries.id));
  const names = await userSummaries(db, [...made.map((r) => r.referred_id), ...(by ? [by.referrer_id] : [])]);
  const name = (id: number) => names.get(id)?.name ?? '';
  return {
    referred_by: by
      ? {
          code: by.code,
          referrer_name: name(by.referrer_id),
          status: by.status as ReferralStatus,
          created_at: by.created_at.toISOString(),
        }
      : null,
    referrals: made.map((r) => ({
      code: r.code,
      referred_user_name: name(r.referred_id),
      status: r.status as ReferralStatus,
      reward_amount: centsToRand(r.reward_cents),
      created_at: r.created_at.toISOString(),
      verified_at: r.verified_at?.toISOString() ?? null,
    })),
    rewards_balance: centsToRand(await balanceCents(db, userId)),
    rewards: ledger.map((e) => ({
      kind: e.kind as RewardKind,
      amount: centsToRand(e.amount_cents),
      created_at: e.created_at.toISOString(),
    })),
  };
}
