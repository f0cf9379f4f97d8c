import { z } from 'zod';
import { SEARCH_TEXT_MAX } from './search.ts';
import { idSchema } from './ids.ts';
import { calendarDateSchema, sastDate } from './ledger.ts';
import type { DiscountRule } from './pricing.ts';

/**
 * Smart orders (spec 3 /smart-orders; issue 12 point 5; ADR 023). A buyer keeps auto re-order rules (the
 * inventory item's reorder point watched against what is on hand and on order) and recurring scheduled
 * orders; both place real orders through checkout, or wait as a proposed order for the buyer to confirm.
 * A seller (supplier, distributor, manufacturer) keeps trade offers on its own products, priced at
 * checkout through the one pricing rule (DECISIONS 21).
 */
export const ORDER_FREQUENCIES = ['daily', 'weekly', 'monthly', 'quarterly'] as const;
export type OrderFrequency = (typeof ORDER_FREQUENCIES)[number];

export const TRADE_OFFER_TYPES = [
  'percentage_discount',
  'fixed_discount',
  'bulk_discount',
  'buy_x_get_y',
  'free_shipping',
] as const;
export type TradeOfferType = (typeof TRADE_OFFER_TYPES)[number];

export const TRADE_OFFER_STATUSES = ['inactive', 'scheduled', 'active', 'expired', 'used_up'] as const;
export type TradeOfferStatus = (typeof TRADE_OFFER_STATUSES)[number];

/** Why an occurrence waits for the buyer instead of becoming an order at once. */
export const PROPOSAL_REASONS = ['needs_confirmation', 'price_rose', 'not_placed'] as const;
export type ProposalReason = (typeof PROPOSAL_REASONS)[number];

/** Spec 3 §9: default lead time and safety stock. */
export const DEFAULT_LEAD_TIME_DAYS = 7;
export const DEFAULT_SAFETY_STOCK = 0;
export const SMART_ORDER_ITEMS_MAX = 50;
export const TRADE_OFFER_PRODUCTS_MAX = 200;
export const SMART_ORDERS_LISTED = 200;

const iso = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The occurrence after `date` (a calendar date) at this frequency. A monthly schedule on the 31st falls on
 * the last day of a shorter month, and goes back to the 31st when the month has one (it keeps its day).
 */
export function nextOrderDate(date: string, frequency: OrderFrequency, anchorDay?: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  if (frequency === 'daily') return iso(new Date(Date.UTC(y, m - 1, d + 1)));
  if (frequency === 'weekly') return iso(new Date(Date.UTC(y, m - 1, d + 7)));
  const months = frequency === 'monthly' ? 1 : 3;
  const day = anchorDay ?? d;
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return iso(new Date(Date.UTC(y, m - 1 + months, Math.min(day, last))));
}

/** Whether a schedule is due on `today` (Johannesburg calendar date). */
export const isDue = (nextOrderDate: string, today: string = sastDate()) => nextOrderDate <= today;

/**
 * Issue 12 point 5: a rule fires when what the buyer has (available) plus what is already on order from
 * the rule's supplier falls to the item's reorder point plus the safety stock. No reorder point: never.
 */
export function reorderDue(p: {
  available: number;
  on_order: number;
  reorder_point: number | null;
  safety_stock: number;
}): boolean {
  if (p.reorder_point === null) return false;
  return p.available + p.on_order <= p.reorder_point + p.safety_stock;
}

/** A trade offer as a pricing rule (DECISIONS 21). */
export function tradeOfferRule(o: {
  offer_type: TradeOfferType;
  discount_tenths: number;
  discount_cents: number;
  min_quantity: number;
  buy_quantity: number;
  get_quantity: number;
}): DiscountRule {
  switch (o.offer_type) {
    case 'percentage_discount':
      return { kind: 'percentage', tenths: o.discount_tenths };
    case 'fixed_discount':
      return { kind: 'fixed', cents: o.discount_cents };
    case 'bulk_discount':
      return { kind: 'bulk', tenths: o.discount_tenths, min_quantity: o.min_quantity };
    case 'buy_x_get_y':
      return { kind: 'buy_x_get_y', x: o.buy_quantity, y: o.get_quantity };
    case 'free_shipping':
      return { kind: 'free_shipping' };
  }
}

