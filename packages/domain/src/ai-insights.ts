import { z } from 'zod';
import { centsToRand, VAT_RATE_PERCENT, type Cents } from './money.ts';
import { PAYMENT_METHODS } from './pos.ts';

/**
 * AI Business Insights (spec 2; DECISIONS 12; ADR 053): recommendations, patterns and forecasts worked out from
 * the business's own till sales, marketplace shipments and stock. No model and no network: each figure is a
 * plain rule or average over the shop's own days, and the screen says how it was worked out. Days are South
 * African calendar days (YYYY-MM-DD); "today" is partial, so averages and forecasts use completed days.
 */

/** The days a sales rate looks back over (today included). */
export const RATE_WINDOW_DAYS = 28;
/** The days a restock takes to arrive: reorder when the stock left lasts no longer than this. */
export const LEAD_TIME_DAYS = 7;
/** A reorder brings the stock up to the lead time plus this many days of sales. */
export const COVER_DAYS = 14;
/** Stock not sold for this many days ties up cash. */
export const SLOW_STOCK_DAYS = 30;
/** An item's margin this many points under the shop's own average is worth a look. */
export const LOW_MARGIN_GAP_POINTS = 15;
/** The days of sales the server reads: enough for this month and the last at the same day, and 8 weeks. */
export const HISTORY_DAYS = 70;
/** The weeks the weekday pattern averages over. */
export const PATTERN_WEEKS = 8;
/** The completed days the forecast averages each weekday over. */
export const FORECAST_WINDOW_DAYS = 28;
/** Rand at stake (a month's worth) from which a recommendation's impact is high or medium. */
export const IMPACT_HIGH_CENTS = 50_000;
export const IMPACT_MEDIUM_CENTS = 15_000;
/** Bounds of the answer's lists. */
export const RECOMMENDATIONS_MAX = 20;
export const TOP_ITEMS_MAX = 5;
export const RUN_OUT_MAX = 50;
/** Items the insights read (a spaza keeps a few hundred lines; the answer is bounded all the same). */
export const INSIGHT_ITEMS_MAX = 1000;

// Day arithmetic on YYYY-MM-DD ------------------------------------------------------------------------

const DAY_MS = 24 * 60 * 60 * 1000;
const toUtc = (date: string) => Date.parse(`${date}T00:00:00Z`);
/** The day `days` after `date` (negative: before). */
export const addDays = (date: string, days: number): string =>
  new Date(toUtc(date) + days * DAY_MS).toISOString().slice(0, 10);
/** Whole days from `from` to `to` (positive when `to` is later). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((toUtc(to) - toUtc(from)) / DAY_MS);
/** Monday 0 ... Sunday 6 (the South African week starts on Monday). */
export const weekdayOf = (date: string): number => (new Date(toUtc(date)).getUTCDay() + 6) % 7;

// The rules ------------------------------------------------------------------------------------------

/**
 * The days of sales behind a rate: from the shop's first sale (or the window's start) to today, inclusive. A
 * shop that opened its till 10 days ago has 10 days, not 28, so its rate is not diluted by days before it sold.
 */
/** What to order so the stock lasts through the delivery's lead time and COVER_DAYS more, at least one. */
function orderQuantity(rate: number, available: number): number {
  return Math.max(1, Math.ceil(rate * (LEAD_TIME_DAYS + COVER_DAYS) - Math.max(0, available)));
}

export function observedDays(firstSale: string | null, today: string, window = RATE_WINDOW_DAYS): number {
  if (firstSale === null || firstSale > today) return 0;
  return Math.min(window, daysBetween(firstSale, today) + 1);
}

/** Units a day: what sold over the observed days, divided by them (0 with no days). */
export function salesRate(units: number, days: number): number {
  return days <= 0 ? 0 : units / days;
}

/** How many days the stock lasts at a rate; null when it does not sell (it never runs out). */
export function daysOfStock(available: number, rate: number): number | null {
  if (rate <= 0) return null;
  return Math.max(0, available) / rate;
}

