import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  sastDate,
  SEARCH_TEXT_MAX,
  SUPPLIER_PRODUCTS_PAGE,
  SUPPLIERS_PAGE,
  type ProductTradeOffer,
  type ReorderRule,
  type ScheduledOrder,
  type SmartProductList,
  type SupplierList,
  type TradeOffer,
} from '@tt/domain';
import { products, users } from '../src/db/schema.ts';
import { tradeOfferOffers } from '../src/features/smart-orders/service.ts';
import { count, createTestApp, expectError, type TestApp } from './support/test-app.ts';
import { insertCategory, insertListings, insertProduct, insertUser } from './support/marketplace.ts';

const DAY = 86_400_000;
const day = (offset: number) => sastDate(new Date(Date.now() + offset * DAY));

describe('smart orders', () => {
  let t: TestApp;
  let supplier: { id: number; cookie: string };
  let rival: { id: number; cookie: string };
  let buyer: { id: number; cookie: string };
  let other: { id: number; cookie: string };
  let maize: number;
  let rice: number;
  let theirs: number;

  beforeAll(async () => {
    t = await createTestApp();
    const category = await insertCategory(t.db, 'Smart goods', await insertCategory(t.db, 'Smart dept'));
    const supplierId = await insertUser(t.db, 'supplier', 'Smart Supplier');
    const rivalId = await insertUser(t.db, 'manufacturer', 'Smart Rival');
    const buyerId = await insertUser(t.db, 'retailer', 'Smart Buyer');
    const otherId = await insertUser(t.db, 'trader', 'Other Buyer');
    supplier = { id: supplierId, cookie: await t.sessionFor(supplierId) };
    rival = { id: rivalId, cookie: await t.sessionFor(rivalId) };
    buyer = { id: buyerId, cookie: await t.sessionFor(buyerId) };
    other = { id: otherId, cookie: await t.sessionFor(otherId) };
    maize = await insertProduct(t.db, {
      seller_id: supplierId,
      category_id: category,
      name: 'Smart maize 10kg',
      price_cents: 12_000,
    });
    rice = await insertProduct(t.db, {
      seller_id: supplierId,
      category_id: category,
      name: 'Smart rice 5kg',
    });
    theirs = await insertProduct(t.db, { seller_id: rivalId, category_id: category, name: 'Rival oil' });
  });
  afterAll(() => t.close());

  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

  const ruleForm = (over: Record<string, unknown> = {}) => ({
    product_id: maize,
    supplier_id: supplier.id,
    reorder_point: 5,
    reorder_quantity: 20,
    ...over,
  });
  const scheduleForm = (over: Record<string, unknown> = {}) => ({
    order_name: 'Weekly staples',
    supplier_id: supplier.id,
    next_order_date: day(3),
    notes: 'Back door',
    items: [{ product_id: maize, quantity: 2 }],
    ...over,
  });
  const offerForm = (over: Record<string, unknown> = {}) => ({
    offer_name: 'Maize week',
    offer_type: 'percentage_discount',
    discount_value: 12.5,
    start_date: day(-1),
    end_date: day(10),
    description: 'Maize for less',
    products: [maize],
    ...over,
  });

  it('lists the sellers as suppliers and one supplier’s active products', async () => {
    expectError(await send('GET', '/api/suppliers'), 401, 'unauthorized');
    const suppliers = (await send('GET', '/api/suppliers?search=smart', buyer.cookie)).json() as SupplierList;
    expect(suppliers.suppliers).toContainEqual({ id: supplier.id, name: "Smart Supplier's Shop" });
    expect(suppliers.suppliers.map((s) => s.id)).not.toContain(buyer.id);
    expectError(await send('GET', `/api/suppliers/${supplier.id}/products`), 401, 'unauthorized');
    const products = await send('GET', `/api/suppliers/${supplier.id}/products`, buyer.cookie);
    expect(products.statusCode).toBe(200);
    expect((products.json() as SmartProductList).products.map((p) => p.name)).toEqual([
      'Smart maize 10kg',
      'Smart rice 5kg',
    ]);
    expect((products.json() as SmartProductList).total).toBe(2);
  });

  describe('pickers with more rows than one page', () => {
    const extra = 7;
    let bulk: number;
    let ids: Record<string, number>;
    const get = async <T>(url: string, search?: string) => {
      const response = await send(
        'GET',
        `${url}${search === undefined ? '' : `?search=${encodeURIComponent(search)}`}`,
        buyer.cookie,
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as T;
    };
    const suppliersFound = (search?: string) => get<SupplierList>('/api/suppliers', search);
    const bulkProducts = (search?: string) =>
      get<SmartProductList>(`/api/suppliers/${bulk}/products`, search);

    beforeAll(async () => {
      const category = await insertCategory(t.db, 'Picker goods');
      // Sellers of every selling role, named to sort together; a closed one and buyers are never listed.
      const roles = ['supplier', 'distributor', 'manufacturer'] as const;
      const sellers = await t.db
        .insert(users)
        .values(
          Array.from({ length: SUPPLIERS_PAGE + extra }, (_, i) => ({
            email: `picker-seller-${i}@test.example`,
            name: `Picker seller ${String(i + 1).padStart(3, '0')}`,
            company_name: `Picker Trading ${String(i + 1).padStart(3, '0')}`,
            role: roles[i % roles.length]!,
          })),
        )
        .returning({ id: users.id });
      bulk = sellers.at(-1)!.id;
      await t.db.insert(users).values([
        {
          email: 'picker-buyer@test.example',
          name: 'Picker buyer',
          company_name: 'Picker Trading 999',
          role: 'retailer',
        },
        { email: 'picker-coop@test.example', name: 'Picker coordinator', role: 'coordinator' },
        {
          email: 'picker-closed@test.example',
          name: 'Picker closed',
          company_name: 'Picker Trading 998',
          role: 'supplier',
          closed_at: new Date(),
        },
        {
          email: 'picker-pct@test.example',
          name: 'Percent',
          company_name: '100% Pure Trading',
          role: 'supplier',
        },
      ]);
      const seller = { seller_id: bulk, category_id: category };
      ids = await insertListings(t.db, seller, [
        ...Array.from({ length: SUPPLIER_PRODUCTS_PAGE + extra }, (_, i) => ({
          name: `Bulk item ${String(i + 1).padStart(3, '0')}`,
          sku: `PICK-${i + 1}`,
        })),
        { name: 'Zulu Gold Tea 250g', sku: 'PTEA-250' },
        { name: 'Sunflower oil 2L', sku: 'POIL-2', brand: 'Ubuntu Mills' },
        { name: 'Rooibos 100% pure', sku: 'PROO-1' },
        { name: 'Bulk item 000 retired', sku: 'PICK-OLD', brand: 'Ubuntu Mills', active: false },
      ]);
      // Another seller's product that the searches below would match: it must never show.
      await insertListings(t.db, { ...seller, seller_id: rival.id }, [
        { name: 'Zulu Gold Tea rival Ubuntu Mills', sku: 'PTEA-RIVAL' },
      ]);
    });

    it('answers the first page of sellers by name, with how many match, and finds one past it', async () => {
      const page = await suppliersFound('picker trading');
      expect(page.total).toBe(SUPPLIERS_PAGE + extra);
      expect(page.suppliers).toHaveLength(SUPPLIERS_PAGE);
      expect(page.suppliers[0]).toEqual({ id: expect.any(Number), name: 'Picker Trading 001' });
      const last = `Picker Trading ${String(SUPPLIERS_PAGE + extra).padStart(3, '0')}`;
      expect(page.suppliers.map((s) => s.name)).not.toContain(last);
      expect(await suppliersFound(last.toLowerCase())).toEqual({
        suppliers: [{ id: bulk, name: last }],
        total: 1,
      });
      // Unsearched, the answer is capped too, and counts every open seller.
      const all = await suppliersFound();
      expect(all.suppliers.length).toBeLessThanOrEqual(SUPPLIERS_PAGE);
      expect(all.total).toBeGreaterThanOrEqual(SUPPLIERS_PAGE + extra + 3);
      expect(await suppliersFound('   ')).toEqual(all);
    });

    it('never lists a buyer, a coordinator or a closed seller, and takes % as itself', async () => {
      expect(await suppliersFound('Picker Trading 99')).toEqual({ suppliers: [], total: 0 });
      expect(await suppliersFound('picker coordinator')).toEqual({ suppliers: [], total: 0 });
      expect(await suppliersFound('smart buyer')).toEqual({ suppliers: [], total: 0 });
      const percent = await suppliersFound('100%');
      expect(percent.suppliers.map((s) => s.name)).toEqual(['100% Pure Trading']);
      expect((await suppliersFound('_')).total).toBe(0);
    });

    it('answers the first page of a supplier’s active products by name, with how many match', async () => {
      const page = await bulkProducts();
      expect(page.total).toBe(SUPPLIER_PRODUCTS_PAGE + extra + 3);
      expect(page.products).toHaveLength(SUPPLIER_PRODUCTS_PAGE);
      expect(page.products[0]).toMatchObject({ id: ids['PICK-1'], name: 'Bulk item 001', sku: 'PICK-1' });
      expect(page.products.map((p) => p.id)).not.toContain(ids['PICK-OLD']);
      expect(await bulkProducts('  ')).toEqual(page);
    });

    it.each([
      ['a name, in any case and trimmed', '  gold TEA ', ['PTEA-250']],
      ['a brand', 'ubuntu', ['POIL-2']],
      ['a SKU', 'proo', ['PROO-1']],
      ['a percent sign as itself', '100%', ['PROO-1']],
      [
        'a product past the first page',
        `PICK-${SUPPLIER_PRODUCTS_PAGE + extra}`,
        [`PICK-${SUPPLIER_PRODUCTS_PAGE + extra}`],
      ],
      ['an inactive listing’s name: never listed', 'retired', []],
    ])('narrows the products by %s, to that supplier’s active ones', async (_label, search, skus) => {
      const found = await bulkProducts(search);
      expect(found.products.map((p) => p.id)).toEqual(skus.map((sku) => ids[sku]));
      expect(found.total).toBe(skus.length);
    });

    it('counts every match while answering a page of them', async () => {
      const some = await bulkProducts('bulk item 0');
      expect(some.total).toBe(SUPPLIER_PRODUCTS_PAGE + extra);
      expect(some.products).toHaveLength(SUPPLIER_PRODUCTS_PAGE);
      // A seller whose listings all went inactive offers nothing.
      await t.db.update(products).set({ is_active: false }).where(eq(products.seller_id, bulk));
      try {
        expect(await bulkProducts()).toEqual({ products: [], total: 0 });
      } finally {
        await t.db.update(products).set({ is_active: true }).where(eq(products.seller_id, bulk));
        await t.db.update(products).set({ is_active: false }).where(eq(products.id, ids['PICK-OLD']!));
      }
    });

    it.each([
      ['suppliers, a search over the limit', `/api/suppliers?search=${'a'.repeat(SEARCH_TEXT_MAX + 1)}`],
      ['suppliers, the search twice', '/api/suppliers?search=a&search=b'],
      [
        'products, a search over the limit',
        () => `/api/suppliers/${bulk}/products?search=${'a'.repeat(SEARCH_TEXT_MAX + 1)}`,
      ],
      ['products, the search twice', () => `/api/suppliers/${bulk}/products?search=tea&search=oil`],
    ])('refuses %s (400) and writes nothing', async (_label, url) => {
      const tables = ['smart_reorder_rules', 'smart_scheduled_orders', 'trade_offers', 'products', 'users'];
      const before = await Promise.all(tables.map((table) => count(t.db, table)));
      expectError(await send('GET', typeof url === 'string' ? url : url(), buyer.cookie), 400);
      expect(await Promise.all(tables.map((table) => count(t.db, table)))).toEqual(before);
    });

    it('accepts a search of exactly the longest length', async () => {
      expect(await bulkProducts('a'.repeat(SEARCH_TEXT_MAX))).toEqual({ products: [], total: 0 });
    });
  });

  it('creates a re-order rule with the spec’s defaults and sets the inventory item’s reorder point', async () => {
    const created = await send('POST', '/api/reorder-rules', buyer.cookie, ruleForm());
    expect(created.statusCode, created.body).toBe(201);
    const rule = created.json() as ReorderRule;
    expect(rule).toMatchObject({
      product_id: maize,
      product_name: 'Smart maize 10kg',
      supplier_name: "Smart Supplier's Shop",
      reorder_point: 5,
      reorder_quantity: 20,
      lead_time_days: 7,
      safety_stock: 0,
      auto_reorder_enabled: false,
      is_active: true,
      available: 0,
      on_order: 0,
    });
    // The inventory screen shows the same reorder point: one per item.
    const inventory = (await send('GET', '/api/inventory', buyer.cookie)).json() as {
      items: { product_name: string; reorder_point: number | null }[];
    };
    expect(inventory.items.find((i) => i.product_name === 'Smart maize 10kg')?.reorder_point).toBe(5);

    expectError(
      await send('POST', '/api/reorder-rules', buyer.cookie, ruleForm()),
      409,
      'smart_orders.rule_exists',
    );

    const edited = await send(
      'PUT',
      `/api/reorder-rules/${rule.id}`,
      buyer.cookie,
      ruleForm({ reorder_point: 8, safety_stock: 2, auto_reorder_enabled: true }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ reorder_point: 8, safety_stock: 2, auto_reorder_enabled: true });

    // Another buyer's rule does not exist for them; nothing changes.
    expectError(await send('PUT', `/api/reorder-rules/${rule.id}`, other.cookie, ruleForm()), 404);
    expectError(await send('DELETE', `/api/reorder-rules/${rule.id}`, other.cookie), 404);
    const listed = (await send('GET', '/api/reorder-rules', buyer.cookie)).json() as ReorderRule[];
    expect(listed.map((r) => r.id)).toEqual([rule.id]);

    expect((await send('DELETE', `/api/reorder-rules/${rule.id}`, buyer.cookie)).statusCode).toBe(204);
    expect(await count(t.db, 'smart_reorder_rules')).toBe(0);
  });

  it('refuses a bad rule with the field at fault and writes nothing', async () => {
    const before = await count(t.db, 'smart_reorder_rules');
    const bad = expectError(
      await send(
        'POST',
        '/api/reorder-rules',
        buyer.cookie,
        ruleForm({ reorder_quantity: 0, reorder_point: -1 }),
      ),
      400,
    );
    expect(Object.keys(bad.field_codes ?? {})).toEqual(
      expect.arrayContaining(['reorder_quantity', 'reorder_point']),
    );
    const wrongSupplier = expectError(
      await send('POST', '/api/reorder-rules', buyer.cookie, ruleForm({ product_id: theirs })),
      400,
    );
    expect(wrongSupplier.field_codes?.product_id?.code).toBe('validation.not_supplier_product');
    const notSeller = expectError(
      await send('POST', '/api/reorder-rules', buyer.cookie, ruleForm({ supplier_id: other.id })),
      400,
    );
    expect(notSeller.field_codes?.supplier_id?.code).toBe('validation.not_a_supplier');
    expect(await count(t.db, 'smart_reorder_rules')).toBe(before);
  });

  it('keeps re-order rules and schedules to buyers (401 signed out, 403 for a seller)', async () => {
    expectError(await send('GET', '/api/reorder-rules'), 401, 'unauthorized');
    expectError(await send('POST', '/api/scheduled-orders', undefined, scheduleForm()), 401, 'unauthorized');
    expectError(
      await send('POST', '/api/reorder-rules', supplier.cookie, ruleForm()),
      403,
      'smart_orders.buyers_only',
    );
    expectError(
      await send('POST', '/api/scheduled-orders', supplier.cookie, scheduleForm()),
      403,
      'smart_orders.buyers_only',
    );
    expect(await count(t.db, 'smart_scheduled_orders')).toBe(0);
  });

  it('schedules a recurring order (weekly by default) remembering today’s prices; edits and deletes it', async () => {
    const created = await send('POST', '/api/scheduled-orders', buyer.cookie, scheduleForm());
    expect(created.statusCode, created.body).toBe(201);
    const schedule = created.json() as ScheduledOrder;
    expect(schedule).toMatchObject({
      order_name: 'Weekly staples',
      supplier_name: "Smart Supplier's Shop",
      frequency: 'weekly',
      next_order_date: day(3),
      last_order_date: null,
      auto_confirm: false,
      notes: 'Back door',
      items: [
        {
          product_id: maize,
          product_name: 'Smart maize 10kg',
          quantity: 2,
          unit_price: 120,
          current_price: 120,
        },
      ],
    });
    const edited = await send(
      'PUT',
      `/api/scheduled-orders/${schedule.id}`,
      buyer.cookie,
      scheduleForm({ frequency: 'monthly', auto_confirm: true, items: [{ product_id: rice, quantity: 3 }] }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      frequency: 'monthly',
      auto_confirm: true,
      items: [{ product_id: rice }],
    });
    expectError(await send('DELETE', `/api/scheduled-orders/${schedule.id}`, other.cookie), 404);
    expect((await send('DELETE', `/api/scheduled-orders/${schedule.id}`, buyer.cookie)).statusCode).toBe(204);
    expect(await count(t.db, 'smart_scheduled_orders')).toBe(0);
  });

  it('refuses a schedule with no items, a past date, a bad frequency or another supplier’s product', async () => {
    for (const [over, fieldName] of [
      [{ items: [] }, 'items'],
      [{ next_order_date: day(-2) }, 'next_order_date'],
      [{ frequency: 'hourly' }, 'frequency'],
      [{ order_name: '  ' }, 'order_name'],
      [{ items: [{ product_id: theirs, quantity: 1 }] }, 'items.0.product_id'],
      [
        {
          items: [
            { product_id: maize, quantity: 1 },
            { product_id: maize, quantity: 2 },
          ],
        },
        'items.1.product_id',
      ],
    ] as const) {
      const error = expectError(
        await send('POST', '/api/scheduled-orders', buyer.cookie, scheduleForm(over)),
        400,
      );
      expect(Object.keys(error.field_codes ?? {}), JSON.stringify(over)).toContain(fieldName);
    }
    expect(await count(t.db, 'smart_scheduled_orders')).toBe(0);
  });

  it('lets only sellers make trade offers on their own products; buyers see the running ones on products', async () => {
    expectError(await send('GET', '/api/trade-offers'), 401, 'unauthorized');
    expectError(
      await send('POST', '/api/trade-offers', buyer.cookie, offerForm()),
      403,
      'smart_orders.sellers_only',
    );
    const notOwn = expectError(
      await send('POST', '/api/trade-offers', supplier.cookie, offerForm({ products: [theirs] })),
      400,
    );
    expect(notOwn.field_codes?.products?.code).toBe('validation.not_own_product');
    const badDates = expectError(
      await send('POST', '/api/trade-offers', supplier.cookie, offerForm({ end_date: day(-3) })),
      400,
    );
    expect(badDates.field_codes?.end_date?.code).toBe('validation.end_after_start');
    const badPercent = expectError(
      await send('POST', '/api/trade-offers', supplier.cookie, offerForm({ discount_value: 120 })),
      400,
    );
    expect(badPercent.field_codes?.discount_value?.code).toBe('validation.percentage');
    expect(await count(t.db, 'trade_offers')).toBe(0);

    const created = await send('POST', '/api/trade-offers', supplier.cookie, offerForm());
    expect(created.statusCode, created.body).toBe(201);
    const offer = created.json() as TradeOffer;
    expect(offer).toMatchObject({
      offer_name: 'Maize week',
      discount_value: 12.5,
      status: 'active',
      current_uses: 0,
      products: [{ id: maize, name: 'Smart maize 10kg' }],
    });
    expect(((await send('GET', '/api/trade-offers', rival.cookie)).json() as TradeOffer[]).length).toBe(0);
    expectError(
      await send('PUT', `/api/trade-offers/${offer.id}`, rival.cookie, offerForm({ products: [] })),
      404,
    );

    const seen = (
      await send('GET', `/api/trade-offers/for-products?ids=${maize},${rice},${theirs}`, buyer.cookie)
    ).json() as ProductTradeOffer[];
    expect(seen).toEqual([
      expect.objectContaining({
        id: offer.id,
        product_id: maize,
        offer_name: 'Maize week',
        discount_value: 12.5,
      }),
    ]);
    expectError(await send('GET', '/api/trade-offers/for-products?ids=abc', buyer.cookie), 400);

    // The pricing rule sees it as 12.5% off maize (DECISIONS 21).
    expect(await tradeOfferOffers(t.db, [supplier.id])).toEqual([
      expect.objectContaining({
        source: { type: 'trade_offer', id: offer.id },
        product_ids: [maize],
        rule: { kind: 'percentage', tenths: 125 },
      }),
    ]);

    const off = await send(
      'PUT',
      `/api/trade-offers/${offer.id}`,
      supplier.cookie,
      offerForm({ is_active: false }),
    );
    expect(off.json()).toMatchObject({ status: 'inactive' });
    expect(await tradeOfferOffers(t.db, [supplier.id])).toEqual([]);
    expect((await send('DELETE', `/api/trade-offers/${offer.id}`, supplier.cookie)).statusCode).toBe(204);
    expect(await count(t.db, 'trade_offers')).toBe(0);
  });
});
