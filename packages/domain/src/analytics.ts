import { z } from 'zod';
import { addDays, daysBetween, forecastSum, weekdayForecasts, weekdayOf } from './ai-insights.ts';
import { percentChange } from './dashboard-rules.ts';
import { accountTypeOf, isDebitNormal, type AccountType } from './ledger.ts';
import { centsToRand, type Cents } from './money.ts';
import { SAST_OFFSET_MS } from './sast.ts';

/**
 * Advanced Analytics (spec 2; DECISIONS 12; ADR 056): the caller's own business over a calendar week, month,
 * quarter or year, compared with the period before it like with like. Days are Johannesburg days (YYYY-MM-DD).
 */

export const ANALYTICS_TIMEFRAMES = ['week', 'month', 'quarter', 'year'] as const;
export const analyticsTimeframeSchema = z.enum(ANALYTICS_TIMEFRAMES);
export type AnalyticsTimeframe = z.infer<typeof analyticsTimeframeSchema>;
export const analyticsQuerySchema = z.object({ timeframe: analyticsTimeframeSchema.default('month') });

/** Bounds of every list the screen gets. */
export const ANALYTICS_TOP_CUSTOMERS = 10;
export const ANALYTICS_PRODUCTS_MAX = 50;
export const ANALYTICS_REGIONS_MAX = 20;
export const ANALYTICS_TRANSACTIONS_PAGE = 20;
/** The completed days a projection averages each weekday over (the AI insights forecast's window). */
export const PROJECTION_WINDOW_DAYS = 28;
/** Fewer completed days than this and there is no projection (as the AI insights forecast). */
export const PROJECTION_MIN_DAYS = 7;

export type AnalyticsBucket = 'day' | 'week' | 'month';

// Periods --------------------------------------------------------------------------------------------

/** The instant a Johannesburg day begins. */
export const dayStart = (day: string): Date => new Date(Date.parse(`${day}T00:00:00Z`) - SAST_OFFSET_MS);

const monthOf = (day: string) => Number(day.slice(5, 7));
const yearOf = (day: string) => Number(day.slice(0, 4));
/** The first day of the month `months` after the month of `day` (negative: before). */
function monthStart(day: string, months = 0): string {
  const index = yearOf(day) * 12 + monthOf(day) - 1 + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** The first day of the week (Monday), month, quarter or year that `day` falls in. */
export function periodStart(timeframe: AnalyticsTimeframe, day: string): string {
  if (timeframe === 'week') return addDays(day, -weekdayOf(day));
  if (timeframe === 'month') return monthStart(day);
  if (timeframe === 'quarter') return monthStart(day, -((monthOf(day) - 1) % 3));
  return `${day.slice(0, 4)}-01-01`;
}

/** The first day of the period after the one starting on `start` (negative `n`: before). */
export function shiftPeriod(timeframe: AnalyticsTimeframe, start: string, n: number): string {
  if (timeframe === 'week') return addDays(start, 7 * n);
  return monthStart(start, n * { month: 1, quarter: 3, year: 12 }[timeframe]);
}

/** A chart's bars: days in a week, weeks (their Monday) in a month or quarter, months in a year. */
export const BUCKET_OF: Record<AnalyticsTimeframe, AnalyticsBucket> = {
  week: 'day',
  month: 'week',
  quarter: 'week',
  year: 'month',
};

/** The bar a day belongs to: the day, its week's Monday, or YYYY-MM (the orders area's labels too). */
export function bucketOfDay(day: string, bucket: AnalyticsBucket): string {
  if (bucket === 'day') return day;
  if (bucket === 'month') return day.slice(0, 7);
  return addDays(day, -weekdayOf(day));
}

export interface AnalyticsPeriod {
  timeframe: AnalyticsTimeframe;
  /** The period so far: its first day to today, both included. */
  from: string;
  to: string;
  /** The period's last day (later than `to` until the period ends). */
  end: string;
  bucket: AnalyticsBucket;
  /**
   * Like with like: the completed days of this period (its first day to yesterday) against the same days of the
   * previous period, which stop at that period's own last day (31 March against February's 28). Null on a
   * period's first day, when no day of it is complete, so a new period never reads "-100%".
   */
  comparison: {
    days: number;
    from: string;
    to: string;
    previous_from: string;
    previous_to: string;
  } | null;
}

export function analyticsPeriod(timeframe: AnalyticsTimeframe, today: string): AnalyticsPeriod {
  const from = periodStart(timeframe, today);
  const end = addDays(shiftPeriod(timeframe, from, 1), -1);
  const days = daysBetween(from, today);
  const previousFrom = shiftPeriod(timeframe, from, -1);
  const previousEnd = addDays(from, -1);
  const sameDay = addDays(previousFrom, days - 1);
  return {
    timeframe,
    from,
    to: today,
    end,
    bucket: BUCKET_OF[timeframe],
    comparison:
      days === 0
        ? null
        : {
            days,
            from,
            to: addDays(today, -1),
            previous_from: previousFrom,
            previous_to: sameDay < previousEnd ? sameDay : previousEnd,
          },
  };
}

/** Every bar label of [from, to], oldest first, so quiet days show as zero. */
export function bucketLabelsOf(from: string, to: string, bucket: AnalyticsBucket): string[] {
  const labels: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const label = bucketOfDay(day, bucket);
    if (labels[labels.length - 1] !== label) labels.push(label);
  }
  return labels;
}

