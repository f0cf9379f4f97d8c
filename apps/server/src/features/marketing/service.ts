import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  BUYER_ROLES,
  CAMPAIGN_LIST_MAX,
  CAMPAIGN_TYPES,
  campaignStatus,
  centsToRand,
  CONVERSION_WINDOW_MS,
  convertedClicks,
  DEFAULT_TARGET_PATH,
  isSafeAppPath,
  randToCents,
  ratePercent,
  sastToday,
  type Audiences,
  type Campaign,
  type CampaignAnalytics,
  type CampaignInput,
  type CampaignStatus,
  type Role,
} from '@tt/domain';
import type { Db, Tx } from '../../db/client.ts';
import type { AuthenticatedUser } from '../../platform/auth.ts';
import { fail } from '../../platform/errors.ts';
import { accountCountsBy, userSummaries } from '../auth/service.ts';
import { orderTimesOf } from '../orders/service.ts';
import { marketingCampaigns, marketingClicks } from './tables.ts';

type CampaignRow = typeof marketingCampaigns.$inferSelect;

/** The businesses a campaign can win orders from: the network's buyers (DECISIONS 8's buyer roles). */
const CUSTOMER_ROLES: readonly Role[] = [...BUYER_ROLES, 'service_provider'];
/** The most signed-in clicks attribution looks at (the newest); far beyond a small network's reach. */
const ATTRIBUTION_CLICKS_MAX = 50_000;

const statusOf = (row: CampaignRow, now: Date): CampaignStatus =>
  campaignStatus(row.status, row.start_date, row.end_date, sastToday(now));

interface ClickFigures {
  clicks: Map<number, number>;
  conversions: Map<number, number>;
}

/**
 * Clicks per campaign, and conversions: every signed-in click of every campaign is attributed together,
 * because an order converts only the latest click before it, whichever campaign that was.
 */
async function clickFigures(db: Db | Tx): Promise<ClickFigures> {
  const counted = await db
    .select({ campaign_id: marketingClicks.campaign_id, clicks: count() })
    .from(marketingClicks)
    .groupBy(marketingClicks.campaign_id);
  const signedIn = await db
    .select({
      id: marketingClicks.id,
      campaign_id: marketingClicks.campaign_id,
      user_id: marketingClicks.user_id,
      clicked_at: marketingClicks.clicked_at,
    })
    .from(marketingClicks)
    .where(isNotNull(marketingClicks.user_id))
    .orderBy(desc(marketingClicks.clicked_at))
    .limit(ATTRIBUTION_CLICKS_MAX);
  const conversions = new Map<number, number>();
  if (signedIn.length > 0) {
    const earliest = signedIn[signedIn.length - 1]!.clicked_at;
    const orders = await orderTimesOf(
      db,
      signedIn.map((c) => c.user_id!),
      earliest,
    );
    const converted = convertedClicks(signedIn, orders, CONVERSION_WINDOW_MS);
    for (const click of signedIn)
      if (converted.has(click.id))
        conversions.set(click.campaign_id, (conversions.get(click.campaign_id) ?? 0) + 1);
  }
  return { clicks: new Map(counted.map((c) => [c.campaign_id, Number(c.clicks)])), conversions };
}

async function toCampaigns(db: Db | Tx, rows: CampaignRow[], now: Date): Promise<Campaign[]> {
  const [figures, people] = await Promise.all([
    clickFigures(db),
    userSummaries(
      db,
      rows.flatMap((r) => (r.created_by === null ? [] : [r.created_by])),
    ),
  ]);
  return rows.map((r) => {
    const clicks = figures.clicks.get(r.id) ?? 0;
    const conversions = figures.conversions.get(r.id) ?? 0;
    return {
      id: r.id,
      name: r.name,
      description: r.description,
      campaign_type: r.campaign_type,
      target_audience: r.target_audience,
      start_date: r.start_date,
      end_date: r.end_date,
      status: statusOf(r, now),
      budget_amount: centsToRand(r.budget_cents),
      spent_amount: centsToRand(r.spent_cents),
      code: r.code,
      target_path: r.target_path,
      metrics: {
        impressions: null,
        clicks,
        conversions,
        ctr: null,
        conversion_rate: ratePercent(conversions, clicks),
      },
      created_by_name: r.created_by === null ? null : (people.get(r.created_by)?.name ?? null),
      created_at: r.created_at.toISOString(),
    };
  });
}

