import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  APPLICATION_LIST_MAX,
  canMoveApplication,
  centsToRand,
  randToCents,
  SELLER_PRODUCT_PAGE_SIZE,
  type ApplicationReview,
  type ApplicationReviewList,
  type SellerProduct,
  type SellerProductCreate,
  type SellerProductList,
  type SellerProductUpdate,
  type SupplierApplication,
  type SupplierApplicationInput,
} from '@tt/domain';
import type { Db, Tx } from '../../db/client.ts';
import type { AuthenticatedUser } from '../../platform/auth.ts';
import { fail, field } from '../../platform/errors.ts';
import {
  accountOf,
  demoWorldAccountIds,
  grantRole,
  isDemoWorldAccount,
  userSummaries,
} from '../auth/service.ts';
import {
  categoryExists,
  insertListing,
  sellerListing,
  sellerListingCounts,
  sellerListingMatches,
  sellerListings,
  setListingActive,
  updateListing,
  type SellerListing,
  type SellerListingFilter,
} from '../catalog/service.ts';
import {
  defaultLocation,
  ensureInventoryProduct,
  openListingStock,
  recordMovement,
} from '../inventory/service.ts';
import { notify } from '../notifications/service.ts';
import { enforcePlanLimit } from '../subscriptions/service.ts';
import { supplierApplications } from './tables.ts';

/**
 * Supplier applications and a seller's own products (packages/domain/src/suppliers.ts has the rules).
 * Approval changes the applicant's role in the same transaction as the application's status, and the
 * applicant is told with a notification that opens /supplier-applications.
 */

type Caller = Pick<AuthenticatedUser, 'id' | 'role'> & { is_demo?: boolean };
type ApplicationRow = typeof supplierApplications.$inferSelect;

export const APPLICATIONS_LINK = '/supplier-applications';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function toApplications(db: Db | Tx, rows: ApplicationRow[]): Promise<SupplierApplication[]> {
  const reviewers = await userSummaries(
    db,
    rows.flatMap((r) => (r.reviewed_by === null ? [] : [r.reviewed_by])),
  );
  return rows.map((r) => ({
    id: r.id,
    user_id: r.user_id,
    applicant_name: r.applicant_name,
    company_name: r.company_name,
    business_registration_number: r.business_registration_number,
    tax_number: r.tax_number,
    product_categories: r.product_categories,
    years_in_business: r.years_in_business,
    monthly_capacity: r.monthly_capacity,
    certifications: r.certifications,
    role_applied_for: r.role_applied_for,
    application_status: r.application_status,
    review_notes: r.review_notes,
    reviewed_by_name: r.reviewed_by === null ? null : (reviewers.get(r.reviewed_by)?.name ?? null),
    reviewed_at: iso(r.reviewed_at),
    created_at: r.created_at.toISOString(),
  }));
}

/** GET /api/supplier-applications: the caller's own (the spec's client matches user_id to the user). */
export async function myApplications(db: Db, user: Caller): Promise<SupplierApplication[]> {
  const rows = await db
    .select()
    .from(supplierApplications)
    .where(eq(supplierApplications.user_id, user.id))
    .limit(1);
  return toApplications(db, rows);
}

/** Apply Now: one per user (409 "Application Already Submitted"); shared demo accounts cannot apply. */
export async function apply(
  db: Db,
  user: Caller,
  input: SupplierApplicationInput,
): Promise<SupplierApplication> {
  const account = await accountOf(db, user.id);
  // A demo account is shared by every visitor (DECISIONS 9): an approval would change its role for all.
  if (!account || account.is_demo) throw fail('demo_account');
  const [row] = await db
    .insert(supplierApplications)
    .values({ ...input, user_id: user.id, applicant_name: account.name, application_status: 'pending' })
    .onConflictDoNothing({ target: supplierApplications.user_id })
    .returning();
  if (!row) throw fail('application.already_submitted');
  return (await toApplications(db, [row]))[0]!;
}

