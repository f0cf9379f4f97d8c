import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { bulkOrderSchema, type BulkOrder, type Participation } from '@tt/domain';
import { bulkOrderParticipations, bulkOrders, products } from '../src/db/schema.ts';
import { count, createTestApp, expectError, type TestApp } from './support/test-app.ts';
import { newMember, seededCoops } from './support/cooperatives.ts';

const DAY = 24 * 60 * 60 * 1000;

/** DELETE /api/bulk-orders/participations/:id (issue 10 point 3): leaving a bulk order while it is active. */
describe('leaving a bulk order', () => {
  let t: TestApp;
  let coordinator: string;
  let productId: number;
  let soweto: number;

  beforeAll(async () => {
    t = await createTestApp();
    coordinator = await t.login('coordinator');
    soweto = (await seededCoops(t.db)).soweto;
    const [row] = await t.db
      .select({ id: products.id, price: products.selling_price_cents })
      .from(products)
      .where(eq(products.is_active, true))
      .orderBy(asc(products.id))
      .limit(1);
    productId = row!.id;
    await t.db.update(products).set({ stock_quantity: 100_000 }).where(eq(products.id, productId));
  });
  afterAll(() => t.close());

  const send = (method: 'POST' | 'DELETE', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

  /** An active order at list price (it opens at once) with one member who joined it. */
  async function joined() {
    const created = await send('POST', '/api/bulk-orders', coordinator, {
      coop_id: soweto,
      product_id: productId,
      bulk_discount_percentage: 0,
      minimum_quantity: 4,
      target_quantity: 100,
      end_date: new Date(Date.now() + 7 * DAY).toISOString(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json() as BulkOrder;
    expect(order.status).toBe('active');
    const member = await newMember(t, soweto);
    const response = await send('POST', '/api/bulk-orders/participate', member.cookie, {
      bulk_order_id: order.id,
      quantity: 4,
    });
    expect(response.statusCode, response.body).toBe(201);
    const { participation } = response.json() as { participation: Participation };
    return { order, member, participation };
  }

  const stored = async (orderId: number) =>
    (await t.db.select().from(bulkOrders).where(eq(bulkOrders.id, orderId)))[0]!;
  const participations = (orderId: number) =>
    count(t.db, 'bulk_order_participations', sql`bulk_order_id = ${orderId}`);

  it('removes the participation and frees its quantity', async () => {
    const { order, member, participation } = await joined();
    expect((await stored(order.id)).current_quantity).toBe(4);
    const response = await send(
      'DELETE',
      `/api/bulk-orders/participations/${participation.id}`,
      member.cookie,
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { bulk_order: BulkOrder };
    bulkOrderSchema.parse(body.bulk_order);
    expect(body.bulk_order).toMatchObject({ id: order.id, current_quantity: 0, status: 'active' });
    expect(await participations(order.id)).toBe(0);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/bulk-orders/my-participations',
      headers: { cookie: member.cookie },
    });
    expect((mine.json() as Participation[]).map((p) => p.id)).not.toContain(participation.id);
    // Leaving again finds nothing.
    expectError(
      await send('DELETE', `/api/bulk-orders/participations/${participation.id}`, member.cookie),
      404,
      'bulk_order.participation_not_found',
    );
  });

  it('refuses anonymous (401), someone else (403), unknown (404) and bad ids (400), writing nothing', async () => {
    const { order, participation } = await joined();
    const url = `/api/bulk-orders/participations/${participation.id}`;
    expectError(await send('DELETE', url), 401);
    const other = await newMember(t, soweto);
    expectError(await send('DELETE', url, other.cookie), 403, 'bulk_order.not_your_participation');
    // A seller's role has no coops.join permission.
    expectError(await send('DELETE', url, await t.login('supplier')), 403);
    expectError(
      await send('DELETE', '/api/bulk-orders/participations/999999', other.cookie),
      404,
      'bulk_order.participation_not_found',
    );
    expectError(await send('DELETE', '/api/bulk-orders/participations/abc', other.cookie), 400);
    expect(await participations(order.id)).toBe(1);
    expect((await stored(order.id)).current_quantity).toBe(4);
  });

  it('refuses (409) once the order is no longer active, has ended, or the share is paid', async () => {
    const cases: Array<(orderId: number, participationId: number) => Promise<unknown>> = [
      (id) => t.db.update(bulkOrders).set({ status: 'target_reached' }).where(eq(bulkOrders.id, id)),
      (id) => t.db.update(bulkOrders).set({ status: 'cancelled' }).where(eq(bulkOrders.id, id)),
      (id) =>
        t.db
          .update(bulkOrders)
          .set({ end_date: new Date(Date.now() - 1000) })
          .where(eq(bulkOrders.id, id)),
      (_, pid) =>
        t.db
          .update(bulkOrderParticipations)
          .set({ payment_status: 'paid' })
          .where(eq(bulkOrderParticipations.id, pid)),
    ];
    for (const close of cases) {
      const { order, member, participation } = await joined();
      await close(order.id, participation.id);
      expectError(
        await send('DELETE', `/api/bulk-orders/participations/${participation.id}`, member.cookie),
        409,
        'bulk_order.cannot_leave',
      );
      expect(await participations(order.id)).toBe(1);
      expect((await stored(order.id)).current_quantity).toBe(4);
    }
  });
});
