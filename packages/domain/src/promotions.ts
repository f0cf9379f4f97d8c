import { z } from 'zod';
import { SEARCH_TEXT_MAX } from './search.ts';
import { idSchema } from './ids.ts';
import { calendarDateSchema, sastDate } from './ledger.ts';

/**
 * Trade promotions (spec 3 /trade-promotions; issue 12 point 4; DECISIONS 21). A seller (or an admin)
 * promotes their own products: a percentage or an amount off each unit, from a minimum order value,
 * between two dates. A promotion is a draft until published; a published one is scheduled before its
 * start date, active from its start to its end date (inclusive, Johannesburg days) and expired after;
 * the owner may cancel it. An active promotion changes what buyers pay, through the one pricing rule.
 */
export const PROMOTION_TYPES = [
  'volume_discount',
  'seasonal_offer',
  'new_product_launch',
  'loyalty_bonus',
] as const;
export type PromotionType = (typeof PROMOTION_TYPES)[number];

export const PROMOTION_STATUSES = ['draft', 'scheduled', 'active', 'expired', 'cancelled'] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];

/** The most target products one promotion may name, and the most promotions a list answers. */
export const PROMOTION_TARGETS_MAX = 200;
export const PROMOTIONS_LISTED = 200;

/** Where a promotion stands on a given day (Johannesburg calendar dates, inclusive). */
export function promotionStatus(
  p: { published: boolean; cancelled: boolean; start_date: string; end_date: string },
  now: Date = new Date(),
): PromotionStatus {
  if (p.cancelled) return 'cancelled';
  if (!p.published) return 'draft';
  const today = sastDate(now);
  if (today < p.start_date) return 'scheduled';
  if (today > p.end_date) return 'expired';
  return 'active';
}

/** Rand with at most two decimals, as typed (0.01 steps). */
const randField = z
  .number({ message: 'validation.number' })
  .min(0)
  .max(1_000_000)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { message: 'validation.decimals' });

/** Spec 3 §5: the promotion form. DECISIONS 21: a percentage (0-100 by 0.1) or an amount per unit. */
export const promotionInputSchema = z
  .object({
    promotion_name: z.string().trim().min(1, { message: 'validation.required' }).max(120),
    promotion_type: z.enum(PROMOTION_TYPES).default('volume_discount'),
    description: z.string().trim().min(1, { message: 'validation.required' }).max(1000),
    start_date: calendarDateSchema,
    end_date: calendarDateSchema,
    minimum_order_value: randField.default(0),
    discount_percentage: z
      .number({ message: 'validation.number' })
      .min(0)
      .max(100)
      .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-6, { message: 'validation.one_decimal' })
      .default(0),
    discount_amount: randField.default(0),
    target_products: z.array(idSchema).max(PROMOTION_TARGETS_MAX).default([]),
    terms_conditions: z.string().trim().max(2000).nullish(),
    /** DECISIONS 21: the most orders that may use it (a cancelled order gives its use back); none: no limit. */
    max_uses: z
      .number({ message: 'validation.number' })
      .int({ message: 'validation.whole_number' })
      .min(1)
      .max(1_000_000)
      .nullish(),
    /** Publish now (true) or keep as a draft (false, the default). */
    publish: z.boolean().default(false),
  })
  .superRefine((p, ctx) => {
    if (p.end_date < p.start_date) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'validation.end_after_start' });
    }
    const percent = p.discount_percentage > 0;
    const amount = p.discount_amount > 0;
    if (percent === amount) {
      ctx.addIssue({
        code: 'custom',
        path: ['discount_percentage'],
        message: percent ? 'validation.one_discount' : 'validation.discount_required',
      });
    }
  });
export type PromotionInput = z.input<typeof promotionInputSchema>;
export type PromotionFields = z.output<typeof promotionInputSchema>;

export const promotionSchema = z.object({
  id: z.number().int(),
  supplier_id: z.number().int(),
  supplier_name: z.string(),
  promotion_name: z.string(),
  promotion_type: z.enum(PROMOTION_TYPES),
  description: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  minimum_order_value: z.number(),
  discount_percentage: z.number(),
  discount_amount: z.number(),
  /** The products it covers, with their names; empty covers all of the seller's products. */
  target_products: z.array(z.object({ id: z.number().int(), name: z.string() })),
  terms_conditions: z.string().nullable(),
  /** What the seller owes for running it (DECISIONS 21: recorded, not charged). */
  promotion_fee: z.number(),
  status: z.enum(PROMOTION_STATUSES),
  /** Rand taken off orders through this promotion so far. */
  discount_given: z.number(),
  orders_count: z.number().int(),
  /** The most orders that may use it; null: no limit. */
  max_uses: z.number().int().nullable(),
  created_at: z.string(),
});
export type Promotion = z.infer<typeof promotionSchema>;

export const promotionStatsSchema = z.object({
  active: z.number().int(),
  scheduled: z.number().int(),
  expired: z.number().int(),
  /** Rand given through all promotions. */
  total_discount_given: z.number(),
});

export const promotionListSchema = z.object({
  promotions: z.array(promotionSchema),
  stats: promotionStatsSchema,
});
export type PromotionList = z.infer<typeof promotionListSchema>;

/** An active promotion as buyers see it on a product card. */
export const productPromotionSchema = z.object({
  id: z.number().int(),
  promotion_name: z.string(),
  discount_percentage: z.number(),
  discount_amount: z.number(),
  minimum_order_value: z.number(),
  end_date: z.string(),
});
export type ProductPromotion = z.infer<typeof productPromotionSchema>;

/** GET /api/trade-promotions/for-products?ids=1,2: the running promotions of the products a page shows. */
export const productPromotionsQuerySchema = z.object({
  ids: z
    .string()
    .max(2000)
    .regex(/^\d{1,9}(,\d{1,9})*$/, { message: 'validation.invalid' })
    .transform((v) => [...new Set(v.split(',').map(Number))])
    .pipe(z.array(z.number().int().positive()).max(100)),
});
export const productPromotionsSchema = z.array(
  z.object({ product_id: z.number().int(), promotions: z.array(productPromotionSchema) }),
);
export type ProductPromotions = z.infer<typeof productPromotionsSchema>;

/**
 * The most of the caller's products one answer of GET /api/trade-promotions/my-products holds: a page a
 * phone can show as checkboxes; a seller with more searches by name, brand or SKU to reach the others.
 */
export const PROMOTABLE_PRODUCTS_PAGE = 50;
/** GET /api/trade-promotions/my-products?search=: the caller's products whose name, brand or SKU contain it. */
export const promotableProductsQuerySchema = z.object({
  search: z.string().trim().max(SEARCH_TEXT_MAX).optional(),
});
export type PromotableProductsQuery = z.input<typeof promotableProductsQuerySchema>;

/** One of the caller's own products that a promotion may target. */
export const promotableProductSchema = z.object({ id: z.number().int(), name: z.string(), sku: z.string() });
export type PromotableProduct = z.infer<typeof promotableProductSchema>;

/**
 * The first PROMOTABLE_PRODUCTS_PAGE matches by name (then id), and how many match in all, so the
 * screen can say that a search narrows them when there are more.
 */
export const promotableProductListSchema = z.object({
  products: z.array(promotableProductSchema),
  total: z.number().int(),
});
export type PromotableProductList = z.infer<typeof promotableProductListSchema>;
