import { bucketLabels, can, centsToRand, reportRange, type ApiSales, type ReportPeriod } from '@tt/domain';
import type { Db } from '../../db/client.ts';
import type { AuthenticatedUser } from '../../platform/auth.ts';
import { partyOrderTotals, type OrderParty } from '../orders/service.ts';

/**
 * GET /api/analytics/sales (read:analytics): the caller's own order figures over a report period, counted as the
 * reports count them (cancelled orders left out of the value). A seller's are its sales, an admin's (who sees
 * every order) the platform's, anyone else's their purchases.
 */
export async function salesOf(
  db: Db,
  caller: Pick<AuthenticatedUser, 'id' | 'role'>,
  period: ReportPeriod,
  now = new Date(),
): Promise<ApiSales> {
  const side: ApiSales['side'] = can(caller.role, 'orders.sell')
    ? 'sales'
    : can(caller.role, 'orders.view_all')
      ? 'platform'
      : 'purchases';
  const party: OrderParty =
    side === 'platform' ? null : { side: side === 'sales' ? 'seller' : 'buyer', id: caller.id };
  const range = reportRange(period, now);
  const { totals, byBucket } = await partyOrderTotals(db, party, range.bucket, range.from, range.to);
  const kept = totals.orders - totals.cancelled;
  return {
    period,
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    side,
    figures: {
      orders: totals.orders,
      cancelled_orders: totals.cancelled,
      total: centsToRand(totals.total_cents),
      average_order_value: kept === 0 ? 0 : centsToRand(Math.round(totals.total_cents / kept)),
    },
    series: bucketLabels(range).map((label) => ({
      label,
      total: centsToRand(byBucket.get(label)?.total_cents ?? 0),
      orders: byBucket.get(label)?.orders ?? 0,
    })),
  };
}
