import { and, asc, desc, eq, gte, inArray, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  AMOUNT_BANDS,
  centsToRand,
  CLOSABLE_CAMPAIGN_STATUSES,
  crowdToday,
  formatRand,
  instalmentCount,
  investmentBounds,
  randToCents,
  rateBasisPoints,
  repaymentSchedule,
  shareByLargestRemainder,
  type CloseResult,
  type CrowdCampaign,
  type CrowdCampaignStatus,
  type CreateCrowdCampaignInput,
  type FundingMethod,
  type Investment,
  type marketplaceQuerySchema,
  type RepaymentFrequency,
  type reviewCampaignSchema,
  type Wallet,
  type WalletMovement,
} from '@tt/domain';
import type { Db, Tx } from '../../db/client.ts';
import { fail, field, invalidFields } from '../../platform/errors.ts';
import type { AuthenticatedUser } from '../../platform/auth.ts';
import { demoWorldAccountIds, isDemoWorldAccount, userSummaries } from '../auth/service.ts';
import {
  crowdCampaigns,
  crowdInvestments,
  crowdRepayments,
  crowdWalletMovements,
  crowdWallets,
} from './tables.ts';

const LIST_LIMIT = 100;
const MOVEMENT_LIMIT = 200;
type CampaignRow = typeof crowdCampaigns.$inferSelect;
type Caller = Pick<AuthenticatedUser, 'id' | 'role'>;

// Helpers ---------------------------------------------------------------------------------------------

const errorCode = (error: unknown): string | undefined => {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof e.code === 'string' ? e.code : e.cause?.code;
  return typeof code === 'string' ? code : undefined;
};

/** Runs a transaction again when PostgreSQL aborted it for a deadlock or a serialization failure. */
async function withRetry<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const code = errorCode(error);
      if ((code === '40P01' || code === '40001') && attempt < 4) continue;
      throw error;
    }
  }
}

function cents(value: number, name: string): number {
  try {
    return randToCents(value);
  } catch {
    throw invalidFields({ [name]: field('validation.decimals') });
  }
}

/** The campaign's schedule over its whole target: what its repayments are recorded against. */
export const campaignSchedule = (c: CampaignRow) =>
  repaymentSchedule(
    c.target_cents,
    c.interest_bp,
    c.loan_term_months,
    c.repayment_frequency as RepaymentFrequency,
  );

async function investorCounts(db: Db | Tx, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: crowdInvestments.campaign_id,
      n: sql<number>`count(distinct ${crowdInvestments.investor_id})::int`,
    })
    .from(crowdInvestments)
    .where(inArray(crowdInvestments.campaign_id, ids))
    .groupBy(crowdInvestments.campaign_id);
  return new Map(rows.map((r) => [r.id, r.n]));
}

async function toCampaigns(db: Db | Tx, rows: CampaignRow[]): Promise<CrowdCampaign[]> {
  const names = await userSummaries(
    db,
    rows.map((r) => r.entrepreneur_id),
  );
  const counts = await investorCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    entrepreneur_id: r.entrepreneur_id,
    entrepreneur_name: names.get(r.entrepreneur_id)?.display_name ?? '',
    campaign_title: r.campaign_title,
    description: r.description,
    target_amount: centsToRand(r.target_cents),
    raised_amount: centsToRand(r.raised_cents),
    minimum_investment: centsToRand(r.minimum_investment_cents),
    campaign_type: r.campaign_type as CrowdCampaign['campaign_type'],
    interest_rate: r.interest_bp / 100,
    loan_term_months: r.loan_term_months,
    repayment_frequency: r.repayment_frequency as RepaymentFrequency,
    risk_level: r.risk_level as CrowdCampaign['risk_level'],
    campaign_status: r.status as CrowdCampaignStatus,
    start_date: r.start_date?.toISOString() ?? null,
    end_date: r.end_date,
    business_plan_url: null,
    collateral_description: r.collateral_description,
    review_note: r.review_note,
    investor_count: counts.get(r.id) ?? 0,
    repaid_instalments: r.repaid_instalments,
    repaid_amount: centsToRand(r.repaid_cents),
    created_at: r.created_at.toISOString(),
  }));
}

// Wallet ----------------------------------------------------------------------------------------------