/** The day stock runs out: today plus the whole days it lasts; null when it does not sell. */
export function runOutDate(today: string, available: number, rate: number): string | null {
  const days = daysOfStock(available, rate);
  return days === null ? null : addDays(today, Math.floor(days));
}

/**
 * How sure a recommendation is, in percent: 30 to start, up to 40 more for how many of the 28 days the shop has
 * sold over, and up to 25 more for how many days back the item's own figure (14 days or more count fully).
 * Never above 95: a rule on a few weeks of a shop's sales is never certain.
 */
export function confidencePercent(days: number, evidenceDays: number): number {
  const coverage = Math.min(Math.max(days, 0), RATE_WINDOW_DAYS) / RATE_WINDOW_DAYS;
  const evidence = Math.min(Math.max(evidenceDays, 0), 14) / 14;
  return Math.round(30 + 40 * coverage + 25 * evidence);
}

export const IMPACTS = ['high', 'medium', 'low'] as const;
export type Impact = (typeof IMPACTS)[number];
/** Impact from the rand at stake over a month: R500 or more high, R150 or more medium, else low. */
export function impactOf(centsAtStake: Cents): Impact {
  if (centsAtStake >= IMPACT_HIGH_CENTS) return 'high';
  if (centsAtStake >= IMPACT_MEDIUM_CENTS) return 'medium';
  return 'low';
}

/** A till price without its VAT when the shop is registered (till prices include VAT; DECISIONS 23). */
export function netOfVat(cents: Cents, vatRegistered: boolean): Cents {
  return vatRegistered ? Math.round((cents * 100) / (100 + VAT_RATE_PERCENT)) : cents;
}

/** Gross margin in percent of net takings; null with no takings. */
export function marginPercent(netCents: Cents, costCents: Cents): number | null {
  return netCents <= 0 ? null : ((netCents - costCents) / netCents) * 100;
}

/** A figure's bucket for dismissals: a dismissed card comes back once its figure doubles or halves. */
export function doublingBucket(value: number): number {
  return value <= 1 ? 0 : Math.floor(Math.log2(value));
}

/** The bucket of days of stock left: out, 2 days or fewer, 4 or fewer, more. */
export function daysLeftBucket(days: number): number {
  if (days < 1) return 0;
  if (days <= 2) return 1;
  if (days <= 4) return 2;
  return 3;
}

export interface MonthComparison {
  /** Completed days of this month compared (1st to yesterday), and the same days of last month. */
  days: number;
  this_month_from: string;
  this_month_to: string;
  last_month_from: string;
  last_month_to: string;
}

/**
 * Like with like: this month's completed days (the 1st to yesterday) against the same days of last month;
 * last month's range stops at its own last day (31 March against the 28 days of February). Null on the 1st,
 * when no day of this month is complete.
 */
export function monthComparisonRange(today: string): MonthComparison | null {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  if (d === 1) return null;
  const yesterday = addDays(today, -1);
  const lastMonthStart = new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 10);
  const lastMonthEnd = new Date(Date.UTC(y, m - 1, 0)).toISOString().slice(0, 10);
  const sameDay = addDays(lastMonthStart, d - 2);
  return {
    days: d - 1,
    this_month_from: today.slice(0, 8) + '01',
    this_month_to: yesterday,
    last_month_from: lastMonthStart,
    last_month_to: sameDay < lastMonthEnd ? sameDay : lastMonthEnd,
  };
}

/** Change in percent from one figure to another; null when there was nothing before. */
export function changePercent(before: number, after: number): number | null {
  return before <= 0 ? null : ((after - before) / before) * 100;
}

export interface DayForecast {
  expected: Cents;
  low: Cents;
  high: Cents;
  /** The past same weekdays it averages. */
  samples: number;
}

/**
 * Each weekday's forecast from the same weekdays of the last four complete weeks: the average, with the lowest
 * and highest of them as the range. `daily` has one figure per completed day from the shop's first sale (a day
 * without sales is 0). A weekday never seen yet has no forecast.
 */
