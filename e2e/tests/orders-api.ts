import { expect, type APIRequestContext } from '@playwright/test';
import type { Product, Quote } from '@tt/domain';

/**
 * A buyer's order of one product of the seller, placed through the API at the server's prices (the cart
 * and checkout screens have their own specs). Answers the new order's id.
 */
export async function orderFromSeller(
  buyer: APIRequestContext,
  sellerId: number,
  /** The server's address when it is not the context's base URL (a second server). */
  origin = '',
): Promise<number> {
  const { products } = (await (await buyer.get(`${origin}/api/products?page_size=100`)).json()) as {
    products: Product[];
  };
  const product = products.find(
    (p) => p.seller_id === sellerId && p.stock_quantity >= 2 * p.minimum_order_quantity,
  );
  expect(product, 'a product of the seller with stock').toBeDefined();
  // The server's own quote (running promotions included), so the order is placed at what it charges.
  const quantity = product!.minimum_order_quantity;
  const quoted = await buyer.post(`${origin}/api/orders/quote`, {
    data: { items: [{ product_id: product!.id, quantity }] },
  });
  expect(quoted.status(), await quoted.text()).toBe(200);
  const quote = (await quoted.json()) as Quote;
  const line = quote.orders[0]!.lines[0]!;
  const response = await buyer.post(`${origin}/api/orders`, {
    headers: { 'idempotency-key': `e2e-${Date.now()}-${Math.random()}` },
    data: {
      total_amount: quote.total_amount,
      tax_amount: quote.tax_amount,
      items: [
        {
          product_id: product!.id,
          quantity: line.quantity,
          unit_price: line.unit_price,
          total_price: line.total_price,
        },
      ],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { orders: { id: number }[] }).orders[0]!.id;
}

/** The seller moves the order through the given statuses, each answered 200. */
export async function moveOrder(seller: APIRequestContext, orderId: number, statuses: readonly string[]) {
  for (const status of statuses) {
    const moved = await seller.post(`/api/orders/${orderId}/status`, { data: { status } });
    expect(moved.status(), await moved.text()).toBe(200);
  }
}