async function toMovements(
  db: Db | Tx,
  rows: (typeof crowdWalletMovements.$inferSelect)[],
): Promise<WalletMovement[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.campaign_id === null ? [] : [r.campaign_id])))];
  const titles = new Map(
    ids.length === 0
      ? []
      : (
          await db
            .select({ id: crowdCampaigns.id, title: crowdCampaigns.campaign_title })
            .from(crowdCampaigns)
            .where(inArray(crowdCampaigns.id, ids))
        ).map((c) => [c.id, c.title]),
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as WalletMovement['kind'],
    amount: centsToRand(r.amount_cents),
    method: r.method as FundingMethod | null,
    campaign_id: r.campaign_id,
    campaign_title: r.campaign_id === null ? null : (titles.get(r.campaign_id) ?? null),
    instalment_number: r.instalment_number,
    created_at: r.created_at.toISOString(),
  }));
}

export async function getWallet(db: Db | Tx, userId: number): Promise<Wallet> {
  const [wallet] = await db.select().from(crowdWallets).where(eq(crowdWallets.user_id, userId));
  const rows = await db
    .select()
    .from(crowdWalletMovements)
    .where(eq(crowdWalletMovements.user_id, userId))
    .orderBy(desc(crowdWalletMovements.created_at), desc(crowdWalletMovements.id))
    .limit(MOVEMENT_LIMIT);
  return {
    available_balance: centsToRand(wallet?.balance_cents ?? 0),
    movements: await toMovements(db, rows),
  };
}

/**
 * Moves money into (positive) or out of (negative) a wallet and writes its movement, in the caller's transaction.
 * The balance changes by one conditional statement, so a wallet never goes below zero whatever runs beside it;
 * false when it would have.
 */
async function moveWallet(
  tx: Tx,
  userId: number,
  amountCents: number,
  movement: Omit<typeof crowdWalletMovements.$inferInsert, 'user_id' | 'amount_cents'>,
): Promise<boolean> {
  if (amountCents >= 0) {
    await tx
      .insert(crowdWallets)
      .values({ user_id: userId, balance_cents: amountCents })
      .onConflictDoUpdate({
        target: crowdWallets.user_id,
        set: { balance_cents: sql`${crowdWallets.balance_cents} + ${amountCents}` },
      });
  } else {
    const taken = await tx
      .update(crowdWallets)
      .set({ balance_cents: sql`${crowdWallets.balance_cents} + ${amountCents}` })
      .where(and(eq(crowdWallets.user_id, userId), sql`${crowdWallets.balance_cents} + ${amountCents} >= 0`))
      .returning({ id: crowdWallets.user_id });
    if (taken.length === 0) return false;
  }
  await tx.insert(crowdWalletMovements).values({ ...movement, user_id: userId, amount_cents: amountCents });
  return true;
}

async function balanceOf(db: Db | Tx, userId: number): Promise<number> {
  const [w] = await db.select().from(crowdWallets).where(eq(crowdWallets.user_id, userId));
  return w?.balance_cents ?? 0;
}

/** Funds recorded as paid by the chosen method (DECISIONS 17): nothing is charged. */
export async function deposit(
  db: Db | Tx,
  userId: number,
  input: { amount: number; method: FundingMethod },
  at?: Date,
): Promise<Wallet> {
  const amount = cents(input.amount, 'amount');
  await db.transaction(async (tx) => {
    await moveWallet(tx, userId, amount, {
      kind: 'deposit',
      method: input.method,
      ...(at ? { created_at: at } : {}),
    });
  });
  return getWallet(db, userId);
}

// Campaigns -------------------------------------------------------------------------------------------

export async function marketplace(
  db: Db,
  query: z.output<typeof marketplaceQuerySchema>,
): Promise<CrowdCampaign[]> {
  const where: SQL[] = [eq(crowdCampaigns.status, 'active')];
  if (query.campaign_type) where.push(eq(crowdCampaigns.campaign_type, query.campaign_type));
  if (query.risk_level) where.push(eq(crowdCampaigns.risk_level, query.risk_level));
  if (query.amount_band) {
    const [from, below] = AMOUNT_BANDS[query.amount_band];
    where.push(gte(crowdCampaigns.target_cents, from), lt(crowdCampaigns.target_cents, below));
  }
  const rows = await db
    .select()
    .from(crowdCampaigns)
    .where(and(...where))
    .orderBy(asc(crowdCampaigns.end_date), asc(crowdCampaigns.id))
    .limit(LIST_LIMIT);
  return toCampaigns(db, rows);
}

