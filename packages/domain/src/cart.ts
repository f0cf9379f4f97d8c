import { z } from 'zod';
import { idSchema } from './ids.ts';
import { DELIVERY_OPTIONS, type DeliveryOption } from './orders.ts';
import { vatOn } from './money.ts';
import { applyOffers, type Offer, type OfferSource } from './pricing.ts';

export const cartLineSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  image_url: z.string().nullable(),
  selling_price: z.number(),
  /** The product's list price (DECISIONS 18: struck through when above the selling price). */
  mrp: z.number(),
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

export interface PricedLine {
  product_id: number;
  seller_id: number;
  quantity: number;
  unit_price_cents: number;
}

export interface PricedOrderLine extends PricedLine {
  /** unit price x quantity, before the discount. */
  total_price_cents: number;
  /** Cents off the line by the one offer that takes the most off it (DECISIONS 21); 0 without one. */
  discount_cents: number;
  offer: OfferSource | null;
}

export interface PricedOrder {
  seller_id: number;
  lines: PricedOrderLine[];
  /** The goods before VAT and discounts. */
  subtotal_cents: number;
  /** The sum of the lines' discounts. */
  discount_cents: number;
  /** 15% VAT on the goods after the discounts. */
  tax_cents: number;
  delivery_cents: number;
  /** The offer that waived this seller's delivery fee, or null. */
  free_shipping: OfferSource | null;
  /** The buyer's rewards credit spent on this order: off the goods after discounts, before VAT. */
  credit_cents: number;
  total_cents: number;
}

export interface PricedCheckout {
  orders: PricedOrder[];
  subtotal_cents: number;
  discount_cents: number;
  /** The rewards credit spent, over all orders (never more than was offered, nor than the goods). */
  credit_cents: number;
  tax_cents: number;
  delivery_cents: number;
  total_cents: number;
}

/**
 * The one pricing rule, used by the cart screen and by the server that charges (DECISIONS 1-3, 21):
 * a cart becomes one order per seller; each line gets the single offer that takes the most off it,
 * each order carries 15% VAT on its goods after the discounts and its own delivery fee (waived by a free
 * shipping offer), because each seller delivers separately. VAT is computed per order, so the checkout's
 * VAT is the sum of the orders' VAT (what each invoice shows).
 */
export function priceCheckout(
  lines: readonly PricedLine[],
  delivery: DeliveryOption,
  offers: readonly Offer[] = [],
  /** A rewards credit the buyer chose to spend (ADR 022): at most this many cents come off. */
  credit_cents = 0,
): PricedCheckout {
  const discounts = applyOffers(lines, offers);
  const bySeller = new Map<number, PricedOrder>();
  for (const line of discounts.lines) {
    let order = bySeller.get(line.seller_id);
    if (!order) {
      order = {
        seller_id: line.seller_id,
        lines: [],
        subtotal_cents: 0,
        discount_cents: 0,
        tax_cents: 0,
        delivery_cents: 0,
        free_shipping: discounts.free_shipping.get(line.seller_id) ?? null,
        credit_cents: 0,
        total_cents: 0,
      };
      bySeller.set(line.seller_id, order);
    }
    const total = line.unit_price_cents * line.quantity;
    order.lines.push({
      product_id: line.product_id,
      seller_id: line.seller_id,
      quantity: line.quantity,
      unit_price_cents: line.unit_price_cents,
      total_price_cents: total,
      discount_cents: line.discount_cents,
      offer: line.offer,
    });
    order.subtotal_cents += total;
    order.discount_cents += line.discount_cents;
  }
  const orders = [...bySeller.values()].sort((a, b) => a.seller_id - b.seller_id);
  // ADR 022: a credit is a discount on the goods (after the offers' discounts, before VAT), filling the
  // orders in seller order, each up to its goods; delivery is never paid with it.
  let credit = Math.max(0, Math.floor(credit_cents));
  for (const order of orders) {
    order.credit_cents = Math.min(credit, order.subtotal_cents - order.discount_cents);
    credit -= order.credit_cents;
  }
  for (const order of orders) {
    const goods = order.subtotal_cents - order.discount_cents - order.credit_cents;
    order.tax_cents = vatOn(goods);
    order.delivery_cents = order.free_shipping ? 0 : DELIVERY_OPTIONS[delivery].fee_cents;
    order.total_cents = goods + order.tax_cents + order.delivery_cents;
  }
  const sum = (pick: (o: PricedOrder) => number) => orders.reduce((s, o) => s + pick(o), 0);
  return {
    orders,
    subtotal_cents: sum((o) => o.subtotal_cents),
    discount_cents: sum((o) => o.discount_cents),
    credit_cents: sum((o) => o.credit_cents),
    tax_cents: sum((o) => o.tax_cents),
    delivery_cents: sum((o) => o.delivery_cents),
    total_cents: sum((o) => o.total_cents),
  };
}
