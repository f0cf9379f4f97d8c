import { and, desc, eq, gte, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import {
  centsToRand,
  PROMOTABLE_PRODUCTS_PAGE,
  PROMOTIONS_LISTED,
  promotionRule,
  promotionStatus,
  randToCents,
  sastDate,
  type Offer,
  type ProductPromotion,
  type ProductPromotions,
  type PromotableProductList,
  type Promotion,
  type PromotionFields,
  type PromotionList,
  type PromotionType,
} from '@tt/domain';
import type { Db, Tx } from '../../db/client.ts';
import { fail, invalidFields } from '../../platform/errors.ts';
import { userSummaries } from '../auth/service.ts';
import { productsForSale, productsOfSeller, productSummaries } from '../catalog/service.ts';
import { promotions, promotionUses } from './tables.ts';

type Row = typeof promotions.$inferSelect;
interface Caller {
  id: number;
}

const status = (row: Row, now: Date) =>
  promotionStatus(
    {
      published: row.published_at !== null,
      cancelled: row.cancelled_at !== null,
      start_date: row.start_date,
      end_date: row.end_date,
    },
    now,
  );

async function usesOf(db: Db | Tx, ids: number[]) {
  if (ids.length === 0) return new Map<number, { cents: number; orders: number }>();
  const rows = await db
    .select({
      id: promotionUses.promotion_id,
      cents: sql<string>`sum(${promotionUses.discount_cents})`,
      orders: sql<number>`count(*)::int`,
    })
    .from(promotionUses)
    .where(inArray(promotionUses.promotion_id, ids))
    .groupBy(promotionUses.promotion_id);
  return new Map(rows.map((r) => [r.id, { cents: Number(r.cents), orders: r.orders }]));
}

async function toPromotions(db: Db | Tx, rows: Row[], now: Date): Promise<Promotion[]> {
  const [names, products, uses] = await Promise.all([
    userSummaries(
      db,
      rows.map((r) => r.supplier_id),
    ),
    productSummaries(
      db,
      rows.flatMap((r) => r.target_products),
    ),
    usesOf(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  return rows.map((r) => ({
    id: r.id,
    supplier_id: r.supplier_id,
    supplier_name: names.get(r.supplier_id)?.display_name ?? '',
    promotion_name: r.promotion_name,
    promotion_type: r.promotion_type as PromotionType,
    description: r.description,
    start_date: r.start_date,
    end_date: r.end_date,
    minimum_order_value: centsToRand(r.minimum_order_value_cents),
    discount_percentage: r.discount_tenths / 10,
    discount_amount: centsToRand(r.discount_amount_cents),
    target_products: r.target_products.map((id) => ({ id, name: products.get(id)?.name ?? '' })),
    terms_conditions: r.terms_conditions,
    promotion_fee: centsToRand(r.promotion_fee_cents),
    status: status(r, now),
    discount_given: centsToRand(uses.get(r.id)?.cents ?? 0),
    orders_count: uses.get(r.id)?.orders ?? 0,
    max_uses: r.max_uses,
    created_at: r.created_at.toISOString(),
  }));
}

/** Published promotions of every seller and the caller's own drafts, newest first, with the figures. */
export async function listPromotions(db: Db, user: Caller, now = new Date()): Promise<PromotionList> {
  const rows = await db
    .select()
    .from(promotions)
    .where(or(isNotNull(promotions.published_at), eq(promotions.supplier_id, user.id)))
    .orderBy(desc(promotions.created_at), desc(promotions.id))
    .limit(PROMOTIONS_LISTED);
  const list = await toPromotions(db, rows, now);
  const count = (s: Promotion['status']) => list.filter((p) => p.status === s).length;
  const given = list.reduce((sum, p) => sum + randToCents(p.discount_given), 0);
  return {
    promotions: list,
    stats: {
      active: count('active'),
      scheduled: count('scheduled'),
      expired: count('expired'),
      total_discount_given: centsToRand(given),
    },
  };
}

/** Every target must be one of the caller's own products (DECISIONS 21). */
async function assertOwnProducts(db: Db | Tx, user: Caller, ids: number[]) {
  const found = await productsForSale(db, ids);
  if (ids.some((id) => found.get(id)?.seller_id !== user.id)) {
    throw invalidFields({ target_products: { code: 'validation.not_own_product' } });
  }
}

const columns = (input: PromotionFields) => ({
  promotion_name: input.promotion_name,
  promotion_type: input.promotion_type,
  description: input.description,
  start_date: input.start_date,
  end_date: input.end_date,
  minimum_order_value_cents: randToCents(input.minimum_order_value),
  discount_tenths: Math.round(input.discount_percentage * 10),
  discount_amount_cents: randToCents(input.discount_amount),
  target_products: [...new Set(input.target_products)],
  terms_conditions: input.terms_conditions ?? null,
  max_uses: input.max_uses ?? null,
});

export async function createPromotion(db: Db, user: Caller, input: PromotionFields, now = new Date()) {
  await assertOwnProducts(db, user, input.target_products);
  const [row] = await db
    .insert(promotions)
    .values({ ...columns(input), supplier_id: user.id, published_at: input.publish ? now : null })
    .returning();
  return (await toPromotions(db, [row!], now))[0]!;
}

/** The `owner` record rule: 404 for a promotion the caller cannot see, 403 for someone else's. */
export async function assertPromotionOwner(db: Db, user: Caller, id: number): Promise<void> {
  const [row] = await db
    .select({ supplier_id: promotions.supplier_id, published_at: promotions.published_at })
    .from(promotions)
    .where(eq(promotions.id, id));
  if (!row || (row.published_at === null && row.supplier_id !== user.id)) throw fail('promotion.not_found');
  if (row.supplier_id !== user.id) throw fail('promotion.owner_only');
}

async function lockOwn(tx: Tx, user: Caller, id: number): Promise<Row> {
  const [row] = await tx.select().from(promotions).where(eq(promotions.id, id)).for('update');
  if (!row || row.supplier_id !== user.id) throw fail('promotion.not_found');
  return row;
}

export async function updatePromotion(
  db: Db,
  user: Caller,
  id: number,
  input: PromotionFields,
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const row = await lockOwn(tx, user, id);
    const current = status(row, now);
    if (current === 'cancelled' || current === 'expired')
      throw fail('promotion.not_editable', { status: current });
    await assertOwnProducts(tx, user, input.target_products);
    const [updated] = await tx
      .update(promotions)
      .set({
        ...columns(input),
        // Publishing is one way: a published promotion is cancelled, never returned to draft.
        published_at: row.published_at ?? (input.publish ? now : null),
        updated_at: now,
      })
      .where(eq(promotions.id, id))
      .returning();
    return (await toPromotions(tx, [updated!], now))[0]!;
  });
}

export async function cancelPromotion(db: Db, user: Caller, id: number, now = new Date()) {
  return db.transaction(async (tx) => {
    const row = await lockOwn(tx, user, id);
    const current = status(row, now);
    if (current === 'cancelled' || current === 'expired')
      throw fail('promotion.not_editable', { status: current });
    const [updated] = await tx
      .update(promotions)
      .set({ cancelled_at: now, updated_at: now })
      .where(eq(promotions.id, id))
      .returning();
    return (await toPromotions(tx, [updated!], now))[0]!;
  });
}

export async function deletePromotion(db: Db, user: Caller, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOwn(tx, user, id);
    const [used] = await tx
      .select({ id: promotionUses.id })
      .from(promotionUses)
      .where(eq(promotionUses.promotion_id, id))
      .limit(1);
    if (used) throw fail('promotion.in_use');
    await tx.delete(promotions).where(eq(promotions.id, id));
  });
}

