import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CartLine } from '@tt/domain';
import { count, createTestApp, expectError, type TestApp } from './support/test-app.ts';
import { insertCategory, insertProduct, insertUser } from './support/marketplace.ts';

describe('the cart', () => {
  let t: TestApp;
  let supplierId: number;
  let category: number;

  beforeAll(async () => {
    t = await createTestApp();
    supplierId = await t.demoUserId('supplier');
    category = await insertCategory(t.db, 'Cart test', await insertCategory(t.db, 'Cart dept'));
  });
  afterAll(() => t.close());

  /** A buyer of its own per test, so tests do not share a cart. */
  async function buyer() {
    const id = await insertUser(t.db, 'retailer');
    return { id, cookie: await t.sessionFor(id) };
  }
  const product = (over: Partial<Parameters<typeof insertProduct>[1]> = {}) =>
    insertProduct(t.db, { seller_id: supplierId, category_id: category, ...over });
  const cartRows = (userId: number) => count(t.db, 'cart_items', sql`user_id = ${userId}`);
  const quantityIn = async (userId: number, productId: number) => {
    const result = await t.db.execute(
      sql`select quantity from cart_items where user_id = ${userId} and product_id = ${productId}`,
    );
    return (result as unknown as { rows: { quantity: number }[] }).rows[0]?.quantity ?? null;
  };

  async function add(cookie: string, payload: unknown) {
    return t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: { cookie },
      payload: payload as object,
    });
  }

  it('starts empty, and shows each line with its product', async () => {
    const { cookie } = await buyer();
    const empty = await t.app.inject({ method: 'GET', url: '/api/cart', headers: { cookie } });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);
    // DECISIONS 18: the line carries the product's mrp, which the cart strikes through like the card.
    const id = await product({
      name: 'Cart Maize 5kg',
      price_cents: 6499,
      mrp_cents: 7299,
      stock: 30,
      moq: 1,
    });
    const response = await add(cookie, { product_id: id, quantity: 2 });
    expect(response.statusCode, response.body).toBe(200);
    const lines = response.json() as CartLine[];
    expect(lines).toEqual([
      {
        id: expect.any(Number),
        product_id: id,
        name: 'Cart Maize 5kg',
        sku: expect.stringMatching(/^TEST-/),
        image_url: null,
        selling_price: 64.99,
        mrp: 72.99,
        quantity: 2,
        stock_quantity: 30,
        minimum_order_quantity: 1,
        seller_id: supplierId,
        seller_name: 'Ubuntu Foods Wholesale',
        is_active: true,
      },
    ]);
    const again = await t.app.inject({ method: 'GET', url: '/api/cart', headers: { cookie } });
    expect(again.json()).toEqual(lines);
  });

  it('raises the quantity when a product is added again', async () => {
    const { id: userId, cookie } = await buyer();
    const id = await product({ stock: 50 });
    expect((await add(cookie, { product_id: id, quantity: 3 })).statusCode).toBe(200);
    const second = await add(cookie, { product_id: id });
    expect(second.statusCode).toBe(200);
    expect((second.json() as CartLine[]).map((l) => l.quantity)).toEqual([4]);
    expect(await cartRows(userId)).toBe(1);
    expect(await quantityIn(userId, id)).toBe(4);
  });

  it('stores the minimum order quantity on the first add below it', async () => {
    const { id: userId, cookie } = await buyer();
    const id = await product({ moq: 6, stock: 50 });
    await add(cookie, { product_id: id, quantity: 1 });
    expect(await quantityIn(userId, id)).toBe(6);
    await add(cookie, { product_id: id, quantity: 1 });
    expect(await quantityIn(userId, id)).toBe(7);
  });

  it('refuses more than the stock with 409 saying how many are left, and writes nothing', async () => {
    const { id: userId, cookie } = await buyer();
    const id = await product({ name: 'Scarce Oil 2L', stock: 5 });
    const refused = await add(cookie, { product_id: id, quantity: 6 });
    const error = expectError(refused, 409, 'cart.not_enough_stock');
    expect(error.message).toBe('Only 5 left of Scarce Oil 2L.');
    expect(error.params).toEqual({ product: 'Scarce Oil 2L', left: 5 });
    expect(await cartRows(userId)).toBe(0);
    await add(cookie, { product_id: id, quantity: 4 });
    expectError(await add(cookie, { product_id: id, quantity: 2 }), 409, 'cart.not_enough_stock');
    expect(await quantityIn(userId, id)).toBe(4);
  });

  it('refuses an unknown or inactive product and a malformed body with 400, writing nothing', async () => {
    const { id: userId, cookie } = await buyer();
    const inactive = await product({ active: false });
    for (const product_id of [999_999, inactive]) {
      const error = expectError(
        await add(cookie, { product_id, quantity: 1 }),
        400,
        'cart.product_unavailable',
      );
      expect(error.fields?.product_id).toBeTruthy();
      expect(error.field_codes?.product_id).toEqual({ code: 'validation.product_unavailable' });
    }
    const ok = await product();
    for (const payload of [
      { product_id: ok, quantity: 0 },
      { product_id: ok, quantity: 1.5 },
      { product_id: ok, quantity: 'two' },
      { product_id: 'x' },
      {},
    ]) {
      const error = expectError(await add(cookie, payload), 400, 'bad_request');
      expect(Object.keys(error.fields ?? {}).length).toBeGreaterThan(0);
    }
    expect(await cartRows(userId)).toBe(0);
  });

  it('saves a quantity between the minimum order and the stock, and refuses others with 400', async () => {
    const { id: userId, cookie } = await buyer();
    const id = await product({ moq: 3, stock: 10 });
    const [line] = (await add(cookie, { product_id: id, quantity: 3 })).json() as CartLine[];
    const put = (quantity: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/cart/${line!.id}`,
        headers: { cookie },
        payload: { quantity },
      });
    const saved = await put(10);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as CartLine[])[0]!.quantity).toBe(10);
    const refusals: [unknown, string, unknown][] = [
      [2, 'cart.below_minimum', { code: 'validation.too_small', params: { minimum: 3 } }],
      [11, 'cart.above_stock', { code: 'validation.too_big', params: { maximum: 10 } }],
      [0, 'bad_request', { code: 'validation.too_small', params: { minimum: 1 } }],
      [-1, 'bad_request', { code: 'validation.too_small', params: { minimum: 1 } }],
      ['many', 'bad_request', { code: 'validation.number' }],
    ];
    for (const [quantity, code, field] of refusals) {
      const error = expectError(await put(quantity), 400, code);
      expect(error.fields?.quantity, String(quantity)).toBeTruthy();
      expect(error.field_codes?.quantity, String(quantity)).toEqual(field);
      expect(await quantityIn(userId, id)).toBe(10);
    }
    expect((await put(3)).statusCode).toBe(200);
    expect(await quantityIn(userId, id)).toBe(3);
  });

  it("answers 404 for another user's line, on update and on removal, and leaves it alone", async () => {
    const owner = await buyer();
    const other = await buyer();
    const id = await product();
    const [line] = (await add(owner.cookie, { product_id: id, quantity: 2 })).json() as CartLine[];
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/cart/${line!.id}`,
      headers: { cookie: other.cookie },
      payload: { quantity: 5 },
    });
    expectError(put, 404, 'cart.line_not_found');
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/cart/${line!.id}`,
      headers: { cookie: other.cookie },
    });
    expectError(del, 404, 'cart.line_not_found');
    expect(await quantityIn(owner.id, id)).toBe(2);
  });

  it('removes a line with 204', async () => {
    const { id: userId, cookie } = await buyer();
    const keep = await product();
    const drop = await product();
    await add(cookie, { product_id: keep, quantity: 1 });
    const lines = (await add(cookie, { product_id: drop, quantity: 1 })).json() as CartLine[];
    const line = lines.find((l) => l.product_id === drop)!;
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/cart/${line.id}`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(204);
    expect(await quantityIn(userId, drop)).toBeNull();
    expect(await quantityIn(userId, keep)).toBe(1);
    expectError(
      await t.app.inject({ method: 'DELETE', url: `/api/cart/${line.id}`, headers: { cookie } }),
      404,
      'cart.line_not_found',
    );
  });

  it('refuses sellers and admins with 403: they do not buy', async () => {
    const id = await product();
    for (const role of ['supplier', 'distributor', 'admin'] as const) {
      const userId = await t.demoUserId(role);
      expectError(await add(await t.login(role), { product_id: id, quantity: 1 }), 403, 'cart.buyers_only');
      expect(await cartRows(userId)).toBe(0);
    }
  });
});
