import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  addDays,
  saleRequest,
  sastDate,
  type AiInsights,
  type InventoryLocation,
  type InventoryProduct,
  type PosCatalogue,
} from '@tt/domain';
import { count, createTestApp, expectError, rowsOf, type TestApp } from './support/test-app.ts';
import { insertUser } from './support/marketplace.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('AI business insights (/api/ai-insights)', () => {
  let t: TestApp;
  let shop: { userId: number; cookie: string; bread: number; paraffin: number; location: number };
  let other: string;

  const inject = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    cookie?: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  const insights = async (cookie: string) => {
    const response = await inject('GET', '/api/ai-insights', cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AiInsights;
  };
  const dismissals = () => count(t.db, 'ai_insight_dismissals');

  async function newShop() {
    const userId = await insertUser(t.db, 'retailer');
    const cookie = await t.sessionFor(userId);
    const [location] = (
      await inject('GET', '/api/inventory/locations', cookie)
    ).json() as InventoryLocation[];
    const item = async (name: string, stock: number, costCents: number, price: number) => {
      const created = await inject('POST', '/api/inventory/products', cookie, {
        name,
        sku: `${name}-${userId}`,
      });
      const product = created.json() as InventoryProduct;
      const moved = await inject('POST', '/api/inventory/movements', cookie, {
        product_id: product.id,
        location_id: location!.id,
        movement_type: 'in',
        quantity: stock,
        unit_cost: costCents / 100,
      });
      expect(moved.statusCode, moved.body).toBe(201);
      const priced = await inject('PUT', `/api/pos/products/${product.id}/price`, cookie, { price });
      expect(priced.statusCode, priced.body).toBe(200);
      return product.id;
    };
    return {
      userId,
      cookie,
      location: location!.id,
      bread: await item('Bread', 30, 1000, 15),
      paraffin: await item('Paraffin', 10, 2100, 20),
    };
  }
  /** A cash sale rung up at the till `daysAgo` days ago (sent as the offline queue sends it). */
  async function sell(cookie: string, product: number, quantity: number, daysAgo: number) {
    const till = (await inject('GET', '/api/pos/products', cookie)).json() as PosCatalogue;
    const price = till.products.find((p) => p.id === product)!.price;
    const body = saleRequest({
      clientSaleId: randomUUID(),
      lines: [{ product_id: product, quantity, unit_price_cents: Math.round(price * 100) }],
      discountPercent: 0,
      vatRegistered: false,
      paymentMethod: 'cash',
      rungUpAt: new Date(Date.now() - daysAgo * DAY).toISOString(),
      offline: true,
    });
    const response = await inject('POST', '/api/pos/process-payment', cookie, body);
    expect(response.statusCode, response.body).toBe(201);
  }

  beforeAll(async () => {
    t = await createTestApp();
    shop = await newShop();
    // Two loaves a day for the last 14 days (not today): 28 of the 30 sold.
    for (let daysAgo = 14; daysAgo >= 1; daysAgo -= 1) await sell(shop.cookie, shop.bread, 2, daysAgo);
    other = (await newShop()).cookie;
  });
  afterAll(() => t.close());

  it('works its figures out from the till’s sales and the stock', async () => {
    const result = await insights(shop.cookie);
    const today = sastDate(new Date());
    expect(result).toMatchObject({ today, has_sales: true, days: 15, vat_registered: false });
    // 28 loaves over 15 days (the first sale's day to today): 1.87 a day; 2 left last 1.07 days.
    const reorder = result.recommendations.find((r) => r.kind === 'reorder')!;
    expect(reorder).toMatchObject({
      key: `reorder:${shop.bread}:1`,
      type: 'inventory',
      product_id: shop.bread,
      name: 'Bread',
      days: 15,
      evidence_days: 14,
      // 30 + 40 x 15/28 + 25 x 14/14
      confidence: 76,
      figures: { available: 2, rate: 1.87, days_left: 1.1, run_out: addDays(today, 1), units: 28 },
      action: { screen: 'inventory', search: `Bread-${shop.userId}` },
      dismissed: false,
    });
    // A month of sales at R15: R840, high.
    expect(reorder.at_stake).toBe(840);
    expect(reorder.impact).toBe('high');
    const below = result.recommendations.find((r) => r.kind === 'below_cost')!;
    expect(below).toMatchObject({
      key: `below_cost:${shop.paraffin}:6`,
      type: 'pricing',
      figures: { price: 20, unit_cost: 21, loss_per_unit: 1 },
      at_stake: 10,
      impact: 'low',
      action: { screen: 'till_prices', search: 'Paraffin' },
    });
    expect(result.insights).toMatchObject({
      takings: 420,
      sales: 14,
      average_sale: 30,
      margin_percent: 33.3,
      payment_methods: [{ method: 'cash', takings: 420, sales: 14, share: 100 }],
    });
    expect(result.insights.top_by_takings).toEqual([
      {
        product_id: shop.bread,
        name: 'Bread',
        units: 28,
        takings: 420,
        gross_profit: 140,
        margin_percent: 33.3,
      },
    ]);
    expect(result.predictions.days).toBe(14);
    expect(result.predictions.next_7).toEqual({ expected: 210, low: 210, high: 210 });
    expect(result.predictions.next_30).toEqual({ expected: 900, low: 900, high: 900 });
    expect(result.predictions.run_out).toEqual([
      {
        product_id: shop.bread,
        name: 'Bread',
        available: 2,
        rate: 1.87,
        days_left: 1.1,
        date: addDays(today, 1),
      },
    ]);
  });

  it('a shop that has not sold yet sees only what its prices say', async () => {
    const before = await insights(other);
    expect(before.has_sales).toBe(false);
    expect(before.recommendations.map((r) => r.kind)).toEqual(['below_cost']);
    expect(before.predictions.next_7).toBeNull();
  });

  it('keeps a dismissal per user until the figure changes, and undo brings it back', async () => {
    const key = `reorder:${shop.bread}:1`;
    const dismissed = await inject('POST', '/api/ai-insights/dismissals', shop.cookie, { key });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect((dismissed.json() as AiInsights).recommendations.find((r) => r.key === key)!.dismissed).toBe(true);
    // Persisted, and the user's own: another shop cannot dismiss this shop's card, nor sees it.
    expect((await insights(shop.cookie)).recommendations.find((r) => r.key === key)!.dismissed).toBe(true);
    const rows = rowsOf<{ user_id: number; key: string }>(
      await t.db.execute(sql`select user_id, key from ai_insight_dismissals`),
    );
    expect(rows).toEqual([{ user_id: shop.userId, key }]);
    expectError(
      await inject('POST', '/api/ai-insights/dismissals', other, { key }),
      404,
      'ai_insights.not_found',
    );
    expect(await dismissals()).toBe(1);
    // A repeat is a no-op.
    expect((await inject('POST', '/api/ai-insights/dismissals', shop.cookie, { key })).statusCode).toBe(200);
    expect(await dismissals()).toBe(1);

    const undone = await inject(
      'DELETE',
      `/api/ai-insights/dismissals/${encodeURIComponent(key)}`,
      shop.cookie,
    );
    expect(undone.statusCode, undone.body).toBe(200);
    expect((undone.json() as AiInsights).recommendations.find((r) => r.key === key)!.dismissed).toBe(false);
    expect(await dismissals()).toBe(0);

    // Dismissed again, then one more loaf sells: under a day left is a new figure, and the card is back.
    await inject('POST', '/api/ai-insights/dismissals', shop.cookie, { key });
    await sell(shop.cookie, shop.bread, 1, 0);
    const after = await insights(shop.cookie);
    const back = after.recommendations.find((r) => r.kind === 'reorder')!;
    expect(back.key).toBe(`reorder:${shop.bread}:0`);
    expect(back.dismissed).toBe(false);
    await inject('DELETE', `/api/ai-insights/dismissals/${encodeURIComponent(key)}`, shop.cookie);
  });

  it('gives the demo shop cards of every kind its data supports, and the patterns of five weeks', async () => {
    const demo = await insights(await t.login('retailer'));
    expect(demo.has_sales).toBe(true);
    expect(demo.days).toBe(28);
    const kinds = new Set(demo.recommendations.map((r) => r.kind));
    for (const kind of ['reorder', 'below_cost', 'slow_stock'] as const) expect(kinds).toContain(kind);
    expect(demo.insights.weekdays).toHaveLength(7);
    expect(demo.insights.payment_methods.length).toBeGreaterThan(1);
    expect(demo.predictions.next_7).not.toBeNull();
    expect(demo.predictions.next_7!.low).toBeLessThanOrEqual(demo.predictions.next_7!.expected);
    expect(demo.predictions.next_7!.expected).toBeLessThanOrEqual(demo.predictions.next_7!.high);
    // The seeded till's takings are in the books once: each day's sales posted once, no hand-banked takings.
    const ledger = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from journal_entries e
        where e.business_id = ${await t.demoUserId('retailer')}
        and (e.reference like 'TAKE-%') and e.entry_date >= ${addDays(sastDate(new Date()), -30)}`),
    );
    expect(ledger[0]!.n).toBe(0);
  });

  it('answers 401 to nobody, 403 to staff, 400 to a bad key and 404 to a card that is not there, writing nothing', async () => {
    expectError(await inject('GET', '/api/ai-insights'), 401);
    expectError(await inject('POST', '/api/ai-insights/dismissals', undefined, { key: 'reorder:1:1' }), 401);
    for (const role of ['admin', 'sales_rep'] as const) {
      const cookie = await t.login(role);
      expectError(await inject('GET', '/api/ai-insights', cookie), 403, 'ai_insights.business_only');
      expectError(await inject('POST', '/api/ai-insights/dismissals', cookie, { key: 'reorder:1:1' }), 403);
      expectError(await inject('DELETE', '/api/ai-insights/dismissals/reorder%3A1%3A1', cookie), 403);
    }
    for (const body of [
      {},
      { key: '' },
      { key: 'x'.repeat(41) },
      { key: 'Reorder:1:1' },
      { key: 'reorder:1:1', extra: 1 },
    ])
      expectError(await inject('POST', '/api/ai-insights/dismissals', shop.cookie, body), 400);
    expectError(await inject('DELETE', '/api/ai-insights/dismissals/not-a-key', shop.cookie), 400);
    expectError(
      await inject('POST', '/api/ai-insights/dismissals', shop.cookie, { key: 'reorder:999999:1' }),
      404,
      'ai_insights.not_found',
    );
    expect(await dismissals()).toBe(0);
  });
});
