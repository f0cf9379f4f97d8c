import { z } from 'zod';
import { SEARCH_TEXT_MAX } from './search.ts';
import { idSchema } from './ids.ts';
import type { Role } from './roles.ts';

/**
 * Supplier tools (spec 1 /supplier-applications, spec 3 /bulk-upload; DECISIONS 7, 8, 20, 22):
 * - a buyer applies once to sell, naming the seller role applied for (supplier when none is sent);
 * - an admin or coordinator (applications.review) moves it to under_review, then approves or rejects it
 *   with review notes (required to reject); nobody reviews their own; approval grants the role applied for;
 * - a seller keeps its own listings (My products): SKUs are unique per seller; stock changes only through
 *   inventory movements (an opening stock on create is an "in" movement), never by typing a number over.
 */

/** Spec 1 §5: the twelve product categories an application chooses from. */
export const APPLICATION_CATEGORIES = [
  'FMCG Products',
  'Fresh Produce',
  'Dairy Products',
  'Meat & Poultry',
  'Beverages',
  'Household Items',
  'Personal Care',
  'Baby Products',
  'Health & Pharmacy',
  'Stationery & Books',
  'Electronics',
  'Clothing & Textiles',
] as const;
export type ApplicationCategory = (typeof APPLICATION_CATEGORIES)[number];

/** Spec 1 §5: the ten certifications. */
export const CERTIFICATIONS = [
  'HACCP',
  'ISO 9001',
  'ISO 14001',
  'ISO 22000',
  'BRC',
  'IFS',
  'Organic Certification',
  'Fair Trade',
  'SABS',
  'NRCS',
] as const;
export type Certification = (typeof CERTIFICATIONS)[number];

/** The seller roles an approved application grants (DECISIONS 8). */
export const APPLICATION_ROLES = [
  'supplier',
  'distributor',
  'manufacturer',
] as const satisfies readonly Role[];
export type ApplicationRole = (typeof APPLICATION_ROLES)[number];

export const APPLICATION_STATUSES = ['pending', 'under_review', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
/** Still waiting for a decision: counted on the review tab. */
export const OPEN_APPLICATION_STATUSES = ['pending', 'under_review'] as const;

/** Spec 1 §2: the list shows three categories and "+n more". */
export const CATEGORY_PREVIEW = 3;

export function categoryPreview(categories: readonly string[]): { shown: string[]; more: number } {
  return {
    shown: categories.slice(0, CATEGORY_PREVIEW),
    more: Math.max(0, categories.length - CATEGORY_PREVIEW),
  };
}

/** The review moves: pending -> under_review; pending or under_review -> approved or rejected. */
export const REVIEW_DECISIONS = ['under_review', 'approved', 'rejected'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

export function canMoveApplication(from: ApplicationStatus, to: ReviewDecision): boolean {
  if (to === 'under_review') return from === 'pending';
  return from === 'pending' || from === 'under_review';
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** Apply Now. Categories and certifications are chosen from the spec's lists, each at most once. */
export const supplierApplicationInputSchema = z.object({
  company_name: z.string().trim().min(1, { message: 'validation.required' }).max(160),
  business_registration_number: optionalText(40),
  tax_number: optionalText(40),
  product_categories: z
    .array(z.enum(APPLICATION_CATEGORIES))
    .min(1)
    .max(APPLICATION_CATEGORIES.length)
    .refine((list) => new Set(list).size === list.length, { message: 'validation.invalid' }),
  years_in_business: z
    .number({ message: 'validation.whole_number' })
    .int({ message: 'validation.whole_number' })
    .min(0)
    .max(200)
    .default(0),
  monthly_capacity: optionalText(200),
  certifications: z
    .array(z.enum(CERTIFICATIONS))
    .max(CERTIFICATIONS.length)
    .refine((list) => new Set(list).size === list.length, { message: 'validation.invalid' })
    .default([]),
  /** The spec's client sends none: supplier. */
  role_applied_for: z.enum(APPLICATION_ROLES).default('supplier'),
});
export type SupplierApplicationInput = z.output<typeof supplierApplicationInputSchema>;
export type SupplierApplicationForm = z.input<typeof supplierApplicationInputSchema>;

export const supplierApplicationSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  applicant_name: z.string(),
  company_name: z.string(),
  business_registration_number: z.string().nullable(),
  tax_number: z.string().nullable(),
  product_categories: z.array(z.string()),
  years_in_business: z.number().int(),
  monthly_capacity: z.string().nullable(),
  certifications: z.array(z.string()),
  role_applied_for: z.enum(APPLICATION_ROLES),
  application_status: z.enum(APPLICATION_STATUSES),
  review_notes: z.string().nullable(),
  reviewed_by_name: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  created_at: z.string(),
});
export type SupplierApplication = z.infer<typeof supplierApplicationSchema>;

/** The most applications the review tab reads at once (open ones first). */
export const APPLICATION_LIST_MAX = 200;

export const applicationReviewListSchema = z.object({
  pending: z.number().int(),
  under_review: z.number().int(),
  total: z.number().int(),
  applications: z.array(supplierApplicationSchema),
});
export type ApplicationReviewList = z.infer<typeof applicationReviewListSchema>;

/** A reviewer's move; rejecting needs notes that say why (the applicant reads them). */
export const applicationReviewSchema = z
  .object({
    status: z.enum(REVIEW_DECISIONS),
    review_notes: optionalText(2000),
  })
  .superRefine((value, ctx) => {
    if (value.status === 'rejected' && !value.review_notes) {
      ctx.addIssue({ code: 'custom', path: ['review_notes'], message: 'validation.required' });
    }
  });
export type ApplicationReview = z.output<typeof applicationReviewSchema>;

// ---------------------------------------------------------------------------------------------------
// My products (a seller's own listings)

/** The largest price accepted for one unit (R1 million). */
export const MAX_UNIT_PRICE = 1_000_000;
export const MAX_MINIMUM_ORDER = 100_000;
/** The most opening stock one create records (more arrives through inventory movements). */
export const MAX_OPENING_STOCK = 1_000_000;

const price = z
  .number({ message: 'validation.number' })
  .positive()
  .max(MAX_UNIT_PRICE)
  .multipleOf(0.01, { message: 'validation.decimals' });

/** A picture: a path on this site (/products/...) or an https address. */
export const imageUrlSchema = z
  .string()
  .trim()
  .max(500)
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || /^\/[A-Za-z0-9._~/-]+$/.test(v) || /^https:\/\/[^\s"'<>]+$/.test(v), {
    message: 'validation.url',
  });

