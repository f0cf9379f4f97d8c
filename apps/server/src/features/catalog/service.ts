import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  centsToRand,
  isSeller,
  PRICE_BANDS,
  productListSchema,
  type Category,
  type Product,
  type ProductList,
  type productQuerySchema,
} from '@tt/domain';
import type { Db, Tx } from '../../db/client.ts';
import type { UserRow } from '../auth/service.ts';
// The product-listing endpoint still to come calls enforcePlanLimit(tx, sellerId, 'listed_products', n)
// inside the transaction that lists; this counter is what it counts.
import { registerUsageCounter } from '../subscriptions/service.ts';
import { categories, products } from './tables.ts';

/** DECISIONS 16's listed products: a seller's active listings. */
registerUsageCounter('listed_products', (db, userId) =>
  db.$count(products, and(eq(products.seller_id, userId), eq(products.is_active, true))),
);

export type ProductQuery = z.output<typeof productQuerySchema>;

/**
 * Products a user works with: a seller's own listings, otherwise the active catalogue (whose count is
 * shared with the marketplace's unfiltered listing and its cache; see cachedCount).
 */
export async function countProductsFor(
  db: Db,
  user: UserRow,
  cacheMs = DEFAULT_COUNT_CACHE_MS,
): Promise<number> {
  if (isSeller(user.role)) return db.$count(products, eq(products.seller_id, user.id));
  if (user.role === 'admin') return db.$count(products);
  return cachedCount(db, ACTIVE_CATALOGUE_KEY, cacheMs, () =>
    db.$count(products, and(eq(products.is_active, true))),
  );
}

/** LIKE's wildcards typed by the user are matched literally. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

interface ProductRow {
  id: number;
  name: string;
  brand: string;
  sku: string;
  description: string | null;
  image_url: string | null;
  category_id: number;
  category_name: string;
  parent_id: number | null;
  selling_price_cents: number;
  mrp_cents: number;
  minimum_order_quantity: number;
  stock_quantity: number;
  is_active: boolean;
  seller_id: number;
  seller_name: string;
}

function toProduct(r: ProductRow): Product {
  return {
    id: r.id,
    product_id: r.id,
    name: r.name,
    brand: r.brand,
    sku: r.sku,
    description: r.description,
    image_url: r.image_url,
    category_id: r.category_id,
    category_name: r.category_name,
    parent_id: r.parent_id,
    selling_price: centsToRand(r.selling_price_cents),
    mrp: centsToRand(r.mrp_cents),
    minimum_order_quantity: r.minimum_order_quantity,
    stock_quantity: r.stock_quantity,
    is_active: r.is_active,
    seller_id: r.seller_id,
    seller_name: r.seller_name,
  };
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * The ORDER BY of each sort, each served by a partial index on the active catalogue
 * (see tables.ts). Descending sorts break ties by descending id, so one index serves both directions.
 */
const ORDER_BY: Record<ProductQuery['sort'], SQL> = {
  name: sql`lower(p.name) collate "C" asc, p.id asc`,
  price_asc: sql`p.selling_price_cents asc, p.id asc`,
  price_desc: sql`p.selling_price_cents desc, p.id desc`,
  stock: sql`p.stock_quantity desc, p.id desc`,
};

interface CatalogueFilter {
  where: SQL;
  /** The filter in words: the key of its cached count. */
  key: string;
}

