import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  sastDate,
  type ProductTradeOffer,
  type ReorderRule,
  type ScheduledOrder,
  type SupplierSummary,
  type TradeOffer,
} from '@tt/domain';
import { tradeOfferOffers } from '../src/features/smart-orders/service.ts';
import { count, createTestApp, expectError, type TestApp } from './support/test-app.ts';
import { insertCategory, insertProduct, insertUser } from './support/marketplace.ts';

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
    const suppliers = (await send('GET', '/api/suppliers', buyer.cookie)).json() as SupplierSummary[];
    expect(suppliers).toContainEqual({ id: supplier.id, name: "Smart Supplier's Shop" });
    expect(suppliers.map((s) => s.id)).not.toContain(buyer.id);
    const products = await send('GET', `/api/suppliers/${supplier.id}/products`, buyer.cookie);
    expect(products.statusCode).toBe(200);
    expect((products.json() as { name: string }[]).map((p) => p.name)).toEqual([
      'Smart maize 10kg',
      'Smart rice 5kg',
    ]);
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