/** The sum of the daily figures dated in [from, to]. */
export function sumDays(daily: ReadonlyMap<string, Cents>, from: string, to: string): Cents {
  let sum = 0;
  for (const [day, cents] of daily) if (day >= from && day <= to) sum += cents;
  return sum;
}

export interface Compared {
  /** This period's completed days, the same days of the previous period, and the change in percent. */
  current: number;
  previous: number;
  change_percent: number | null;
}

/** A daily figure compared like with like over the period's comparison; null on the period's first day. */
export function compareDays(daily: ReadonlyMap<string, Cents>, period: AnalyticsPeriod): Compared | null {
  const c = period.comparison;
  if (c === null) return null;
  const current = sumDays(daily, c.from, c.to);
  const previous = sumDays(daily, c.previous_from, c.previous_to);
  return { current, previous, change_percent: percentChange(previous, current) };
}

/** Daily figures summed into bars (every bar of the period present). */
export function seriesOf(daily: ReadonlyMap<string, Cents>, period: AnalyticsPeriod): Map<string, Cents> {
  const bars = new Map(bucketLabelsOf(period.from, period.to, period.bucket).map((l) => [l, 0]));
  for (const [day, cents] of daily) {
    if (day < period.from || day > period.to) continue;
    const label = bucketOfDay(day, period.bucket);
    bars.set(label, (bars.get(label) ?? 0) + cents);
  }
  return bars;
}

/** Adds cents to a day's figure. */
export function addTo(daily: Map<string, Cents>, day: string, cents: Cents): void {
  daily.set(day, (daily.get(day) ?? 0) + cents);
}

// Customers ------------------------------------------------------------------------------------------

/** A buyer is new in a period when their first order ever from this seller falls in it; else returning. */
export function isNewCustomer(firstOrderDay: string, period: Pick<AnalyticsPeriod, 'from' | 'to'>): boolean {
  return firstOrderDay >= period.from && firstOrderDay <= period.to;
}

/** The share of buyers who ordered more than once in the period, in percent (one decimal); null with none. */
export function repeatRate(ordersPerBuyer: readonly number[]): number | null {
  if (ordersPerBuyer.length === 0) return null;
  const repeat = ordersPerBuyer.filter((n) => n > 1).length;
  return Math.round((repeat / ordersPerBuyer.length) * 1000) / 10;
}

// The books ------------------------------------------------------------------------------------------

export interface DailyAccountTotal {
  day: string;
  code: number;
  debits: Cents;
  credits: Cents;
}

/** An account's movement in its own direction: income and liabilities grow by credits, expenses by debits. */
export function accountAmount(code: number, debits: Cents, credits: Cents): Cents {
  const type = accountTypeOf(code) as AccountType | undefined;
  if (type === undefined) return 0;
  return isDebitNormal(type) ? debits - credits : credits - debits;
}

/** Income and expense per day, and expense per account, from the books' daily account totals. */
export function booksByDay(rows: readonly DailyAccountTotal[]) {
  const income = new Map<string, Cents>();
  const expenses = new Map<string, Cents>();
  const byAccount = new Map<number, Map<string, Cents>>();
  for (const r of rows) {
    const type = accountTypeOf(r.code);
    if (type !== 'income' && type !== 'expense') continue;
    const amount = accountAmount(r.code, r.debits, r.credits);
    addTo(type === 'income' ? income : expenses, r.day, amount);
    if (type === 'expense') {
      const daily = byAccount.get(r.code) ?? new Map<string, Cents>();
      addTo(daily, r.day, amount);
      byAccount.set(r.code, daily);
    }
  }
  return { income, expenses, byAccount };
}

// Projections ----------------------------------------------------------------------------------------

export interface Projection {
  /** The completed days the weekday averages come from (at most 28). */
  days: number;
  /** What the rest of this period (today to its last day) would bring, and the whole period with it. */
  rest_of_period: { expected: Cents; low: Cents; high: Cents };
  period_total: { expected: Cents; low: Cents; high: Cents };
  /** The whole next period. */
  next_period: { expected: Cents; low: Cents; high: Cents };
}

/**
 * The AI insights forecast (ADR 053) applied to a period: each weekday's average over the last 28 completed days
 * (today is partial and left out), the lowest and highest of them as the range, summed over the days left in the
 * period and over the next period. The completed days of this period count as they are. Null with fewer than 7
 * completed days since the first figure: a trend from less is not a trend.
 */
