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
