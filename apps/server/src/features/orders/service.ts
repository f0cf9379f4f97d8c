import { and, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { centsToRand, orderScopeFor, ORDER_STATUSES, type OrderStatus, type RecentOrder } from '@tt/domain';
import type { Db } from '../../db/client.ts';
import { users } from '../auth/tables.ts';
import type { UserRow } from '../auth/service.ts';
import { orders } from './tables.ts';

const buyers = alias(users, 'buyers');
const sellers = alias(users, 'sellers');

const partyName = (u: typeof buyers | typeof sellers) => sql<string>`coalesce(${u.company_name}, ${u.name})`;

/** The orders a user may see (see orderScopeFor). */
export function visibleOrders(user: Pick<UserRow, 'id' | 'role'>): SQL | undefined {
  switch (orderScopeFor(user.role)) {
    case 'all':
      return undefined;
    case 'seller':
      return eq(orders.seller_id, user.id);
    case 'buyer':
      return eq(orders.buyer_id, user.id);
  }
}

export async function recentOrders(db: Db, user: UserRow, limit: number): Promise<RecentOrder[]> {
  const rows = await db
    .select({
      id: orders.id,
      order_number: orders.order_number,
      status: orders.status,
      created_at: orders.created_at,
      total_cents: orders.total_cents,
      distributor_name: partyName(sellers),
      retailer_name: partyName(buyers),
    })
    .from(orders)
    .innerJoin(buyers, eq(buyers.id, orders.buyer_id))
    .innerJoin(sellers, eq(sellers.id, orders.seller_id))
    .where(visibleOrders(user))
    .orderBy(desc(orders.created_at), desc(orders.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    order_number: r.order_number,
    status: r.status as OrderStatus,
    created_at: r.created_at.toISOString(),
    total_amount: centsToRand(r.total_cents),
    distributor_name: r.distributor_name,
    retailer_name: r.retailer_name,
  }));
}

export async function orderCountsByStatus(
  db: Db,
  user: UserRow,
): Promise<{ status: OrderStatus; count: number }[]> {
  const rows = await db
    .select({ status: orders.status, count: sql<number>`count(*)::int` })
    .from(orders)
    .where(visibleOrders(user))
    .groupBy(orders.status);
  const byStatus = new Map(rows.map((r) => [r.status, r.count]));
  return ORDER_STATUSES.map((status) => ({ status, count: byStatus.get(status) ?? 0 }));
}

/** Order value per calendar month (Johannesburg time) since `since`, cancelled orders left out. */
export async function monthlyOrderValue(db: Db, user: UserRow, since: Date): Promise<Map<string, number>> {
  const month = sql<string>`to_char(${orders.created_at} at time zone 'Africa/Johannesburg', 'YYYY-MM')`;
  const rows = await db
    .select({ month, cents: sql<string>`sum(${orders.total_cents})` })
    .from(orders)
    .where(and(visibleOrders(user), gte(orders.created_at, since), sql`${orders.status} <> 'cancelled'`))
    .groupBy(month);
  return new Map(rows.map((r) => [r.month, Number(r.cents)]));
}

export async function totalOrderValue(db: Db, user: UserRow): Promise<number> {
  const [row] = await db
    .select({ cents: sql<string>`coalesce(sum(${orders.total_cents}), 0)` })
    .from(orders)
    .where(and(visibleOrders(user), sql`${orders.status} <> 'cancelled'`));
  return Number(row?.cents ?? 0);
}
