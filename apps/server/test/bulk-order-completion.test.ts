import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { BulkOrder, Participation } from '@tt/domain';
import { bulkOrders, products } from '../src/db/schema.ts';
import { completeEndedBulkOrders } from '../src/features/bulk-orders/service.ts';
import { count, createTestApp, expectError, rowsOf, type TestApp } from './support/test-app.ts';
import { newMember, seededCoops } from './support/cooperatives.ts';
import { insertCategory, insertProduct, insertUser } from './support/marketplace.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Bulk orders complete (issue 12 point 6; ADR 025): at the end date with the target met (or closed by a
 * coordinator once met) every participation becomes an order from the seller at the bulk price; below
 * target it is cancelled and the participants are told. Exactly once, however often the job runs.
 * Runs over PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
describe('bulk order completion', () => {
  let t: TestApp;
  let coordinator: string;
  let admin: string;
  let coops: Awaited<ReturnType<typeof seededCoops>>;
  let category: number;

  beforeAll(async () => {
    t = await createTestApp();
    [coordinator, admin] = await Promise.all([t.login('coordinator'), t.login('admin')]);
    coops = await seededCoops(t.db);
    category = await insertCategory(t.db, 'Bulk completion');
  });
  afterAll(() => t.close());

  const post = (url: string, cookie: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

  /** A seller's product at R 10.00 with `stock`, a bulk order at 10% off (R 9.00) for `target`, and joins. */
  async function bulkOrderWith(joins: number[], options: { target: number; stock?: number }) {
    const sellerId = await insertUser(t.db, 'supplier');
    const seller = await t.sessionFor(sellerId);
    const productId = await insertProduct(t.db, {
      seller_id: sellerId,
      category_id: category,
      price_cents: 1000,
      stock: options.stock ?? 1000,
    });
    const created = await post('/api/bulk-orders', coordinator, {
      coop_id: coops.soweto,
      product_id: productId,
      bulk_discount_percentage: 10,
      minimum_quantity: 1,
      target_quantity: options.target,
      end_date: new Date(Date.now() + 7 * DAY).toISOString(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const proposal = created.json() as BulkOrder;
    const accepted = await post(`/api/bulk-orders/${proposal.id}/accept`, seller, {
      committed_quantity: Math.max(
        options.target,
        joins.reduce((a, b) => a + b, 0),
      ),
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const members = [];
    for (const quantity of joins) {
      const member = await newMember(t, coops.soweto);
      const joined = await post('/api/bulk-orders/participate', member.cookie, {
        bulk_order_id: proposal.id,
        quantity,
      });
      expect(joined.statusCode, joined.body).toBe(201);
      members.push({ ...member, quantity });
    }
    return { id: proposal.id, productId, sellerId, members };
  }

  const end = (id: number) =>
    t.db
      .update(bulkOrders)
      .set({ end_date: new Date(Date.now() - 60_000) })
      .where(eq(bulkOrders.id, id));
  const runJob = () => t.db.transaction((tx) => completeEndedBulkOrders(tx, new Date()));
  const statusOf = async (id: number) =>
    (await t.db.select({ s: bulkOrders.status }).from(bulkOrders).where(eq(bulkOrders.id, id)))[0]!.s;
  const ordersOf = async (buyerId: number, productId: number) =>
    rowsOf<{ id: number; quantity: number; unit: number; discount: number; total: number }>(
      await t.db.execute(sql`
        select o.id, i.quantity, i.unit_price_cents::int as unit, i.discount_cents::int as discount,
               o.total_cents::int as total
        from orders o join order_items i on i.order_id = o.id
        where o.buyer_id = ${buyerId} and i.product_id = ${productId}`),
    );
  const participations = async (cookie: string) =>
    (await get('/api/bulk-orders/my-participations', cookie)).json() as Participation[];
  const noticesOf = async (userId: number) =>
    rowsOf<{ title: string; link: string }>(
      await t.db.execute(
        sql`select title, link from notifications where user_id = ${userId} and title like 'notifications.bulk.%'`,
      ),
    );

  it('at the end date with the target met, each participation becomes one order at the bulk price, once, however often the job runs', async () => {
    const bulk = await bulkOrderWith([4, 6], { target: 10 });
    expect(await runJob()).toBe(0); // not ended yet: nothing happens
    await end(bulk.id);
    // Twice at once, then again: one completion.
    await Promise.all([runJob(), runJob()]);
    await runJob();
    expect(await statusOf(bulk.id)).toBe('completed');
    for (const member of bulk.members) {
      const placed = await ordersOf(member.id, bulk.productId);
      expect(placed).toHaveLength(1);
      // List R 10.00 less the bulk offer (R 1.00 a unit): the bulk price, through the one pricing rule.
      expect(placed[0]).toMatchObject({
        quantity: member.quantity,
        unit: 1000,
        discount: 100 * member.quantity,
      });
      const [mine] = await participations(member.cookie);
      expect(mine).toMatchObject({
        bulk_order_id: bulk.id,
        order_id: placed[0]!.id,
        payment_status: 'pending',
        failure_reason: null,
      });
      expect(mine!.order_number).not.toBeNull();
      expect(await noticesOf(member.id)).toEqual([
        { title: 'notifications.bulk.completed.title', link: `/orders?order=${placed[0]!.id}` },
      ]);
    }
    // Its payment follows the order.
    const first = bulk.members[0]!;
    await t.db.execute(
      sql`update orders set paid_at = now() where id = ${(await participations(first.cookie))[0]!.order_id}`,
    );
    expect((await participations(first.cookie))[0]!.payment_status).toBe('paid');
    // The seller's stock was reserved for both orders.
    const [stock] = await t.db
      .select({ s: products.stock_quantity })
      .from(products)
      .where(eq(products.id, bulk.productId));
    expect(stock!.s).toBe(1000 - 10);
  });

  it('below target at the end date it is cancelled and every participant is told, with a link', async () => {
    const bulk = await bulkOrderWith([2, 3], { target: 20 });
    await end(bulk.id);
    await Promise.all([runJob(), runJob()]);
    expect(await statusOf(bulk.id)).toBe('cancelled');
    for (const member of bulk.members) {
      expect(await ordersOf(member.id, bulk.productId)).toEqual([]);
      expect(await noticesOf(member.id)).toEqual([
        { title: 'notifications.bulk.cancelled.title', link: '/bulk-orders' },
      ]);
    }
  });

  it('a participation the stock no longer covers is marked and its member told; the others are placed', async () => {
    const bulk = await bulkOrderWith([5, 5, 5], { target: 15, stock: 20 });
    // The seller sold some elsewhere meanwhile: 12 left for 15 promised.
    await t.db.update(products).set({ stock_quantity: 12 }).where(eq(products.id, bulk.productId));
    await end(bulk.id);
    await runJob();
    expect(await statusOf(bulk.id)).toBe('completed');
    const placed = await Promise.all(bulk.members.map((m) => ordersOf(m.id, bulk.productId)));
    expect(placed.map((p) => p.length)).toEqual([1, 1, 0]);
    const last = bulk.members[2]!;
    expect((await participations(last.cookie))[0]).toMatchObject({
      order_id: null,
      failure_reason: 'checkout.not_enough_stock',
    });
    expect(await noticesOf(last.id)).toEqual([
      { title: 'notifications.bulk.not_placed.title', link: '/bulk-orders' },
    ]);
  });

  describe('POST /api/bulk-orders/:id/close', () => {
    it('a coordinator closes it once the target is met: the orders are placed at once, and once', async () => {
      const bulk = await bulkOrderWith([3, 7], { target: 10 });
      const [first, second] = await Promise.all([
        post(`/api/bulk-orders/${bulk.id}/close`, coordinator),
        post(`/api/bulk-orders/${bulk.id}/close`, coordinator),
      ]);
      expect([first!.statusCode, second!.statusCode].sort()).toEqual([200, 409]);
      const closed = (first!.statusCode === 200 ? first! : second!).json() as BulkOrder;
      expect(closed.status).toBe('completed');
      await end(bulk.id);
      await runJob();
      for (const member of bulk.members) expect(await ordersOf(member.id, bulk.productId)).toHaveLength(1);
    });

    it('refuses anonymous (401), a member who is not its coordinator (403), a bad id (400) and below target (409), writing nothing', async () => {
      const bulk = await bulkOrderWith([2], { target: 10 });
      const member = bulk.members[0]!;
      const before = { orders: await count(t.db, 'orders'), notices: await count(t.db, 'notifications') };
      expectError(await post(`/api/bulk-orders/${bulk.id}/close`, ''), 401);
      expectError(
        await post(`/api/bulk-orders/${bulk.id}/close`, member.cookie),
        403,
        'bulk_order.close_coordinator_only',
      );
      expectError(await post(`/api/bulk-orders/${bulk.id}/close`, admin), 403);
      expectError(await post('/api/bulk-orders/abc/close', coordinator), 400);
      expectError(
        await post(`/api/bulk-orders/${bulk.id}/close`, coordinator),
        409,
        'bulk_order.cannot_close',
      );
      expectError(await post('/api/bulk-orders/99999999/close', coordinator), 404, 'bulk_order.not_found');
      expect({ orders: await count(t.db, 'orders'), notices: await count(t.db, 'notifications') }).toEqual(
        before,
      );
      expect(await statusOf(bulk.id)).toBe('active');
    });
  });
});
