import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  planLimitSchema,
  virtualInventoryItemSchema,
  virtualWarehouseSchema,
  warehouseOwnershipSchema,
  type InventoryLocation,
  type InventoryProduct,
  type VirtualWarehouse,
  type WarehouseOwnership,
} from '@tt/domain';
import { virtualWarehouses, warehouseOwnerships } from '../src/db/schema.ts';
import { subscribe } from '../src/features/subscriptions/service.ts';
import { count, createTestApp, expectError, rowsOf, type TestApp } from './support/test-app.ts';
import { addMember, newMember, outsider, seededCoops } from './support/cooperatives.ts';

describe('virtual warehouses', () => {
  let t: TestApp;
  let retailer: string;
  let admin: string;
  let coops: Awaited<ReturnType<typeof seededCoops>>;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    [retailer, admin] = await Promise.all([t.login('retailer'), t.login('admin')]);
    coops = await seededCoops(t.db);
    base = `/api/cooperatives/${coops.soweto}/virtual-warehouses`;
  });
  afterAll(() => t.close());

  const get = (url: string, cookie = retailer) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (url: string, payload: unknown, cookie = retailer) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie } });

  /** A member on the enterprise plan (DECISIONS 16: 999 warehouses, 500 m³). */
  const payingMember = async () => {
    const member = await newMember(t, coops.soweto);
    await subscribe(t.db, member.id, 'enterprise');
    return member;
  };
  const warehouse = (over: Record<string, unknown> = {}) => ({
    name: 'Test depot',
    total_capacity_cubic_meters: 100,
    warehouse_type: 'shared',
    cost_per_cubic_meter_monthly: 50,
    ...over,
  });

  it('lists a co-op’s warehouses to members and admins, 403 to others, 404 for unknown co-ops', async () => {
    const response = await get(base);
    expect(response.statusCode).toBe(200);
    const list = response.json() as VirtualWarehouse[];
    for (const w of list) virtualWarehouseSchema.parse(w);
    expect(list.length).toBe(2);
    expect(list.some((w) => w.allocated_capacity / w.total_capacity_cubic_meters > 0.9)).toBe(true);
    expect((await get(base, admin)).statusCode).toBe(200);
    const stranger = await outsider(t);
    expectError(await get(base, stranger.cookie), 403, 'coop.not_member');
    expectError(await get('/api/cooperatives/999999/virtual-warehouses'), 404, 'coop.not_found');
  });

  it("lists the demo retailer's ownership and inventory", async () => {
    const ownership = (await get('/api/virtual-warehouses/my-ownership')).json() as WarehouseOwnership[];
    expect(ownership.length).toBe(1);
    const own = warehouseOwnershipSchema.parse(ownership[0]);
    expect(own).toMatchObject({
      allocated_space_cubic_meters: 6,
      owner_name: 'Thandi Mokoena',
      status: 'active',
    });
    expect(own.monthly_fee).toBe(6 * 45);
    const inventory = (await get('/api/virtual-warehouses/my-inventory')).json() as unknown[];
    expect(inventory.length).toBe(3);
    for (const item of inventory) virtualInventoryItemSchema.parse(item);
  });

  it('creates a warehouse for a member with a plan that allows it', async () => {
    const response = await post(
      base,
      warehouse({ name: 'Orlando Depot', cost_per_cubic_meter_monthly: 42.5 }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      coop_id: coops.soweto,
      name: 'Orlando Depot',
      total_capacity_cubic_meters: 100,
      allocated_capacity: 0,
      cost_per_cubic_meter_monthly: 42.5,
      is_active: true,
    });
  });

  it('refuses creation by non-members (403) and bad input (400), writing nothing', async () => {
    const before = await count(t.db, 'virtual_warehouses');
    const stranger = await outsider(t);
    expectError(await post(base, warehouse(), stranger.cookie), 403, 'coop.not_member');
    expectError(await post(base, warehouse({ name: '' })), 400, 'bad_request');
    expectError(await post(base, warehouse({ total_capacity_cubic_meters: -1 })), 400, 'bad_request');
    expectError(await post(base, warehouse({ warehouse_type: 'garage' })), 400, 'bad_request');
    expect(await count(t.db, 'virtual_warehouses')).toBe(before);
  });

  it('answers 402 plan_limit for the free plan (sales_rep made a member for the test)', async () => {
    const salesRepId = await t.demoUserId('sales_rep');
    await addMember(t.db, coops.soweto, salesRepId);
    const salesRep = await t.login('sales_rep');
    const before = await count(t.db, 'virtual_warehouses');
    const created = await post(base, warehouse(), salesRep);
    expect(created.statusCode, created.body).toBe(402);
    expect(planLimitSchema.parse(created.json())).toMatchObject({ feature: 'warehouses', used: 0, limit: 0 });
    expect(await count(t.db, 'virtual_warehouses')).toBe(before);

    const [roomy] = (await get(base)).json() as VirtualWarehouse[];
    const allocated = await post(
      '/api/virtual-warehouses/allocate-space',
      { warehouse_id: roomy!.id, allocated_space_cubic_meters: 1, ownership_percentage: 1 },
      salesRep,
    );
    expect(allocated.statusCode, allocated.body).toBe(402);
    expect(planLimitSchema.parse(allocated.json())).toMatchObject({
      feature: 'warehouse_space',
      used: 0,
      limit: 0,
    });
  });

  it('answers 402 at the basic (trader) plan’s allowances: 2 warehouses, 10 m³', async () => {
    const member = await newMember(t, coops.soweto);
    await subscribe(t.db, member.id, 'trader');
    expect((await post(base, warehouse({ name: 'B1' }), member.cookie)).statusCode).toBe(201);
    const second = await post(base, warehouse({ name: 'B2' }), member.cookie);
    expect(second.statusCode).toBe(201);
    const third = await post(base, warehouse({ name: 'B3' }), member.cookie);
    expect(third.statusCode).toBe(402);
    expect(third.json()).toMatchObject({
      error: { code: 'plan_limit', params: { feature: 'warehouses', used: 2, limit: 2 } },
      feature: 'warehouses',
      used: 2,
      limit: 2,
    });

    const target = (second.json() as VirtualWarehouse).id;
    const allocate = (space: number) =>
      post(
        '/api/virtual-warehouses/allocate-space',
        { warehouse_id: target, allocated_space_cubic_meters: space, ownership_percentage: 5 },
        member.cookie,
      );
    expect((await allocate(8)).statusCode).toBe(201);
    const over = await allocate(2.5);
    expect(over.statusCode).toBe(402);
    expect(over.json()).toMatchObject({ feature: 'warehouse_space', used: 8, limit: 10, requested: 2.5 });
    expect((await allocate(2)).statusCode).toBe(201);
  });

  it("allocates space: fee from that warehouse's own cost, capacity raised, ownership listed", async () => {
    const member = await payingMember();
    const created = (
      await post(base, warehouse({ cost_per_cubic_meter_monthly: 37.5 }), member.cookie)
    ).json() as VirtualWarehouse;
    const response = await post(
      '/api/virtual-warehouses/allocate-space',
      { warehouse_id: created.id, allocated_space_cubic_meters: 12.5, ownership_percentage: 12.5 },
      member.cookie,
    );
    expect(response.statusCode, response.body).toBe(201);
    const ownership = warehouseOwnershipSchema.parse(response.json());
    expect(ownership).toMatchObject({
      warehouse_id: created.id,
      allocated_space_cubic_meters: 12.5,
      ownership_percentage: 12.5,
      monthly_fee: 468.75,
      status: 'active',
    });
    const [stored] = await t.db.select().from(virtualWarehouses).where(eq(virtualWarehouses.id, created.id));
    expect(stored!.allocated_capacity_hundredths).toBe(1250);
    const mine = (
      await get('/api/virtual-warehouses/my-ownership', member.cookie)
    ).json() as WarehouseOwnership[];
    expect(mine.map((o) => o.id)).toEqual([ownership.id]);
  });

  it('refuses more than the free space (409), non-members (403), inactive (409), bad input (400)', async () => {
    const member = await payingMember();
    const created = (
      await post(base, warehouse({ total_capacity_cubic_meters: 5 }), member.cookie)
    ).json() as VirtualWarehouse;
    const url = '/api/virtual-warehouses/allocate-space';
    const before = await count(t.db, 'warehouse_ownerships');
    expectError(
      await post(
        url,
        { warehouse_id: created.id, allocated_space_cubic_meters: 5.01, ownership_percentage: 10 },
        member.cookie,
      ),
      409,
      'warehouse.space_taken',
    );
    const stranger = await outsider(t);
    await subscribe(t.db, stranger.id, 'trader');
    expectError(
      await post(
        url,
        { warehouse_id: created.id, allocated_space_cubic_meters: 1, ownership_percentage: 10 },
        stranger.cookie,
      ),
      403,
      'warehouse.members_only',
    );
    for (const bad of [
      { warehouse_id: created.id, allocated_space_cubic_meters: 1, ownership_percentage: 0 },
      { warehouse_id: created.id, allocated_space_cubic_meters: 1, ownership_percentage: 101 },
      { warehouse_id: created.id, allocated_space_cubic_meters: 0, ownership_percentage: 10 },
    ]) {
      expectError(await post(url, bad, member.cookie), 400, 'bad_request');
    }
    expectError(
      await post(url, { warehouse_id: 999999, allocated_space_cubic_meters: 1, ownership_percentage: 1 }),
      404,
      'warehouse.not_found',
    );
    await t.db
      .update(virtualWarehouses)
      .set({ is_active: false })
      .where(eq(virtualWarehouses.id, created.id));
    expectError(
      await post(
        url,
        { warehouse_id: created.id, allocated_space_cubic_meters: 1, ownership_percentage: 10 },
        member.cookie,
      ),
      409,
      'warehouse.inactive',
    );
    expect(await count(t.db, 'warehouse_ownerships')).toBe(before);
  });

  it('20 allocations racing for the last 10 m³ never over-allocate', async () => {
    const owner = await payingMember();
    const created = (
      await post(base, warehouse({ total_capacity_cubic_meters: 100 }), owner.cookie)
    ).json() as VirtualWarehouse;
    expect(
      (
        await post(
          '/api/virtual-warehouses/allocate-space',
          { warehouse_id: created.id, allocated_space_cubic_meters: 90, ownership_percentage: 90 },
          owner.cookie,
        )
      ).statusCode,
    ).toBe(201);
    const racers = await Promise.all(Array.from({ length: 20 }, () => payingMember()));
    const sizes = racers.map((_, i) => (i % 3 === 0 ? 2 : 1));
    const responses = await Promise.all(
      racers.map((r, i) =>
        post(
          '/api/virtual-warehouses/allocate-space',
          { warehouse_id: created.id, allocated_space_cubic_meters: sizes[i], ownership_percentage: 1 },
          r.cookie,
        ),
      ),
    );
    let granted = 0;
    responses.forEach((r, i) => {
      if (r.statusCode === 201) granted += sizes[i]!;
      else expect(expectError(r, 409, 'warehouse.space_taken').params).toEqual({ free: expect.any(Number) });
    });
    const [stored] = await t.db.select().from(virtualWarehouses).where(eq(virtualWarehouses.id, created.id));
    expect(stored!.allocated_capacity_hundredths).toBeLessThanOrEqual(stored!.total_capacity_hundredths);
    expect(granted).toBeLessThanOrEqual(10);
    // Requests of 1 m³ keep coming until the space is gone, so all 10 m³ are handed out, and recorded.
    expect(granted).toBe(10);
    expect(stored!.allocated_capacity_hundredths).toBe(100_00);
    const sum = rowsOf<{ h: number }>(
      await t.db.execute(
        sql`select coalesce(sum(allocated_space_hundredths), 0)::int as h from warehouse_ownerships where warehouse_id = ${created.id}`,
      ),
    )[0]!.h;
    expect(sum).toBe(stored!.allocated_capacity_hundredths);
    expect(await count(t.db, 'warehouse_ownerships', eq(warehouseOwnerships.warehouse_id, created.id))).toBe(
      1 + responses.filter((r) => r.statusCode === 201).length,
    );
  });

  it("a member's space is an inventory location: My Inventory is the same movements as /inventory", async () => {
    const member = await payingMember();
    const [roomy] = (await get(base)).json() as VirtualWarehouse[];
    const allocated = await post(
      '/api/virtual-warehouses/allocate-space',
      { warehouse_id: roomy!.id, allocated_space_cubic_meters: 1, ownership_percentage: 1 },
      member.cookie,
    );
    expect(allocated.statusCode, allocated.body).toBe(201);
    const locations = (await get('/api/inventory/locations', member.cookie)).json() as InventoryLocation[];
    const space = locations.find((l) => l.name === roomy!.name);
    expect(space, JSON.stringify(locations)).toBeDefined();
    const home = locations.find((l) => l.is_default)!;
    expect((await get('/api/virtual-warehouses/my-inventory', member.cookie)).json()).toEqual([]);

    // Stock bought in at the shop, then 7 units taken to the co-op warehouse: a transfer like any other.
    const product = (
      await post('/api/inventory/products', { name: 'Rice 10kg', sku: `RICE-${member.id}` }, member.cookie)
    ).json() as InventoryProduct;
    const moves = [
      { product_id: product.id, location_id: home.id, movement_type: 'in', quantity: 10, unit_cost: 120 },
      {
        product_id: product.id,
        location_id: home.id,
        to_location_id: space!.id,
        movement_type: 'transfer',
        quantity: 7,
      },
    ];
    for (const move of moves) {
      const moved = await post('/api/inventory/movements', move, member.cookie);
      expect(moved.statusCode, moved.body).toBe(201);
    }
    const mine = (await get('/api/virtual-warehouses/my-inventory', member.cookie)).json() as unknown[];
    expect(mine).toEqual([
      {
        id: expect.any(Number),
        product_name: 'Rice 10kg',
        warehouse_name: roomy!.name,
        quantity: 7,
        reserved_quantity: 0,
        total_value: 840,
      },
    ]);
    const [item] = rowsOf<{ quantity: number; moved: number }>(
      await t.db.execute(sql`
        select i.quantity, (select sum(m.quantity)::int from inventory_movements m where m.item_id = i.id) as moved
        from inventory_items i where i.id = ${(mine[0] as { id: number }).id}`),
    );
    expect(item).toEqual({ quantity: 7, moved: 7 });
  });

  it("the demo retailer's warehouse stock is in /inventory at its co-op location", async () => {
    const mine = (await get('/api/virtual-warehouses/my-inventory')).json() as {
      product_name: string;
      warehouse_name: string;
      quantity: number;
    }[];
    const list = (await get('/api/inventory?limit=1000')).json() as {
      items: { product_name: string; location_name: string; quantity: number }[];
    };
    for (const line of mine) {
      expect(list.items).toContainEqual(
        expect.objectContaining({
          product_name: line.product_name,
          location_name: line.warehouse_name,
          quantity: line.quantity,
        }),
      );
    }
  });
});
