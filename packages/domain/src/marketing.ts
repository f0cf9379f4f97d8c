import { z } from 'zod';
import { idSchema } from './ids.ts';

/**
 * Marketing campaigns (spec 2 "Marketing Campaigns", §3, §5, §7; DECISIONS 5, 11, 12; ADR 019): the
 * network's own growth campaigns, run by its marketing staff (`marketing.manage`: admin and
 * business_dev_manager). Every figure is real:
 * - clicks: visits through the campaign's tracked link `/c/CODE` while the campaign is active;
 * - conversions: clicks followed within 7 days by an order the same signed-in member placed (each order
 *   converts at most one click, the latest before it, so conversions never exceed clicks);
 * - impressions are not tracked (the product sends no e-mail or SMS itself), so they and the
 *   click-through rate are null rather than invented;
 * - audiences: the network's buying businesses counted by business type and province.
 */

export const CAMPAIGN_TYPES = ['email', 'sms', 'push_notification', 'social_media', 'referral'] as const;
export type CampaignType = (typeof CAMPAIGN_TYPES)[number];
/** What is stored; `scheduled` and `completed` follow from the dates (campaignStatus). */
export const STORED_CAMPAIGN_STATUSES = ['active', 'paused', 'cancelled'] as const;
export const CAMPAIGN_STATUSES = ['active', 'completed', 'scheduled', 'paused', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** A conversion is an order placed within this long after a click. */
export const CONVERSION_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
/** The largest budget accepted (R10 million). */
export const MAX_CAMPAIGN_BUDGET = 10_000_000;
export const CAMPAIGN_LIST_MAX = 200;
/** Where a link sends people when the campaign names no page. */
export const DEFAULT_TARGET_PATH = '/products';
export const CAMPAIGN_CODE_PATTERN = /^[A-Za-z0-9]{6,16}$/;

/** South Africa keeps UTC+2 all year. */
const SAST_OFFSET_MS = 2 * 60 * 60 * 1000;
/** Today's date (YYYY-MM-DD) in South African time. */
export function sastToday(now: Date): string {
  return new Date(now.getTime() + SAST_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * The status a campaign shows on a given day: cancelled stays cancelled; past its end date it is
 * completed; paused stays paused; before its start date it is scheduled; otherwise active.
 */
export function campaignStatus(
  stored: (typeof STORED_CAMPAIGN_STATUSES)[number],
  startDate: string,
  endDate: string | null,
  today: string,
): CampaignStatus {
  if (stored === 'cancelled') return 'cancelled';
  if (endDate !== null && endDate < today) return 'completed';
  if (stored === 'paused') return 'paused';
  if (startDate > today) return 'scheduled';
  return 'active';
}

/** Spec 2 §9: over 90% of the budget used red, over 70% yellow, otherwise green. */
export type BudgetTone = 'red' | 'yellow' | 'green';
export function budgetTone(spentCents: number, budgetCents: number): BudgetTone {
  if (budgetCents <= 0) return spentCents > 0 ? 'red' : 'green';
  const used = spentCents / budgetCents;
  if (used > 0.9) return 'red';
  if (used > 0.7) return 'yellow';
  return 'green';
}

/** The share of the budget used, in whole percent capped at 100 (for the bar's width). */
export function budgetPercent(spentCents: number, budgetCents: number): number {
  if (budgetCents <= 0) return spentCents > 0 ? 100 : 0;
  return Math.min(100, Math.floor((spentCents * 100) / budgetCents));
}

/**
 * A same-origin app path only: starts with one `/`, no `//` or backslash (which browsers read as
 * another host), no scheme, no control characters. What a tracked link may redirect to.
 */
export function isSafeAppPath(path: string): boolean {
  if (path.length === 0 || path.length > 200) return false;
  if (!path.startsWith('/') || path.startsWith('//')) return false;
  if (/\\|\s/.test(path) || [...path].some((ch) => ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127))
    return false;
  // A link to another tracked link would loop.
  return !/^\/c(\/|$)/i.test(path);
}

export interface AttributionClick {
  id: number;
  user_id: number | null;
  clicked_at: Date;
}
export interface AttributionOrder {
  buyer_id: number;
  created_at: Date;
}

/**
 * Which clicks converted: each order converts the latest click its buyer made within the window before
 * it (one conversion per order at most, one per click at most). Anonymous clicks never convert.
 */
export function convertedClicks(
  clicks: readonly AttributionClick[],
  orders: readonly AttributionOrder[],
  windowMs = CONVERSION_WINDOW_MS,
): Set<number> {
  const byUser = new Map<number, AttributionClick[]>();
  for (const click of clicks) {
    if (click.user_id === null) continue;
    const list = byUser.get(click.user_id) ?? [];
    list.push(click);
    byUser.set(click.user_id, list);
  }
  for (const list of byUser.values()) list.sort((a, b) => b.clicked_at.getTime() - a.clicked_at.getTime());
  const converted = new Set<number>();
  const sortedOrders = [...orders].sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
  for (const order of sortedOrders) {
    const candidates = byUser.get(order.buyer_id) ?? [];
    const at = order.created_at.getTime();
    const click = candidates.find(
      (c) => c.clicked_at.getTime() <= at && at - c.clicked_at.getTime() <= windowMs && !converted.has(c.id),
    );
    if (click) converted.add(click.id);
  }
  return converted;
}

/** A rate in percent with one decimal, or null when there is nothing to divide by. */
export function ratePercent(part: number, whole: number | null): number | null {
  if (whole === null || whole <= 0) return null;
  return Math.round((part * 1000) / whole) / 10;
}

// ---------------------------------------------------------------------------------------------------
// Requests and answers

const dateString = z.iso.date({ message: 'validation.date' });
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** The create dialog (spec 2 §5): name and start date required, budget >= 0 (default 0), type email. */
export const campaignInputSchema = z
  .object({
    name: z.string().trim().min(1, { message: 'validation.required' }).max(120),
    description: optionalText(2000),
    campaign_type: z.enum(CAMPAIGN_TYPES).default('email'),
    target_audience: optionalText(160),
    start_date: dateString,
    end_date: z
      .union([dateString, z.literal('')])
      .nullish()
      .transform((v) => (v ? v : null)),
    budget_amount: z
      .number({ message: 'validation.number' })
      .min(0)
      .max(MAX_CAMPAIGN_BUDGET)
      .multipleOf(0.01)
      .default(0),
    /** Where the tracked link leads in the app (a same-origin path). */
    target_path: z
      .string()
      .trim()
      .max(200)
      .nullish()
      .transform((v) => (v ? v : DEFAULT_TARGET_PATH))
      .refine(isSafeAppPath, { message: 'validation.app_path' }),
  })
  .refine((v) => v.end_date === null || v.end_date > v.start_date, {
    message: 'validation.end_after_start',
    path: ['end_date'],
  });
export type CampaignInput = z.output<typeof campaignInputSchema>;
export type CampaignForm = z.input<typeof campaignInputSchema>;

/** Record money spent on a campaign (what fills the budget bar). */
export const campaignSpendSchema = z.object({
  amount: z
    .number({ message: 'validation.number' })
    .positive({ message: 'validation.positive' })
    .max(MAX_CAMPAIGN_BUDGET)
    .multipleOf(0.01),
});
export type CampaignSpend = z.output<typeof campaignSpendSchema>;

export const campaignMetricsSchema = z.object({
  /** Not tracked: null (see the note at the top). */
  impressions: z.number().int().nullable(),
  clicks: z.number().int(),
  conversions: z.number().int(),
  ctr: z.number().nullable(),
  conversion_rate: z.number().nullable(),
});
export type CampaignMetrics = z.infer<typeof campaignMetricsSchema>;

export const campaignSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  campaign_type: z.enum(CAMPAIGN_TYPES),
  target_audience: z.string().nullable(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  status: z.enum(CAMPAIGN_STATUSES),
  budget_amount: z.number(),
  spent_amount: z.number(),
  /** The tracked link's code; the link is `/c/{code}` on the product's own address. */
  code: z.string(),
  target_path: z.string(),
  metrics: campaignMetricsSchema,
  created_by_name: z.string().nullable(),
  created_at: z.string(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignListQuerySchema = z.object({
  status: z.enum(CAMPAIGN_STATUSES).optional(),
});

export const campaignAnalyticsSchema = z.object({
  total_campaigns: z.number().int(),
  active_campaigns: z.number().int(),
  total_budget: z.number(),
  total_spent: z.number(),
  clicks: z.number().int(),
  conversions: z.number().int(),
  conversion_rate: z.number().nullable(),
  by_type: z.array(
    z.object({
      campaign_type: z.enum(CAMPAIGN_TYPES),
      campaigns: z.number().int(),
      clicks: z.number().int(),
      conversions: z.number().int(),
    }),
  ),
  /** Clicks per day over the last 30 days (SAST dates), oldest first. */
  daily_clicks: z.array(z.object({ date: z.string(), clicks: z.number().int() })),
});
export type CampaignAnalytics = z.infer<typeof campaignAnalyticsSchema>;

export const audienceSegmentSchema = z.object({ key: z.string().nullable(), customers: z.number().int() });
export const audiencesSchema = z.object({
  total_customers: z.number().int(),
  /** null key: not given on the profile. */
  by_business_type: z.array(audienceSegmentSchema),
  by_province: z.array(audienceSegmentSchema),
});
export type Audiences = z.infer<typeof audiencesSchema>;

export const campaignIdParams = z.object({ id: idSchema });
export const campaignCodeParams = z.object({
  code: z.string().regex(CAMPAIGN_CODE_PATTERN, { message: 'validation.campaign_code' }),
});
