import { z } from 'zod';
import { SEARCH_TEXT_MAX } from './search.ts';
import { PLAN_TIERS } from './plan-rules.ts';
import { idSchema } from './ids.ts';
import {
  PRICE_BAND_KEYS,
  PRODUCT_ORDERS,
  PRODUCT_PAGE_SIZE,
  PRODUCT_PAGE_SIZE_MAX,
  type PriceBand,
} from './catalog-rules.ts';

const optionalId = idSchema.optional();

/** GET /api/products query. */
export const productQuerySchema = z.object({
  search: z.string().trim().max(SEARCH_TEXT_MAX).optional(),
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
  /**
   * The search as corrected ("sugar" for "suger"), when the words as typed matched nothing and the products
   * shown match close words instead; null otherwise.
   */
  corrected: z.string().nullable(),
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