export async function myCampaigns(db: Db, userId: number): Promise<CrowdCampaign[]> {
  const rows = await db
    .select()
    .from(crowdCampaigns)
    .where(eq(crowdCampaigns.entrepreneur_id, userId))
    .orderBy(desc(crowdCampaigns.created_at), desc(crowdCampaigns.id))
    .limit(LIST_LIMIT);
  return toCampaigns(db, rows);
}

export async function createCampaign(
  db: Db | Tx,
  userId: number,
  input: CreateCrowdCampaignInput,
  at?: Date,
): Promise<CrowdCampaign> {
  const target = cents(input.target_amount, 'target_amount');
  const minimum = cents(input.minimum_investment, 'minimum_investment');
  const [row] = await db
    .insert(crowdCampaigns)
    .values({
      entrepreneur_id: userId,
      campaign_title: input.campaign_title,
      description: input.description,
      campaign_type: input.campaign_type,
      target_cents: target,
      minimum_investment_cents: minimum,
      interest_bp: rateBasisPoints(input.interest_rate),
      loan_term_months: input.loan_term_months,
      repayment_frequency: input.repayment_frequency,
      risk_level: input.risk_level,
      status: 'pending_review',
      collateral_description: input.collateral_description,
      end_date: input.end_date,
      ...(at ? { created_at: at } : {}),
    })
    .returning();
  return (await toCampaigns(db, [row!]))[0]!;
}

/** The campaigns waiting for review; a shared demo reviewer sees only the demo world's. */
export async function pendingReviews(db: Db, reviewer: { is_demo: boolean }): Promise<CrowdCampaign[]> {
  const rows = await db
    .select()
    .from(crowdCampaigns)
    .where(
      and(
        eq(crowdCampaigns.status, 'pending_review'),
        reviewer.is_demo ? inArray(crowdCampaigns.entrepreneur_id, demoWorldAccountIds) : undefined,
      ),
    )
    .orderBy(asc(crowdCampaigns.created_at), asc(crowdCampaigns.id))
    .limit(LIST_LIMIT);
  return toCampaigns(db, rows);
}

/** An admin approves (it goes on the marketplace) or rejects a pending campaign; never their own. */
export async function reviewCampaign(
  db: Db | Tx,
  reviewer: Caller & { is_demo?: boolean },
  id: number,
  input: z.output<typeof reviewCampaignSchema>,
  at = new Date(),
): Promise<CrowdCampaign> {
  const [row] = await db.select().from(crowdCampaigns).where(eq(crowdCampaigns.id, id));
  if (!row) throw fail('betacrowd.not_found');
  if (row.entrepreneur_id === reviewer.id) throw fail('betacrowd.own_review');
  // A shared demo reviewer decides only the demo world's campaigns: anyone can sign in to it.
  if (reviewer.is_demo && !(await isDemoWorldAccount(db, row.entrepreneur_id))) {
    throw fail('admin_users.demo_on_real');
  }
  const approve = input.decision === 'approve';
  const updated = await db
    .update(crowdCampaigns)
    .set({
      status: approve ? 'active' : 'rejected',
      review_note: input.note === '' ? null : input.note,
      reviewed_by: reviewer.id,
      reviewed_at: at,
      ...(approve ? { start_date: at } : {}),
    })
    // Conditional: two reviewers at once cannot both decide.
    .where(and(eq(crowdCampaigns.id, id), eq(crowdCampaigns.status, 'pending_review')))
    .returning();
  if (updated.length === 0) throw fail('betacrowd.not_pending');
  return (await toCampaigns(db, updated))[0]!;
}

// Investing -------------------------------------------------------------------------------------------