export function projectPeriod(
  daily: ReadonlyMap<string, Cents>,
  firstDay: string | null,
  period: AnalyticsPeriod,
): Projection | null {
  if (firstDay === null) return null;
  const today = period.to;
  const days: string[] = [];
  for (let i = PROJECTION_WINDOW_DAYS; i >= 1; i -= 1) {
    const day = addDays(today, -i);
    if (day >= firstDay) days.push(day);
  }
  if (days.length < PROJECTION_MIN_DAYS) return null;
  const forecasts = weekdayForecasts(daily, days);
  const left = daysBetween(today, period.end) + 1;
  const rest = forecastSum(forecasts, today, left);
  const nextStart = addDays(period.end, 1);
  const nextEnd = addDays(shiftPeriod(period.timeframe, nextStart, 1), -1);
  const next = forecastSum(forecasts, nextStart, daysBetween(nextStart, nextEnd) + 1);
  if (rest === null || next === null) return null;
  const done = period.comparison === null ? 0 : sumDays(daily, period.from, addDays(today, -1));
  return {
    days: days.length,
    rest_of_period: rest,
    period_total: { expected: done + rest.expected, low: done + rest.low, high: done + rest.high },
    next_period: next,
  };
}

// Answers --------------------------------------------------------------------------------------------

const money = z.number();
const comparedSchema = z
  .object({ current: money, previous: money, change_percent: z.number().nullable() })
  .nullable();
const periodSchema = z.object({
  timeframe: analyticsTimeframeSchema,
  from: z.string(),
  to: z.string(),
  end: z.string(),
  bucket: z.enum(['day', 'week', 'month']),
  comparison: z
    .object({
      days: z.number().int(),
      from: z.string(),
      to: z.string(),
      previous_from: z.string(),
      previous_to: z.string(),
    })
    .nullable(),
});

/** What the caller trades as: sales on the marketplace, till sales, and purchases from sellers. */
export const ANALYTICS_SOURCES = ['marketplace', 'till', 'purchases'] as const;
export const analyticsSourceSchema = z.enum(ANALYTICS_SOURCES);
export type AnalyticsSource = z.infer<typeof analyticsSourceSchema>;

export const businessAnalyticsSchema = z.object({
  period: periodSchema,
  /** Which of the sources this caller has at all (a supplier sells, a shop rings up and buys). */
  sources: z.array(analyticsSourceSchema),
  has_data: z.boolean(),
  overview: z.object({
    /** Marketplace sales plus till sales, the period so far. */
    revenue: money,
    marketplace_sales: money,
    till_sales: money,
    purchases: money,
    orders: z.number().int(),
    till_transactions: z.number().int(),
    average_sale: money.nullable(),
    customers: z.number().int(),
    revenue_compared: comparedSchema,
  }),
  sales: z.array(
    z.object({ label: z.string(), marketplace: money, till: money, total: money, purchases: money }),
  ),
  customers: z.object({
    total: z.number().int(),
    new: z.number().int(),
    returning: z.number().int(),
    repeat_rate: z.number().nullable(),
    top: z.array(
      z.object({
        buyer_id: z.number().int(),
        name: z.string(),
        orders: z.number().int(),
        spent: money,
        is_new: z.boolean(),
      }),
    ),
  }),
  products: z.array(
    z.object({
      source: z.enum(['marketplace', 'till']),
      product_id: z.number().int(),
      name: z.string(),
      units: z.number(),
      revenue: money,
      /** Gross margin in percent where the cost is known (the till's cost of each line), else null. */
      margin_percent: z.number().nullable(),
    }),
  ),
  regions: z.array(
    z.object({
      province: z.string().nullable(),
      city: z.string().nullable(),
      customers: z.number().int(),
      orders: z.number().int(),
      revenue: money,
    }),
  ),
});
export type BusinessAnalytics = z.infer<typeof businessAnalyticsSchema>;

const rangeSchema = z.object({ expected: money, low: money, high: money });

export const financialAnalyticsSchema = z.object({
  period: periodSchema,
  has_data: z.boolean(),
  overview: z.object({
    income: money,
    expenses: money,
    profit: money,
    income_compared: comparedSchema,
    expenses_compared: comparedSchema,
    profit_compared: comparedSchema,
  }),
  cash_flow: z.array(z.object({ label: z.string(), cash_in: money, cash_out: money, net: money })),
  expenses: z.array(z.object({ code: z.number().int(), name: z.string(), amount: money, share: z.number() })),
  projections: z.object({
    days: z.number().int(),
    income: z
      .object({ rest_of_period: rangeSchema, period_total: rangeSchema, next_period: rangeSchema })
      .nullable(),
    expenses: z
      .object({ rest_of_period: rangeSchema, period_total: rangeSchema, next_period: rangeSchema })
      .nullable(),
  }),
});
export type FinancialAnalytics = z.infer<typeof financialAnalyticsSchema>;

export const analyticsTransactionsQuerySchema = analyticsQuerySchema.extend({
  page: z.coerce.number().int().min(1).max(5_000).default(1),
});

/** Rand of a range of cents, for the answers. */
export const randRange = (r: { expected: Cents; low: Cents; high: Cents }) => ({
  expected: centsToRand(r.expected),
  low: centsToRand(r.low),
  high: centsToRand(r.high),
});

/** Rand of a comparison in cents. */
export const randCompared = (c: Compared | null) =>
  c && {
    current: centsToRand(c.current),
    previous: centsToRand(c.previous),
    change_percent: c.change_percent,
  };
