import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  analyticsPeriod,
  saleRequest,
  sastDate,
  type BusinessAnalytics,
  type FinancialAnalytics,
  type FinanceSummary,
  type InventoryLocation,
  type InventoryProduct,
  type JournalList,
  type PosCatalogue,
} from '@tt/domain';
import { users } from '../src/features/auth/tables.ts';
import { orderItems, orders } from '../src/features/orders/tables.ts';
import { businessAnalytics, financialAnalytics } from '../src/features/analytics/service.ts';
import { count, createTestApp, expectError, type TestApp } from './support/test-app.ts';
import { insertCategory, insertProduct, insertUser, orderNumber } from './support/marketplace.ts';

/** Wednesday 18 November 2026, 12:00 in Johannesburg. */
const NOW = new Date('2026-11-18T10:00:00Z');

describe('Advanced Analytics (/api/analytics/business, /financial, /transactions)', () => {
  let t: TestApp;
  let seller: number;
  let otherSeller: number;
  let soweto: number;
  let durban: number;
  let soap: number;
  let maize: number;

  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  /** An order placed at `at` (SAST wall time given in UTC), with one line of the product. */
  async function order(
    sellerId: number,
    buyerId: number,
    at: string,
    cents: number,
    line: { product: number; quantity: number },
    status = 'delivered',
  ) {
    const [row] = await t.db
      .insert(orders)
      .values({
        order_number: orderNumber(),
        buyer_id: buyerId,
        seller_id: sellerId,
        status,
        subtotal_cents: cents,
        tax_cents: 0,
        total_cents: cents,
        created_at: new Date(at),
      })
      .returning({ id: orders.id });
    await t.db.insert(orderItems).values({
      order_id: row!.id,
      product_id: line.product,
      quantity: line.quantity,
      unit_price_cents: Math.round(cents / line.quantity),
      total_price_cents: cents,
    });
  }

  beforeAll(async () => {
    t = await createTestApp();
    seller = await insertUser(t.db, 'supplier', 'Analytics Seller');
    otherSeller = await insertUser(t.db, 'supplier', 'Other Seller');
    soweto = await insertUser(t.db, 'retailer', 'Soweto Spaza');
    durban = await insertUser(t.db, 'retailer', 'Durban Tuck Shop');
    await t.db.update(users).set({ state: 'Gauteng', city: 'Soweto' }).where(eq(users.id, soweto));
    await t.db.update(users).set({ state: 'KwaZulu-Natal', city: 'Durban' }).where(eq(users.id, durban));
    const category = await insertCategory(t.db, `Analytics ${randomUUID()}`);
    soap = await insertProduct(t.db, { seller_id: seller, category_id: category, name: 'Sunlight soap' });
    maize = await insertProduct(t.db, { seller_id: seller, category_id: category, name: 'Maize meal' });
    const other = await insertProduct(t.db, { seller_id: otherSeller, category_id: category });
    // Soweto first bought in October: returning in November.
    await order(seller, soweto, '2026-10-05T08:00:00Z', 10_000, { product: soap, quantity: 10 });
    await order(seller, soweto, '2026-11-03T08:00:00Z', 20_000, { product: maize, quantity: 4 });
    // Durban is new in November, with two orders kept and one cancelled.
    await order(seller, durban, '2026-11-10T08:00:00Z', 5_000, { product: soap, quantity: 5 });
    await order(seller, durban, '2026-11-12T08:00:00Z', 7_000, { product: soap, quantity: 7 }, 'cancelled');
    await order(seller, durban, '2026-11-18T06:00:00Z', 3_000, { product: soap, quantity: 3 });
    // Another seller's sale to the same buyer is not this seller's.
    await order(otherSeller, soweto, '2026-11-05T08:00:00Z', 99_900, { product: other, quantity: 1 });
  });
  afterAll(() => t.close());

  it("counts a seller's month exactly from its own orders", async () => {
    const a = await businessAnalytics(t.db, { id: seller, role: 'supplier' }, 'month', NOW);
    expect(a.sources).toEqual(['marketplace']);
    expect(a.has_data).toBe(true);
    expect(a.overview).toEqual({
      revenue: 280,
      marketplace_sales: 280,
      till_sales: 0,
      purchases: 0,
      orders: 3,
      till_transactions: 0,
      average_sale: 93.33,
      customers: 2,
      // 1-17 November (R250) against 1-17 October (R100); today's R30 is not compared.
      revenue_compared: { current: 250, previous: 100, change_percent: 150 },
    });
    // The weeks of November by their Monday; they add up to the month's revenue.
    expect(a.sales.map((s) => [s.label, s.total])).toEqual([
      ['2026-10-26', 0],
      ['2026-11-02', 200],
      ['2026-11-09', 50],
      ['2026-11-16', 30],
    ]);
    expect(a.sales.reduce((n, s) => n + s.total * 100, 0)).toBe(a.overview.revenue * 100);
    expect(a.customers).toMatchObject({ total: 2, new: 1, returning: 1, repeat_rate: 50 });
    expect(a.customers.top.map((c) => [c.buyer_id, c.orders, c.spent, c.is_new])).toEqual([
      [soweto, 1, 200, false],
      [durban, 2, 80, true],
    ]);
    expect(a.customers.top[0]!.name).toBe("Soweto Spaza's Shop");
    expect(a.products.map((p) => [p.name, p.units, p.revenue, p.source])).toEqual([
      ['Maize meal', 4, 200, 'marketplace'],
      ['Sunlight soap', 8, 80, 'marketplace'],
    ]);
    expect(a.regions).toEqual([
      { province: 'Gauteng', city: 'Soweto', customers: 1, orders: 1, revenue: 200 },
      { province: 'KwaZulu-Natal', city: 'Durban', customers: 1, orders: 2, revenue: 80 },
    ]);
    expect(a.regions.reduce((n, r) => n + r.revenue, 0)).toBe(a.overview.marketplace_sales);
  });

  it('changes with the timeframe and compares nothing on a period’s first day', async () => {
    const caller = { id: seller, role: 'supplier' as const };
    const week = await businessAnalytics(t.db, caller, 'week', NOW);
    expect(week.overview).toMatchObject({ revenue: 30, orders: 1, customers: 1 });
    expect(week.sales).toHaveLength(3);
    const year = await businessAnalytics(t.db, caller, 'year', NOW);
    expect(year.overview).toMatchObject({ revenue: 380, orders: 4 });
    expect(year.customers).toMatchObject({ new: 2, returning: 0 });
    const monday = await businessAnalytics(t.db, caller, 'week', new Date('2026-11-16T06:00:00Z'));
    expect(monday.overview.revenue_compared).toBeNull();
    expect(monday.period.comparison).toBeNull();
  });

  it("shows a buyer its purchases, and nobody else's sales", async () => {
    const a = await businessAnalytics(t.db, { id: soweto, role: 'retailer' }, 'month', NOW);
    expect(a.sources).toEqual(['till', 'purchases']);
    expect(a.overview).toMatchObject({ revenue: 0, purchases: 1199, customers: 0 });
    expect(a.products).toEqual([]);
    expect(a.sales.reduce((n, s) => n + s.purchases, 0)).toBe(1199);
    const other = await businessAnalytics(t.db, { id: otherSeller, role: 'supplier' }, 'month', NOW);
    expect(other.overview).toMatchObject({ revenue: 999, customers: 1 });
    expect(other.regions).toEqual([
      { province: 'Gauteng', city: 'Soweto', customers: 1, orders: 1, revenue: 999 },
    ]);
  });

  it("reads a shop's books: income, expenses by account, cash flow and the comparison", async () => {
    const shop = await insertUser(t.db, 'retailer');
    const cookie = await t.sessionFor(shop);
    const post = async (entry_date: string, reference: string, lines: object[]) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/finance/journal-entries',
        headers: { cookie },
        payload: { entry_date, reference, description: reference, lines },
      });
      expect(response.statusCode, response.body).toBe(201);
    };
    const sale = (day: string, rand: number) =>
      post(day, `SALE-${day}`, [
        { account_code: 1000, debit: rand },
        { account_code: 4000, credit: rand },
      ]);
    await sale('2026-10-10', 500);
    await sale('2026-11-02', 800);
    await sale('2026-11-18', 120);
    await post('2026-11-05', 'RENT', [
      { account_code: 5300, debit: 300 },
      { account_code: 1010, credit: 300 },
    ]);
    await post('2026-11-06', 'WAGES', [
      { account_code: 5400, debit: 150.5 },
      { account_code: 1000, credit: 150.5 },
    ]);
    // Banking the till's cash moves money between cash accounts: neither in nor out.
    await post('2026-11-07', 'BANKED', [
      { account_code: 1010, debit: 400 },
      { account_code: 1000, credit: 400 },
    ]);
    const f = await financialAnalytics(t.db, { id: shop, role: 'retailer' }, 'month', NOW);
    expect(f.has_data).toBe(true);
    expect(f.overview).toEqual({
      income: 920,
      expenses: 450.5,
      profit: 469.5,
      income_compared: { current: 800, previous: 500, change_percent: 60 },
      expenses_compared: { current: 450.5, previous: 0, change_percent: null },
      profit_compared: { current: 349.5, previous: 500, change_percent: -30.1 },
    });
    expect(f.expenses).toEqual([
      { code: 5300, name: 'Rent', amount: 300, share: 66.6 },
      { code: 5400, name: 'Wages', amount: 150.5, share: 33.4 },
    ]);
    expect(f.expenses.reduce((n, e) => n + e.amount * 100, 0)).toBe(f.overview.expenses * 100);
    expect(f.cash_flow.map((c) => [c.label, c.cash_in, c.cash_out])).toEqual([
      ['2026-10-26', 0, 0],
      ['2026-11-02', 800, 450.5],
      ['2026-11-09', 0, 0],
      ['2026-11-16', 120, 0],
    ]);
    expect(f.cash_flow.reduce((n, c) => n + c.net * 100, 0)).toBe(Math.round((920 - 450.5) * 100));
    // The books' own summary of the same days agrees.
    const summary = (
      await get('/api/finance/summary?period=custom&from=2026-11-01&to=2026-11-18', cookie)
    ).json() as FinanceSummary;
    expect([summary.income, summary.expenses, summary.profit]).toEqual([920, 450.5, 469.5]);
    // Twelve days of figures but only four with income: still a projection (7+ completed days since the first).
    expect(f.projections.days).toBe(28);
    expect(f.projections.income?.next_period.expected).toBeGreaterThan(0);
    // Another shop's books are not these.
    const other = await financialAnalytics(t.db, { id: soweto, role: 'retailer' }, 'month', NOW);
    expect(other).toMatchObject({ has_data: false, overview: { income: 0, expenses: 0 }, expenses: [] });
  });

  it('answers over HTTP for the signed-in caller, with the till’s sales and the journal a page at a time', async () => {
    const shop = await insertUser(t.db, 'retailer');
    const cookie = await t.sessionFor(shop);
    const [location] = (await get('/api/inventory/locations', cookie)).json() as InventoryLocation[];
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/inventory/products',
      headers: { cookie },
      payload: { name: 'Bread', sku: `BREAD-${shop}` },
    });
    const bread = (created.json() as InventoryProduct).id;
    for (const [url, method, payload] of [
      [
        '/api/inventory/movements',
        'POST',
        { product_id: bread, location_id: location!.id, movement_type: 'in', quantity: 50, unit_cost: 10 },
      ],
      [`/api/pos/products/${bread}/price`, 'PUT', { price: 15 }],
    ] as const) {
      const r = await t.app.inject({ method, url, headers: { cookie }, payload });
      expect(r.statusCode, r.body).toBeLessThan(300);
    }
    const till = (await get('/api/pos/products', cookie)).json() as PosCatalogue;
    expect(till.products.find((p) => p.id === bread)?.price).toBe(15);
    const now = new Date();
    const rungUp = [0, 1, 2].map((h) => new Date(now.getTime() - h * 60 * 60_000));
    for (const [i, at] of rungUp.entries()) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/pos/process-payment',
        headers: { cookie },
        payload: saleRequest({
          clientSaleId: randomUUID(),
          lines: [{ product_id: bread, quantity: i + 1, unit_price_cents: 1500 }],
          discountPercent: 0,
          vatRegistered: false,
          paymentMethod: 'cash',
          rungUpAt: at.toISOString(),
          offline: true,
        }),
      });
      expect(r.statusCode, r.body).toBe(201);
    }
    const period = analyticsPeriod('year', sastDate(now));
    const counted = rungUp
      .map((at, i) => [sastDate(at), (i + 1) * 1500] as const)
      .filter(([d]) => d >= period.from);
    const cents = counted.reduce((n, [, c]) => n + c, 0);
    const response = await get('/api/analytics/business?timeframe=year', cookie);
    expect(response.statusCode, response.body).toBe(200);
    const a = response.json() as BusinessAnalytics;
    expect(a.sources).toEqual(['till', 'purchases']);
    expect(a.overview).toMatchObject({
      till_sales: cents / 100,
      revenue: cents / 100,
      till_transactions: counted.length,
    });
    expect(a.products).toEqual([
      {
        source: 'till',
        product_id: bread,
        name: 'Bread',
        units: counted.reduce((n, [, c]) => n + c / 1500, 0),
        revenue: cents / 100,
        margin_percent: 33.3,
      },
    ]);
    const f = (await get('/api/analytics/financial?timeframe=year', cookie)).json() as FinancialAnalytics;
    expect(f.overview.income).toBe(cents / 100);
    expect(f.expenses.map((e) => e.code)).toEqual([5000]);
    const journal = (await get('/api/analytics/transactions?timeframe=year', cookie)).json() as JournalList;
    expect(journal.page_size).toBe(20);
    expect(journal.entries.length).toBe(journal.total);
    expect(journal.total).toBeGreaterThan(0);
    const admin = await t.login('admin');
    const staff = (await get('/api/analytics/business?timeframe=month', admin)).json() as BusinessAnalytics;
    expect(staff.sources).toEqual([]);
  });

  it('answers 401 to nobody and 400 to a timeframe it does not know, with nothing written', async () => {
    for (const url of [
      '/api/analytics/business',
      '/api/analytics/financial',
      '/api/analytics/transactions',
    ]) {
      expectError(await get(url), 401);
    }
    const cookie = await t.sessionFor(seller);
    const before = [await count(t.db, 'orders'), await count(t.db, 'journal_entries')];
    for (const url of [
      '/api/analytics/business?timeframe=day',
      '/api/analytics/financial?timeframe=decade',
      '/api/analytics/business?timeframe=',
      '/api/analytics/transactions?timeframe=month&page=0',
      '/api/analytics/transactions?timeframe=week&page=two',
    ]) {
      const response = await get(url, cookie);
      expectError(response, 400);
    }
    expect([await count(t.db, 'orders'), await count(t.db, 'journal_entries')]).toEqual(before);
    // The public API's sales figures are still there, as they were.
    expect((await get('/api/analytics/sales?period=7d', cookie)).statusCode).toBe(200);
  });
});
