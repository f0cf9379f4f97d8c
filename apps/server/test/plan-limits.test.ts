import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { planLimitSchema, type VirtualWarehouse } from '@tt/domain';
import { orders, virtualWarehouses, warehouseOwnerships } from '../src/db/schema.ts';
import { enforcePlanLimit, subscribe } from '../src/features/subscriptions/service.ts';
import { count, createTestApp, rowsOf, type TestApp } from './support/test-app.ts';
import { addMember, newMember, seededCoops } from './support/cooperatives.ts';
import {
  idempotencyKey,
  insertCategory,
  insertProduct,
  insertUser,
  orderNumber,
  rand,
  vat15,
} from './support/marketplace.ts';

/**
 * DECISIONS 16: every plan limit is checked by one guard inside the writing transaction, serialised per
 * account. The parallel tests are the proof: before the guard, 20 parallel allocations on a 50 m³
 * allowance took 205 m³ on PostgreSQL and 20 parallel creates made 6 warehouses on an allowance of 5.
 */
describe('plan limits (DECISIONS 16)', () => {
  let t: TestApp;
  let coops: Awaited<ReturnType<typeof seededCoops>>;

  beforeAll(async () => {
    t = await createTestApp();
    coops = await seededCoops(t.db);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, cookie: string) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie } });
  const warehouseBody = (name: string, capacity = 100) => ({
    name,
    total_capacity_cubic_meters: capacity,
    warehouse_type: 'shared',
    cost_per_cubic_meter_monthly: 50,
  });
  /** The 402 of a plan limit: the error shape plus feature, used, limit and what was requested. */
  const expectPlanLimit = (
    response: { statusCode: number; body: string; json: () => unknown },
    details: Record<string, unknown>,
  ) => {
    expect(response.statusCode, response.body).toBe(402);
    const body = planLimitSchema.parse(response.json());
    expect(body.error.message.length).toBeGreaterThan(0);
    expect(body).toMatchObject(details);
    return body;
  };
  const ownedHundredths = async (userId: number) =>
    rowsOf<{ h: number }>(
      await t.db.execute(
        sql`select coalesce(sum(allocated_space_hundredths), 0)::int as h from warehouse_ownerships where user_id = ${userId}`,
      ),
    )[0]!.h;

  it('one coordinator’s 20 parallel allocations never pass a 50 m³ allowance', async () => {
    // A roomy warehouse created by an enterprise member, so only the plan can refuse.
    const host = await newMember(t, coops.soweto);
    await subscribe(t.db, host.id, 'enterprise');
    const depot = (
      await post(
        `/api/cooperatives/${coops.soweto}/virtual-warehouses`,
        warehouseBody('Race depot', 1000),
        host.cookie,
      )
    ).json() as VirtualWarehouse;
    const coordinator = await newMember(t, coops.soweto, { is_coordinator: true });
    await subscribe(t.db, coordinator.id, 'professional');

    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(
          '/api/virtual-warehouses/allocate-space',
          { warehouse_id: depot.id, allocated_space_cubic_meters: 5, ownership_percentage: 1 },
          coordinator.cookie,
        ),
      ),
    );
    const granted = responses.filter((r) => r.statusCode === 201).length;
    for (const r of responses.filter((r) => r.statusCode !== 201)) {
      expectPlanLimit(r, { feature: 'warehouse_space', limit: 50, requested: 5 });
    }
    expect(await ownedHundredths(coordinator.id)).toBeLessThanOrEqual(50_00);
    // Requests keep coming until the allowance is used, so exactly 10 of 5 m³ are granted.
    expect(granted).toBe(10);
    expect(await ownedHundredths(coordinator.id)).toBe(50_00);
    const [stored] = await t.db.select().from(virtualWarehouses).where(eq(virtualWarehouses.id, depot.id));
    expect(stored!.allocated_capacity_hundredths).toBe(50_00);
  });

  it('20 parallel warehouse creates never pass an allowance of 5', async () => {
    const member = await newMember(t, coops.soweto);
    await subscribe(t.db, member.id, 'professional');
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(
          `/api/cooperatives/${coops.soweto}/virtual-warehouses`,
          warehouseBody(`Parallel ${i}`),
          member.cookie,
        ),
      ),
    );
    for (const r of responses.filter((r) => r.statusCode !== 201)) {
      expectPlanLimit(r, { feature: 'warehouses', used: 5, limit: 5 });
    }
    expect(await count(t.db, 'virtual_warehouses', eq(virtualWarehouses.created_by, member.id))).toBe(5);
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(5);
  });

  it('a downgrade deletes nothing and refuses new writes past the lower limit', async () => {
    const member = await newMember(t, coops.soweto);
    await subscribe(t.db, member.id, 'professional');
    for (const name of ['D1', 'D2', 'D3']) {
      expect(
        (
          await post(
            `/api/cooperatives/${coops.soweto}/virtual-warehouses`,
            warehouseBody(name),
            member.cookie,
          )
        ).statusCode,
      ).toBe(201);
    }
    await subscribe(t.db, member.id, 'trader');
    expect(await count(t.db, 'virtual_warehouses', eq(virtualWarehouses.created_by, member.id))).toBe(3);
    const refused = await post(
      `/api/cooperatives/${coops.soweto}/virtual-warehouses`,
      warehouseBody('D4'),
      member.cookie,
    );
    expectPlanLimit(refused, { feature: 'warehouses', used: 3, limit: 2, requested: 1 });
    expect(await count(t.db, 'virtual_warehouses', eq(virtualWarehouses.created_by, member.id))).toBe(3);
  });

  it('says what a too-big allocation needs instead of a full bar at 0 used', async () => {
    const member = await newMember(t, coops.soweto);
    await subscribe(t.db, member.id, 'professional');
    const depot = (
      await post(
        `/api/cooperatives/${coops.soweto}/virtual-warehouses`,
        warehouseBody('Big ask', 500),
        member.cookie,
      )
    ).json() as VirtualWarehouse;
    const refused = await post(
      '/api/virtual-warehouses/allocate-space',
      { warehouse_id: depot.id, allocated_space_cubic_meters: 100, ownership_percentage: 10 },
      member.cookie,
    );
    expectPlanLimit(refused, { feature: 'warehouse_space', used: 0, limit: 50, requested: 100 });
    expect(await count(t.db, 'warehouse_ownerships', eq(warehouseOwnerships.user_id, member.id))).toBe(0);
  });

  describe('co-op members count against the coordinators’ plans', () => {
    it('refuses the 26th member of a free coordinator’s cooperative (409 to the joiner), writing nothing', async () => {
      const founderId = await insertUser(t.db, 'retailer');
      const founder = await t.sessionFor(founderId);
      const registered = await post(
        '/api/cooperatives',
        { name: `Plan test co-op ${founderId}`, area: 'Soweto', province: 'Gauteng' },
        founder,
      );
      expect(registered.statusCode, registered.body).toBe(201);
      const coopId = (registered.json() as { cooperative: { id: number } }).cooperative.id;
      // 24 more members straight into the table: 25, the free plan's limit.
      for (let i = 0; i < 24; i += 1) await addMember(t.db, coopId, await insertUser(t.db, 'retailer'));
      const joinerId = await insertUser(t.db, 'retailer');
      const joiner = await t.sessionFor(joinerId);
      const before = await count(t.db, 'cooperative_memberships');
      const refused = await post('/api/cooperatives/join', { coop_id: coopId }, joiner);
      // The joiner cannot upgrade the coordinator's plan: a 409 that says why, not the upgrade dialog's 402.
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toMatchObject({
        error: {
          code: 'coop.full_for_plan',
          message: expect.stringMatching(/coordinator/),
          params: { feature: 'coop_members', used: 25, limit: 25 },
        },
        feature: 'coop_members',
        used: 25,
        limit: 25,
      });
      expect(await count(t.db, 'cooperative_memberships')).toBe(before);

      // The coordinator upgrades: the same join now succeeds.
      await subscribe(t.db, founderId, 'trader');
      const joined = await post('/api/cooperatives/join', { coop_id: coopId }, joiner);
      expect(joined.statusCode, joined.body).toBe(201);
    });

    it('counts every cooperative the coordinator runs, for founding too', async () => {
      const founderId = await insertUser(t.db, 'retailer');
      const founder = await t.sessionFor(founderId);
      const first = await post(
        '/api/cooperatives',
        { name: `Plan first ${founderId}`, area: 'Tembisa', province: 'Gauteng' },
        founder,
      );
      const coopId = (first.json() as { cooperative: { id: number } }).cooperative.id;
      for (let i = 0; i < 24; i += 1) await addMember(t.db, coopId, await insertUser(t.db, 'retailer'));
      const before = await count(t.db, 'cooperatives');
      const second = await post(
        '/api/cooperatives',
        { name: `Plan second ${founderId}`, area: 'Tembisa', province: 'Gauteng' },
        founder,
      );
      expectPlanLimit(second, { feature: 'coop_members', used: 25, limit: 25 });
      expect(await count(t.db, 'cooperatives')).toBe(before);
    });
  });

  describe('orders a month', () => {
    let supplierId: number;
    let distributorId: number;
    let category: number;
    beforeAll(async () => {
      supplierId = await t.demoUserId('supplier');
      distributorId = await t.demoUserId('distributor');
      category = await insertCategory(t.db, 'Plan orders', await insertCategory(t.db, 'Plan orders dept'));
    });

    /** One R10 product from each seller named (a seller named twice: two lines of one order). */
    const checkout = async (cookie: string, sellers: number[]) => {
      const items = await Promise.all(
        sellers.map(async (seller) => ({
          product_id: await insertProduct(t.db, {
            seller_id: seller,
            category_id: category,
            price_cents: 1000,
          }),
          seller,
        })),
      );
      const perSeller = [...new Set(sellers)].map((s) => sellers.filter((x) => x === s).length * 1000);
      const tax = perSeller.reduce((sum, subtotal) => sum + vat15(subtotal), 0);
      const total = perSeller.reduce((sum, subtotal) => sum + subtotal + vat15(subtotal) + 3999, 0);
      return t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { cookie, 'idempotency-key': idempotencyKey() },
        payload: {
          order_number: orderNumber(),
          total_amount: rand(total),
          tax_amount: rand(tax),
          discount_amount: 0,
          delivery_option: 'standard',
          items: items.map((i) => ({
            product_id: i.product_id,
            quantity: 1,
            unit_price: 10,
            total_price: 10,
          })),
        },
      });
    };

    it('lets a free buyer place 20 orders in the month, one per seller, and refuses more with nothing written', async () => {
      const buyerId = await insertUser(t.db, 'retailer');
      const cookie = await t.sessionFor(buyerId);
      // Last month's orders do not count.
      const lastMonth = new Date(Date.now() - 40 * 24 * 60 * 60 * 1000);
      await t.db.insert(orders).values(
        Array.from({ length: 5 }, (_, i) => ({
          order_number: `OLD-${buyerId}-${i}`,
          buyer_id: buyerId,
          seller_id: supplierId,
          status: 'delivered',
          subtotal_cents: 100,
          tax_cents: 15,
          delivery_cents: 0,
          total_cents: 115,
          delivery_option: 'standard',
          created_at: lastMonth,
          updated_at: lastMonth,
        })),
      );
      for (let i = 0; i < 9; i += 1) {
        const placed = await checkout(cookie, [supplierId, distributorId]);
        expect(placed.statusCode, placed.body).toBe(201);
      }
      // 18 placed this month: a two-seller checkout still fits, then nothing more.
      const before = await count(t.db, 'orders', eq(orders.buyer_id, buyerId));
      const fits = await checkout(cookie, [supplierId, distributorId, supplierId]);
      expect(fits.statusCode, fits.body).toBe(201); // two sellers: two orders, 20 in all
      const over = await checkout(cookie, [supplierId]);
      expectPlanLimit(over, { feature: 'orders_monthly', used: 20, limit: 20, requested: 1 });
      expect(await count(t.db, 'orders', eq(orders.buyer_id, buyerId))).toBe(before + 2);
      expect(await count(t.db, 'checkout_idempotency_keys', sql`user_id = ${buyerId}`)).toBe(10);

      const usage = await t.app.inject({
        method: 'GET',
        url: '/api/subscription/usage-stats',
        headers: { cookie },
      });
      expect(usage.json()).toMatchObject({ orders_this_month: 20, max_orders_monthly: 20 });
    });

    it('does not count the orders of paid plans (unlimited)', async () => {
      const buyerId = await insertUser(t.db, 'retailer');
      await subscribe(t.db, buyerId, 'trader');
      const cookie = await t.sessionFor(buyerId);
      for (let i = 0; i < 11; i += 1) {
        expect((await checkout(cookie, [supplierId, distributorId])).statusCode).toBe(201);
      }
      expect(await count(t.db, 'orders', and(eq(orders.buyer_id, buyerId)))).toBe(22);
    });
  });

  it('guards listed products for the listing endpoint to come, under the same lock', async () => {
    const sellerId = await insertUser(t.db, 'supplier');
    const category = await insertCategory(t.db, 'Plan listings');
    for (let i = 0; i < 10; i += 1) await insertProduct(t.db, { seller_id: sellerId, category_id: category });
    await insertProduct(t.db, { seller_id: sellerId, category_id: category, active: false });
    const attempt = () => t.db.transaction((tx) => enforcePlanLimit(tx, sellerId, 'listed_products', 1));
    await expect(attempt()).rejects.toMatchObject({
      statusCode: 402,
      code: 'plan_limit',
      details: { feature: 'listed_products', used: 10, limit: 10, requested: 1 },
    });
    await subscribe(t.db, sellerId, 'supplier');
    await expect(attempt()).resolves.toBeUndefined();
  });

  it('browsing: the free plan sees 10 products, a paid plan all', async () => {
    const freeId = await insertUser(t.db, 'retailer');
    const free = await t.app.inject({
      method: 'GET',
      url: '/api/products?page_size=50',
      headers: { cookie: await t.sessionFor(freeId) },
    });
    expect(free.json()).toMatchObject({ browse_limit: 10, total: 10 });
    const paidId = await insertUser(t.db, 'retailer');
    await subscribe(t.db, paidId, 'trader');
    const paid = await t.app.inject({
      method: 'GET',
      url: '/api/products?page_size=50',
      headers: { cookie: await t.sessionFor(paidId) },
    });
    expect((paid.json() as { browse_limit: number | null; total: number }).browse_limit).toBeNull();
    expect((paid.json() as { total: number }).total).toBeGreaterThan(10);
  });
});
