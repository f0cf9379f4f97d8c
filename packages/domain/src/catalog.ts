import { z } from 'zod';
import { PLAN_TIERS } from './plans.ts';
import { idSchema } from './ids.ts';

/** Spec 1 §5's price bands, in cents. Each band is inclusive at both ends, so a boundary value matches two. */
export const PRICE_BANDS = {
  under_20: { min: null, max: 1999 },
  '20_50': { min: 2000, max: 5000 },
  '50_100': { min: 5000, max: 10000 },
  '100_200': { min: 10000, max: 20000 },
  over_200: { min: 20001, max: null },
} as const satisfies Record<string, { min: number | null; max: number | null }>;
export type PriceBand = keyof typeof PRICE_BANDS;
export const PRICE_BAND_KEYS = Object.keys(PRICE_BANDS) as PriceBand[];

export function inPriceBand(cents: number, band: PriceBand): boolean {
  const { min, max } = PRICE_BANDS[band];
  return (min === null || cents >= min) && (max === null || cents <= max);
}

export const PRODUCT_SORTS = ['name', 'price_asc', 'price_desc', 'stock'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
/** The orders the API accepts: the four sorts, and relevance (the default while searching). */
export const PRODUCT_ORDERS = [...PRODUCT_SORTS, 'relevance'] as const;
export type ProductOrder = (typeof PRODUCT_ORDERS)[number];

/**
 * Totals above this are answered as "at least this many" (total_capped): counting every match of a broad
 * filter would read most of the catalogue on every request.
 */
export const PRODUCT_TOTAL_CAP = 1000;

export const PRODUCT_PAGE_SIZE = 24;
export const PRODUCT_PAGE_SIZE_MAX = 100;
/** Spec 1 §9: stock above 50 shows green, otherwise yellow. */
export const STOCK_GREEN_ABOVE = 50;

const optionalId = idSchema.optional();

/** GET /api/products query. */
export const productQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  department_id: optionalId,
  /** A subcategory; only honoured inside the chosen department when one is chosen. */
  category_id: optionalId,
  price_band: z.enum(PRICE_BAND_KEYS as [PriceBand, ...PriceBand[]]).optional(),
  /** Without one: relevance while searching, otherwise name. Relevance without a search is by name. */
  sort: z.enum(PRODUCT_ORDERS).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(PRODUCT_PAGE_SIZE_MAX).default(PRODUCT_PAGE_SIZE),
  /** Sellers (and admins) may ask for their own inactive listings too. */
  include_inactive: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export type ProductQuery = z.input<typeof productQuerySchema>;

export const productSchema = z.object({
  id: z.number().int(),
  /** The spec lists both; they are the same value. */
  product_id: z.number().int(),
  name: z.string(),
  brand: z.string(),
  sku: z.string(),
  description: z.string().nullable(),
  image_url: z.string().nullable(),
  category_id: z.number().int(),
  category_name: z.string(),
  /** The department the category belongs to. */
  parent_id: z.number().int().nullable(),
  selling_price: z.number(),
  mrp: z.number(),
  minimum_order_quantity: z.number().int(),
  stock_quantity: z.number().int(),
  is_active: z.boolean(),
  seller_id: z.number().int(),
  seller_name: z.string(),
});
export type Product = z.infer<typeof productSchema>;

export const productListSchema = z.object({
  products: z.array(productSchema),
  /** Matching products the caller may browse (capped by the plan's browsing limit). */
  total: z.number().int(),
  /** True when there are more matches than `total` (PRODUCT_TOTAL_CAP): shown as "1,000+". */
  total_capped: z.boolean(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** The plan's browsing limit when one applies, else null. */
  browse_limit: z.number().int().nullable(),
});
export type ProductList = z.infer<typeof productListSchema>;

export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  parent_id: z.number().int().nullable(),
});
export type Category = z.infer<typeof categorySchema>;

export const planRestrictionsSchema = z.object({
  plan_type: z.enum(PLAN_TIERS),
  /** -1: unlimited. */
  max_products_browse: z.number().int(),
});
export type PlanRestrictions = z.infer<typeof planRestrictionsSchema>;