async function toInvestments(
  db: Db | Tx,
  rows: { i: typeof crowdInvestments.$inferSelect; c: CampaignRow }[],
): Promise<Investment[]> {
  const names = await userSummaries(
    db,
    rows.map((r) => r.c.entrepreneur_id),
  );
  return rows.map(({ i, c }) => ({
    id: i.id,
    campaign_id: c.id,
    campaign_title: c.campaign_title,
    campaign_status: c.status as CrowdCampaignStatus,
    entrepreneur_name: names.get(c.entrepreneur_id)?.display_name ?? '',
    interest_rate: c.interest_bp / 100,
    loan_term_months: c.loan_term_months,
    repayment_frequency: c.repayment_frequency as RepaymentFrequency,
    amount: centsToRand(i.amount_cents),
    created_at: i.created_at.toISOString(),
  }));
}

const investmentQuery = (db: Db | Tx) =>
  db
    .select({ i: crowdInvestments, c: crowdCampaigns })
    .from(crowdInvestments)
    .innerJoin(crowdCampaigns, eq(crowdCampaigns.id, crowdInvestments.campaign_id));

export interface InvestOutcome {
  investment: Investment;
  replayed: boolean;
}

/**
 * POST /api/betacrowd/campaigns/:id/invest, in one transaction: the investment row claims the Idempotency-Key
 * first (a second request with the key waits on it and then answers the first one's investment), the campaign's
 * raised amount goes up by one conditional update that never passes the target and only while it is active (the
 * update that reaches the target makes it funded), and the wallet pays by one conditional update that never goes
 * below zero. Any refusal rolls back the whole.
 */
export async function invest(
  db: Db | Tx,
  user: Caller,
  campaignId: number,
  input: { amount: number },
  key: string,
  at?: Date,
): Promise<InvestOutcome> {
  const amount = cents(input.amount, 'amount');
  return withRetry(() =>
    db.transaction(async (tx): Promise<InvestOutcome> => {
      const [campaign] = await tx.select().from(crowdCampaigns).where(eq(crowdCampaigns.id, campaignId));
      if (!campaign) throw fail('betacrowd.not_found');
      const claimed = await tx
        .insert(crowdInvestments)
        .values({
          campaign_id: campaignId,
          investor_id: user.id,
          amount_cents: amount,
          idempotency_key: key,
          ...(at ? { created_at: at } : {}),
        })
        .onConflictDoNothing()
        .returning();
      if (claimed.length === 0) {
        const [earlier] = await investmentQuery(tx).where(
          and(eq(crowdInvestments.investor_id, user.id), eq(crowdInvestments.idempotency_key, key)),
        );
        if (!earlier) throw fail('conflict');
        if (earlier.i.campaign_id !== campaignId || earlier.i.amount_cents !== amount) {
          throw fail('betacrowd.idempotency_key_reused');
        }
        return { investment: (await toInvestments(tx, [earlier]))[0]!, replayed: true };
      }
      if (campaign.entrepreneur_id === user.id) throw fail('betacrowd.own_campaign');
      const left = campaign.target_cents - campaign.raised_cents;
      const bounds = investmentBounds(campaign.minimum_investment_cents, left, Number.MAX_SAFE_INTEGER);
      if (campaign.status === 'active' && left > 0 && amount < bounds.min_cents) {
        throw invalidFields({
          amount: field('validation.too_small', { minimum: centsToRand(bounds.min_cents) }),
        });
      }
      const today = crowdToday(at);
      const [raised] = await tx
        .update(crowdCampaigns)
        .set({
          raised_cents: sql`${crowdCampaigns.raised_cents} + ${amount}`,
          status: sql`case when ${crowdCampaigns.raised_cents} + ${amount} = ${crowdCampaigns.target_cents} then 'funded' else ${crowdCampaigns.status} end`,
        })
        .where(
          and(
            eq(crowdCampaigns.id, campaignId),
            eq(crowdCampaigns.status, 'active'),
            gte(crowdCampaigns.end_date, today),
            sql`${crowdCampaigns.raised_cents} + ${amount} <= ${crowdCampaigns.target_cents}`,
          ),
        )
        .returning();
      if (!raised) {
        const [now] = await tx.select().from(crowdCampaigns).where(eq(crowdCampaigns.id, campaignId));
        if (!now || now.status !== 'active' || now.end_date < today) throw fail('betacrowd.not_active');
        const stillLeft = formatRand(now.target_cents - now.raised_cents);
        throw fail(
          'betacrowd.over_target',
          { left: stillLeft },
          {
            fields: {
              amount: field('validation.too_big', {
                maximum: centsToRand(now.target_cents - now.raised_cents),
              }),
            },
          },
        );
      }
      const paid = await moveWallet(tx, user.id, -amount, {
        kind: 'investment',
        campaign_id: campaignId,
        investment_id: claimed[0]!.id,
        ...(at ? { created_at: at } : {}),
      });
      if (!paid) {
        throw fail('betacrowd.insufficient_funds', { available: formatRand(await balanceOf(tx, user.id)) });
      }
      return {
        investment: (await toInvestments(tx, [{ i: claimed[0]!, c: raised }]))[0]!,
        replayed: false,
      };
    }),
  );
}