/** Where an offer stands on a day: switched off, before, within or after its dates, or its uses spent. */
export function tradeOfferStatus(
  o: {
    is_active: boolean;
    start_date: string;
    end_date: string;
    max_uses: number | null;
    current_uses: number;
  },
  now: Date = new Date(),
): TradeOfferStatus {
  if (!o.is_active) return 'inactive';
  const today = sastDate(now);
  if (today > o.end_date) return 'expired';
  if (o.max_uses !== null && o.current_uses >= o.max_uses) return 'used_up';
  if (today < o.start_date) return 'scheduled';
  return 'active';
}

const wholeNumber = (min: number, max: number) =>
  z.number({ message: 'validation.number' }).int({ message: 'validation.whole_number' }).min(min).max(max);

/** Spec 3 §7 POST /api/reorder-rules, and its edit. */
export const reorderRuleInputSchema = z.object({
  product_id: idSchema,
  supplier_id: idSchema,
  /** The inventory item's reorder point: saving the rule sets it (one reorder point per item). */
  reorder_point: wholeNumber(0, 1_000_000),
  reorder_quantity: wholeNumber(1, 1_000_000),
  lead_time_days: wholeNumber(0, 365).default(DEFAULT_LEAD_TIME_DAYS),
  safety_stock: wholeNumber(0, 1_000_000).default(DEFAULT_SAFETY_STOCK),
  auto_reorder_enabled: z.boolean().default(false),
  is_active: z.boolean().default(true),
});
export type ReorderRuleInput = z.input<typeof reorderRuleInputSchema>;
export type ReorderRuleFields = z.output<typeof reorderRuleInputSchema>;

export const reorderRuleSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  supplier_id: z.number().int(),
  product_name: z.string(),
  supplier_name: z.string(),
  reorder_point: z.number().int(),
  reorder_quantity: z.number().int(),
  lead_time_days: z.number().int(),
  safety_stock: z.number().int(),
  auto_reorder_enabled: z.boolean(),
  is_active: z.boolean(),
  /** What the buyer has available of the product now, and what is on order from the supplier. */
  available: z.number().int(),
  on_order: z.number().int(),
  last_triggered_at: z.string().nullable(),
});
export type ReorderRule = z.infer<typeof reorderRuleSchema>;

const itemInputSchema = z.object({
  product_id: idSchema,
  quantity: wholeNumber(1, 100_000),
});

/** Spec 3 §7 POST /api/scheduled-orders, and its edit. */
export const scheduledOrderInputSchema = z
  .object({
    order_name: z.string().trim().min(1, { message: 'validation.required' }).max(120),
    supplier_id: idSchema,
    frequency: z.enum(ORDER_FREQUENCIES).default('weekly'),
    next_order_date: calendarDateSchema,
    auto_confirm: z.boolean().default(false),
    notes: z.string().trim().max(500).nullish(),
    items: z.array(itemInputSchema).max(SMART_ORDER_ITEMS_MAX).default([]),
    is_active: z.boolean().default(true),
  })
  .superRefine((o, ctx) => {
    // A schedule with nothing on it would order nothing: the spec's client sends [] when none were picked.
    if (o.items.length === 0)
      ctx.addIssue({ code: 'custom', path: ['items'], message: 'validation.required' });
    const seen = new Set<number>();
    o.items.forEach((item, index) => {
      const id = Number(item.product_id);
      if (seen.has(id))
        ctx.addIssue({
          code: 'custom',
          path: ['items', index, 'product_id'],
          message: 'validation.duplicate_product',
        });
      seen.add(id);
    });
  });
export type ScheduledOrderInput = z.input<typeof scheduledOrderInputSchema>;
export type ScheduledOrderFields = z.output<typeof scheduledOrderInputSchema>;