export function weekdayForecasts(daily: ReadonlyMap<string, Cents>, days: readonly string[]) {
  const byWeekday = new Map<number, Cents[]>();
  for (const day of days) {
    const list = byWeekday.get(weekdayOf(day)) ?? [];
    list.push(daily.get(day) ?? 0);
    byWeekday.set(weekdayOf(day), list);
  }
  const result = new Map<number, DayForecast>();
  for (const [weekday, values] of byWeekday) {
    result.set(weekday, {
      expected: Math.round(values.reduce((a, b) => a + b, 0) / values.length),
      low: Math.min(...values),
      high: Math.max(...values),
      samples: values.length,
    });
  }
  return result;
}

/** The forecast of the days from `start` on, summed: null when a weekday in them has no past figure. */
export function forecastSum(
  forecasts: ReadonlyMap<number, DayForecast>,
  start: string,
  days: number,
): { expected: Cents; low: Cents; high: Cents } | null {
  let expected = 0;
  let low = 0;
  let high = 0;
  for (let i = 0; i < days; i += 1) {
    const f = forecasts.get(weekdayOf(addDays(start, i)));
    if (!f) return null;
    expected += f.expected;
    low += f.low;
    high += f.high;
  }
  return { expected, low, high };
}

// What the server gathers ------------------------------------------------------------------------------

export interface InsightItem {
  /** The inventory product (the shop's item). */
  product_id: number;
  name: string;
  sku: string;
  /** Its marketplace product, when it was bought or is listed there (a reorder searches the marketplace). */
  marketplace_product_id: number | null;
  /** Available across the business's locations. */
  available: number;
  unit_cost_cents: Cents;
  /** The till's price (VAT included); null for an item the till does not sell. */
  price_cents: Cents | null;
  /** The first day stock of it came in (null: not known). */
  stocked_since: string | null;
}

export interface InsightSaleLine {
  product_id: number;
  quantity: number;
  /** Takings of the line (VAT included, before a sale's discount); null for a shipment (units only). */
  revenue_cents: Cents | null;
  cost_cents: Cents;
}

export interface InsightSale {
  date: string;
  /** 'marketplace' for an order shipped; else the till's payment method. */
  payment_method: string;
  /** What the customer paid (VAT included, after discount); 0 for a shipment (its money is the order's). */
  total_cents: Cents;
  lines: InsightSaleLine[];
}

export interface InsightInput {
  today: string;
  vat_registered: boolean;
  items: readonly InsightItem[];
  /** The business's sales (till sales not refunded, orders shipped) over the last HISTORY_DAYS days. */
  sales: readonly InsightSale[];
  /** The shop's first sale ever (it may be older than the history read). */
  first_sale: string | null;
}

// The answer -----------------------------------------------------------------------------------------

export const RECOMMENDATION_TYPES = ['inventory', 'pricing', 'marketing', 'sales'] as const;
export const RECOMMENDATION_KINDS = [
  'reorder',
  'best_seller_low',
  'slow_stock',
  'below_cost',
  'low_margin',
] as const;
export type RecommendationKind = (typeof RECOMMENDATION_KINDS)[number];
const KIND_TYPE: Record<RecommendationKind, (typeof RECOMMENDATION_TYPES)[number]> = {
  reorder: 'inventory',
  best_seller_low: 'sales',
  slow_stock: 'inventory',
  below_cost: 'pricing',
  low_margin: 'pricing',
};
export const ACTIONS = ['marketplace', 'inventory', 'till_prices'] as const;

/** A dismissal's key: kind, item (0 for none) and the bucket of its figure, e.g. reorder:12:1. */
export const INSIGHT_KEY_PATTERN = /^[a-z_]{3,20}:\d{1,10}:\d{1,3}$/;
export const insightKeySchema = z
  .string()
  .max(40)
  .regex(INSIGHT_KEY_PATTERN, { message: 'validation.invalid' });
export const insightDismissalInputSchema = z.object({ key: insightKeySchema }).strict();
export type InsightDismissalInput = z.infer<typeof insightDismissalInputSchema>;