export async function portfolio(db: Db, userId: number) {
  const rows = await investmentQuery(db)
    .where(eq(crowdInvestments.investor_id, userId))
    .orderBy(desc(crowdInvestments.created_at), desc(crowdInvestments.id))
    .limit(LIST_LIMIT);
  const returns = await db
    .select()
    .from(crowdWalletMovements)
    .where(and(eq(crowdWalletMovements.user_id, userId), eq(crowdWalletMovements.kind, 'repayment')))
    .orderBy(desc(crowdWalletMovements.created_at), desc(crowdWalletMovements.id))
    .limit(MOVEMENT_LIMIT);
  return { investments: await toInvestments(db, rows), returns: await toMovements(db, returns) };
}

/** Each investor of the caller's campaigns: what they put in and what they have been repaid. */
export async function investorRelations(db: Db, userId: number) {
  const rows = await db
    .select({
      campaign_id: crowdCampaigns.id,
      campaign_title: crowdCampaigns.campaign_title,
      investor_id: crowdInvestments.investor_id,
      amount: sql<number>`sum(${crowdInvestments.amount_cents})::bigint`,
      invested_at: sql<string>`min(${crowdInvestments.created_at})`,
    })
    .from(crowdInvestments)
    .innerJoin(crowdCampaigns, eq(crowdCampaigns.id, crowdInvestments.campaign_id))
    .where(eq(crowdCampaigns.entrepreneur_id, userId))
    .groupBy(crowdCampaigns.id, crowdCampaigns.campaign_title, crowdInvestments.investor_id)
    .orderBy(desc(crowdCampaigns.id), desc(sql`sum(${crowdInvestments.amount_cents})`))
    .limit(LIST_LIMIT * 5);
  const ids = [...new Set(rows.map((r) => r.campaign_id))];
  const repaid =
    ids.length === 0
      ? []
      : await db
          .select({
            campaign_id: crowdWalletMovements.campaign_id,
            user_id: crowdWalletMovements.user_id,
            total: sql<number>`sum(${crowdWalletMovements.amount_cents})::bigint`,
          })
          .from(crowdWalletMovements)
          .where(
            and(inArray(crowdWalletMovements.campaign_id, ids), eq(crowdWalletMovements.kind, 'repayment')),
          )
          .groupBy(crowdWalletMovements.campaign_id, crowdWalletMovements.user_id);
  const repaidOf = new Map(repaid.map((r) => [`${r.campaign_id}:${r.user_id}`, Number(r.total)]));
  const names = await userSummaries(
    db,
    rows.map((r) => r.investor_id),
  );
  return rows.map((r) => ({
    campaign_id: r.campaign_id,
    campaign_title: r.campaign_title,
    investor_id: r.investor_id,
    investor_name: names.get(r.investor_id)?.display_name ?? '',
    amount: centsToRand(Number(r.amount)),
    repaid: centsToRand(repaidOf.get(`${r.campaign_id}:${r.investor_id}`) ?? 0),
    invested_at: new Date(r.invested_at).toISOString(),
  }));
}

// Repayments ------------------------------------------------------------------------------------------

/**
 * The entrepreneur records the next instalment of a funded campaign as paid by the chosen method (DECISIONS 17).
 * It is shared among the investors in proportion to what each put in, by largest remainder so the shares sum to
 * the instalment, and credited to their wallets, all in one transaction. The instalment's number must be the next
 * one (the campaign row is updated conditionally on it), so a repeated request records nothing twice.
 */
