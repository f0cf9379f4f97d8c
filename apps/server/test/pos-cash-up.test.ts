import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  saleRequest,
  type InventoryLocation,
  type InventoryProduct,
  type PaymentMethod,
  type PosCashUp,
  type PosCashUpSummary,
  type PosTransaction,
} from '@tt/domain';
import { count, createTestApp, expectError, rowsOf, type TestApp } from './support/test-app.ts';
import { insertUser } from './support/marketplace.ts';

/** The till's cash-up (issue 11 point 2; ADR 017). */
describe('POS cash-up', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

  /** A shop with 50 units of one item; its till price is set to R 25.00. */
  async function newShop() {
    const userId = await insertUser(t.db, 'retailer');
    const cookie = await t.sessionFor(userId);
    const [location] = (
      await inject('GET', '/api/inventory/locations', cookie)
    ).json() as InventoryLocation[];
    const product = (
      await inject('POST', '/api/inventory/products', cookie, { name: 'Maize meal 1kg', sku: `MM-${userId}` })
    ).json() as InventoryProduct;
    const moved = await inject('POST', '/api/inventory/movements', cookie, {
      product_id: product.id,
      location_id: location!.id,
      movement_type: 'in',
      quantity: 50,
      unit_cost: 10,
    });
    expect(moved.statusCode, moved.body).toBe(201);
    const priced = await inject('PUT', `/api/pos/products/${product.id}/price`, cookie, { price: 25 });
    expect(priced.statusCode, priced.body).toBe(200);
    return { userId, cookie, product };
  }

  async function sell(
    shop: { cookie: string; product: InventoryProduct },
    quantity: number,
    method: PaymentMethod,
  ) {
    const response = await inject(
      'POST',
      '/api/pos/process-payment',
      shop.cookie,
      saleRequest({
        clientSaleId: randomUUID(),
        lines: [{ product_id: shop.product.id, quantity, unit_price_cents: 2500 }],
        discountPercent: 0,
        vatRegistered: false,
        paymentMethod: method,
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as PosTransaction;
  }

  const summary = async (cookie: string) => {
    const response = await inject('GET', '/api/pos/cash-up', cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as PosCashUpSummary;
  };
  const cashUp = (cookie: string, body: object) => inject('POST', '/api/pos/cash-up', cookie, body);

  const cashUpLines = async (businessId: number) =>
    rowsOf<{ account_code: number; debit_cents: number; credit_cents: number; reference: string }>(
      await t.db.execute(sql`
        select l.account_code, l.debit_cents::int as debit_cents, l.credit_cents::int as credit_cents, e.reference
        from journal_lines l join journal_entries e on e.id = l.entry_id
        where e.business_id = ${businessId} and e.source = 'cash_up' order by l.id`),
    );
  const written = async () => ({
    cashUps: await count(t.db, 'pos_cash_ups'),
    entries: await count(t.db, 'journal_entries'),
    covered: await count(t.db, 'pos_sales', sql`cash_up_id is not null or refund_cash_up_id is not null`),
  });

  it('totals the session per method; a short count posts Cash over/short / Cash and closes the session', async () => {
    const shop = await newShop();
    await sell(shop, 2, 'cash'); // R 50
    const refunded = await sell(shop, 1, 'cash'); // R 25, refunded below
    await sell(shop, 4, 'card'); // R 100
    await sell(shop, 1, 'mobile'); // R 25
    const refund = await inject('POST', `/api/pos/transactions/${refunded.id}/refund`, shop.cookie, {
      reason: 'Rung up twice',
    });
    expect(refund.statusCode, refund.body).toBe(200);

    const open = await summary(shop.cookie);
    expect(open).toMatchObject({ session: 1, sales_count: 4, refunds_count: 1, cash_net: 50, history: [] });
    expect(open.opened_at).not.toBeNull();
    expect(open.methods.find((m) => m.method === 'cash')).toEqual({
      method: 'cash',
      sales_count: 2,
      sales_total: 75,
      refunds_count: 1,
      refunds_total: 25,
      net: 50,
    });
    expect(open.methods.find((m) => m.method === 'card')).toMatchObject({ sales_count: 1, net: 100 });
    expect(open.methods.find((m) => m.method === 'mobile')).toMatchObject({ sales_count: 1, net: 25 });

    // Float R 200 + cash R 50 = R 250 expected; R 248 counted: R 2 short.
    const response = await cashUp(shop.cookie, {
      session: 1,
      opening_float: 200,
      counted_cash: 248,
      expected_cash: 250,
      notes: 'Counted twice',
    });
    expect(response.statusCode, response.body).toBe(201);
    const done = response.json() as PosCashUp;
    expect(done).toMatchObject({
      session: 1,
      opening_float: 200,
      expected_cash: 250,
      counted_cash: 248,
      difference: -2,
      outcome: 'short',
      notes: 'Counted twice',
    });
    expect(done.journal_reference).toMatch(/^CASHUP-\d{8}-1$/);
    expect(await cashUpLines(shop.userId)).toEqual([
      { account_code: 5100, debit_cents: 200, credit_cents: 0, reference: done.journal_reference },
      { account_code: 1000, debit_cents: 0, credit_cents: 200, reference: done.journal_reference },
    ]);

    // The next session starts empty and the cash-up is in the history.
    const next = await summary(shop.cookie);
    expect(next).toMatchObject({
      session: 2,
      sales_count: 0,
      refunds_count: 0,
      cash_net: 0,
      opened_at: null,
    });
    expect(next.history.map((h) => h.id)).toEqual([done.id]);
    expect(next.history[0]!.methods).toEqual(open.methods);
  });

  it('an over count posts Cash / Cash over/short; a balanced one posts nothing', async () => {
    const shop = await newShop();
    await sell(shop, 2, 'cash'); // R 50
    const over = (
      await cashUp(shop.cookie, { session: 1, counted_cash: 50.5, expected_cash: 50 })
    ).json() as PosCashUp;
    expect(over).toMatchObject({ outcome: 'over', difference: 0.5, opening_float: 0 });
    expect(await cashUpLines(shop.userId)).toEqual([
      expect.objectContaining({ account_code: 1000, debit_cents: 50, credit_cents: 0 }),
      expect.objectContaining({ account_code: 5100, debit_cents: 0, credit_cents: 50 }),
    ]);
    await sell(shop, 1, 'cash');
    const balanced = await cashUp(shop.cookie, { session: 2, counted_cash: 25, expected_cash: 25 });
    expect(balanced.statusCode, balanced.body).toBe(201);
    expect(balanced.json()).toMatchObject({ outcome: 'balanced', difference: 0, journal_reference: null });
    expect(await cashUpLines(shop.userId)).toHaveLength(2);
    // A refund after the cash-up of its sale belongs to the next session.
    const sales = (await inject('GET', '/api/pos/transactions', shop.cookie)).json() as {
      transactions: PosTransaction[];
    };
    await inject('POST', `/api/pos/transactions/${sales.transactions[0]!.id}/refund`, shop.cookie, {
      reason: 'Returned',
    });
    expect(await summary(shop.cookie)).toMatchObject({
      session: 3,
      sales_count: 0,
      refunds_count: 1,
      cash_net: -25,
    });
  });

  it('a session is cashed up once: a repeat or a concurrent second submit is refused with nothing written', async () => {
    const shop = await newShop();
    await sell(shop, 2, 'cash');
    const body = { session: 1, counted_cash: 49, expected_cash: 50 };
    const results = await Promise.all([cashUp(shop.cookie, body), cashUp(shop.cookie, body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const before = await written();
    expectError(await cashUp(shop.cookie, body), 409, 'pos.cash_up_done');
    expect(await written()).toEqual(before);
    expect(await cashUpLines(shop.userId)).toHaveLength(2);
    expect(await count(t.db, 'pos_cash_ups', sql`business_id = ${shop.userId}`)).toBe(1);
  });

  it('a sale recorded after the screen was read changes the expected cash: 409 with nothing written', async () => {
    const shop = await newShop();
    await sell(shop, 2, 'cash');
    const shown = await summary(shop.cookie);
    await sell(shop, 1, 'cash');
    const before = await written();
    const response = await cashUp(shop.cookie, {
      session: shown.session,
      counted_cash: 50,
      expected_cash: shown.cash_net,
    });
    expectError(response, 409, 'pos.cash_up_changed');
    expect(response.json().error.message).toContain('75');
    expect(await written()).toEqual(before);
  });

  it('refuses anonymous (401), staff (403) and bad input (400) with nothing written', async () => {
    const shop = await newShop();
    await sell(shop, 1, 'cash');
    const good = { session: 1, counted_cash: 25, expected_cash: 25 };
    const before = await written();
    expectError(await inject('GET', '/api/pos/cash-up'), 401);
    expectError(await inject('GET', '/api/pos/cash-up', admin), 403, 'pos.business_only');
    expectError(await cashUp('', good), 401);
    expectError(await cashUp(admin, good), 403, 'pos.business_only');
    expectError(await cashUp(shop.cookie, { ...good, counted_cash: -1 }), 400);
    expectError(await cashUp(shop.cookie, { ...good, counted_cash: 1.234 }), 400);
    expectError(await cashUp(shop.cookie, { ...good, opening_float: -5 }), 400);
    expectError(await cashUp(shop.cookie, { ...good, session: 0 }), 400);
    expectError(await cashUp(shop.cookie, { counted_cash: 25 }), 400);
    expectError(await cashUp(shop.cookie, { ...good, notes: 'x'.repeat(241) }), 400);
    expect(await written()).toEqual(before);
    // Another shop's session is its own: the first shop's sales are not in it.
    const other = await newShop();
    expect(await summary(other.cookie)).toMatchObject({ session: 1, sales_count: 0, cash_net: 0 });
  });
});
