import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { lastSixMonths, ORDER_STATUSES, percentChange, type Dashboard, type DemoRole } from '@tt/domain';
import { users } from '../src/db/schema.ts';
import { demoEmail } from '../src/features/auth/service.ts';
import { dashboardFor } from '../src/features/dashboard/service.ts';
import { createTestApp, expectError, rowsOf, type TestApp } from './support/test-app.ts';

describe('GET /api/dashboard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function userId(role: DemoRole) {
    const [row] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demoEmail(role)));
    return row!.id;
  }
  async function dashboard(role: DemoRole) {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard',
      headers: { cookie: await t.login(role) },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Dashboard;
  }
  async function query<T>(statement: ReturnType<typeof sql>) {
    return rowsOf<T>(await t.db.execute(statement));
  }
  /** The expected figures, straight from SQL, for the orders matching `scope`. */
  async function expected(scope: ReturnType<typeof sql>, now = new Date()) {
    const [totals] = await query<{ orders: number; revenue_cents: string }>(sql`
      select count(*)::int as orders,
             coalesce(sum(total_cents) filter (where status <> 'cancelled'), 0)::text as revenue_cents
        from orders where ${scope}`);
    const byStatus = await query<{ status: string; n: number }>(sql`
      select status, count(*)::int as n from orders where ${scope} group by status`);
    const byMonth = await query<{ month: string; cents: string }>(sql`
      select to_char(created_at at time zone 'Africa/Johannesburg', 'YYYY-MM') as month, sum(total_cents)::text as cents
        from orders where ${scope} and status <> 'cancelled' group by 1`);
    const recent = await query<{ id: number }>(sql`
      select id from orders where ${scope} order by created_at desc, id desc limit 5`);
    // This month so far, and last month from its 1st for as long (to the same day and time, at most its end).
    const [span] = await query<{ this_month: string; last_month: string }>(sql`
      with n as (select ${now.toISOString()}::timestamptz as at),
      m as (select at, date_trunc('month', at at time zone 'Africa/Johannesburg') as local_start from n),
      s as (
        select at, local_start at time zone 'Africa/Johannesburg' as start,
               (local_start - interval '1 month') at time zone 'Africa/Johannesburg' as last_start
          from m)
      select coalesce(sum(total_cents) filter (where created_at >= s.start and created_at <= s.at), 0)::text as this_month,
             coalesce(sum(total_cents) filter (
               where created_at >= s.last_start and created_at < least(s.last_start + (s.at - s.start), s.start)
             ), 0)::text as last_month
        from s left join orders on ${scope} and status <> 'cancelled'
       group by s.at, s.start, s.last_start`);
    return {
      orders: totals!.orders,
      revenueCents: Number(totals!.revenue_cents),
      byStatus: new Map(byStatus.map((r) => [r.status, r.n])),
      byMonth: new Map(byMonth.map((r) => [r.month, Number(r.cents)])),
      recentIds: recent.map((r) => r.id),
      change: percentChange(Number(span!.last_month), Number(span!.this_month)),
    };
  }
  const cents = (rand: number) => Math.round(rand * 100);

  function expectShape(body: Dashboard, want: Awaited<ReturnType<typeof expected>>) {
    expect(body.stats.total_orders).toBe(want.orders);
    expect(cents(body.stats.total_revenue)).toBe(want.revenueCents);
    // Rand with at most two decimals: no float residue from summing.
    expect(body.stats.total_revenue).toBe(want.revenueCents / 100);

    const months = lastSixMonths(new Date());
    expect(body.revenue_trend.map((d) => d.label)).toEqual(months);
    expect([...months].sort()).toEqual(months);
    for (const datum of body.revenue_trend)
      expect(cents(datum.value)).toBe(want.byMonth.get(datum.label) ?? 0);

    expect(body.status_breakdown.map((s) => s.status)).toEqual([...ORDER_STATUSES]);
    for (const s of body.status_breakdown) expect(s.count).toBe(want.byStatus.get(s.status) ?? 0);

    expect(body.recent_orders.length).toBeLessThanOrEqual(5);
    expect(body.recent_orders.map((o) => o.id)).toEqual(want.recentIds);
    expect(body.stats.revenue_change_percent).toBe(want.change);
    const times = body.recent_orders.map((o) => Date.parse(o.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    for (const order of body.recent_orders) {
      expect(order.distributor_name.length).toBeGreaterThan(0);
      expect(order.retailer_name.length).toBeGreaterThan(0);
    }
  }

  it('refuses an anonymous caller', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/dashboard' }), 401, 'unauthorized');
  });

  it('shows a retailer the orders it bought (buyer view), right to the cent', async () => {
    const retailerId = await userId('retailer');
    const body = await dashboard('retailer');
    const want = await expected(sql`buyer_id = ${retailerId}`);
    expect(want.orders).toBeGreaterThan(5);
    expect(body.recent_orders).toHaveLength(5);
    expectShape(body, want);
    const buyers = await query<{ buyer_id: number }>(
      sql`select buyer_id from orders where id in (${sql.join(
        body.recent_orders.map((o) => sql`${o.id}`),
        sql`, `,
      )})`,
    );
    expect(buyers).toHaveLength(5);
    for (const row of buyers) expect(row.buyer_id).toBe(retailerId);
    for (const order of body.recent_orders) expect(order.retailer_name).toBe("Thandi's Spaza Shop");
    // The seed's newest retailer orders cover every live status.
    expect(body.status_breakdown.every((s) => s.count > 0)).toBe(true);
  });

  it('shows a supplier the orders it sold (seller view)', async () => {
    const supplierId = await userId('supplier');
    const body = await dashboard('supplier');
    const want = await expected(sql`seller_id = ${supplierId}`);
    expect(want.orders).toBeGreaterThan(0);
    expectShape(body, want);
    expect(body.recent_orders.length).toBeGreaterThan(0);
    for (const order of body.recent_orders) expect(order.distributor_name).toBe('Ubuntu Foods Wholesale');
  });

  it('compares this month so far with the same span of last month, on any day of the month', async () => {
    const [admin] = await t.db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail('admin')));
    const compared: (number | null)[] = [];
    for (const daysAgo of [0, 9, 17, 26, 40]) {
      const now = new Date(Date.now() - daysAgo * 86_400_000);
      const body = await dashboardFor(t.db, admin!, now);
      const want = await expected(sql`created_at <= ${now.toISOString()}::timestamptz`, now);
      expect(body.stats.revenue_change_percent, now.toISOString()).toBe(want.change);
      compared.push(body.stats.revenue_change_percent);
    }
    // The seed's orders fill most days, so some of these days have a figure to compare with.
    expect(compared.some((c) => c !== null)).toBe(true);
  });

  it('shows an admin every order', async () => {
    const body = await dashboard('admin');
    const want = await expected(sql`true`);
    const [all] = await query<{ n: number }>(sql`select count(*)::int as n from orders`);
    expect(body.stats.total_orders).toBe(all!.n);
    expectShape(body, want);
  });
});
