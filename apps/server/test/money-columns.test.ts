import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coopTransactions, orderItems, orders, products } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { seededCoops } from './support/cooperatives.ts';

/** Past the integer limit in cents (R21 474 836.47): totals and ledgers are bigint (migration 0004). */
const HUGE_CENTS = 2_500_000_000_07; // R2 500 000 000.07

describe('money columns past R21 million', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('stores and answers an order total and its lines beyond the integer range to the cent', async () => {
    const buyerId = await t.demoUserId('retailer');
    const sellerId = await t.demoUserId('supplier');
    const [product] = await t.db.select({ id: products.id }).from(products).limit(1);
    const [order] = await t.db
      .insert(orders)
      .values({
        order_number: `ORD-BIG-${Date.now()}`,
        buyer_id: buyerId,
        seller_id: sellerId,
        subtotal_cents: HUGE_CENTS,
        tax_cents: 0,
        delivery_cents: 0,
        total_cents: HUGE_CENTS,
      })
      .returning({ id: orders.id });
    await t.db.insert(orderItems).values({
      order_id: order!.id,
      product_id: product!.id,
      quantity: 1,
      unit_price_cents: 1,
      total_price_cents: HUGE_CENTS,
    });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${order!.id}`,
      headers: { cookie: await t.login('retailer') },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { total_amount: number; items: { total_price: number }[] };
    expect(body.total_amount).toBe(2_500_000_000.07);
    expect(body.items[0]!.total_price).toBe(2_500_000_000.07);
  });

  it('keeps a co-op ledger amount beyond the integer range', async () => {
    const { soweto } = await seededCoops(t.db);
    await t.db.insert(coopTransactions).values({
      coop_id: soweto,
      user_id: await t.demoUserId('coordinator'),
      transaction_type: 'share_payment',
      amount_cents: HUGE_CENTS,
      status: 'pending',
      description: 'A very large share payment',
      reference_number: `TXN-BIG-${Date.now()}`,
    });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/cooperatives/${soweto}/financial-transactions`,
      headers: { cookie: await t.login('coordinator') },
    });
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json() as { description: string; amount: number }[];
    expect(list.find((row) => row.description === 'A very large share payment')!.amount).toBe(
      2_500_000_000.07,
    );
  });
});
