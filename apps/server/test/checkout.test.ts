import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ORDER_NUMBER_PATTERN, type CartLine, type Order } from '@tt/domain';
import { count, createTestApp, expectError, rowsOf, type TestApp } from './support/test-app.ts';
import {
  idempotencyKey,
  insertCategory,
  insertProduct,
  insertUser,
  orderNumber,
  rand,
  stockOf,
  vat15,
} from './support/marketplace.ts';

const EXPRESS = 8999;
const serialOf = (orderNumber: string) => Number(orderNumber.split('-')[2]);
/** The calendar day in Johannesburg (UTC+2, no daylight saving) as YYYYMMDD. */
const johannesburgDay = (at: Date) =>
  new Date(at.getTime() + 2 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '');
const STANDARD = 3999;

describe('checkout: POST /api/orders', () => {
  let t: TestApp;
  let supplierId: number;
  let distributorId: number;
  let category: number;

  beforeAll(async () => {
    t = await createTestApp();
    supplierId = await t.demoUserId('supplier');
    distributorId = await t.demoUserId('distributor');
    category = await insertCategory(t.db, 'Checkout test', await insertCategory(t.db, 'Checkout dept'));
  });
  afterAll(() => t.close());

  async function buyer(role: 'retailer' | 'trader' | 'coordinator' = 'retailer') {
    const id = await insertUser(t.db, role);
    return { id, cookie: await t.sessionFor(id) };
  }
  const product = (over: Partial<Parameters<typeof insertProduct>[1]> = {}) =>
    insertProduct(t.db, { seller_id: supplierId, category_id: category, ...over });

  interface Item {
    product_id: number;
    quantity: number;
    unit_cents: number;
    seller: number;
  }
  /** The expected figures, worked out here from the rule (one order per seller, 15% VAT and a delivery fee each). */
  function expectedOrders(items: Item[], fee: number) {
    const sellers = [...new Set(items.map((i) => i.seller))].sort((a, b) => a - b);
    return sellers.map((seller) => {
      const subtotal = items
        .filter((i) => i.seller === seller)
        .reduce((s, i) => s + i.unit_cents * i.quantity, 0);
      const tax = vat15(subtotal);
      return { seller, subtotal, tax, fee, total: subtotal + tax + fee };
    });
  }
  function payload(items: Item[], fee: number, over: Record<string, unknown> = {}) {
    const orders = expectedOrders(items, fee);
    return {
      order_number: orderNumber(),
      total_amount: rand(orders.reduce((s, o) => s + o.total, 0)),
      tax_amount: rand(orders.reduce((s, o) => s + o.tax, 0)),
      discount_amount: 0,
      delivery_option: fee === EXPRESS ? 'express' : 'standard',
      items: items.map((i) => ({
        product_id: i.product_id,
        quantity: i.quantity,
        unit_price: rand(i.unit_cents),
        total_price: rand(i.unit_cents * i.quantity),
      })),
      ...over,
    };
  }
  const post = (cookie: string, body: unknown, key: string | null = idempotencyKey()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie, ...(key === null ? {} : { 'idempotency-key': key }) },
      payload: body as object,
    });
  const written = async () => ({
    orders: await count(t.db, 'orders'),
    items: await count(t.db, 'order_items'),
    keys: await count(t.db, 'checkout_idempotency_keys'),
    notifications: await count(t.db, 'notifications'),
  });

  it('makes one order per seller, priced to the cent, takes the stock, empties the cart and tells the sellers', async () => {
    const { id: buyerId, cookie } = await buyer();
    const a = await product({ price_cents: 1999, stock: 40, name: 'Sugar 2.5kg' });
    const b = await product({ price_cents: 333, stock: 40 });
    const c = await insertProduct(t.db, {
      seller_id: distributorId,
      category_id: category,
      price_cents: 12345,
      stock: 9,
    });
    const unrelated = await product();
    for (const [product_id, quantity] of [
      [a, 3],
      [b, 7],
      [c, 2],
      [unrelated, 1],
    ] as const) {
      await t.app.inject({
        method: 'POST',
        url: '/api/cart',
        headers: { cookie },
        payload: { product_id, quantity },
      });
    }
    const items: Item[] = [
      { product_id: a, quantity: 3, unit_cents: 1999, seller: supplierId },
      { product_id: b, quantity: 7, unit_cents: 333, seller: supplierId },
      { product_id: c, quantity: 2, unit_cents: 12345, seller: distributorId },
    ];
    const body = payload(items, EXPRESS, { notes: 'Back door', delivery_address: '12 Test Street' });
    const supplierNotes = await count(t.db, 'notifications', sql`user_id = ${supplierId}`);
    const response = await post(cookie, body);
    expect(response.statusCode, response.body).toBe(201);
    const orders = (response.json() as { orders: Order[] }).orders;
    const expected = expectedOrders(items, EXPRESS);
    // Supplier: 5997 + 2331 = 8328, VAT 1249.2 -> 1249; distributor: 24690, VAT 3703.5 -> 3704.
    expect(expected.map((o) => o.tax)).toEqual([1249, 3704]);
    expect(orders).toHaveLength(2);
    orders.forEach((order, i) => {
      const e = expected[i]!;
      expect(order).toMatchObject({
        order_number: expect.stringMatching(ORDER_NUMBER_PATTERN),
        status: 'pending',
        seller_id: e.seller,
        buyer_id: buyerId,
        subtotal: rand(e.subtotal),
        tax_amount: rand(e.tax),
        delivery_fee: 89.99,
        discount_amount: 0,
        total_amount: rand(e.total),
        delivery_option: 'express',
        delivery_address: '12 Test Street',
        notes: 'Back door',
      });
    });
    // DECISIONS 19: the server numbers each order; the client's number is ignored.
    expect(orders.map((o) => o.order_number)).not.toContain(body.order_number);
    expect(serialOf(orders[1]!.order_number)).toBe(serialOf(orders[0]!.order_number) + 1);
    expect(orders[0]!.total_amount).toBe(185.76);
    expect(orders[1]!.total_amount).toBe(373.93);
    expect(orders[0]!.distributor_name).toBe('Ubuntu Foods Wholesale');
    expect(orders[0]!.items.map((i) => [i.product_id, i.quantity, i.unit_price, i.total_price])).toEqual([
      [a, 3, 19.99, 59.97],
      [b, 7, 3.33, 23.31],
    ]);
    expect(orders[0]!.items[0]!.name).toBe('Sugar 2.5kg');
    expect([await stockOf(t.db, a), await stockOf(t.db, b), await stockOf(t.db, c)]).toEqual([37, 33, 7]);
    const cart = (
      await t.app.inject({ method: 'GET', url: '/api/cart', headers: { cookie } })
    ).json() as CartLine[];
    expect(cart.map((l) => l.product_id)).toEqual([unrelated]);
    const [note] = rowsOf<{ title: string; message: string; params: Record<string, string>; link: string }>(
      await t.db.execute(
        sql`select title, message, params, link from notifications where user_id = ${supplierId} order by id desc limit 1`,
      ),
    );
    expect(note).toEqual({
      title: 'notifications.order.new.title',
      message: 'notifications.order.new.message',
      params: { number: orders[0]!.order_number },
      link: `/orders?order=${orders[0]!.id}`,
    });
    expect(await count(t.db, 'notifications', sql`user_id = ${supplierId}`)).toBe(supplierNotes + 1);
    expect(
      await count(
        t.db,
        'notifications',
        sql`user_id = ${distributorId} and params->>'number' = ${orders[1]!.order_number}`,
      ),
    ).toBe(1);
  });

  it('lets a trader and a coordinator buy too, with the standard delivery fee', async () => {
    for (const role of ['trader', 'coordinator'] as const) {
      const { cookie } = await buyer(role);
      const p = await product({ price_cents: 1001 });
      const items = [{ product_id: p, quantity: 1, unit_cents: 1001, seller: supplierId }];
      const response = await post(cookie, payload(items, STANDARD));
      expect(response.statusCode, response.body).toBe(201);
      // 10.01 + 1.50 (1.5015) + 39.99
      expect((response.json() as { orders: Order[] }).orders[0]!.total_amount).toBe(51.5);
    }
  });

  it('answers a tampered total with 409 and the real totals, writing nothing', async () => {
    const { id: buyerId, cookie } = await buyer();
    const p = await product({ price_cents: 5000, stock: 10 });
    await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: { cookie },
      payload: { product_id: p, quantity: 2 },
    });
    const items = [{ product_id: p, quantity: 2, unit_cents: 5000, seller: supplierId }];
    const honest = payload(items, STANDARD);
    const before = await written();
    for (const tampered of [
      { total_amount: rand(15499 - 2) },
      { total_amount: 1 },
      { tax_amount: rand(1500 + 5) },
    ]) {
      const response = await post(cookie, { ...honest, ...tampered });
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toEqual({
        error: { code: 'checkout.prices_changed', message: expect.stringMatching(/\S/) },
        totals: {
          subtotal: 100,
          discount_amount: 0,
          tax_amount: 15,
          delivery_fee: 39.99,
          total_amount: 154.99,
        },
      });
    }
    expect(await written()).toEqual(before);
    expect(await stockOf(t.db, p)).toBe(10);
    expect(await count(t.db, 'cart_items', sql`user_id = ${buyerId}`)).toBe(1);
    // Within a cent is accepted.
    expect(honest.total_amount).toBe(154.99);
    const close = await post(cookie, { ...honest, total_amount: 154.98 });
    expect(close.statusCode, close.body).toBe(201);
  });

  it('creates one order set for one Idempotency-Key, however often and however fast it is sent', async () => {
    const { id: buyerId, cookie } = await buyer();
    const p = await product({ price_cents: 2500, stock: 100 });
    const items = [{ product_id: p, quantity: 4, unit_cents: 2500, seller: supplierId }];
    const body = payload(items, STANDARD);
    const key = idempotencyKey();
    const first = await post(cookie, body, key);
    expect(first.statusCode).toBe(201);
    const again = await post(cookie, body, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await count(t.db, 'orders', sql`buyer_id = ${buyerId}`)).toBe(1);
    expect(await stockOf(t.db, p)).toBe(96);

    const raceKey = idempotencyKey();
    const raced = await Promise.all(
      Array.from({ length: 5 }, () => post(cookie, { ...body, order_number: orderNumber() }, raceKey)),
    );
    expect(raced.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const orderIds = raced.map((r) => (r.json() as { orders: Order[] }).orders[0]!.id);
    expect(new Set(orderIds).size).toBe(1);
    expect(await count(t.db, 'orders', sql`buyer_id = ${buyerId}`)).toBe(2);
    expect(await stockOf(t.db, p)).toBe(92);

    // The same key for a different purchase is refused.
    const other = payload([{ ...items[0]!, quantity: 1 }], STANDARD);
    expectError(await post(cookie, other, key), 409, 'checkout.idempotency_key_reused');
    expect(await count(t.db, 'orders', sql`buyer_id = ${buyerId}`)).toBe(2);
  });

  it('needs an Idempotency-Key', async () => {
    const { cookie } = await buyer();
    const p = await product();
    const before = await written();
    for (const key of [null, '', 'short']) {
      const error = expectError(
        await post(
          cookie,
          payload([{ product_id: p, quantity: 1, unit_cents: 1000, seller: supplierId }], STANDARD),
          key,
        ),
        400,
        'checkout.idempotency_key_required',
      );
      expect(error.params).toEqual({ header: 'Idempotency-Key' });
      expect(error.field_codes?.['Idempotency-Key']).toEqual({
        code: 'validation.length_between',
        params: { minimum: 8, maximum: 200 },
      });
    }
    expect(await written()).toEqual(before);
  });

  it('refuses an unknown or inactive product and a malformed body with 400, writing nothing', async () => {
    const { cookie } = await buyer();
    const ok = await product({ stock: 20 });
    const inactive = await product({ active: false });
    const good = { product_id: ok, quantity: 1, unit_cents: 1000, seller: supplierId };
    const before = await written();
    for (const missing of [999_999, inactive]) {
      const body = payload(
        [good, { product_id: missing, quantity: 1, unit_cents: 1000, seller: supplierId }],
        STANDARD,
      );
      const error = expectError(await post(cookie, body), 400, 'checkout.product_unavailable');
      expect(error.fields?.['items.1.product_id']).toBeTruthy();
      expect(error.field_codes?.['items.1.product_id']).toEqual({ code: 'validation.product_unavailable' });
    }
    const valid = payload([good], STANDARD);
    for (const malformed of [
      { ...valid, items: [] },
      { ...valid, order_number: 'ORD'.padEnd(65, '1') },
      { ...valid, total_amount: -1 },
      { ...valid, items: [{ product_id: ok, quantity: 0, unit_price: 10, total_price: 0 }] },
      { ...valid, delivery_option: 'drone' },
      { ...valid, total_amount: 49.991 },
    ]) {
      expectError(await post(cookie, malformed), 400, 'bad_request');
    }
    const moq = await product({ moq: 12 });
    const belowMoq = payload(
      [{ product_id: moq, quantity: 2, unit_cents: 1000, seller: supplierId }],
      STANDARD,
    );
    const short = expectError(await post(cookie, belowMoq), 400, 'checkout.below_minimum');
    expect(short.params).toEqual({ product: expect.any(String), minimum: 12 });
    expect(short.field_codes?.['items.0.quantity']).toEqual({
      code: 'validation.too_small',
      params: { minimum: 12 },
    });
    expect(await written()).toEqual(before);
    expect(await stockOf(t.db, ok)).toBe(20);
  });

  it('refuses a short item with 409 "Only N left", writing nothing for the other items either', async () => {
    const { cookie } = await buyer();
    const plenty = await product({ stock: 50 });
    const scarce = await product({ stock: 3, name: 'Scarce Rice 10kg' });
    const before = await written();
    const body = payload(
      [
        { product_id: plenty, quantity: 5, unit_cents: 1000, seller: supplierId },
        { product_id: scarce, quantity: 4, unit_cents: 1000, seller: supplierId },
      ],
      STANDARD,
    );
    const error = expectError(await post(cookie, body), 409, 'checkout.not_enough_stock');
    expect(error.message).toBe('Only 3 left of Scarce Rice 10kg.');
    expect(error.params).toEqual({ product: 'Scarce Rice 10kg', left: 3 });
    expect(await written()).toEqual(before);
    expect([await stockOf(t.db, plenty), await stockOf(t.db, scarce)]).toEqual([50, 3]);
  });

  it("numbers every order itself (DECISIONS 19): the client's number is accepted and ignored", async () => {
    const p = await product({ stock: 10 });
    const body = payload([{ product_id: p, quantity: 1, unit_cents: 1000, seller: supplierId }], STANDARD);
    const first = await post((await buyer()).cookie, body);
    expect(first.statusCode).toBe(201);
    // Another buyer sending the very same client number is not refused: the number was never theirs to pick.
    const second = await post((await buyer()).cookie, body);
    expect(second.statusCode).toBe(201);
    const [a] = (first.json() as { orders: Order[] }).orders;
    const [b] = (second.json() as { orders: Order[] }).orders;
    for (const order of [a!, b!]) {
      expect(order.order_number).toMatch(ORDER_NUMBER_PATTERN);
      expect(order.order_number).toContain(johannesburgDay(new Date()));
    }
    expect(serialOf(b!.order_number)).toBeGreaterThan(serialOf(a!.order_number));
    const { cookie } = await buyer();
    expect((await post(cookie, { ...body, order_number: undefined })).statusCode).toBe(201);
    expect(await stockOf(t.db, p)).toBe(7);
  });

  it('refuses sellers and admins with 403', async () => {
    const p = await product();
    const before = await written();
    for (const role of ['supplier', 'distributor', 'admin'] as const) {
      const body = payload([{ product_id: p, quantity: 1, unit_cents: 1000, seller: supplierId }], STANDARD);
      expectError(await post(await t.login(role), body), 403, 'cart.buyers_only');
    }
    expect(await written()).toEqual(before);
  });

  it('sells exactly the last 10 units to 50 buyers racing for them', async () => {
    const last = await product({ stock: 10, price_cents: 4999, name: 'Last Cooking Oil 5L' });
    const buyers = await Promise.all(Array.from({ length: 50 }, () => buyer()));
    const items = [{ product_id: last, quantity: 1, unit_cents: 4999, seller: supplierId }];
    const responses = await Promise.all(buyers.map((b) => post(b.cookie, payload(items, STANDARD))));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    for (const refused of responses.filter((r) => r.statusCode === 409)) {
      const error = expectError(refused, 409);
      expect(['checkout.out_of_stock', 'checkout.not_enough_stock']).toContain(error.code);
      expect(error.message).toMatch(/out of stock|Only \d+ left/);
    }
    expect(await stockOf(t.db, last)).toBe(0);
    expect(await count(t.db, 'order_items', sql`product_id = ${last}`)).toBe(10);
    const [sold] = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`select coalesce(sum(quantity), 0)::int as n from order_items where product_id = ${last}`,
      ),
    );
    expect(sold!.n).toBe(10);
    for (const ok of responses.filter((r) => r.statusCode === 201)) {
      // 49.99 + 7.50 (7.4985) + 39.99
      expect((ok.json() as { orders: Order[] }).orders[0]!.total_amount).toBe(97.48);
    }
  });
});
