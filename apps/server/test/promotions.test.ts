import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  PROMOTABLE_PRODUCTS_PAGE,
  sastDate,
  type PromotableProductList,
  type Promotion,
  type PromotionList,
} from '@tt/domain';
import {
  promotionOffers,
  promotionsForProducts,
  recordPromotionUses,
} from '../src/features/promotions/service.ts';
import { count, createTestApp, expectError, type TestApp } from './support/test-app.ts';
import { insertCategory, insertListings, insertProduct, insertUser } from './support/marketplace.ts';

const DAY = 86_400_000;
const day = (offset: number) => sastDate(new Date(Date.now() + offset * DAY));

describe('trade promotions', () => {
  let t: TestApp;
  let seller: { id: number; cookie: string };
  let rival: { id: number; cookie: string };
  let retailer: string;
  let own: number;
  let theirs: number;

  beforeAll(async () => {
    t = await createTestApp();
    const category = await insertCategory(t.db, 'Promo goods', await insertCategory(t.db, 'Promo dept'));
    const sellerId = await insertUser(t.db, 'supplier', 'Promo Supplier');
    const rivalId = await insertUser(t.db, 'distributor', 'Rival Distributor');
    seller = { id: sellerId, cookie: await t.sessionFor(sellerId) };
    rival = { id: rivalId, cookie: await t.sessionFor(rivalId) };
    retailer = await t.sessionFor(await insertUser(t.db, 'retailer'));
    own = await insertProduct(t.db, { seller_id: sellerId, category_id: category, name: 'Promo maize 10kg' });
    theirs = await insertProduct(t.db, { seller_id: rivalId, category_id: category });
  });
  afterAll(() => t.close());

  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  const form = (over: Record<string, unknown> = {}) => ({
    promotion_name: 'Winter maize special',
    promotion_type: 'seasonal_offer',
    description: '10% off maize meal for the cold months',
    start_date: day(-1),
    end_date: day(30),
    minimum_order_value: 500,
    discount_percentage: 10,
    target_products: [own],
    ...over,
  });
  const list = async (cookie: string) =>
    (await send('GET', '/api/trade-promotions', cookie)).json() as PromotionList;

  it('creates a draft that only its owner sees, then publishes it for everyone', async () => {
    const created = await send('POST', '/api/trade-promotions', seller.cookie, form());
    expect(created.statusCode, created.body).toBe(201);
    const draft = created.json() as Promotion;
    expect(draft).toMatchObject({
      supplier_id: seller.id,
      supplier_name: "Promo Supplier's Shop",
      status: 'draft',
      discount_percentage: 10,
      discount_amount: 0,
      minimum_order_value: 500,
      target_products: [{ id: own, name: 'Promo maize 10kg' }],
      discount_given: 0,
    });
    expect((await list(seller.cookie)).promotions.map((p) => p.id)).toContain(draft.id);
    expect((await list(retailer)).promotions.map((p) => p.id)).not.toContain(draft.id);
    expect(await promotionOffers(t.db, [seller.id])).toEqual([]);

    const published = await send(
      'PUT',
      `/api/trade-promotions/${draft.id}`,
      seller.cookie,
      form({ publish: true }),
    );
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ status: 'active' });
    const seen = await list(retailer);
    expect(seen.promotions.find((p) => p.id === draft.id)?.status).toBe('active');
    expect(seen.stats.active).toBeGreaterThanOrEqual(1);

    // It now prices checkout for that seller's product, through the one pricing rule.
    expect(await promotionOffers(t.db, [seller.id, rival.id])).toEqual([
      {
        source: { type: 'promotion', id: draft.id },
        seller_id: seller.id,
        product_ids: [own],
        min_order_value_cents: 50_000,
        rule: { kind: 'percentage', tenths: 100 },
        name: 'Winter maize special',
      },
    ]);
    const cards = await promotionsForProducts(t.db, [
      { id: own, seller_id: seller.id },
      { id: theirs, seller_id: rival.id },
    ]);
    expect(cards.get(own)?.map((p) => p.id)).toEqual([draft.id]);
    expect(cards.has(theirs)).toBe(false);
  });

  it('computes scheduled and expired from the dates, and counts them in the figures', async () => {
    const later = (
      await send(
        'POST',
        '/api/trade-promotions',
        seller.cookie,
        form({
          start_date: day(5),
          end_date: day(9),
          publish: true,
          discount_percentage: 0,
          discount_amount: 2.5,
        }),
      )
    ).json() as Promotion;
    const past = (
      await send(
        'POST',
        '/api/trade-promotions',
        seller.cookie,
        form({
          start_date: day(-20),
          end_date: day(-2),
          publish: true,
        }),
      )
    ).json() as Promotion;
    expect([later.status, past.status]).toEqual(['scheduled', 'expired']);
    const { stats } = await list(seller.cookie);
    expect(stats.scheduled).toBeGreaterThanOrEqual(1);
    expect(stats.expired).toBeGreaterThanOrEqual(1);
    // An expired promotion can no longer be changed or cancelled.
    expectError(
      await send('PUT', `/api/trade-promotions/${past.id}`, seller.cookie, form()),
      409,
      'promotion.not_editable',
    );
  });

  it('lets only the owner change, cancel or delete; a used promotion stays on record', async () => {
    const mine = (
      await send('POST', '/api/trade-promotions', seller.cookie, form({ publish: true }))
    ).json() as Promotion;
    const draft = (await send('POST', '/api/trade-promotions', seller.cookie, form())).json() as Promotion;
    expectError(
      await send('PUT', `/api/trade-promotions/${mine.id}`, rival.cookie, form()),
      403,
      'promotion.owner_only',
    );
    expectError(
      await send('POST', `/api/trade-promotions/${mine.id}/cancel`, rival.cookie),
      403,
      'promotion.owner_only',
    );
    expectError(
      await send('DELETE', `/api/trade-promotions/${mine.id}`, rival.cookie),
      403,
      'promotion.owner_only',
    );
    // Someone else's draft does not exist for the caller.
    expectError(
      await send('DELETE', `/api/trade-promotions/${draft.id}`, rival.cookie),
      404,
      'promotion.not_found',
    );

    await t.db.transaction((tx) =>
      recordPromotionUses(tx, [{ promotion_id: mine.id, order_id: 987654, discount_cents: 1250 }]),
    );
    expectError(
      await send('DELETE', `/api/trade-promotions/${mine.id}`, seller.cookie),
      409,
      'promotion.in_use',
    );
    const cancelled = await send('POST', `/api/trade-promotions/${mine.id}/cancel`, seller.cookie);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', discount_given: 12.5, orders_count: 1 });
    expect((await promotionOffers(t.db, [seller.id])).map((o) => o.source.id)).not.toContain(mine.id);

    expect((await send('DELETE', `/api/trade-promotions/${draft.id}`, seller.cookie)).statusCode).toBe(204);
    expect(await count(t.db, 'trade_promotions', sqlId(draft.id))).toBe(0);
  });

  it('offers a seller only their own products to target', async () => {
    const response = await send('GET', '/api/trade-promotions/my-products', seller.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      products: [{ id: own, name: 'Promo maize 10kg', sku: expect.any(String) }],
      total: 1,
    });
    expectError(
      await send('GET', '/api/trade-promotions/my-products', retailer),
      403,
      'promotion.sellers_only',
    );
    expectError(await send('GET', '/api/trade-promotions/my-products'), 401, 'unauthorized');
  });

  describe('a seller with more products than one page', () => {
    const extra = 25;
    let bulk: { id: number; cookie: string };
    let ids: Record<string, number>;
    const mine = async (search?: string) => {
      const url = `/api/trade-promotions/my-products${search === undefined ? '' : `?search=${encodeURIComponent(search)}`}`;
      const response = await send('GET', url, bulk.cookie);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as PromotableProductList;
    };

    beforeAll(async () => {
      const category = await insertCategory(t.db, 'Bulk goods');
      const bulkId = await insertUser(t.db, 'distributor', 'Bulk Distributor');
      bulk = { id: bulkId, cookie: await t.sessionFor(bulkId) };
      const seller = { seller_id: bulkId, category_id: category };
      ids = await insertListings(t.db, seller, [
        // Page-plus-extra "Bulk item NNN" sort before every other name here, whatever the collation.
        ...Array.from({ length: PROMOTABLE_PRODUCTS_PAGE + extra }, (_, i) => ({
          name: `Bulk item ${String(i + 1).padStart(3, '0')}`,
          sku: `BULK-${i + 1}`,
        })),
        { name: 'Bulk item 001', sku: 'BULK-TWIN' },
        { name: 'Zulu Gold Tea 250g', sku: 'TEA-250' },
        { name: 'Sunflower oil 2L', sku: 'OIL-2', brand: 'Ubuntu Mills' },
        { name: 'Rice 10kg', sku: 'XQ-7781' },
        { name: 'Rooibos 100% pure', sku: 'ROO-1' },
      ]);
      // Another seller's product that every search below would match: it must never show.
      await insertListings(t.db, { ...seller, seller_id: rival.id }, [
        {
          name: 'Zulu Gold Tea rival 100% Ubuntu Mills XQ-7781',
          sku: 'XQ-7781-RIVAL',
          brand: 'Ubuntu Mills',
        },
      ]);
    });

    it('answers the first page by name then id, with how many there are in all', async () => {
      const all = PROMOTABLE_PRODUCTS_PAGE + extra + 5;
      const page = await mine();
      expect(page.total).toBe(all);
      expect(page.products).toHaveLength(PROMOTABLE_PRODUCTS_PAGE);
      // The two products named "Bulk item 001" come first, in id order; then 002, 003, ...
      expect(page.products.slice(0, 3).map((p) => p.id)).toEqual([
        ids['BULK-1'],
        ids['BULK-TWIN'],
        ids['BULK-2'],
      ]);
      expect(page.products.at(-1)).toEqual({
        id: ids[`BULK-${PROMOTABLE_PRODUCTS_PAGE - 1}`],
        name: `Bulk item ${String(PROMOTABLE_PRODUCTS_PAGE - 1).padStart(3, '0')}`,
        sku: `BULK-${PROMOTABLE_PRODUCTS_PAGE - 1}`,
      });
      // An empty search is no search.
      expect(await mine('   ')).toEqual(page);
    });

    it.each([
      ['a name, in any case and trimmed', '  gold TEA ', ['TEA-250']],
      ['a brand', 'ubuntu', ['OIL-2']],
      ['a SKU', 'xq-77', ['XQ-7781']],
      ['a percent sign as itself, not as a wildcard', '100%', ['ROO-1']],
    ])('narrows by %s, to the caller’s own products only', async (_label, search, skus) => {
      const found = await mine(search);
      expect(found.products.map((p) => p.id)).toEqual(skus.map((sku) => ids[sku]));
      expect(found.total).toBe(skus.length);
    });

    it('narrows past the first page: a product after it is found by search', async () => {
      const last = `BULK-${PROMOTABLE_PRODUCTS_PAGE + extra}`;
      expect((await mine()).products.map((p) => p.id)).not.toContain(ids[last]);
      const found = await mine(last);
      expect(found).toEqual({
        products: [{ id: ids[last], name: expect.stringMatching(/^Bulk item/), sku: last }],
        total: 1,
      });
      const some = await mine('bulk item 0');
      expect(some.total).toBe(PROMOTABLE_PRODUCTS_PAGE + extra + 1);
      expect(some.products).toHaveLength(PROMOTABLE_PRODUCTS_PAGE);
    });

    it('says so when nothing matches', async () => {
      expect(await mine('nothing is called this')).toEqual({ products: [], total: 0 });
    });

    it.each([
      ['a search over 100 characters', `search=${'a'.repeat(101)}`],
      ['the search twice (an array)', 'search=tea&search=oil'],
    ])('refuses %s (400) and writes nothing', async (_label, query) => {
      const before = [await count(t.db, 'trade_promotions'), await count(t.db, 'products')];
      const response = await send('GET', `/api/trade-promotions/my-products?${query}`, bulk.cookie);
      expectError(response, 400);
      expect([await count(t.db, 'trade_promotions'), await count(t.db, 'products')]).toEqual(before);
    });
  });

  it('refuses anonymous callers (401) and retailers (403), writing nothing', async () => {
    const before = await count(t.db, 'trade_promotions');
    expectError(await send('GET', '/api/trade-promotions'), 401, 'unauthorized');
    expectError(await send('POST', '/api/trade-promotions', undefined, form()), 401, 'unauthorized');
    expectError(await send('POST', '/api/trade-promotions', retailer, form()), 403, 'promotion.sellers_only');
    expect(await count(t.db, 'trade_promotions')).toBe(before);
  });

  it('refuses another seller’s product as a target (400) and writes nothing', async () => {
    const before = await count(t.db, 'trade_promotions');
    const response = await send(
      'POST',
      '/api/trade-promotions',
      seller.cookie,
      form({ target_products: [own, theirs] }),
    );
    expectError(response, 400);
    expect((response.json() as { error: { field_codes: object } }).error.field_codes).toEqual({
      target_products: { code: 'validation.not_own_product' },
    });
    expect(await count(t.db, 'trade_promotions')).toBe(before);
  });

  it.each([
    ['no name', { promotion_name: '' }, 'promotion_name'],
    ['no description', { description: ' ' }, 'description'],
    ['an end before the start', { start_date: day(3), end_date: day(1) }, 'end_date'],
    ['a date that does not exist', { end_date: '2026-02-30' }, 'end_date'],
    ['both a percentage and an amount', { discount_amount: 5 }, 'discount_percentage'],
    ['no discount at all', { discount_percentage: 0 }, 'discount_percentage'],
    ['a percentage over 100', { discount_percentage: 100.5 }, 'discount_percentage'],
    ['a percentage finer than 0.1', { discount_percentage: 12.25 }, 'discount_percentage'],
    ['a negative minimum order value', { minimum_order_value: -1 }, 'minimum_order_value'],
  ])('refuses %s (400) and writes nothing', async (_name, change, field) => {
    const before = await count(t.db, 'trade_promotions');
    const response = await send('POST', '/api/trade-promotions', seller.cookie, form(change));
    expectError(response, 400);
    expect(Object.keys((response.json() as { error: { fields: object } }).error.fields)).toContain(field);
    expect(await count(t.db, 'trade_promotions')).toBe(before);
  });
});

function sqlId(id: number) {
  return sql`id = ${id}`;
}