export const recommendationSchema = z.object({
  key: z.string(),
  kind: z.enum(RECOMMENDATION_KINDS),
  type: z.enum(RECOMMENDATION_TYPES),
  confidence: z.number().int(),
  impact: z.enum(IMPACTS),
  /** Rand at stake over a month (what the impact was judged on). */
  at_stake: z.number(),
  /** The item it is about (null: the whole stock). */
  product_id: z.number().int().nullable(),
  name: z.string().nullable(),
  /** The figures the card's sentences name (rand as numbers, rates in units a day). */
  figures: z.record(z.string(), z.union([z.number(), z.string(), z.null()])),
  /** The days of sales behind it, and the days the item sold on. */
  days: z.number().int(),
  evidence_days: z.number().int(),
  action: z.object({ screen: z.enum(ACTIONS), search: z.string().nullable() }),
  dismissed: z.boolean(),
});
export type Recommendation = z.infer<typeof recommendationSchema>;

const itemFigureSchema = z.object({
  product_id: z.number().int(),
  name: z.string(),
  units: z.number().int(),
  takings: z.number(),
  gross_profit: z.number(),
  margin_percent: z.number().nullable(),
});

const rangeSchema = z.object({ expected: z.number(), low: z.number(), high: z.number() });

export const aiInsightsSchema = z.object({
  today: z.string(),
  has_sales: z.boolean(),
  /** The days behind the rates (from the first sale, at most RATE_WINDOW_DAYS). */
  days: z.number().int(),
  vat_registered: z.boolean(),
  recommendations: z.array(recommendationSchema),
  insights: z.object({
    takings: z.number(),
    sales: z.number().int(),
    average_sale: z.number().nullable(),
    margin_percent: z.number().nullable(),
    weekdays: z.array(z.object({ weekday: z.number().int(), average: z.number(), days: z.number().int() })),
    top_by_takings: z.array(itemFigureSchema),
    top_by_profit: z.array(itemFigureSchema),
    payment_methods: z.array(
      z.object({ method: z.string(), takings: z.number(), sales: z.number().int(), share: z.number() }),
    ),
    month: z
      .object({
        days: z.number().int(),
        this_month_from: z.string(),
        this_month_to: z.string(),
        last_month_from: z.string(),
        last_month_to: z.string(),
        this_month: z.number(),
        last_month: z.number(),
        change_percent: z.number().nullable(),
      })
      .nullable(),
  }),
  predictions: z.object({
    /** The completed days the weekday averages come from. */
    days: z.number().int(),
    next_7: rangeSchema.nullable(),
    next_30: rangeSchema.nullable(),
    daily: z.array(
      rangeSchema.extend({ date: z.string(), weekday: z.number().int(), samples: z.number().int() }),
    ),
    run_out: z.array(
      z.object({
        product_id: z.number().int(),
        name: z.string(),
        available: z.number().int(),
        rate: z.number(),
        days_left: z.number(),
        date: z.string(),
      }),
    ),
  }),
});
export type AiInsights = z.infer<typeof aiInsightsSchema>;

// Putting it together --------------------------------------------------------------------------------

const round1 = (n: number) => Math.round(n * 10) / 10;
const round2 = (n: number) => Math.round(n * 100) / 100;

interface ItemStats {
  units: number;
  takings: Cents;
  cost: Cents;
  saleDays: Set<string>;
  lastSale: string | null;
}

