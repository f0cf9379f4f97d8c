import { z } from 'zod';
import { orderStatusSchema } from './orders.ts';

export const chartDatumSchema = z.object({ label: z.string(), value: z.number() });
export type ChartDatum = z.infer<typeof chartDatumSchema>;

export const recentOrderSchema = z.object({
  id: z.number().int(),
  order_number: z.string(),
  status: orderStatusSchema,
  created_at: z.string(),
  total_amount: z.number(),
  distributor_name: z.string(),
  retailer_name: z.string(),
});
export type RecentOrder = z.infer<typeof recentOrderSchema>;

export const dashboardSchema = z.object({
  stats: z.object({
    total_products: z.number().int(),
    total_orders: z.number().int(),
    active_coops: z.number().int(),
    my_memberships: z.number().int(),
    total_revenue: z.number(),
    /** Percent change of this month's order value against last month's; null without last month data. */
    revenue_change_percent: z.number().nullable(),
  }),
  /** Six calendar months, oldest first; label is YYYY-MM (the web names the month in the user's language). */
  revenue_trend: z.array(chartDatumSchema),
  /** Order count per status, every status present. */
  status_breakdown: z.array(z.object({ status: orderStatusSchema, count: z.number().int() })),
  recent_orders: z.array(recentOrderSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** Percent change from previous to current, one decimal; null when there is nothing to compare with. */
export function percentChange(previous: number, current: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** The six calendar months ending with the month of `now`, as YYYY-MM in Africa/Johannesburg time. */
export function lastSixMonths(now: Date): string[] {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Africa/Johannesburg',
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(now);
  const year = Number(parts.find((p) => p.type === 'year')?.value);
  const month = Number(parts.find((p) => p.type === 'month')?.value);
  const months: string[] = [];
  for (let i = 5; i >= 0; i -= 1) {
    const index = year * 12 + (month - 1) - i;
    months.push(`${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`);
  }
  return months;
}

export interface Achievement {
  key: 'first_order' | 'ten_orders' | 'coop_member' | 'big_spender';
  earned: boolean;
}

/** Achievements earned from the user's real figures (DECISIONS 12), not a fixed list. */
export function achievementsFor(stats: Dashboard['stats']): Achievement[] {
  return [
    { key: 'first_order', earned: stats.total_orders >= 1 },
    { key: 'ten_orders', earned: stats.total_orders >= 10 },
    { key: 'coop_member', earned: stats.my_memberships >= 1 },
    { key: 'big_spender', earned: stats.total_revenue >= 10_000 },
  ];
}