/** The promotions running today for these sellers (published, not cancelled, within their dates). */
async function runningFor(db: Db | Tx, sellerIds: number[], now: Date): Promise<Row[]> {
  if (sellerIds.length === 0) return [];
  const today = sastDate(now);
  return db
    .select()
    .from(promotions)
    .where(
      and(
        inArray(promotions.supplier_id, [...new Set(sellerIds)]),
        isNotNull(promotions.published_at),
        isNull(promotions.cancelled_at),
        lte(promotions.start_date, today),
        gte(promotions.end_date, today),
      ),
    )
    .orderBy(promotions.id);
}

/**
 * The running promotions that may still be used: those with max_uses drop out once that many orders
 * used them (DECISIONS 21; a cancelled order's use was given back). With lock (inside a checkout) the
 * capped promotions' rows stay locked until the order's transaction ends, so concurrent checkouts count
 * one after another and never take more uses than the cap.
 */
async function usableFor(db: Db | Tx, sellerIds: number[], now: Date, lock: boolean): Promise<Row[]> {
  const rows = await runningFor(db, sellerIds, now);
  const capped = rows.filter((r) => r.max_uses !== null).map((r) => r.id);
  if (capped.length === 0) return rows;
  if (lock) {
    await db
      .select({ id: promotions.id })
      .from(promotions)
      .where(inArray(promotions.id, capped))
      .orderBy(promotions.id)
      .for('update');
  }
  const counts = await db
    .select({ id: promotionUses.promotion_id, n: sql<number>`count(*)::int` })
    .from(promotionUses)
    .where(inArray(promotionUses.promotion_id, capped))
    .groupBy(promotionUses.promotion_id);
  const used = new Map(counts.map((c) => [c.id, Number(c.n)]));
  return rows.filter((r) => r.max_uses === null || (used.get(r.id) ?? 0) < r.max_uses);
}

