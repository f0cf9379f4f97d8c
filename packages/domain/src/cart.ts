import { z } from 'zod';
import { idSchema } from './ids.ts';
import { DELIVERY_OPTIONS, type DeliveryOption } from './orders.ts';
import { percentOf, vatOn } from './money.ts';

export const cartLineSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  image_url: z.string().nullable(),
  selling_price: z.number(),
  quantity: z.number().int(),
  stock_quantity: z.number().int(),
  minimum_order_quantity: z.number().int(),
  seller_id: z.number().int(),
  seller_name: z.string(),
  is_active: z.boolean(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartSchema = z.array(cartLineSchema);

const quantity = z
  .number({ message: 'validation.number' })
  .int({ message: 'validation.whole_number' })
  .min(1)
  .max(100_000);

/** POST /api/cart: adding a product already in the cart raises its quantity. */
export const addToCartSchema = z.object({
  product_id: idSchema,
  quantity: quantity.default(1),
});
/** PUT /api/cart/{id} (DECISIONS 4): saved on the server, within the product's MOQ and stock. */
export const updateCartLineSchema = z.object({ quantity });

/** Spec 1 §9: the cart shows a notional list price of 110% and the 10% saving. */
export const NOTIONAL_LIST_PRICE_PERCENT = 110;
export function notionalListPriceCents(sellingCents: number): number {
  return percentOf(sellingCents, NOTIONAL_LIST_PRICE_PERCENT);
}

export interface PricedLine {
  product_id: number;
  seller_id: number;
  quantity: number;
  unit_price_cents: number;
}

export interface PricedOrder {
  seller_id: number;
  lines: (PricedLine & { total_price_cents: number })[];
  subtotal_cents: number;
  tax_cents: number;
  delivery_cents: number;
  total_cents: number;
}

export interface PricedCheckout {
  orders: PricedOrder[];
  subtotal_cents: number;
  tax_cents: number;
  delivery_cents: number;
  total_cents: number;
}

/**
 * The one pricing rule, used by the cart screen and by the server that charges (DECISIONS 1-3):
 * a cart becomes one order per seller; each order carries 15% VAT on its goods and its own delivery
 * fee, because each seller delivers separately. VAT is computed per order, so the checkout's VAT is
 * the sum of the orders' VAT (what each invoice shows).
 */
export function priceCheckout(lines: readonly PricedLine[], delivery: DeliveryOption): PricedCheckout {
  const bySeller = new Map<number, PricedOrder>();
  for (const line of lines) {
    let order = bySeller.get(line.seller_id);
    if (!order) {
      order = {
        seller_id: line.seller_id,
        lines: [],
        subtotal_cents: 0,
        tax_cents: 0,
        delivery_cents: 0,
        total_cents: 0,
      };
      bySeller.set(line.seller_id, order);
    }
    const total = line.unit_price_cents * line.quantity;
    order.lines.push({ ...line, total_price_cents: total });
    order.subtotal_cents += total;
  }
  const orders = [...bySeller.values()].sort((a, b) => a.seller_id - b.seller_id);
  for (const order of orders) {
    order.tax_cents = vatOn(order.subtotal_cents);
    order.delivery_cents = DELIVERY_OPTIONS[delivery].fee_cents;
    order.total_cents = order.subtotal_cents + order.tax_cents + order.delivery_cents;
  }
  const sum = (pick: (o: PricedOrder) => number) => orders.reduce((s, o) => s + pick(o), 0);
  return {
    orders,
    subtotal_cents: sum((o) => o.subtotal_cents),
    tax_cents: sum((o) => o.tax_cents),
    delivery_cents: sum((o) => o.delivery_cents),
    total_cents: sum((o) => o.total_cents),
  };
}
