import { z } from 'zod';
import { idSchema } from './ids.ts';
import { sastDate } from './ledger.ts';
import { randToCents, type Cents } from './money.ts';
import { can } from './permissions.ts';

export const ORDER_STATUSES = [
  'pending',
  'confirmed',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** Orders that count towards revenue: everything that was not cancelled. */
export function countsAsRevenue(status: OrderStatus): boolean {
  return status !== 'cancelled';
}

export const DELIVERY_OPTIONS = {
  standard: { fee_cents: 3999, days: '3-5' },
  express: { fee_cents: 8999, days: '1' },
} as const;
export type DeliveryOption = keyof typeof DELIVERY_OPTIONS;

export const deliveryOptionSchema = z.enum(['standard', 'express']);

const rand = z.number().finite().min(0).max(100_000_000);

/**
 * DECISIONS 19: the server numbers every order, ORD-<Johannesburg date>-<sequence of at least four digits>.
 * The sequence is one for all orders, so a number is unique on its own and later orders have higher numbers.
 */
export const ORDER_NUMBER_PATTERN = /^ORD-\d{8}-\d{4,}$/;
export function formatOrderNumber(at: Date, serial: number): string {
  const day = sastDate(at).replaceAll('-', '');
  return `ORD-${day}-${String(serial).padStart(4, '0')}`;
}

/** POST /api/orders: spec 1 §7's payload, plus the delivery option. The server prices it again. */
export const checkoutSchema = z.object({
  /** Spec 1 sends one; it is accepted and ignored (DECISIONS 19): the server assigns the number. */
  order_number: z.string().max(64).optional(),
  total_amount: rand,
  tax_amount: rand,
  discount_amount: rand.default(0),
  items: z
    .array(
      z.object({
        product_id: idSchema,
        quantity: z.number().int().min(1).max(100_000),
        unit_price: rand,
        total_price: rand,
      }),
    )
    .min(1)
    .max(200),
  delivery_option: deliveryOptionSchema.default('standard'),
  delivery_address: z.string().trim().max(240).nullish(),
  notes: z.string().trim().max(500).nullish(),
  /** Spend the buyer's rewards balance on these orders (DECISIONS 21, ADR 022); false when not sent. */
  use_rewards: z.boolean().default(false),
});
export type CheckoutInput = z.input<typeof checkoutSchema>;

/**
 * POST /api/orders/quote (ADR 022): what the checkout would charge for these items now, priced by the
 * server through the one pricing rule with every live offer (and the rewards credit when asked), so the
 * review shows exactly what the order will cost and sends those totals as the expected ones.
 */
export const quoteRequestSchema = z.object({
  items: z
    .array(z.object({ product_id: idSchema, quantity: z.number().int().min(1).max(100_000) }))
    .min(1)
    .max(200),
  delivery_option: deliveryOptionSchema.default('standard'),
  use_rewards: z.boolean().default(false),
});
export type QuoteInput = z.input<typeof quoteRequestSchema>;
export type QuoteRequest = z.output<typeof quoteRequestSchema>;

/** The offer that priced a line or waived a delivery, with the name the buyer is shown. */
export const quotedOfferSchema = z.object({
  type: z.enum(['promotion', 'trade_offer', 'bulk_order']),
  id: z.number().int(),
  name: z.string(),
});
export type QuotedOffer = z.infer<typeof quotedOfferSchema>;

export const quotedOrderSchema = z.object({
  seller_id: z.number().int(),
  seller_name: z.string(),
  lines: z.array(
    z.object({
      product_id: z.number().int(),
      name: z.string(),
      quantity: z.number().int(),
      unit_price: z.number(),
      /** unit price x quantity, before the discount. */
      total_price: z.number(),
      discount: z.number(),
      offer: quotedOfferSchema.nullable(),
    }),
  ),
  subtotal: z.number(),
  /** What the offers take off the goods. */
  discount_amount: z.number(),
  /** The rewards credit spent on this order (off the goods before VAT). */
  rewards_used: z.number(),
  tax_amount: z.number(),
  delivery_fee: z.number(),
  /** The free-shipping offer that waived this seller's delivery fee, or null. */
  delivery_waived_by: quotedOfferSchema.nullable(),
  total_amount: z.number(),
});
export type QuotedOrder = z.infer<typeof quotedOrderSchema>;

export const quoteSchema = z.object({
  orders: z.array(quotedOrderSchema),
  subtotal: z.number(),
  discount_amount: z.number(),
  rewards_used: z.number(),
  tax_amount: z.number(),
  delivery_fee: z.number(),
  total_amount: z.number(),
  /** The buyer's rewards balance now (what use_rewards may spend). */
  rewards_balance: z.number(),
});
export type Quote = z.infer<typeof quoteSchema>;

export const orderItemSchema = z.object({
  product_id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  image_url: z.string().nullable(),
  quantity: z.number().int(),
  unit_price: z.number(),
  /** unit price x quantity, before the discount. */
  total_price: z.number(),
  /** What the line's one offer took off it (DECISIONS 21), before VAT; 0 without one. */
  discount: z.number(),
  /** The kind of offer that gave the discount; its name is not kept with the order. */
  offer_type: quotedOfferSchema.shape.type.nullable(),
});

export const orderSchema = z.object({
  id: z.number().int(),
  order_number: z.string(),
  status: orderStatusSchema,
  created_at: z.string(),
  updated_at: z.string(),
  subtotal: z.number(),
  tax_amount: z.number(),
  delivery_fee: z.number(),
  discount_amount: z.number(),
  total_amount: z.number(),
  delivery_option: deliveryOptionSchema,
  delivery_address: z.string().nullable(),
  notes: z.string().nullable(),
  /** Set when the seller declined the order (it is then cancelled): the reason the buyer is shown. */
  decline_reason: z.string().nullable(),
  /** When the buyer marked the delivered order paid (the books post the payment then). */
  paid_at: z.string().nullable(),
  buyer_id: z.number().int(),
  seller_id: z.number().int(),
  /** The seller's name (spec 1's field name). */
  distributor_name: z.string(),
  /** The buying shop's name. */
  retailer_name: z.string(),
  items: z.array(orderItemSchema),
});
export type Order = z.infer<typeof orderSchema>;

/**
 * An order's discount in its two parts, in cents: what the lines' offers took off (DECISIONS 21) and the rewards
 * credit spent (ADR 022). The order keeps their sum as its discount_amount, so that its figures add up.
 */
export function orderDiscountParts(order: Pick<Order, 'discount_amount' | 'items'>): {
  offers: Cents;
  rewards: Cents;
} {
  const offers = order.items.reduce((sum, item) => sum + randToCents(item.discount), 0);
  return { offers, rewards: Math.max(0, randToCents(order.discount_amount) - offers) };
}

export const checkoutResultSchema = z.object({ orders: z.array(orderSchema) });

/** Sent with the 409 of a checkout whose totals differ from the server's (DECISIONS 2). */
export const checkoutTotalsSchema = z.object({
  subtotal: z.number(),
  /** What the live offers take off the goods (DECISIONS 21). */
  discount_amount: z.number(),
  /** The rewards credit spent (ADR 022); absent when none was asked for. */
  rewards_used: z.number().optional(),
  tax_amount: z.number(),
  delivery_fee: z.number(),
  total_amount: z.number(),
});

export const orderListQuerySchema = z.object({
  status: orderStatusSchema.optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(50).default(20),
});

export const orderListSchema = z.object({
  orders: z.array(orderSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type OrderList = z.infer<typeof orderListSchema>;

export const updateOrderStatusSchema = z.object({ status: orderStatusSchema });

/** The seller moves an order forward one step at a time. */
export const SELLER_NEXT_STATUS: Partial<Record<OrderStatus, OrderStatus>> = {
  pending: 'confirmed',
  confirmed: 'processing',
  processing: 'shipped',
  shipped: 'delivered',
};

/** POST /api/orders/{id}/decline: the seller declines a pending order and tells the buyer why. */
export const declineOrderSchema = z.object({
  reason: z.string().trim().min(1, { message: 'validation.required' }).max(500),
});

/** Only a pending order can be declined; after the seller confirmed it, it is theirs to fulfil. */
export function sellerCanDecline(status: OrderStatus): boolean {
  return status === 'pending';
}

export const BUYER_CANCEL_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The buyer may cancel within 24 hours of ordering while the order is pending or confirmed. */
export function buyerCanCancel(status: OrderStatus, createdAt: Date, now: Date = new Date()): boolean {
  return (
    (status === 'pending' || status === 'confirmed') &&
    now.getTime() - createdAt.getTime() <= BUYER_CANCEL_WINDOW_MS
  );
}

/**
 * Who may fill a cart and check out: everyone whose orders are their own purchases (retailers, traders,
 * coordinators and the other non-selling roles). Sellers sell and admins oversee; neither buys.
 */
export function canCheckOut(role: string): boolean {
  return can(role, 'orders.place');
}

/** POST /api/orders needs this header (DECISIONS 3): the same key never creates a second order set. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const idempotencyKeySchema = z
  .string()
  .trim()
  .min(8, { message: 'Idempotency-Key must be 8 to 200 characters' })
  .max(200, { message: 'Idempotency-Key must be 8 to 200 characters' });