export async function recordRepayment(
  db: Db | Tx,
  user: Caller,
  campaignId: number,
  input: { instalment_number: number; method: FundingMethod },
  at?: Date,
) {
  return db.transaction(async (tx) => {
    const [campaign] = await tx.select().from(crowdCampaigns).where(eq(crowdCampaigns.id, campaignId));
    if (!campaign) throw fail('betacrowd.not_found');
    if (campaign.entrepreneur_id !== user.id) throw fail('betacrowd.entrepreneur_only');
    if (campaign.status !== 'funded' && campaign.status !== 'repaying') throw fail('betacrowd.not_repaying');
    const schedule = campaignSchedule(campaign);
    const expected = campaign.repaid_instalments + 1;
    if (input.instalment_number !== expected) throw fail('betacrowd.wrong_instalment', { expected });
    const instalment = schedule[expected - 1]!;
    const last =
      expected ===
      instalmentCount(campaign.loan_term_months, campaign.repayment_frequency as RepaymentFrequency);
    const [moved] = await tx
      .update(crowdCampaigns)
      .set({
        repaid_instalments: expected,
        repaid_cents: sql`${crowdCampaigns.repaid_cents} + ${instalment.payment_cents}`,
        status: last ? 'completed' : 'repaying',
      })
      .where(and(eq(crowdCampaigns.id, campaignId), eq(crowdCampaigns.repaid_instalments, expected - 1)))
      .returning();
    if (!moved) throw fail('betacrowd.wrong_instalment', { expected: expected + 1 });
    await tx.insert(crowdRepayments).values({
      campaign_id: campaignId,
      instalment_number: expected,
      amount_cents: instalment.payment_cents,
      method: input.method,
      recorded_by: user.id,
      ...(at ? { created_at: at } : {}),
    });
    const holders = await tx
      .select({
        investor_id: crowdInvestments.investor_id,
        amount: sql<number>`sum(${crowdInvestments.amount_cents})::bigint`,
      })
      .from(crowdInvestments)
      .where(eq(crowdInvestments.campaign_id, campaignId))
      .groupBy(crowdInvestments.investor_id)
      .orderBy(asc(crowdInvestments.investor_id));
    const shares = shareByLargestRemainder(
      instalment.payment_cents,
      holders.map((h) => Number(h.amount)),
    );
    for (const [i, h] of holders.entries()) {
      if (shares[i]! === 0) continue;
      await moveWallet(tx, h.investor_id, shares[i]!, {
        kind: 'repayment',
        method: input.method,
        campaign_id: campaignId,
        instalment_number: expected,
        ...(at ? { created_at: at } : {}),
      });
    }
    const names = await userSummaries(
      tx,
      holders.map((h) => h.investor_id),
    );
    return {
      campaign: (await toCampaigns(tx, [moved]))[0]!,
      instalment_number: expected,
      amount: centsToRand(instalment.payment_cents),
      shares: holders.map((h, i) => ({
        investor_id: h.investor_id,
        investor_name: names.get(h.investor_id)?.display_name ?? '',
        amount: centsToRand(shares[i]!),
      })),
    };
  });
}

// Closing a campaign that was not funded ---------------------------------------------------------------

/**
 * Closes a campaign that is not funded yet (`cancelled` by its entrepreneur, `expired` when its end date passed) and
 * gives every investor their whole stake back to their wallet, in the caller's transaction. The status moves by one
 * conditional update first: an investment running beside it either committed before (and is refunded here, since
 * each later statement sees it) or finds the campaign no longer active and rolls back. Null when it was not
 * closable.
 */
async function closeCampaign(
  tx: Tx,
  campaignId: number,
  status: 'cancelled' | 'expired',
  at: Date,
): Promise<CloseResult | null> {
  const [closed] = await tx
    .update(crowdCampaigns)
    .set({ status })
    .where(
      and(eq(crowdCampaigns.id, campaignId), inArray(crowdCampaigns.status, [...CLOSABLE_CAMPAIGN_STATUSES])),
    )
    .returning();
  if (!closed) return null;
  const stakes = await refundStakes(tx, campaignId, at);
  const names = await userSummaries(
    tx,
    stakes.map((r) => r.investor_id),
  );
  return {
    campaign: (await toCampaigns(tx, [closed]))[0]!,
    refunds: stakes.map((r) => ({
      investor_id: r.investor_id,
      investor_name: names.get(r.investor_id)?.display_name ?? '',
      amount: centsToRand(r.cents),
    })),
  };
}

