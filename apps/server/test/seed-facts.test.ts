import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, min } from 'drizzle-orm';
import type { AppUser, NotificationList, Order } from '@tt/domain';
import { memberships, notifications, orders, users } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/** Issue 10 point 9: the demo world's notices and profile dates state facts of that world. */
describe('seeded facts', () => {
  let t: TestApp;
  let retailer: string;
  let retailerId: number;
  beforeAll(async () => {
    t = await createTestApp();
    retailer = await t.login('retailer');
    retailerId = await t.demoUserId('retailer');
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: retailer } });

  it('every seeded notice links to its subject; the shipped order exists, is shipped and is the buyer’s', async () => {
    const list = (await get('/api/notifications')).json() as NotificationList;
    const seeded = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.user_id, retailerId))
      .orderBy(asc(notifications.id));
    expect(seeded.length).toBeGreaterThan(0);
    for (const n of seeded) expect(n.link, n.title).toMatch(/^\/[^/]/);
    const shipped = list.notifications.find((n) => n.title === 'notifications.demo.order_shipped.title');
    expect(shipped).toBeDefined();
    const id = Number(new URL(shipped!.link!, 'http://x').searchParams.get('order'));
    const response = await get(`/api/orders/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    const order = response.json() as Order;
    expect(order.status).toBe('shipped');
    expect(shipped!.params).toEqual({ number: order.order_number });
    expect(new Date(shipped!.timestamp).getTime()).toBeGreaterThan(new Date(order.created_at).getTime());
  });

  it('"Member since" is before the account’s first order and first co-op membership', async () => {
    const me = (await get('/api/users/me')).json() as AppUser;
    const since = new Date(me.created_at).getTime();
    expect(since).toBeLessThan(Date.now() - 30 * 24 * 60 * 60 * 1000);
    const [firstOrder] = await t.db
      .select({ at: min(orders.created_at) })
      .from(orders)
      .where(eq(orders.buyer_id, retailerId));
    const [firstJoin] = await t.db
      .select({ at: min(memberships.join_date) })
      .from(memberships)
      .where(eq(memberships.user_id, retailerId));
    expect(firstOrder?.at).toBeTruthy();
    expect(since).toBeLessThanOrEqual(new Date(firstOrder!.at!).getTime());
    if (firstJoin?.at) expect(since).toBeLessThanOrEqual(new Date(firstJoin.at).getTime());
    // Every seeded account is older than its own orders.
    const rows = await t.db
      .select({ created: users.created_at, first: min(orders.created_at) })
      .from(users)
      .innerJoin(orders, and(eq(orders.buyer_id, users.id)))
      .groupBy(users.id, users.created_at);
    for (const r of rows) expect(r.created.getTime()).toBeLessThanOrEqual(new Date(r.first!).getTime());
  });
});