/** The WHERE of a catalogue query: what the caller may see and what they filtered on. */
async function catalogueFilter(db: Db, user: UserRow, query: ProductQuery): Promise<CatalogueFilter> {
  const conditions: SQL[] = [];
  const key: (string | number | null)[] = [];
  // A literal predicate (not a bound parameter), so the planner can use the partial indexes.
  if (!query.include_inactive || (!isSeller(user.role) && user.role !== 'admin')) {
    conditions.push(sql`p.is_active`);
    key.push('active');
  } else if (isSeller(user.role)) {
    conditions.push(sql`(p.is_active or p.seller_id = ${user.id})`);
    key.push(`active+seller:${user.id}`);
  } else {
    key.push('all');
  }

  const term = query.search?.trim() || undefined;
  const pattern = term === undefined ? undefined : containsPattern(term);
  const { department_id: department, category_id: category } = query;
  // The category table is small: one read resolves the search's category matches and the department's
  // subcategories to plain ids, which the planner estimates well (an ANY(subquery) misleads it into
  // a sequential scan of the whole catalogue).
  let tree: { id: number; parent_id: number | null; matches: boolean }[] = [];
  if (pattern !== undefined || department !== undefined) {
    tree = rowsOf(
      await db.execute(
        sql`select id, parent_id, ${pattern === undefined ? sql`false` : sql`name ilike ${pattern}`} as matches
              from categories limit 10000`,
      ),
    );
  }
  if (pattern !== undefined) {
    const matching = tree.filter((c) => c.matches).map((c) => c.id);
    conditions.push(
      matching.length
        ? sql`(p.name ilike ${pattern} or p.brand ilike ${pattern} or p.category_id in ${matching})`
        : sql`(p.name ilike ${pattern} or p.brand ilike ${pattern})`,
    );
    key.push(`search:${term!.toLowerCase()}`);
  }
  if (department !== undefined) {
    const ids = tree.filter((c) => c.id === department || c.parent_id === department).map((c) => c.id);
    conditions.push(ids.length ? sql`p.category_id in ${ids}` : sql`false`);
    key.push(`department:${department}`);
  }
  // A category is honoured only inside the chosen department (spec 1 §2), or on its own.
  if (
    category !== undefined &&
    (department === undefined || tree.find((c) => c.id === category)?.parent_id === department)
  ) {
    conditions.push(sql`p.category_id = ${category}`);
    key.push(`category:${category}`);
  }
  if (query.price_band) {
    const { min, max } = PRICE_BANDS[query.price_band];
    if (min !== null) conditions.push(sql`p.selling_price_cents >= ${min}`);
    if (max !== null) conditions.push(sql`p.selling_price_cents <= ${max}`);
    key.push(`band:${query.price_band}`);
  }
  return {
    where: conditions.length ? sql.join(conditions, sql` and `) : sql`true`,
    key: JSON.stringify(key),
  };
}

/** A small bounded map whose entries expire: the catalogue's caches (see below). */
class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();
  constructor(private readonly capacity: number) {}
  async get(key: string, ttlMs: number, load: () => Promise<V>): Promise<V> {
    if (ttlMs <= 0) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    const value = await load();
    this.entries.delete(key);
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, expires: now + ttlMs });
    return value;
  }
}

function perDatabase<V>(capacity: number) {
  const caches = new WeakMap<Db, TtlCache<V>>();
  return (db: Db) => {
    let cache = caches.get(db);
    if (!cache) caches.set(db, (cache = new TtlCache<V>(capacity)));
    return cache;
  };
}

/**
 * Counting the matches of a broad filter reads most of the catalogue (about 20 ms at 100,000 products),
 * while a page of results takes well under a millisecond. The count of each filter is therefore kept for a
 * few seconds (CATALOGUE_COUNT_CACHE_SECONDS): a total may lag a product's (de)activation by that long.
 */
const countCache = perDatabase<number>(2000);
export const DEFAULT_COUNT_CACHE_MS = 10_000;
const ACTIVE_CATALOGUE_KEY = `${JSON.stringify(['active'])}:`;

function cachedCount(db: Db, key: string, ttlMs: number, load: () => Promise<number>) {
  return countCache(db).get(key, ttlMs, load);
}

/**
 * The buyers' catalogue pages themselves are the same for everyone on the same plan, and the most asked
 * ones (the first pages of the unfiltered catalogue, common searches) are asked many times a second at
 * busy times. A page is kept for CATALOGUE_PAGE_CACHE_MS (default one second): stock and prices shown may
 * lag by that long, which is harmless because adding to the cart and checkout always check the live stock
 * and price. A seller's view of its own inactive listings is never cached.
 */
const pageCache = perDatabase<string>(2000);

export interface CatalogueCaching {
  countMs: number;
  pageMs: number;
}

/**
 * GET /api/products: one page of the catalogue and the number of matches, as the response's JSON text.
 * With a browsing limit (the free plan) only the first `browseLimit` matches in the chosen order exist for
 * the caller. The text is checked against the contract (productListSchema) when it is made, and a cached
 * page is sent as that text again, without validating and serialising the same page once per request.
 */
export async function listProductsJson(
  db: Db,
  user: UserRow,
  query: ProductQuery,
  browseLimit: number | null,
  caching: CatalogueCaching = { countMs: 0, pageMs: 0 },
): Promise<string> {
  const load = async () =>
    JSON.stringify(
      productListSchema.parse(await loadProducts(db, user, query, browseLimit, caching.countMs)),
    );
  const sharedView = !query.include_inactive || (!isSeller(user.role) && user.role !== 'admin');
  if (!sharedView) return load();
  const pageKey = JSON.stringify([
    query.search?.trim().toLowerCase() ?? null,
    query.department_id ?? null,
    query.category_id ?? null,
    query.price_band ?? null,
    query.sort,
    query.page,
    query.page_size,
    browseLimit,
  ]);
  return pageCache(db).get(pageKey, caching.pageMs, load);
}