/** GET /api/marketing/campaigns: newest first, optionally one status (as shown today). */
export async function listCampaigns(
  db: Db,
  query: { status?: CampaignStatus | undefined },
  now = new Date(),
): Promise<Campaign[]> {
  const rows = await db
    .select()
    .from(marketingCampaigns)
    .orderBy(desc(marketingCampaigns.created_at), desc(marketingCampaigns.id))
    .limit(CAMPAIGN_LIST_MAX);
  const campaigns = await toCampaigns(db, rows, now);
  return query.status ? campaigns.filter((c) => c.status === query.status) : campaigns;
}

async function campaignById(db: Db | Tx, id: number, now: Date): Promise<Campaign> {
  const rows = await db.select().from(marketingCampaigns).where(eq(marketingCampaigns.id, id));
  if (rows.length === 0) throw fail('marketing.campaign_not_found');
  return (await toCampaigns(db, rows, now))[0]!;
}

/** Short, unguessable enough for a link, without look-alike characters (0/O, 1/l/I). */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';
export function newCampaignCode(): string {
  const bytes = randomBytes(10);
  return [...bytes].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}

/** POST /api/marketing/campaigns. */
export async function createCampaign(
  db: Db,
  user: Pick<AuthenticatedUser, 'id'>,
  input: CampaignInput,
  now = new Date(),
): Promise<Campaign> {
  const [row] = await db
    .insert(marketingCampaigns)
    .values({
      name: input.name,
      description: input.description,
      campaign_type: input.campaign_type,
      target_audience: input.target_audience,
      start_date: input.start_date,
      end_date: input.end_date,
      budget_cents: randToCents(input.budget_amount),
      code: newCampaignCode(),
      target_path: input.target_path,
      created_by: user.id,
    })
    .returning({ id: marketingCampaigns.id });
  return campaignById(db, row!.id, now);
}

/** Pause (active -> paused) or resume (paused -> active); anything else is a 409 naming the status. */
export async function setPaused(db: Db, id: number, pause: boolean, now = new Date()): Promise<Campaign> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(marketingCampaigns)
      .where(eq(marketingCampaigns.id, id))
      .for('update');
    if (!row) throw fail('marketing.campaign_not_found');
    const status = statusOf(row, now);
    if (pause && status !== 'active') throw fail('marketing.not_active');
    if (!pause && status !== 'paused') throw fail('marketing.not_paused');
    await tx
      .update(marketingCampaigns)
      .set({ status: pause ? 'paused' : 'active', updated_at: now })
      .where(eq(marketingCampaigns.id, id));
  });
  return campaignById(db, id, now);
}

