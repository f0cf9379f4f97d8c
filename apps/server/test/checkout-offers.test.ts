import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { orderDiscountParts, type Offer, type Order } from '@tt/domain';
import { userRowById } from '../src/features/auth/service.ts';
import {
  placeOrdersInTx,
  registerOfferProvider,
  type OfferProvider,
} from '../src/features/orders/checkout.ts';
import { count, createTestApp, rowsOf, type TestApp } from './support/test-app.ts';
import { insertCategory, insertProduct, insertUser, stockOf, vat15 } from './support/marketplace.ts';

/**
 * The order-placing core that checkout and jobs share (DECISIONS 21): offers from registered providers and
 * from the request are priced through the one rule, the discounts and the offer are kept on the lines,
 * and the provider is told of each use inside the order's transaction.
 */
describe('placing orders with offers (placeOrdersInTx)', () => {
  let t: TestApp;
  let sellerId: number;
  let category: number;
  const live: Offer[] = [];
  const used: { order_id: number; source: { type: string; id: number } }[] = [];
  const provider: OfferProvider = {
    offers: async (_tx, sellerIds) => live.filter((o) => sellerIds.includes(o.seller_id)),
    used: async (_tx, uses) => {
      used.push(...uses);
    },
  };

  beforeAll(async () => {
    t = await createTestApp();
    sellerId = await t.demoUserId('supplier');
    category = await insertCategory(t.db, 'Offers test', await insertCategory(t.db, 'Offers dept'));
    registerOfferProvider('trade_offer', provider);
  });
  afterAll(async () => {
    registerOfferProvider('trade_offer', { offers: async () => [] });
    await t.close();
  });

  const buyer = async () => (await userRowById(t.db, await insertUser(t.db, 'retailer')))!;

  it('prices a registered offer and a request offer through the one rule and keeps them on the lines', async () => {
    const user = await buyer();
    const promoted = await insertProduct(t.db, {
      seller_id: sellerId,
      category_id: category,
      price_cents: 2000,
      stock: 50,
    });
    const bulk = await insertProduct(t.db, {
      seller_id: sellerId,
      category_id: category,
      price_cents: 1000,
      stock: 50,
    });
    live.push({
      source: { type: 'trade_offer', id: 71 },
      seller_id: sellerId,
      product_ids: [promoted],
      min_order_value_cents: 0,
      rule: { kind: 'percentage', tenths: 100 },
    });
    const placed = await t.db.transaction((tx) =>
      placeOrdersInTx(
        tx,
        user,
        {
          items: [
            { product_id: promoted, quantity: 3 },
            { product_id: bulk, quantity: 10 },
          ],
          delivery_option: 'standard',
        },
        {
          offers: [
            {
              source: { type: 'bulk_order', id: 9 },
              seller_id: sellerId,
              product_ids: [bulk],
              min_order_value_cents: 0,
              rule: { kind: 'fixed', cents: 150 },
            },
          ],
        },
      ),
    );
    live.length = 0;
    // 3 x R20 less 10% = R6 off; 10 x R10 less R1.50 a unit = R15 off; VAT on R160 - R21.
    const goods = 6000 + 10000 - 600 - 1500;
    expect(placed.orders).toHaveLength(1);
    expect(placed.orders[0]).toMatchObject({
      subtotal: 160,
      discount_amount: 21,
      tax_amount: vat15(goods) / 100,
      total_amount: (goods + vat15(goods) + 3999) / 100,
    });
    const lines = rowsOf<{
      product_id: number;
      discount_cents: string;
      offer_type: string;
      offer_id: number;
    }>(
      await t.db.execute(
        sql`select product_id, discount_cents, offer_type, offer_id from order_items where order_id = ${placed.orderIds[0]} order by product_id`,
      ),
    );
    expect(lines.map((l) => [l.product_id, Number(l.discount_cents), l.offer_type, l.offer_id])).toEqual([
      [promoted, 600, 'trade_offer', 71],
      [bulk, 1500, 'bulk_order', 9],
    ]);
    // The order as the buyer reads it: each line's discount and the kind of offer that gave it, beside its price.
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${placed.orderIds[0]}`,
      headers: { cookie: await t.sessionFor(user.id) },
    });
    expect(read.statusCode, read.body).toBe(200);
    const order = read.json<Order>();
    expect(order.items.map((i) => [i.product_id, i.total_price, i.discount, i.offer_type])).toEqual([
      [promoted, 60, 6, 'trade_offer'],
      [bulk, 100, 15, 'bulk_order'],
    ]);
    expect(orderDiscountParts(order)).toEqual({ offers: 2100, rewards: 0 });
    expect(used).toEqual([
      {
        order_id: placed.orderIds[0],
        buyer_id: user.id,
        source: { type: 'trade_offer', id: 71 },
        discount_cents: 600,
      },
    ]);
    expect(await stockOf(t.db, promoted)).toBe(47);
  });

  it('refuses totals the buyer did not see, with nothing written', async () => {
    const user = await buyer();
    const product = await insertProduct(t.db, {
      seller_id: sellerId,
      category_id: category,
      price_cents: 2000,
      stock: 5,
    });
    const before = await count(t.db, 'orders');
    await expect(
      t.db.transaction((tx) =>
        placeOrdersInTx(
          tx,
          user,
          { items: [{ product_id: product, quantity: 2 }], delivery_option: 'standard' },
          { expected: { total_cents: 1, tax_cents: 0 } },
        ),
      ),
    ).rejects.toMatchObject({ code: 'checkout.prices_changed' });
    expect(await count(t.db, 'orders')).toBe(before);
    expect(await stockOf(t.db, product)).toBe(5);
  });
});