async function loadProducts(
  db: Db,
  user: UserRow,
  query: ProductQuery,
  browseLimit: number | null,
  countCacheMs: number,
): Promise<ProductList> {
  const { where, key } = await catalogueFilter(db, user, query);
  const offset = (query.page - 1) * query.page_size;
  const limit =
    browseLimit === null ? query.page_size : Math.max(0, Math.min(query.page_size, browseLimit - offset));

  const countQuery =
    browseLimit === null
      ? sql`select count(*)::int as n from products p where ${where}`
      : sql`select count(*)::int as n from (select 1 from products p where ${where} limit ${browseLimit}) capped`;
  const pageQuery = sql`
    select p.id, p.name, p.brand, p.sku, p.description, p.image_url, p.category_id,
           c.name as category_name, c.parent_id, p.selling_price_cents, p.mrp_cents,
           p.minimum_order_quantity, p.stock_quantity, p.is_active, p.seller_id,
           coalesce(u.company_name, u.name) as seller_name
      from products p
      join categories c on c.id = p.category_id
      join users u on u.id = p.seller_id
     where ${where}
     order by ${ORDER_BY[query.sort]}
     limit ${limit} offset ${offset}`;

  const [total, page] = await Promise.all([
    cachedCount(
      db,
      `${key}:${browseLimit ?? ''}`,
      countCacheMs,
      async () => rowsOf<{ n: number }>(await db.execute(countQuery))[0]?.n ?? 0,
    ),
    limit > 0 ? db.execute(pageQuery) : Promise.resolve({ rows: [] }),
  ]);
  return {
    products: rowsOf<ProductRow>(page).map(toProduct),
    total,
    page: query.page,
    page_size: query.page_size,
    browse_limit: browseLimit,
  };
}

/** Departments first, then subcategories; the table is small, the cap only keeps the list bounded. */
export async function listCategories(db: Db): Promise<Category[]> {
  return db
    .select({ id: categories.id, name: categories.name, parent_id: categories.parent_id })
    .from(categories)
    .orderBy(sql`${categories.parent_id} nulls first`, categories.name, categories.id)
    .limit(1000);
}

/**
 * What the cart and checkout need to know about a product; other areas read products only through this and
 * productSummaries. The seller's name is the auth area's (userSummaries).
 */
export interface ProductForSale {
  id: number;
  name: string;
  sku: string;
  image_url: string | null;
  seller_id: number;
  selling_price_cents: number;
  minimum_order_quantity: number;
  stock_quantity: number;
  is_active: boolean;
}

export async function productsForSale(
  db: Db | Tx,
  ids: readonly number[],
): Promise<Map<number, ProductForSale>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      image_url: products.image_url,
      seller_id: products.seller_id,
      selling_price_cents: products.selling_price_cents,
      minimum_order_quantity: products.minimum_order_quantity,
      stock_quantity: products.stock_quantity,
      is_active: products.is_active,
    })
    .from(products)
    .where(inArray(products.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** How other areas name and picture a product (an order line, a bulk order, a warehouse's stock). */
export interface ProductSummary {
  id: number;
  name: string;
  sku: string;
  image_url: string | null;
}

export async function productSummaries(
  db: Db | Tx,
  ids: Iterable<number>,
): Promise<Map<number, ProductSummary>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, name: products.name, sku: products.sku, image_url: products.image_url })
    .from(products)
    .where(inArray(products.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Takes `quantity` units of a product if that many are in stock, in one conditional update, so two
 * buyers racing for the last units can never take more than there is. Returns false when short.
 */
export async function takeStock(tx: Tx, productId: number, quantity: number): Promise<boolean> {
  const rows = await tx
    .update(products)
    .set({ stock_quantity: sql`${products.stock_quantity} - ${quantity}` })
    .where(and(eq(products.id, productId), sql`${products.stock_quantity} >= ${quantity}`))
    .returning({ id: products.id });
  return rows.length === 1;
}

export async function returnStock(tx: Tx, productId: number, quantity: number): Promise<void> {
  await tx
    .update(products)
    .set({ stock_quantity: sql`${products.stock_quantity} + ${quantity}` })
    .where(eq(products.id, productId));
}

/** The current stock of a product (for the message of a refused purchase). */
export async function stockOf(db: Db | Tx, productId: number): Promise<number> {
  const [row] = await db
    .select({ stock: products.stock_quantity })
    .from(products)
    .where(eq(products.id, productId));
  return row?.stock ?? 0;
}