export const scheduledOrderSchema = z.object({
  id: z.number().int(),
  order_name: z.string(),
  supplier_id: z.number().int(),
  supplier_name: z.string(),
  frequency: z.enum(ORDER_FREQUENCIES),
  next_order_date: z.string(),
  last_order_date: z.string().nullable(),
  auto_confirm: z.boolean(),
  notes: z.string().nullable(),
  is_active: z.boolean(),
  items: z.array(
    z.object({
      product_id: z.number().int(),
      product_name: z.string(),
      quantity: z.number().int(),
      /** The price when the schedule was saved, and now. */
      unit_price: z.number(),
      current_price: z.number(),
    }),
  ),
});
export type ScheduledOrder = z.infer<typeof scheduledOrderSchema>;

const randField = z
  .number({ message: 'validation.number' })
  .min(0)
  .max(1_000_000)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { message: 'validation.decimals' });

/** Spec 3 §7 POST /api/trade-offers, and its edit (DECISIONS 21: on the seller's own products). */
export const tradeOfferInputSchema = z
  .object({
    offer_name: z.string().trim().min(1, { message: 'validation.required' }).max(120),
    offer_type: z.enum(TRADE_OFFER_TYPES).default('percentage_discount'),
    /** Percent for percentage and bulk discounts, rand per unit for a fixed discount; unused otherwise. */
    discount_value: randField.default(0),
    start_date: calendarDateSchema,
    end_date: calendarDateSchema,
    minimum_order_value: randField.default(0),
    max_uses: wholeNumber(1, 1_000_000).nullish(),
    description: z.string().trim().max(1000).nullish(),
    is_active: z.boolean().default(true),
    products: z.array(idSchema).max(TRADE_OFFER_PRODUCTS_MAX).default([]),
    /** bulk_discount: the line's units from which it applies. */
    min_quantity: wholeNumber(2, 100_000).default(10),
    /** buy_x_get_y: buy x, get y free. */
    buy_quantity: wholeNumber(1, 1000).default(1),
    get_quantity: wholeNumber(1, 1000).default(1),
  })
  .superRefine((o, ctx) => {
    if (o.end_date < o.start_date)
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'validation.end_after_start' });
    const percent = o.offer_type === 'percentage_discount' || o.offer_type === 'bulk_discount';
    if (percent) {
      if (o.discount_value <= 0 || o.discount_value > 100)
        ctx.addIssue({ code: 'custom', path: ['discount_value'], message: 'validation.percentage' });
      else if (Math.abs(o.discount_value * 10 - Math.round(o.discount_value * 10)) > 1e-6)
        ctx.addIssue({ code: 'custom', path: ['discount_value'], message: 'validation.one_decimal' });
    }
    if (o.offer_type === 'fixed_discount' && o.discount_value <= 0)
      ctx.addIssue({ code: 'custom', path: ['discount_value'], message: 'validation.discount_required' });
  });
export type TradeOfferInput = z.input<typeof tradeOfferInputSchema>;
export type TradeOfferFields = z.output<typeof tradeOfferInputSchema>;

export const tradeOfferSchema = z.object({
  id: z.number().int(),
  seller_id: z.number().int(),
  seller_name: z.string(),
  offer_name: z.string(),
  offer_type: z.enum(TRADE_OFFER_TYPES),
  discount_value: z.number(),
  start_date: z.string(),
  end_date: z.string(),
  minimum_order_value: z.number(),
  max_uses: z.number().int().nullable(),
  current_uses: z.number().int(),
  description: z.string().nullable(),
  is_active: z.boolean(),
  min_quantity: z.number().int(),
  buy_quantity: z.number().int(),
  get_quantity: z.number().int(),
  /** The products it covers; empty covers all of the seller's products. */
  products: z.array(z.object({ id: z.number().int(), name: z.string() })),
  status: z.enum(TRADE_OFFER_STATUSES),
});
export type TradeOffer = z.infer<typeof tradeOfferSchema>;

/**
 * The most suppliers one answer of GET /api/suppliers holds, and the most products one answer of
 * GET /api/suppliers/:id/products holds: a page a phone can draw as options. A platform with more
 * sellers, or a distributor with more listings, is reached by searching.
 */