/**
 * Review Applications: open ones first (oldest first, as they wait), then the decided, newest first. A shared demo
 * reviewer sees only the demo world's applications (a real applicant's registration and tax numbers are not theirs).
 */
export async function reviewList(db: Db, reviewer: Caller): Promise<ApplicationReviewList> {
  const whose = reviewer.is_demo ? inArray(supplierApplications.user_id, demoWorldAccountIds) : undefined;
  const [counts] = await db
    .select({
      pending: sql<number>`(count(*) filter (where ${supplierApplications.application_status} = 'pending'))::int`,
      under_review: sql<number>`(count(*) filter (where ${supplierApplications.application_status} = 'under_review'))::int`,
      total: sql<number>`count(*)::int`,
    })
    .from(supplierApplications)
    .where(whose);
  const open = sql`${supplierApplications.application_status} in ('pending', 'under_review')`;
  const rows = await db
    .select()
    .from(supplierApplications)
    .where(whose)
    .orderBy(
      desc(open),
      sql`case when ${open} then ${supplierApplications.created_at} end asc`,
      desc(supplierApplications.created_at),
      asc(supplierApplications.id),
    )
    .limit(APPLICATION_LIST_MAX);
  return {
    pending: counts?.pending ?? 0,
    under_review: counts?.under_review ?? 0,
    total: counts?.total ?? 0,
    applications: await toApplications(db, rows),
  };
}

/**
 * A reviewer's move, on the locked row: nobody reviews their own (DECISIONS 8, 22); approval grants the
 * role applied for and notifies; a rejection carries its notes to the applicant.
 */
export async function review(
  db: Db,
  reviewer: Caller,
  id: number,
  decision: ApplicationReview,
): Promise<SupplierApplication> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(supplierApplications)
      .where(eq(supplierApplications.id, id))
      .for('update');
    if (!row) throw fail('application.not_found');
    if (row.user_id === reviewer.id) throw fail('application.own_review');
    if (reviewer.is_demo && !(await isDemoWorldAccount(tx, row.user_id)))
      throw fail('admin_users.demo_on_real');
    if (!canMoveApplication(row.application_status, decision.status)) {
      throw fail('application.cannot_move', { status: row.application_status });
    }
    const [updated] = await tx
      .update(supplierApplications)
      .set({
        application_status: decision.status,
        review_notes: decision.review_notes ?? row.review_notes,
        reviewed_by: reviewer.id,
        reviewed_at: new Date(),
      })
      .where(eq(supplierApplications.id, id))
      .returning();
    if (decision.status === 'approved') {
      await grantRole(tx, row.user_id, row.role_applied_for);
      await notify(tx, {
        userId: row.user_id,
        type: 'system',
        priority: 'high',
        title: 'notifications.application.approved.title',
        message: 'notifications.application.approved.message',
        params: { company: row.company_name, role: row.role_applied_for },
        link: APPLICATIONS_LINK,
      });
    } else if (decision.status === 'rejected') {
      await notify(tx, {
        userId: row.user_id,
        type: 'system',
        title: 'notifications.application.rejected.title',
        message: 'notifications.application.rejected.message',
        params: { company: row.company_name },
        link: APPLICATIONS_LINK,
      });
    }
    return (await toApplications(tx, [updated!]))[0]!;
  });
}

// ---------------------------------------------------------------------------------------------------
// My products

function toProduct(row: SellerListing): SellerProduct {
  return {
    id: row.id,
    name: row.name,
    brand: row.brand,
    sku: row.sku,
    description: row.description,
    image_url: row.image_url,
    category_id: row.category_id,
    category_name: row.category_name,
    selling_price: centsToRand(row.selling_price_cents),
    mrp: centsToRand(row.mrp_cents),
    minimum_order_quantity: row.minimum_order_quantity,
    stock_quantity: row.stock_quantity,
    is_active: row.is_active,
    created_at: row.created_at.toISOString(),
  };
}