/** POST /api/marketing/campaigns/:id/spend: adds to what the campaign has spent. */
export async function recordSpend(db: Db, id: number, amount: number, now = new Date()): Promise<Campaign> {
  const updated = await db
    .update(marketingCampaigns)
    .set({
      spent_cents: sql`${marketingCampaigns.spent_cents} + ${randToCents(amount)}`,
      updated_at: now,
    })
    .where(eq(marketingCampaigns.id, id))
    .returning({ id: marketingCampaigns.id });
  if (updated.length === 0) throw fail('marketing.campaign_not_found');
  return campaignById(db, id, now);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** GET /api/marketing/analytics. */
export async function campaignAnalytics(db: Db, now = new Date()): Promise<CampaignAnalytics> {
  const campaigns = await listCampaigns(db, {}, now);
  const since = new Date(now.getTime() - 30 * DAY_MS);
  const daily = await db
    .select({
      date: sql<string>`to_char((${marketingClicks.clicked_at} at time zone 'UTC') + interval '2 hours', 'YYYY-MM-DD')`,
      clicks: count(),
    })
    .from(marketingClicks)
    .where(gte(marketingClicks.clicked_at, since))
    .groupBy(sql`1`);
  const byDate = new Map(daily.map((d) => [d.date, Number(d.clicks)]));
  const days = Array.from({ length: 30 }, (_, i) => sastToday(new Date(now.getTime() - (29 - i) * DAY_MS)));
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const clicks = sum(campaigns.map((c) => c.metrics.clicks));
  const conversions = sum(campaigns.map((c) => c.metrics.conversions));
  return {
    total_campaigns: campaigns.length,
    active_campaigns: campaigns.filter((c) => c.status === 'active').length,
    total_budget: centsToRand(sum(campaigns.map((c) => randToCents(c.budget_amount)))),
    total_spent: centsToRand(sum(campaigns.map((c) => randToCents(c.spent_amount)))),
    clicks,
    conversions,
    conversion_rate: ratePercent(conversions, clicks),
    by_type: CAMPAIGN_TYPES.map((type) => {
      const ofType = campaigns.filter((c) => c.campaign_type === type);
      return {
        campaign_type: type,
        campaigns: ofType.length,
        clicks: sum(ofType.map((c) => c.metrics.clicks)),
        conversions: sum(ofType.map((c) => c.metrics.conversions)),
      };
    }).filter((t) => t.campaigns > 0),
    daily_clicks: days.map((date) => ({ date, clicks: byDate.get(date) ?? 0 })),
  };
}

/** GET /api/marketing/audiences: largest group first; null is "not given on the profile". */
export async function audiences(db: Db): Promise<Audiences> {
  const rows = await accountCountsBy(db, CUSTOMER_ROLES);
  const group = (key: (r: (typeof rows)[number]) => string | null) => {
    const totals = new Map<string | null, number>();
    for (const r of rows) totals.set(key(r), (totals.get(key(r)) ?? 0) + r.accounts);
    return [...totals]
      .map(([k, customers]) => ({ key: k, customers }))
      .sort((a, b) => b.customers - a.customers || String(a.key).localeCompare(String(b.key)));
  };
  return {
    total_customers: rows.reduce((a, r) => a + r.accounts, 0),
    by_business_type: group((r) => r.business_type),
    by_province: group((r) => r.province),
  };
}

/**
 * GET /c/:code: where the link leads, counting the click only while the campaign is active. A signed-in
 * visitor's click carries their id, and their browser's earlier anonymous clicks are linked to them
 * too, so an order they place within 7 days converts. Never leaves this app's origin.
 */
export async function followLink(
  db: Db,
  code: string,
  visitor: { userId: number | null; visitorId: string },
  now = new Date(),
): Promise<string> {
  const [row] = await db.select().from(marketingCampaigns).where(eq(marketingCampaigns.code, code));
  if (!row) throw fail('marketing.link_not_found');
  if (statusOf(row, now) === 'active') {
    await db.transaction(async (tx) => {
      await tx.insert(marketingClicks).values({
        campaign_id: row.id,
        user_id: visitor.userId,
        visitor_id: visitor.visitorId,
        clicked_at: now,
      });
      if (visitor.userId !== null)
        await tx
          .update(marketingClicks)
          .set({ user_id: visitor.userId })
          .where(and(eq(marketingClicks.visitor_id, visitor.visitorId), isNull(marketingClicks.user_id)));
    });
  }
  return isSafeAppPath(row.target_path) ? row.target_path : DEFAULT_TARGET_PATH;
}

/** Whether some click exists for these campaigns (tests and seeds). */
export async function clickCount(db: Db | Tx, campaignIds: number[]): Promise<number> {
  if (campaignIds.length === 0) return 0;
  return db.$count(marketingClicks, inArray(marketingClicks.campaign_id, campaignIds));
}