export const SUPPLIERS_PAGE = 50;
export const SUPPLIER_PRODUCTS_PAGE = 50;
/** ?search= on the smart-order pickers: trimmed, empty is no search. */
export const smartPickerQuerySchema = z.object({
  search: z.string().trim().max(SEARCH_TEXT_MAX).optional(),
});
export type SmartPickerQuery = z.input<typeof smartPickerQuerySchema>;

/** Spec 3 §3: Supplier: id, name (GET /api/suppliers). */
export const supplierSummarySchema = z.object({ id: z.number().int(), name: z.string() });
export type SupplierSummary = z.infer<typeof supplierSummarySchema>;

/**
 * GET /api/suppliers: the first SUPPLIERS_PAGE sellers by name (then id) whose name contains the search,
 * and how many match in all, so a form can say a search reaches the rest.
 */
export const supplierListSchema = z.object({
  suppliers: z.array(supplierSummarySchema),
  total: z.number().int(),
});
export type SupplierList = z.infer<typeof supplierListSchema>;

/** Spec 3 §3: the product as smart orders read it (a supplier's products in the forms). */
export const smartProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  brand: z.string(),
  selling_price: z.number(),
  stock_quantity: z.number().int(),
  image_url: z.string().nullable(),
});
export type SmartProduct = z.infer<typeof smartProductSchema>;

/**
 * GET /api/suppliers/:id/products: the first SUPPLIER_PRODUCTS_PAGE active listings by name (then id)
 * whose name, brand or SKU contains the search, and how many match in all.
 */
export const smartProductListSchema = z.object({
  products: z.array(smartProductSchema),
  total: z.number().int(),
});
export type SmartProductList = z.infer<typeof smartProductListSchema>;

/** An occurrence waiting for the buyer (its own list, not an order status). */
export const proposedOrderSchema = z.object({
  id: z.number().int(),
  source: z.enum(['scheduled_order', 'reorder_rule']),
  source_name: z.string(),
  supplier_id: z.number().int(),
  supplier_name: z.string(),
  reason: z.enum(PROPOSAL_REASONS),
  /** The day it was due. */
  occurrence_date: z.string(),
  items: z.array(
    z.object({
      product_id: z.number().int(),
      product_name: z.string(),
      quantity: z.number().int(),
      unit_price: z.number(),
    }),
  ),
  /**
   * What checkout would charge today (its own quote, ADR 023): goods after every running offer, VAT,
   * standard delivery (waived by a free-delivery offer). No rewards: a proposed order does not spend them.
   */
  estimated_total: z.number(),
  /** What running promotions and trade offers take off the goods in that total. */
  discount_amount: z.number(),
  tax_amount: z.number(),
  delivery_fee: z.number(),
  created_at: z.string(),
});
export type ProposedOrder = z.infer<typeof proposedOrderSchema>;

/** Confirm places it through checkout at the total the buyer was shown (409 with the new one otherwise). */
export const confirmProposalSchema = z.object({
  total_amount: z.number({ message: 'validation.number' }).min(0).max(100_000_000),
});

/** A running trade offer as a buyer sees it on a product. */
export const productTradeOfferSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  offer_name: z.string(),
  offer_type: z.enum(TRADE_OFFER_TYPES),
  discount_value: z.number(),
  minimum_order_value: z.number(),
  min_quantity: z.number().int(),
  buy_quantity: z.number().int(),
  get_quantity: z.number().int(),
  end_date: z.string(),
  seller_name: z.string(),
});
export type ProductTradeOffer = z.infer<typeof productTradeOfferSchema>;

/** GET /api/trade-offers/for-products?ids=1,2,3 */
export const productIdsQuerySchema = z.object({
  ids: z
    .string()
    .max(5000)
    .regex(/^\d{1,9}(,\d{1,9}){0,499}$/, { message: 'validation.invalid_format' })
    .transform((s) => [...new Set(s.split(',').map(Number))]),
});