export async function myProducts(
  db: Db,
  seller: Caller,
  query: SellerListingFilter & { page: number },
): Promise<SellerProductList> {
  const pageSize = SELLER_PRODUCT_PAGE_SIZE;
  const [rows, matching, counts] = await Promise.all([
    sellerListings(db, seller.id, { ...query, limit: pageSize, offset: (query.page - 1) * pageSize }),
    sellerListingMatches(db, seller.id, query),
    sellerListingCounts(db, seller.id),
  ]);
  return { ...counts, matching, page: query.page, page_size: pageSize, products: rows.map(toProduct) };
}

async function assertCategory(db: Db | Tx, categoryId: number) {
  if (!(await categoryExists(db, categoryId))) {
    throw fail('bad_request', {}, { fields: { category_id: field('validation.invalid_option') } });
  }
}

const listingFields = (input: SellerProductUpdate) => ({
  name: input.name,
  brand: input.brand,
  category_id: input.category_id,
  description: input.description,
  image_url: input.image_url,
  selling_price_cents: randToCents(input.selling_price),
  mrp_cents: randToCents(input.mrp),
  minimum_order_quantity: input.minimum_order_quantity,
});

async function reload(tx: Db | Tx, sellerId: number, id: number): Promise<SellerProduct> {
  const row = await sellerListing(tx, sellerId, id);
  if (!row) throw fail('products.not_found');
  return toProduct(row);
}

/**
 * A new listing, its inventory product and its item at the seller's default location, in one
 * transaction; an opening stock is an "in" movement (DECISIONS 20), which sets the listing's stock.
 */
export async function createProduct(
  db: Db,
  seller: Caller,
  input: SellerProductCreate,
): Promise<SellerProduct> {
  await assertCategory(db, input.category_id);
  return db.transaction(async (tx) => {
    if (input.is_active) await enforcePlanLimit(tx, seller.id, 'listed_products', 1);
    const id = await insertListing(tx, seller.id, {
      ...listingFields(input),
      sku: input.sku,
      is_active: input.is_active,
    });
    if (id === null) {
      throw fail(
        'products.sku_taken',
        { sku: input.sku },
        { fields: { sku: field('validation.name_taken') } },
      );
    }
    // The listing's inventory product and its (empty) item at the default location, so it shows there at once.
    await openListingStock(tx, seller.id, id);
    if (input.opening_stock > 0) {
      const inventoryProduct = await ensureInventoryProduct(tx, seller.id, { productId: id });
      const location = await defaultLocation(tx, seller.id);
      await recordMovement(tx, {
        businessId: seller.id,
        performedBy: seller.id,
        inventoryProductId: inventoryProduct.id,
        locationId: location.id,
        type: 'in',
        quantity: input.opening_stock,
        reason: 'Opening stock',
      });
    }
    return reload(tx, seller.id, id);
  });
}

/** Edit: the listing's own fields; the stock and the SKU stay as they are. */
export async function updateProduct(
  db: Db,
  seller: Caller,
  id: number,
  input: SellerProductUpdate,
): Promise<SellerProduct> {
  if (!(await sellerListing(db, seller.id, id))) throw fail('products.not_found');
  await assertCategory(db, input.category_id);
  return db.transaction(async (tx) => {
    if (!(await updateListing(tx, seller.id, id, listingFields(input)))) throw fail('products.not_found');
    return reload(tx, seller.id, id);
  });
}

/** Activate (counted against the plan's listed products, DECISIONS 16) or deactivate. */
export async function setProductStatus(
  db: Db,
  seller: Caller,
  id: number,
  active: boolean,
): Promise<SellerProduct> {
  return db.transaction(async (tx) => {
    const current = await sellerListing(tx, seller.id, id);
    if (!current) throw fail('products.not_found');
    if (current.is_active === active) return toProduct(current);
    if (active) await enforcePlanLimit(tx, seller.id, 'listed_products', 1);
    await setListingActive(tx, seller.id, id, active);
    return reload(tx, seller.id, id);
  });
}
