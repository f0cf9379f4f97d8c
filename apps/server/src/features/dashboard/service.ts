import { centsToRand, lastSixMonths, percentChange, sameSpanLastMonth, type Dashboard } from '@tt/domain';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../auth/service.ts';
import { countProductsFor } from '../catalog/service.ts';
import { countActiveCooperatives, countMemberships } from '../cooperatives/service.ts';
import {
  monthlyOrderValue,
  orderCountsByStatus,
  orderValueBetween,
  recentOrders,
  totalOrderValue,
} from '../orders/service.ts';

export const RECENT_ORDERS_SHOWN = 5;

export async function dashboardFor(db: Db, user: UserRow, now = new Date()): Promise<Dashboard> {
  const months = lastSixMonths(now);
  // From a day before the first of the oldest month, so the month is whole in any time zone; the query groups by month.
  const since = new Date(`${months[0]}-01T00:00:00Z`);
  since.setUTCDate(since.getUTCDate() - 1);
  // This month so far against the same span of last month: a whole month against a day-old one reads -100%.
  const lastMonth = sameSpanLastMonth(now);
  const [products, activeCoops, memberships, statusBreakdown, byMonth, totalCents, recent, previous] =
    await Promise.all([
      countProductsFor(db, user),
      countActiveCooperatives(db),
      countMemberships(db, user.id),
      orderCountsByStatus(db, user),
      monthlyOrderValue(db, user, since, now),
      totalOrderValue(db, user),
      recentOrders(db, user, RECENT_ORDERS_SHOWN),
      orderValueBetween(db, user, lastMonth.from, lastMonth.to),
    ]);
  const trend = months.map((label) => ({ label, value: centsToRand(byMonth.get(label) ?? 0) }));
  const last = byMonth.get(months[5]!) ?? 0;
  return {
    stats: {
      total_products: products,
      total_orders: statusBreakdown.reduce((sum, s) => sum + s.count, 0),
      active_coops: activeCoops,
      my_memberships: memberships,
      total_revenue: centsToRand(totalCents),
      revenue_change_percent: percentChange(previous, last),
    },
    revenue_trend: trend,
    status_breakdown: statusBreakdown,
    recent_orders: recent,
  };
}
