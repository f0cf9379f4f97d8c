import { z } from 'zod';
import { recentOrderSchema } from './dashboard.ts';
import { orderStatusSchema } from './orders.ts';
import { inSast, SAST_OFFSET_MS } from './sast.ts';

/**
 * Reports (spec 1 §2 /reports; DECISIONS 12): the period select and four tabs, computed from the real
 * orders, products and co-ops. An admin's reports cover the whole platform; a coordinator's cover the
 * co-ops they coordinate (the orders their members placed).
 */

export const REPORT_PERIODS = ['7d', '30d', '90d', '1y'] as const;
export const reportPeriodSchema = z.enum(REPORT_PERIODS);
export type ReportPeriod = z.infer<typeof reportPeriodSchema>;

export const REPORT_TYPES = ['sales', 'products', 'orders', 'cooperatives'] as const;
export const reportTypeSchema = z.enum(REPORT_TYPES);
export type ReportType = z.infer<typeof reportTypeSchema>;

export const REPORT_FORMATS = ['csv'] as const;
export const reportFormatSchema = z.enum(REPORT_FORMATS);

/** generating -> ready, or failed once the job has used its attempts. */
export const REPORT_STATUSES = ['generating', 'ready', 'failed'] as const;
export const reportStatusSchema = z.enum(REPORT_STATUSES);
export type ReportStatus = z.infer<typeof reportStatusSchema>;

export const REPORT_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export const reportFrequencySchema = z.enum(REPORT_FREQUENCIES);
export type ReportFrequency = z.infer<typeof reportFrequencySchema>;

/** Bounds: what one list answers, how many reports may wait at once, schedules per user, rows per file. */
export const REPORT_LIST_LIMIT = 50;
export const MAX_REPORTS_GENERATING = 5;
export const MAX_SCHEDULES_PER_USER = 10;
export const MAX_REPORT_ROWS = 5000;
export const TOP_PRODUCTS_SHOWN = 5;
export const COOPERATIVES_SHOWN = 20;
export const LATEST_ORDERS_SHOWN = 10;

const DAY_MS = 24 * 60 * 60_000;

/** YYYY-MM-DD of an instant in Africa/Johannesburg. */
export const sastDay = (at: Date): string => inSast(at).toISOString().slice(0, 10);
/** The instant a SAST calendar day (YYYY-MM-DD) begins. */
const sastMidnight = (day: string): Date => new Date(Date.parse(`${day}T00:00:00Z`) - SAST_OFFSET_MS);
/** The SAST midnight `n` whole days before the day of `at` (n = 0: the start of that day). */
export const daysBack = (at: Date, n: number): Date =>
  new Date(sastMidnight(sastDay(at)).getTime() - n * DAY_MS);
/** The SAST start of the month of `at`, moved by `months`. */
function monthStart(at: Date, months = 0): Date {
  const day = sastDay(at);
  const index = Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1 + months;
  const month = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  return sastMidnight(`${month}-01`);
}

export type ReportBucket = 'day' | 'week' | 'month';

export interface ReportRange {
  from: Date;
  to: Date;
  /** The period of the same length just before, for the change figures. */
  previousFrom: Date;
  bucket: ReportBucket;
}

/**
 * A period as whole SAST days ending now (today included): 7 and 30 days by day, 90 days by week,
 * a year as the last twelve calendar months by month.
 */
export function reportRange(period: ReportPeriod, now: Date): ReportRange {
  if (period === '1y') {
    return { from: monthStart(now, -11), to: now, previousFrom: monthStart(now, -23), bucket: 'month' };
  }
  const days = { '7d': 7, '30d': 30, '90d': 90 }[period];
  const from = daysBack(now, days - 1);
  return {
    from,
    to: now,
    previousFrom: new Date(from.getTime() - days * DAY_MS),
    bucket: period === '90d' ? 'week' : 'day',
  };
}

/** The bucket an instant falls in: its SAST day, the Monday of its week, or YYYY-MM. */
export function bucketOf(at: Date, bucket: ReportBucket): string {
  const day = sastDay(at);
  if (bucket === 'day') return day;
  if (bucket === 'month') return day.slice(0, 7);
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  return new Date(Date.parse(`${day}T00:00:00Z`) - weekday * DAY_MS).toISOString().slice(0, 10);
}

/** Every bucket label of a range, oldest first, so a chart shows quiet days as zero. */
export function bucketLabels(range: Pick<ReportRange, 'from' | 'to' | 'bucket'>): string[] {
  const labels: string[] = [];
  for (let t = range.from.getTime(); t <= range.to.getTime(); t += DAY_MS) {
    const label = bucketOf(new Date(t), range.bucket);
    if (labels[labels.length - 1] !== label) labels.push(label);
  }
  const last = bucketOf(range.to, range.bucket);
  if (labels[labels.length - 1] !== last) labels.push(last);
  return labels;
}

/** Scheduled reports run at 06:00 SAST: every day, on Mondays, or on the 1st of the month. */
export const SCHEDULE_HOUR_SAST = 6;