/** The running promotions as offers for the one pricing rule (checkout prices with these). */
export async function promotionOffers(
  db: Db | Tx,
  sellerIds: number[],
  now = new Date(),
  lock = false,
): Promise<Offer[]> {
  return (await usableFor(db, sellerIds, now, lock)).map((r) => ({
    source: { type: 'promotion', id: r.id },
    seller_id: r.supplier_id,
    product_ids: r.target_products.length > 0 ? r.target_products : null,
    min_order_value_cents: r.minimum_order_value_cents,
    rule: promotionRule(r),
    name: r.promotion_name,
  }));
}

/** What a product card shows: the promotions running today on each product. */
export async function promotionsForProducts(
  db: Db | Tx,
  items: ReadonlyArray<{ id: number; seller_id: number }>,
  now = new Date(),
): Promise<Map<number, ProductPromotion[]>> {
  const rows = await usableFor(
    db,
    items.map((i) => i.seller_id),
    now,
    false,
  );
  const out = new Map<number, ProductPromotion[]>();
  for (const item of items) {
    const running = rows.filter(
      (r) =>
        r.supplier_id === item.seller_id &&
        (r.target_products.length === 0 || r.target_products.includes(item.id)),
    );
    if (running.length === 0) continue;
    out.set(
      item.id,
      running.map((r) => ({
        id: r.id,
        promotion_name: r.promotion_name,
        discount_percentage: r.discount_tenths / 10,
        discount_amount: centsToRand(r.discount_amount_cents),
        minimum_order_value: centsToRand(r.minimum_order_value_cents),
        end_date: r.end_date,
      })),
    );
  }
  return out;
}

/** GET /api/trade-promotions/for-products: the running promotions of the products a page shows. */
export async function promotionsOfProducts(
  db: Db,
  ids: number[],
  now = new Date(),
): Promise<ProductPromotions> {
  const found = await productsForSale(db, ids);
  const items = [...found.values()].map((p) => ({ id: p.id, seller_id: p.seller_id }));
  const byProduct = await promotionsForProducts(db, items, now);
  return [...byProduct].map(([product_id, list]) => ({ product_id, promotions: list }));
}

/** Checkout records what each promotion took off each order, in its transaction. */
export async function recordPromotionUses(
  tx: Tx,
  uses: ReadonlyArray<{ promotion_id: number; order_id: number; discount_cents: number }>,
): Promise<void> {
  const positive = uses.filter((u) => u.discount_cents > 0);
  if (positive.length > 0)
    await tx
      .insert(promotionUses)
      .values([...positive])
      .onConflictDoNothing();
}

/** Orders were cancelled or declined (DECISIONS 21): their uses are given back, and their discount with them. */
export async function releasePromotionUses(tx: Tx, orderIds: number[]): Promise<void> {
  if (orderIds.length > 0) await tx.delete(promotionUses).where(inArray(promotionUses.order_id, orderIds));
}

/**
 * The products a promotion of the caller may target: their own, a page at a time, narrowed by name,
 * brand or SKU (a seller with hundreds searches rather than scrolls).
 */
export async function promotableProducts(
  db: Db,
  user: Caller,
  query: { search?: string | undefined },
): Promise<PromotableProductList> {
  const found = await productsOfSeller(db, user.id, {
    search: query.search,
    limit: PROMOTABLE_PRODUCTS_PAGE,
  });
  return { products: found.products.map(({ id, name, sku }) => ({ id, name, sku })), total: found.total };
}