/**
 * Gives each investor of a campaign back what they put in, less what its repayments already paid them, to their
 * wallet (a `refund` movement, so the wallet stays the sum of its movements). `except`: investors left out (the
 * demo restore's own users, whose wallets go with their accounts).
 */
export async function refundStakes(
  tx: Tx,
  campaignId: number,
  at: Date,
  except: readonly number[] = [],
): Promise<{ investor_id: number; cents: number }[]> {
  const stakes = await tx
    .select({
      investor_id: crowdInvestments.investor_id,
      amount: sql<number>`sum(${crowdInvestments.amount_cents})::bigint`,
    })
    .from(crowdInvestments)
    .where(
      and(
        eq(crowdInvestments.campaign_id, campaignId),
        except.length > 0 ? notInArray(crowdInvestments.investor_id, [...except]) : undefined,
      ),
    )
    .groupBy(crowdInvestments.investor_id)
    .orderBy(asc(crowdInvestments.investor_id));
  if (stakes.length === 0) return [];
  const repaid = await tx
    .select({
      user_id: crowdWalletMovements.user_id,
      total: sql<number>`sum(${crowdWalletMovements.amount_cents})::bigint`,
    })
    .from(crowdWalletMovements)
    .where(and(eq(crowdWalletMovements.campaign_id, campaignId), eq(crowdWalletMovements.kind, 'repayment')))
    .groupBy(crowdWalletMovements.user_id);
  const repaidOf = new Map(repaid.map((r) => [r.user_id, Number(r.total)]));
  const refunds: { investor_id: number; cents: number }[] = [];
  for (const stake of stakes) {
    const cents = Number(stake.amount) - (repaidOf.get(stake.investor_id) ?? 0);
    if (cents <= 0) continue;
    await moveWallet(tx, stake.investor_id, cents, {
      kind: 'refund',
      campaign_id: campaignId,
      created_at: at,
    });
    refunds.push({ investor_id: stake.investor_id, cents });
  }
  return refunds;
}

/** POST /api/betacrowd/campaigns/:id/cancel: only its entrepreneur, only before it is funded. */
export async function cancelCampaign(db: Db | Tx, user: Caller, campaignId: number, at = new Date()) {
  return withRetry(() =>
    db.transaction(async (tx) => {
      const [campaign] = await tx.select().from(crowdCampaigns).where(eq(crowdCampaigns.id, campaignId));
      if (!campaign) throw fail('betacrowd.not_found');
      if (campaign.entrepreneur_id !== user.id) throw fail('betacrowd.entrepreneur_only');
      const result = await closeCampaign(tx, campaignId, 'cancelled', at);
      if (!result) throw fail('betacrowd.not_cancellable');
      return result;
    }),
  );
}

/**
 * The sweep: every campaign still raising whose end date has passed (South African calendar; investing stops after
 * the end date's day) is closed as expired, its investors refunded. Returns how many it closed.
 */
export async function expireCampaigns(tx: Tx, now: Date): Promise<number> {
  const due = await tx
    .select({ id: crowdCampaigns.id })
    .from(crowdCampaigns)
    .where(
      and(
        inArray(crowdCampaigns.status, [...CLOSABLE_CAMPAIGN_STATUSES]),
        lt(crowdCampaigns.end_date, crowdToday(now)),
      ),
    )
    .orderBy(asc(crowdCampaigns.id));
  let closed = 0;
  for (const { id } of due) if (await closeCampaign(tx, id, 'expired', now)) closed += 1;
  return closed;
}

/** The caller's crowdfunding records for the personal-data export (POPIA): wallet, campaigns, investments. */
export async function crowdfundingRecordsOf(db: Db, userId: number) {
  return {
    wallet: await getWallet(db, userId),
    campaigns: await myCampaigns(db, userId),
    ...(await portfolio(db, userId)),
  };
}