/** The first run of a schedule strictly after `after`. */
export function nextOccurrence(frequency: ReportFrequency, after: Date): Date {
  const at = (day: string) => new Date(sastMidnight(day).getTime() + SCHEDULE_HOUR_SAST * 60 * 60_000);
  let day = sastDay(after);
  for (let i = 0; i < 400; i += 1) {
    const candidate = at(day);
    const matches =
      frequency === 'daily' ||
      (frequency === 'weekly' && new Date(`${day}T00:00:00Z`).getUTCDay() === 1) ||
      (frequency === 'monthly' && day.endsWith('-01'));
    if (matches && candidate.getTime() > after.getTime()) return candidate;
    day = new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  }
  throw new Error(`No ${frequency} occurrence after ${after.toISOString()}`);
}

/** What one run of a schedule covers: the day, the seven days or the calendar month before it. */
export function occurrenceRange(frequency: ReportFrequency, occurrence: Date): { from: Date; to: Date } {
  const to = daysBack(occurrence, 0);
  if (frequency === 'daily') return { from: new Date(to.getTime() - DAY_MS), to };
  if (frequency === 'weekly') return { from: new Date(to.getTime() - 7 * DAY_MS), to };
  return { from: monthStart(occurrence, -1), to: monthStart(occurrence) };
}

/**
 * One CSV cell (RFC 4180 quoting). A cell that a spreadsheet would read as a formula (starting with
 * = + - @, a tab or a carriage return) gets a leading apostrophe, so a shop called "=HYPERLINK(...)"
 * is shown as text and never runs (OWASP CSV injection). Numbers are written as they are.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV file: a header row and the rows, CRLF line ends. */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

// ---- Requests

export const overviewQuerySchema = z.object({ period: reportPeriodSchema.default('30d') });

export const createReportSchema = z.object({
  report_type: reportTypeSchema,
  period: reportPeriodSchema,
  format: reportFormatSchema.default('csv'),
});
export type CreateReport = z.input<typeof createReportSchema>;

export const createScheduleSchema = z.object({
  name: z.string().trim().min(1).max(100),
  report_type: reportTypeSchema,
  frequency: reportFrequencySchema,
  format: reportFormatSchema.default('csv'),
});
export type CreateSchedule = z.input<typeof createScheduleSchema>;

// ---- Responses

export const reportScopeSchema = z.object({
  /** all: the whole platform (admin); cooperatives: the orders of the members of these co-ops. */
  kind: z.enum(['all', 'cooperatives']),
  cooperatives: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type ReportScope = z.infer<typeof reportScopeSchema>;

export const reportOverviewSchema = z.object({
  period: reportPeriodSchema,
  from: z.string(),
  to: z.string(),
  bucket: z.enum(['day', 'week', 'month']),
  scope: reportScopeSchema,
  figures: z.object({
    /** Value of the orders placed in the period, cancelled ones left out (rand, VAT and delivery included). */
    revenue: z.number(),
    revenue_change_percent: z.number().nullable(),
    orders: z.number().int(),
    orders_change_percent: z.number().nullable(),
    average_order_value: z.number(),
    active_buyers: z.number().int(),
    units_sold: z.number().int(),
    cancelled_orders: z.number().int(),
  }),
  /** One point per bucket, oldest first. */
  revenue_series: z.array(z.object({ label: z.string(), revenue: z.number(), orders: z.number().int() })),
  status_breakdown: z.array(z.object({ status: orderStatusSchema, count: z.number().int() })),
  top_products: z.array(
    z.object({
      product_id: z.number().int(),
      name: z.string(),
      sku: z.string(),
      units: z.number().int(),
      revenue: z.number(),
    }),
  ),
  cooperatives: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      status: z.string(),
      members: z.number().int(),
      orders: z.number().int(),
      revenue: z.number(),
    }),
  ),
});
export type ReportOverview = z.infer<typeof reportOverviewSchema>;

export const liveAnalyticsSchema = z.object({
  generated_at: z.string(),
  scope: reportScopeSchema,
  today: z.object({ orders: z.number().int(), revenue: z.number() }),
  last_hour_orders: z.number().int(),
  /** Orders not yet delivered or cancelled. */
  open_orders: z.number().int(),
  /** Today's orders by SAST hour, 00 to 23. */
  hourly: z.array(z.object({ hour: z.string(), orders: z.number().int(), revenue: z.number() })),
  latest_orders: z.array(recentOrderSchema),
});
export type LiveAnalytics = z.infer<typeof liveAnalyticsSchema>;

export const generatedReportSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  report_type: reportTypeSchema,
  format: reportFormatSchema,
  status: reportStatusSchema,
  period: reportPeriodSchema.nullable(),
  frequency: reportFrequencySchema.nullable(),
  period_from: z.string(),
  period_to: z.string(),
  row_count: z.number().int().nullable(),
  byte_size: z.number().int().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type GeneratedReport = z.infer<typeof generatedReportSchema>;

export const reportScheduleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  report_type: reportTypeSchema,
  frequency: reportFrequencySchema,
  format: reportFormatSchema,
  next_run_at: z.string(),
  last_run_at: z.string().nullable(),
  created_at: z.string(),
});
export type ReportSchedule = z.infer<typeof reportScheduleSchema>;
