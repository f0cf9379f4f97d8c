import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type {
  InventoryItem,
  InventoryList,
  InventoryLocation,
  InventoryProduct,
  OrderStatus,
  StockAlert,
  StockCountResult,
  StockMovement,
} from '@tt/domain';
import { count, createTestApp, expectError, rowsOf, type TestApp } from './support/test-app.ts';
import { insertCategory, insertProduct, insertUser, placeOrder, stockOf } from './support/marketplace.ts';

describe('inventory', () => {
  let t: TestApp;
  let retailer: string;
  let admin: string;
  let salesRep: string;
  let supplierId: number;
  let category: number;

  beforeAll(async () => {
    t = await createTestApp();
    [retailer, admin, salesRep] = await Promise.all([
      t.login('retailer'),
      t.login('admin'),
      t.login('sales_rep'),
    ]);
    supplierId = await t.demoUserId('supplier');
    category = await insertCategory(t.db, 'Inventory test', await insertCategory(t.db, 'Inventory dept'));
  });
  afterAll(() => t.close());

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  const movementsWritten = () => count(t.db, 'inventory_movements');

  /** A new shop (retailer) with its session, default location and one own item. */
  async function newShop(reorderPoint?: number) {
    const userId = await insertUser(t.db, 'retailer');
    const cookie = await t.sessionFor(userId);
    const locations = (await inject('GET', '/api/inventory/locations', cookie)).json() as InventoryLocation[];
    const created = await inject('POST', '/api/inventory/products', cookie, {
      name: 'Maize meal 5kg',
      sku: `MM-${userId}`,
      ...(reorderPoint !== undefined ? { reorder_point: reorderPoint } : {}),
    });
    expect(created.statusCode, created.body).toBe(201);
    return { userId, cookie, location: locations[0]!, product: created.json() as InventoryProduct };
  }
  const move = (cookie: string, body: Record<string, unknown>) =>
    inject('POST', '/api/inventory/movements', cookie, body);
  const items = async (cookie: string, query = '') => {
    const response = await inject('GET', `/api/inventory${query}`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as InventoryList;
  };
  const itemOf = async (cookie: string, productId: number, locationId: number) =>
    (await items(cookie)).items.find((i) => i.product_id === productId && i.location_id === locationId);

  describe('GET /api/inventory', () => {
    it("lists the demo shop's stock with the summary cards, searchable and filtered by status", async () => {
      const list = await items(retailer);
      expect(list.summary.total_items).toBeGreaterThan(4);
      expect(list.summary.total_items).toBe(list.total);
      const own = list.items.filter((i) => i.product_sku.startsWith('OWN-'));
      expect(own.map((i) => i.product_sku)).toEqual(
        expect.arrayContaining(['OWN-BREAD-700', 'OWN-AIRTIME-10', 'OWN-PARAFFIN-1L', 'OWN-SWEETS-JAR']),
      );
      const paraffin = own.find((i) => i.product_sku === 'OWN-PARAFFIN-1L')!;
      expect(paraffin).toMatchObject({ quantity: 0, status: 'out_of_stock', total_value: 0 });
      const bread = own.find((i) => i.product_sku === 'OWN-BREAD-700')!;
      expect(bread).toMatchObject({ quantity: 8, unit_cost: 14.5, total_value: 116, status: 'low_stock' });
      // Delivered marketplace orders are in the shop too, at the price paid.
      expect(list.items.some((i) => i.marketplace_product_id !== null)).toBe(true);
      const value = list.items.reduce((sum, i) => sum + Math.round(i.total_value * 100), 0);
      expect(Math.round(list.summary.total_value * 100)).toBe(value);
      expect(list.summary.out_of_stock).toBe(list.items.filter((i) => i.status === 'out_of_stock').length);

      const bySku = await items(retailer, '?search=own-bread');
      expect(bySku.items.map((i) => i.product_sku)).toEqual(['OWN-BREAD-700']);
      const byLocation = await items(retailer, '?search=back%20ROOM');
      expect(byLocation.items.map((i) => i.location_name)).toEqual(['Back room']);
      const byName = await items(retailer, '?search=own-paraffin&status=out_of_stock');
      expect(byName.items).toHaveLength(1);
      expect((await items(retailer, '?search=OWN-PARAFFIN&status=in_stock')).items).toHaveLength(0);
      const low = await items(retailer, '?status=low_stock');
      expect(low.items.every((i) => i.status === 'low_stock')).toBe(true);
    });

    it('refuses anonymous (401), staff without a business (403) and a bad status (400)', async () => {
      expectError(await inject('GET', '/api/inventory'), 401, 'unauthorized');
      expectError(await inject('GET', '/api/inventory', admin), 403, 'inventory.business_only');
      expectError(await inject('GET', '/api/inventory', salesRep), 403, 'inventory.business_only');
      expectError(await inject('GET', '/api/inventory?status=plenty', retailer), 400);
      expectError(await inject('GET', '/api/inventory?limit=0', retailer), 400);
    });
  });

  describe('locations', () => {
    it('makes the default location on first use and adds more; a name is taken once', async () => {
      const userId = await insertUser(t.db, 'trader');
      const cookie = await t.sessionFor(userId);
      expect(await count(t.db, 'inventory_locations', sql`business_id = ${userId}`)).toBe(0);
      const first = (await inject('GET', '/api/inventory/locations', cookie)).json() as InventoryLocation[];
      expect(first).toEqual([{ id: expect.any(Number), name: 'Main store', is_default: true }]);
      const again = (await inject('GET', '/api/inventory/locations', cookie)).json() as InventoryLocation[];
      expect(again).toEqual(first);
      const added = await inject('POST', '/api/inventory/locations', cookie, {
        name: 'Container at the taxi rank',
      });
      expect(added.statusCode, added.body).toBe(201);
      expect(added.json()).toMatchObject({ name: 'Container at the taxi rank', is_default: false });
      expectError(
        await inject('POST', '/api/inventory/locations', cookie, { name: 'container at the TAXI rank' }),
        409,
        'inventory.location_name_taken',
      );
      expect(await count(t.db, 'inventory_locations', sql`business_id = ${userId}`)).toBe(2);
    });

    it('refuses anonymous (401), staff (403) and a blank name (400), writing nothing', async () => {
      const before = await count(t.db, 'inventory_locations');
      expectError(await inject('GET', '/api/inventory/locations'), 401);
      expectError(await inject('POST', '/api/inventory/locations', undefined, { name: 'X' }), 401);
      expectError(await inject('GET', '/api/inventory/locations', admin), 403, 'inventory.business_only');
      expectError(await inject('POST', '/api/inventory/locations', admin, { name: 'X' }), 403);
      const blank = expectError(
        await inject('POST', '/api/inventory/locations', retailer, { name: '  ' }),
        400,
      );
      expect(Object.keys(blank.field_codes ?? {})).toEqual(['name']);
      expect(await count(t.db, 'inventory_locations')).toBe(before);
    });
  });

  describe('products', () => {
    it("adds the shop's own item with a unique SKU and lists it for the dropdown", async () => {
      const { cookie, product, location } = await newShop(5);
      expect(product).toMatchObject({ name: 'Maize meal 5kg', marketplace_product_id: null });
      const listed = (await inject('GET', '/api/inventory/products', cookie)).json() as InventoryProduct[];
      expect(listed).toEqual([product]);
      const item = await itemOf(cookie, product.id, location.id);
      expect(item).toMatchObject({ quantity: 0, reorder_point: 5, status: 'out_of_stock' });
      expectError(
        await inject('POST', '/api/inventory/products', cookie, {
          name: 'Other',
          sku: product.sku.toLowerCase(),
        }),
        409,
        'inventory.sku_taken',
      );
    });

    it('refuses anonymous (401), staff (403) and a bad SKU (400), writing nothing', async () => {
      const before = await count(t.db, 'inventory_products');
      expectError(await inject('GET', '/api/inventory/products'), 401);
      expectError(await inject('POST', '/api/inventory/products', undefined, { name: 'A', sku: 'A' }), 401);
      expectError(await inject('GET', '/api/inventory/products', salesRep), 403);
      expectError(await inject('POST', '/api/inventory/products', admin, { name: 'A', sku: 'A' }), 403);
      const bad = expectError(
        await inject('POST', '/api/inventory/products', retailer, { name: 'A', sku: 'has spaces' }),
        400,
      );
      expect(Object.keys(bad.field_codes ?? {})).toEqual(['sku']);
      expect(await count(t.db, 'inventory_products')).toBe(before);
    });
  });

  describe('POST /api/inventory/movements', () => {
    it('records an in at a cost (weighted average), an out, a transfer and an adjustment, each with who and when', async () => {
      const { userId, cookie, product, location } = await newShop();
      const room = (
        await inject('POST', '/api/inventory/locations', cookie, { name: 'Back room' })
      ).json() as InventoryLocation;
      const base = { product_id: product.id, location_id: location.id };

      const first = await move(cookie, {
        ...base,
        movement_type: 'in',
        quantity: 10,
        unit_cost: 60,
        reason: 'Makro',
      });
      expect(first.statusCode, first.body).toBe(201);
      const recorded = first.json() as { movements: StockMovement[]; items: InventoryItem[] };
      expect(recorded.movements).toEqual([
        expect.objectContaining({
          movement_type: 'in',
          quantity: 10,
          unit_cost: 60,
          reason: 'Makro',
          location_name: 'Main store',
          product_name: 'Maize meal 5kg',
          performed_by_name: expect.stringContaining('Shop'),
        }),
      ]);
      expect(recorded.items[0]).toMatchObject({ quantity: 10, unit_cost: 60, total_value: 600 });
      await move(cookie, { ...base, movement_type: 'in', quantity: 30, unit_cost: 80 });
      // (10 x 60 + 30 x 80) / 40 = 75
      expect(await itemOf(cookie, product.id, location.id)).toMatchObject({ quantity: 40, unit_cost: 75 });

      const out = await move(cookie, { ...base, movement_type: 'out', quantity: 5, reason: 'Sold' });
      expect(out.statusCode, out.body).toBe(201);
      const transfer = await move(cookie, {
        ...base,
        movement_type: 'transfer',
        quantity: 15,
        to_location_id: room.id,
      });
      expect(transfer.statusCode, transfer.body).toBe(201);
      const sides = (transfer.json() as { movements: StockMovement[] }).movements;
      expect(sides.map((m) => [m.location_name, m.quantity, m.other_location_name]).sort()).toEqual([
        ['Back room', 15, 'Main store'],
        ['Main store', -15, 'Back room'],
      ]);
      const adjust = await move(cookie, {
        ...base,
        movement_type: 'adjustment',
        quantity: -2,
        reason: 'Torn bags',
      });
      expect(adjust.statusCode, adjust.body).toBe(201);

      expect(await itemOf(cookie, product.id, location.id)).toMatchObject({ quantity: 18, unit_cost: 75 });
      expect(await itemOf(cookie, product.id, room.id)).toMatchObject({ quantity: 15, unit_cost: 75 });
      const who = rowsOf<{ performed_by: number; created_at: Date }>(
        await t.db.execute(
          sql`select performed_by, created_at from inventory_movements where business_id = ${userId}`,
        ),
      );
      expect(who).toHaveLength(6);
      expect(who.every((m) => m.performed_by === userId && m.created_at)).toBe(true);
    });

    it('refuses more than is available (409) and a bad payload (400), writing nothing', async () => {
      const { cookie, product, location } = await newShop();
      const base = { product_id: product.id, location_id: location.id };
      await move(cookie, { ...base, movement_type: 'in', quantity: 3 });
      const before = await movementsWritten();
      const short = expectError(await move(cookie, { ...base, movement_type: 'out', quantity: 4 }), 409);
      expect(short).toMatchObject({ code: 'inventory.not_enough_stock', params: { available: 3 } });
      expectError(
        await move(cookie, { ...base, movement_type: 'adjustment', quantity: -4, reason: 'Count' }),
        409,
        'inventory.not_enough_stock',
      );
      const zero = expectError(await move(cookie, { ...base, movement_type: 'in', quantity: 0 }), 400);
      expect(zero.field_codes?.quantity?.code).toBe('validation.not_zero');
      expectError(await move(cookie, { ...base, movement_type: 'out', quantity: -1 }), 400);
      expectError(await move(cookie, { ...base, movement_type: 'in', quantity: 1.5 }), 400);
      const noReason = expectError(
        await move(cookie, { ...base, movement_type: 'adjustment', quantity: 1 }),
        400,
      );
      expect(noReason.field_codes?.reason?.code).toBe('validation.required');
      const noTarget = expectError(
        await move(cookie, { ...base, movement_type: 'transfer', quantity: 1 }),
        400,
      );
      expect(noTarget.field_codes?.to_location_id?.code).toBe('validation.required');
      expectError(await move(cookie, { ...base, movement_type: 'stolen', quantity: 1 }), 400);
      expect(await movementsWritten()).toBe(before);
      expect(await itemOf(cookie, product.id, location.id)).toMatchObject({ quantity: 3 });
    });

    it("answers 404 for another business's product or location, and 401/403, writing nothing", async () => {
      const mine = await newShop();
      const theirs = await newShop();
      const before = await movementsWritten();
      const body = {
        product_id: mine.product.id,
        location_id: mine.location.id,
        movement_type: 'in',
        quantity: 1,
      };
      expectError(await move(theirs.cookie, body), 404, 'inventory.product_not_found');
      expectError(
        await move(mine.cookie, { ...body, location_id: theirs.location.id }),
        404,
        'inventory.location_not_found',
      );
      expectError(
        await move(mine.cookie, { ...body, movement_type: 'transfer', to_location_id: theirs.location.id }),
        404,
        'inventory.location_not_found',
      );
      expectError(await inject('POST', '/api/inventory/movements', undefined, body), 401);
      expectError(await move(admin, body), 403, 'inventory.business_only');
      expect(await movementsWritten()).toBe(before);
    });
  });

  describe('GET /api/inventory/movements', () => {
    it('answers the newest 20 first, and more on request', async () => {
      const { cookie, product, location } = await newShop();
      for (let i = 1; i <= 23; i += 1) {
        await move(cookie, {
          product_id: product.id,
          location_id: location.id,
          movement_type: 'in',
          quantity: i,
        });
      }
      const first = (await inject('GET', '/api/inventory/movements', cookie)).json() as {
        movements: StockMovement[];
        has_more: boolean;
      };
      expect(first.movements).toHaveLength(20);
      expect(first.has_more).toBe(true);
      expect(first.movements[0]!.quantity).toBe(23);
      const more = (await inject('GET', '/api/inventory/movements?limit=40', cookie)).json() as {
        movements: StockMovement[];
        has_more: boolean;
      };
      expect(more.movements).toHaveLength(23);
      expect(more.has_more).toBe(false);
    });

    it('refuses anonymous (401), staff (403) and a bad limit (400)', async () => {
      expectError(await inject('GET', '/api/inventory/movements'), 401);
      expectError(await inject('GET', '/api/inventory/movements', admin), 403);
      expectError(await inject('GET', '/api/inventory/movements?limit=5000', retailer), 400);
    });
  });

  describe('alerts', () => {
    const outbox = (topic: string, itemId: number) =>
      count(t.db, 'outbox_events', sql`topic = ${topic} and (payload->>'item_id')::int = ${itemId}`);

    it('raises an alert when a threshold is crossed, deepens it, emits the events, and Resolve closes it', async () => {
      const { cookie, product, location } = await newShop(8);
      const base = { product_id: product.id, location_id: location.id };
      await move(cookie, { ...base, movement_type: 'in', quantity: 20 });
      const item = (await itemOf(cookie, product.id, location.id))!;
      // Stocking up from zero ends the out-of-stock alert the empty item had.
      expect((await inject('GET', '/api/inventory/alerts', cookie)).json()).toEqual([]);

      await move(cookie, { ...base, movement_type: 'out', quantity: 13 }); // 7 <= 8: low
      let alerts = (await inject('GET', '/api/inventory/alerts', cookie)).json() as StockAlert[];
      expect(alerts).toEqual([
        expect.objectContaining({
          item_id: item.id,
          alert_type: 'low_stock',
          alert_level: 'low',
          current_value: 7,
          threshold_value: 8,
          product_name: 'Maize meal 5kg',
          location_name: 'Main store',
        }),
      ]);
      expect(await outbox('inventory.low_stock', item.id)).toBe(1);

      await move(cookie, { ...base, movement_type: 'out', quantity: 5 }); // 2: a quarter of 8 or less
      alerts = (await inject('GET', '/api/inventory/alerts', cookie)).json() as StockAlert[];
      expect(alerts).toEqual([
        expect.objectContaining({ alert_type: 'low_stock', alert_level: 'high', current_value: 2 }),
      ]);
      expect(await outbox('inventory.low_stock', item.id)).toBe(1);

      await move(cookie, { ...base, movement_type: 'out', quantity: 2 });
      alerts = (await inject('GET', '/api/inventory/alerts', cookie)).json() as StockAlert[];
      expect(alerts).toEqual([
        expect.objectContaining({ alert_type: 'out_of_stock', alert_level: 'critical' }),
      ]);
      expect(await outbox('inventory.out_of_stock', item.id)).toBe(1);

      const resolved = await inject('POST', `/api/inventory/alerts/${alerts[0]!.id}/resolve`, cookie);
      expect(resolved.statusCode, resolved.body).toBe(200);
      expect((resolved.json() as StockAlert).resolved_at).not.toBeNull();
      expect((await inject('GET', '/api/inventory/alerts', cookie)).json()).toEqual([]);
      expect(
        (await inject('POST', `/api/inventory/alerts/${alerts[0]!.id}/resolve`, cookie)).statusCode,
      ).toBe(200);
      expect((await items(cookie)).summary.active_alerts).toBe(0);
    });

    it("refuses another business's alert (404), anonymous (401) and staff (403), changing nothing", async () => {
      const { cookie, product, location } = await newShop(5);
      await move(cookie, {
        product_id: product.id,
        location_id: location.id,
        movement_type: 'in',
        quantity: 3,
      });
      const [alert] = (await inject('GET', '/api/inventory/alerts', cookie)).json() as StockAlert[];
      expect(alert).toBeDefined();
      const other = await newShop();
      expectError(await inject('POST', `/api/inventory/alerts/${alert!.id}/resolve`, other.cookie), 404);
      expectError(await inject('POST', `/api/inventory/alerts/${alert!.id}/resolve`), 401);
      expectError(await inject('POST', `/api/inventory/alerts/${alert!.id}/resolve`, admin), 403);
      expectError(await inject('POST', '/api/inventory/alerts/abc/resolve', cookie), 400);
      expectError(await inject('GET', '/api/inventory/alerts'), 401);
      expectError(await inject('GET', '/api/inventory/alerts', salesRep), 403);
      expect(await count(t.db, 'inventory_alerts', sql`id = ${alert!.id} and resolved_at is null`)).toBe(1);
    });
  });

  describe('PUT /api/inventory/items/:id', () => {
    it('sets the reorder point and overstock level; the status and alert follow at once', async () => {
      const { cookie, product, location } = await newShop();
      await move(cookie, {
        product_id: product.id,
        location_id: location.id,
        movement_type: 'in',
        quantity: 12,
      });
      const item = (await itemOf(cookie, product.id, location.id))!;
      expect(item.status).toBe('in_stock');
      const low = await inject('PUT', `/api/inventory/items/${item.id}`, cookie, {
        reorder_point: 12,
        overstock_level: null,
      });
      expect(low.statusCode, low.body).toBe(200);
      expect(low.json()).toMatchObject({ status: 'low_stock', reorder_point: 12 });
      expect((await inject('GET', '/api/inventory/alerts', cookie)).json()).toHaveLength(1);
      const over = await inject('PUT', `/api/inventory/items/${item.id}`, cookie, {
        reorder_point: 2,
        overstock_level: 10,
      });
      expect(over.json()).toMatchObject({ status: 'overstock' });
      expect((await inject('GET', '/api/inventory/alerts', cookie)).json()).toEqual([
        expect.objectContaining({ alert_type: 'overstock', current_value: 12, threshold_value: 10 }),
      ]);
    });

    it("refuses another's item (404), anonymous (401), staff (403) and a negative point (400), changing nothing", async () => {
      const { cookie, product, location } = await newShop();
      const item = (await itemOf(cookie, product.id, location.id))!;
      const other = await newShop();
      const body = { reorder_point: 3, overstock_level: null };
      expectError(await inject('PUT', `/api/inventory/items/${item.id}`, other.cookie, body), 404);
      expectError(await inject('PUT', `/api/inventory/items/${item.id}`, undefined, body), 401);
      expectError(await inject('PUT', `/api/inventory/items/${item.id}`, admin, body), 403);
      expectError(
        await inject('PUT', `/api/inventory/items/${item.id}`, cookie, {
          reorder_point: -1,
          overstock_level: null,
        }),
        400,
      );
      expect((await itemOf(cookie, product.id, location.id))!.reorder_point).toBeNull();
    });
  });

  describe('POST /api/inventory/counts', () => {
    it('previews the differences without writing, then applies them as adjustments', async () => {
      const { cookie, product, location } = await newShop();
      const second = (
        await inject('POST', '/api/inventory/products', cookie, {
          name: 'Sugar 2kg',
          sku: `SUG-${product.id}`,
        })
      ).json() as InventoryProduct;
      await move(cookie, {
        product_id: product.id,
        location_id: location.id,
        movement_type: 'in',
        quantity: 10,
      });
      const before = await movementsWritten();
      const counts = [
        { sku: product.sku, counted_quantity: 7 },
        { sku: second.sku.toLowerCase(), counted_quantity: 4 },
      ];
      const preview = await inject('POST', '/api/inventory/counts', cookie, {
        location_id: location.id,
        counts,
      });
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json()).toEqual({
        applied: false,
        lines: [
          {
            sku: product.sku,
            product_name: 'Maize meal 5kg',
            current_quantity: 10,
            counted_quantity: 7,
            difference: -3,
          },
          {
            sku: second.sku,
            product_name: 'Sugar 2kg',
            current_quantity: 0,
            counted_quantity: 4,
            difference: 4,
          },
        ],
      } satisfies StockCountResult);
      expect(await movementsWritten()).toBe(before);

      const applied = await inject('POST', '/api/inventory/counts', cookie, {
        location_id: location.id,
        counts,
        dry_run: false,
      });
      expect(applied.statusCode, applied.body).toBe(200);
      expect((applied.json() as StockCountResult).applied).toBe(true);
      expect(await movementsWritten()).toBe(before + 2);
      expect(await itemOf(cookie, product.id, location.id)).toMatchObject({ quantity: 7 });
      expect(await itemOf(cookie, second.id, location.id)).toMatchObject({ quantity: 4 });
    });

    it('refuses an unknown SKU and bad rows (400), anonymous (401) and staff (403), writing nothing', async () => {
      const { cookie, product, location } = await newShop();
      const before = await movementsWritten();
      const counts = [
        { sku: product.sku, counted_quantity: 3 },
        { sku: 'NOPE-1', counted_quantity: 1 },
      ];
      const unknown = expectError(
        await inject('POST', '/api/inventory/counts', cookie, {
          location_id: location.id,
          counts,
          dry_run: false,
        }),
        400,
        'inventory.unknown_skus',
      );
      expect(unknown.params).toEqual({ skus: 'NOPE-1' });
      expectError(
        await inject('POST', '/api/inventory/counts', cookie, {
          location_id: location.id,
          counts: [{ sku: product.sku, counted_quantity: -1 }],
        }),
        400,
      );
      const body = {
        location_id: location.id,
        counts: [{ sku: product.sku, counted_quantity: 1 }],
        dry_run: false,
      };
      expectError(await inject('POST', '/api/inventory/counts', undefined, body), 401);
      expectError(await inject('POST', '/api/inventory/counts', admin, body), 403);
      expect(await movementsWritten()).toBe(before);
    });
  });

  describe('the marketplace (DECISIONS 20)', () => {
    const supplierStock = async (productId: number) =>
      rowsOf<{ quantity: number; reserved: number; moved: number }>(
        await t.db.execute(sql`
          select i.quantity, i.reserved,
                 (select coalesce(sum(m.quantity), 0)::int from inventory_movements m where m.item_id = i.id) as moved
          from inventory_items i
          join inventory_products p on p.id = i.inventory_product_id
          join inventory_locations l on l.id = i.location_id and l.is_default
          where p.product_id = ${productId} and p.business_id = ${supplierId}`),
      )[0]!;

    const buy = (cookie: string, productId: number, quantity: number) =>
      placeOrder(t.app, cookie, { productId, quantity });

    it('checkout reserves, shipping takes out, delivery brings in at the price paid, cancel releases', async () => {
      const supplier = await t.sessionFor(supplierId);
      const productId = await insertProduct(t.db, {
        seller_id: supplierId,
        category_id: category,
        price_cents: 1000,
        stock: 20,
      });
      const shop = await newShop();
      const order = await buy(shop.cookie, productId, 6);
      expect(await supplierStock(productId)).toEqual({ quantity: 20, reserved: 6, moved: 20 });
      expect(await stockOf(t.db, productId)).toBe(14);

      for (const status of ['confirmed', 'processing', 'shipped'] as OrderStatus[]) {
        const moved = await inject('POST', `/api/orders/${order.id}/status`, supplier, { status });
        expect(moved.statusCode, moved.body).toBe(200);
      }
      expect(await supplierStock(productId)).toEqual({ quantity: 14, reserved: 0, moved: 14 });
      expect(await stockOf(t.db, productId)).toBe(14);
      expect(
        (await inject('POST', `/api/orders/${order.id}/status`, supplier, { status: 'delivered' }))
          .statusCode,
      ).toBe(200);
      const received = (await items(shop.cookie)).items.find((i) => i.marketplace_product_id === productId)!;
      expect(received).toMatchObject({
        quantity: 6,
        unit_cost: 10,
        total_value: 60,
        location_name: 'Main store',
      });
      const [movement] = (
        (await inject('GET', '/api/inventory/movements', shop.cookie)).json() as {
          movements: StockMovement[];
        }
      ).movements;
      expect(movement).toMatchObject({ movement_type: 'in', quantity: 6, reference: order.order_number });

      const cancelled = await buy(shop.cookie, productId, 4);
      expect(await stockOf(t.db, productId)).toBe(10);
      expect((await inject('POST', `/api/orders/${cancelled.id}/cancel`, shop.cookie)).statusCode).toBe(200);
      expect(await supplierStock(productId)).toEqual({ quantity: 14, reserved: 0, moved: 14 });
      expect(await stockOf(t.db, productId)).toBe(14);
    });

    it("the seller's own movements at its default location move the listing's stock too", async () => {
      const supplier = await t.sessionFor(supplierId);
      const productId = await insertProduct(t.db, { seller_id: supplierId, category_id: category, stock: 5 });
      const shop = await newShop();
      await buy(shop.cookie, productId, 1); // adopts the listing: 5 on hand, 1 reserved
      const product = (
        (await inject('GET', '/api/inventory/products', supplier)).json() as InventoryProduct[]
      ).find((p) => p.marketplace_product_id === productId)!;
      const [main] = (
        await inject('GET', '/api/inventory/locations', supplier)
      ).json() as InventoryLocation[];
      const added = await move(supplier, {
        product_id: product.id,
        location_id: main!.id,
        movement_type: 'in',
        quantity: 10,
      });
      expect(added.statusCode, added.body).toBe(201);
      expect(await stockOf(t.db, productId)).toBe(14);
      // The reserved unit cannot be taken by an out.
      expectError(
        await move(supplier, {
          product_id: product.id,
          location_id: main!.id,
          movement_type: 'out',
          quantity: 15,
        }),
        409,
      );
      expect(await stockOf(t.db, productId)).toBe(14);
    });
  });
});