const sellerProductFields = {
  name: z.string().trim().min(1, { message: 'validation.required' }).max(160),
  brand: z.string().trim().min(1, { message: 'validation.required' }).max(80),
  category_id: idSchema,
  description: optionalText(2000),
  image_url: imageUrlSchema,
  selling_price: price,
  mrp: price,
  minimum_order_quantity: z
    .number({ message: 'validation.whole_number' })
    .int({ message: 'validation.whole_number' })
    .min(1)
    .max(MAX_MINIMUM_ORDER)
    .default(1),
};

/** DECISIONS 18: the mrp is the struck-through price, so it is never below the selling price. */
const mrpNotBelowPrice = (value: { selling_price: number; mrp: number }, ctx: z.RefinementCtx) => {
  if (value.mrp < value.selling_price) {
    ctx.addIssue({ code: 'custom', path: ['mrp'], message: 'validation.mrp_below_price' });
  }
};

/** Edit: everything but the SKU and the stock. */
export const sellerProductUpdateSchema = z.object(sellerProductFields).superRefine(mrpNotBelowPrice);
export type SellerProductUpdate = z.output<typeof sellerProductUpdateSchema>;
export type SellerProductUpdateForm = z.input<typeof sellerProductUpdateSchema>;

/** New product: a SKU unique among the seller's own, and the stock on hand now (an "in" movement). */
export const sellerProductCreateSchema = z
  .object({
    ...sellerProductFields,
    sku: z
      .string()
      .trim()
      .min(1, { message: 'validation.required' })
      .max(64)
      .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, { message: 'validation.invalid_format' }),
    opening_stock: z
      .number({ message: 'validation.whole_number' })
      .int({ message: 'validation.whole_number' })
      .min(0)
      .max(MAX_OPENING_STOCK)
      .default(0),
    is_active: z.boolean().default(true),
  })
  .superRefine(mrpNotBelowPrice);
export type SellerProductCreate = z.output<typeof sellerProductCreateSchema>;
export type SellerProductCreateForm = z.input<typeof sellerProductCreateSchema>;

export const sellerProductStatusSchema = z.object({ is_active: z.boolean() });

export const sellerProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  brand: z.string(),
  sku: z.string(),
  description: z.string().nullable(),
  image_url: z.string().nullable(),
  category_id: z.number().int(),
  category_name: z.string(),
  selling_price: z.number(),
  mrp: z.number(),
  minimum_order_quantity: z.number().int(),
  /** What buyers can order now: the inventory's available quantity at the default location (DECISIONS 20). */
  stock_quantity: z.number().int(),
  is_active: z.boolean(),
  created_at: z.string(),
});
export type SellerProduct = z.infer<typeof sellerProductSchema>;

/**
 * A seller's own list comes a page at a time, newest first: a distributor's bulk upload makes thousands of
 * listings, and a phone should neither download nor draw them all at once.
 */
export const SELLER_PRODUCT_PAGE_SIZE = 20;
/** The furthest page asked for (search narrows a list long before that). */
export const SELLER_PRODUCT_PAGE_MAX = 5_000;

export const sellerProductListQuerySchema = z.object({
  /** Name, brand or SKU. */
  search: z.string().trim().max(SEARCH_TEXT_MAX).optional(),
  status: z.enum(['all', 'active', 'inactive']).default('all'),
  page: z.coerce.number().int().min(1).max(SELLER_PRODUCT_PAGE_MAX).default(1),
});

export const sellerProductListSchema = z.object({
  /** All of the seller's listings, and how many of them are active, whatever the search and filter. */
  total: z.number().int(),
  active: z.number().int(),
  /** How many the search and the status filter match, over all pages. */
  matching: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  products: z.array(sellerProductSchema),
});
export type SellerProductList = z.infer<typeof sellerProductListSchema>;