/** The figures behind the screen: pure, from what the server gathered (see the rules above). */
export function aiInsights(input: InsightInput, dismissed: ReadonlySet<string> = new Set()): AiInsights {
  const { today, vat_registered: vat } = input;
  const days = observedDays(input.first_sale, today);
  const windowStart = addDays(today, -(RATE_WINDOW_DAYS - 1));
  const stats = new Map<number, ItemStats>();
  const lastSale = new Map<number, string>();
  const daily = new Map<string, Cents>();
  const methods = new Map<string, { takings: Cents; sales: number }>();
  let takings = 0;
  let tillSales = 0;
  let netTakings = 0;
  let cost = 0;
  for (const sale of input.sales) {
    for (const line of sale.lines) {
      const last = lastSale.get(line.product_id);
      if (!last || sale.date > last) lastSale.set(line.product_id, sale.date);
    }
    if (sale.payment_method !== 'marketplace')
      daily.set(sale.date, (daily.get(sale.date) ?? 0) + sale.total_cents);
    if (sale.date < windowStart || sale.date > today) continue;
    if (sale.payment_method !== 'marketplace') {
      takings += sale.total_cents;
      tillSales += 1;
      const m = methods.get(sale.payment_method) ?? { takings: 0, sales: 0 };
      m.takings += sale.total_cents;
      m.sales += 1;
      methods.set(sale.payment_method, m);
    }
    for (const line of sale.lines) {
      const s = stats.get(line.product_id) ?? {
        units: 0,
        takings: 0,
        cost: 0,
        saleDays: new Set(),
        lastSale: null,
      };
      s.units += line.quantity;
      s.saleDays.add(sale.date);
      if (line.revenue_cents !== null) {
        const net = netOfVat(line.revenue_cents, vat);
        s.takings += net;
        s.cost += line.cost_cents;
        netTakings += net;
        cost += line.cost_cents;
      }
      stats.set(line.product_id, s);
    }
  }
  const shopMargin = marginPercent(netTakings, cost);
  const rateOf = (id: number) => salesRate(stats.get(id)?.units ?? 0, days);

  // Recommendations ----------------------------------------------------------------------------------
  const recs: Omit<Recommendation, 'dismissed' | 'type'>[] = [];
  const bestSellers = [...stats.entries()]
    .filter(([, s]) => s.takings > 0)
    .sort((a, b) => b[1].takings - a[1].takings)
    .slice(0, 3)
    .map(([id]) => id);
  const action = (item: InsightItem) =>
    item.marketplace_product_id !== null
      ? { screen: 'marketplace' as const, search: item.name }
      : { screen: 'inventory' as const, search: item.sku };
  const slow: { item: InsightItem; value: Cents; since: string | null }[] = [];
  for (const item of input.items) {
    const s = stats.get(item.product_id);
    const evidence = s?.saleDays.size ?? 0;
    const rate = rateOf(item.product_id);
    const left = daysOfStock(item.available, rate);
    const price = item.price_cents ?? 0;
    if (left !== null && left <= LEAD_TIME_DAYS) {
      const atStake = Math.round(rate * 30 * price);
      recs.push({
        key: `reorder:${item.product_id}:${daysLeftBucket(left)}`,
        kind: 'reorder',
        confidence: confidencePercent(days, evidence),
        impact: impactOf(atStake),
        at_stake: centsToRand(atStake),
        product_id: item.product_id,
        name: item.name,
        figures: {
          available: item.available,
          rate: round2(rate),
          days_left: round1(left),
          run_out: runOutDate(today, item.available, rate),
          lead_time: LEAD_TIME_DAYS,
          units: s?.units ?? 0,
          order_quantity: orderQuantity(rate, item.available),
        },
        days,
        evidence_days: evidence,
        action: action(item),
      });
    } else if (
      left !== null &&
      bestSellers.includes(item.product_id) &&
      left <= LEAD_TIME_DAYS + COVER_DAYS
    ) {
      const atStake = Math.round(rate * 30 * price);
      recs.push({
        key: `best_seller_low:${item.product_id}:${doublingBucket(item.available)}`,
        kind: 'best_seller_low',
        confidence: confidencePercent(days, evidence),
        impact: impactOf(atStake),
        at_stake: centsToRand(atStake),
        product_id: item.product_id,
        name: item.name,
        figures: {
          available: item.available,
          rate: round2(rate),
          days_left: round1(left),
          rank: bestSellers.indexOf(item.product_id) + 1,
          takings: centsToRand(s?.takings ?? 0),
          order_quantity: orderQuantity(rate, item.available),
        },
        days,
        evidence_days: evidence,
        action: action(item),
      });
    }
    const last = lastSale.get(item.product_id) ?? null;
    const quietSince = last ?? item.stocked_since;
    if (
      item.available > 0 &&
      item.unit_cost_cents > 0 &&
      quietSince !== null &&
      daysBetween(quietSince, today) >= SLOW_STOCK_DAYS &&
      input.first_sale !== null &&
      daysBetween(input.first_sale, today) >= SLOW_STOCK_DAYS
    )
      slow.push({ item, value: item.available * item.unit_cost_cents, since: last });

    if (item.price_cents !== null && item.price_cents > 0 && item.unit_cost_cents > 0) {
      const net = netOfVat(item.price_cents, vat);
      const loss = item.unit_cost_cents - net;
      const margin = marginPercent(net, item.unit_cost_cents)!;
      const monthlyUnits = rate * 30;
      if (loss > 0) {
        const atStake = Math.round(loss * (monthlyUnits > 0 ? monthlyUnits : Math.max(0, item.available)));
        recs.push({
          key: `below_cost:${item.product_id}:${doublingBucket(loss)}`,
          kind: 'below_cost',
          confidence: confidencePercent(days, evidence),
          impact: impactOf(atStake),
          at_stake: centsToRand(atStake),
          product_id: item.product_id,
          name: item.name,
          figures: {
            price: centsToRand(item.price_cents),
            net_price: centsToRand(net),
            unit_cost: centsToRand(item.unit_cost_cents),
            loss_per_unit: centsToRand(loss),
            units: s?.units ?? 0,
          },
          days,
          evidence_days: evidence,
          action: { screen: 'till_prices', search: item.name },
        });
      } else if (
        shopMargin !== null &&
        s !== undefined &&
        s.units >= 3 &&
        margin < shopMargin - LOW_MARGIN_GAP_POINTS
      ) {
        const atStake = Math.round(((shopMargin - margin) / 100) * s.takings * (30 / Math.max(days, 1)));
        recs.push({
          key: `low_margin:${item.product_id}:${Math.floor(margin / 5)}`,
          kind: 'low_margin',
          confidence: confidencePercent(days, evidence),
          impact: impactOf(atStake),
          at_stake: centsToRand(atStake),
          product_id: item.product_id,
          name: item.name,
          figures: {
            price: centsToRand(item.price_cents),
            unit_cost: centsToRand(item.unit_cost_cents),
            margin_percent: round1(margin),
            shop_margin_percent: round1(shopMargin),
            units: s.units,
          },
          days,
          evidence_days: evidence,
          action: { screen: 'till_prices', search: item.name },
        });
      }
    }
  }
  if (slow.length > 0) {
    slow.sort((a, b) => b.value - a.value);
    const value = slow.reduce((n, s) => n + s.value, 0);
    // Whether nothing sells is seen on the shop's selling days since the item last sold.
    recs.push({
      key: `slow_stock:0:${doublingBucket(value / 100)}`,
      kind: 'slow_stock',
      confidence: confidencePercent(days, Math.min(14, days)),
      impact: impactOf(value),
      at_stake: centsToRand(value),
      product_id: null,
      name: null,
      figures: {
        items: slow.length,
        value: centsToRand(value),
        slow_days: SLOW_STOCK_DAYS,
        top: slow
          .slice(0, 3)
          .map((s) => s.item.name)
          .join(', '),
        top_value: centsToRand(slow[0]!.value),
      },
      days,
      evidence_days: Math.min(14, days),
      action: { screen: 'inventory', search: null },
    });
  }
  const impactRank = (i: Impact) => IMPACTS.indexOf(i);
  const recommendations = recs
    .sort(
      (a, b) =>
        impactRank(a.impact) - impactRank(b.impact) || b.at_stake - a.at_stake || a.key.localeCompare(b.key),
    )
    .slice(0, RECOMMENDATIONS_MAX)
    .map((r) => ({ ...r, type: KIND_TYPE[r.kind], dismissed: dismissed.has(r.key) }));

  // Business insights ---------------------------------------------------------------------------------
  const completed = (count: number) => {
    const list: string[] = [];
    for (let i = count; i >= 1; i -= 1) {
      const day = addDays(today, -i);
      if (input.first_sale !== null && day >= input.first_sale) list.push(day);
    }
    return list;
  };
  const patternDays = completed(PATTERN_WEEKS * 7);
  const weekdays = [...weekdayForecasts(daily, patternDays)]
    .map(([weekday, f]) => ({ weekday, average: centsToRand(f.expected), days: f.samples }))
    .sort((a, b) => b.average - a.average || a.weekday - b.weekday);
  const names = new Map(input.items.map((i) => [i.product_id, i.name]));
  const figure = ([id, s]: [number, ItemStats]) => ({
    product_id: id,
    name: names.get(id) ?? '',
    units: s.units,
    takings: centsToRand(s.takings),
    gross_profit: centsToRand(s.takings - s.cost),
    margin_percent:
      marginPercent(s.takings, s.cost) === null ? null : round1(marginPercent(s.takings, s.cost)!),
  });
  const sold = [...stats.entries()].filter(([, s]) => s.takings > 0);
  const range = monthComparisonRange(today);
  const sumDays = (from: string, to: string) =>
    [...daily.entries()].reduce((n, [day, cents]) => (day >= from && day <= to ? n + cents : n), 0);
  const month = range && {
    ...range,
    this_month: centsToRand(sumDays(range.this_month_from, range.this_month_to)),
    last_month: centsToRand(sumDays(range.last_month_from, range.last_month_to)),
    change_percent: (() => {
      const c = changePercent(
        sumDays(range.last_month_from, range.last_month_to),
        sumDays(range.this_month_from, range.this_month_to),
      );
      return c === null ? null : round1(c);
    })(),
  };

  // Predictions ---------------------------------------------------------------------------------------
  const forecastDays = completed(FORECAST_WINDOW_DAYS);
  const forecasts = weekdayForecasts(daily, forecastDays);
  const enough = forecastDays.length >= 7;
  const rand = (r: { expected: Cents; low: Cents; high: Cents } | null) =>
    r && { expected: centsToRand(r.expected), low: centsToRand(r.low), high: centsToRand(r.high) };
  const runOut = input.items
    .flatMap((item) => {
      const rate = rateOf(item.product_id);
      const left = daysOfStock(item.available, rate);
      if (left === null) return [];
      return [
        {
          product_id: item.product_id,
          name: item.name,
          available: item.available,
          rate: round2(rate),
          days_left: round1(left),
          date: runOutDate(today, item.available, rate)!,
        },
      ];
    })
    .sort((a, b) => a.days_left - b.days_left || a.product_id - b.product_id)
    .slice(0, RUN_OUT_MAX);

  return {
    today,
    has_sales: input.first_sale !== null,
    days,
    vat_registered: vat,
    recommendations,
    insights: {
      takings: centsToRand(takings),
      sales: tillSales,
      average_sale: tillSales === 0 ? null : centsToRand(Math.round(takings / tillSales)),
      margin_percent: shopMargin === null ? null : round1(shopMargin),
      weekdays,
      top_by_takings: sold
        .sort((a, b) => b[1].takings - a[1].takings || a[0] - b[0])
        .slice(0, TOP_ITEMS_MAX)
        .map(figure),
      top_by_profit: [...sold]
        .sort((a, b) => b[1].takings - b[1].cost - (a[1].takings - a[1].cost) || a[0] - b[0])
        .slice(0, TOP_ITEMS_MAX)
        .map(figure),
      payment_methods: [...methods.entries()]
        .map(([method, m]) => ({
          method,
          takings: centsToRand(m.takings),
          sales: m.sales,
          share: takings === 0 ? 0 : round1((m.takings / takings) * 100),
        }))
        .sort(
          (a, b) =>
            b.takings - a.takings ||
            PAYMENT_METHODS.indexOf(a.method as never) - PAYMENT_METHODS.indexOf(b.method as never),
        ),
      month,
    },
    predictions: {
      days: forecastDays.length,
      next_7: enough ? rand(forecastSum(forecasts, today, 7)) : null,
      next_30: enough ? rand(forecastSum(forecasts, today, 30)) : null,
      daily: enough
        ? Array.from({ length: 7 }, (_, i) => {
            const date = addDays(today, i);
            const f = forecasts.get(weekdayOf(date));
            return f
              ? { date, weekday: weekdayOf(date), ...rand(f)!, samples: f.samples }
              : { date, weekday: weekdayOf(date), expected: 0, low: 0, high: 0, samples: 0 };
          })
        : [],
      run_out: runOut,
    },
  };
}
