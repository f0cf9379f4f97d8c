import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  centsToRand,
  closestWords,
  correctableWords,
  isSeller,
  parseSearch,
  PRICE_BANDS,
  PRODUCT_TOTAL_CAP,
  type Category,
  type ProductOrder,
  type SearchGroup,
  type SearchPhrase,
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
 * Products a user works with: a seller's own listings, otherwise the active catalogue. Counted live: an
 * index-only count, and the dashboard is asked far less often than the catalogue.
 */
export async function countProductsFor(db: Db, user: UserRow): Promise<number> {
  if (isSeller(user.role)) return db.$count(products, eq(products.seller_id, user.id));
  if (user.role === 'admin') return db.$count(products);
  return db.$count(products, eq(products.is_active, true));
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

/** The text-search configuration of the documents (migration 0006): English stems ("beans" finds bean). */
const TS_CONFIG = sql.raw(`'english'::regconfig`);

/**
 * The ORDER BY of each order. The four sorts are each served by a partial index on the active catalogue
 * (see tables.ts); descending sorts break ties by descending id, so one index serves both directions.
 * Relevance: the weighted rank of the document (name over brand over category), then name.
 */
function orderBy(order: ProductOrder, query: SQL | null): SQL {
  switch (order) {
    case 'relevance':
      return query
        ? sql`ts_rank(p.search_document, ${query}) desc, lower(p.name) collate "C" asc, p.id asc`
        : orderBy('name', null);
    case 'name':
      return sql`lower(p.name) collate "C" asc, p.id asc`;
    case 'price_asc':
      return sql`p.selling_price_cents asc, p.id asc`;
    case 'price_desc':
      return sql`p.selling_price_cents desc, p.id desc`;
    case 'stock':
      return sql`p.stock_quantity desc, p.id desc`;
  }
}

/** One alternative of a search group as a tsquery: a completed word, or a phrase parsed as the documents are. */
function phraseQuery(phrase: SearchPhrase): SQL {
  // A prefix phrase is one word of letters and digits only (parseSearch), so the quotes cannot be escaped.
  return phrase.prefix
    ? sql`to_tsquery(${TS_CONFIG}, ${`'${phrase.text}':*`})`
    : sql`phraseto_tsquery(${TS_CONFIG}, ${phrase.text})`;
}

/** All groups must match, any alternative of a group will do. */
function searchQuery(groups: SearchGroup[]): SQL {
  return sql.join(
    groups.map((g) => sql`(${sql.join(g.map(phraseQuery), sql` || `)})`),
    sql` && `,
  );
}

/**
 * Typos: each correctable word that begins no word of the catalogue gets the catalogue's closest words
 * (trigram similarity over the small lexicon of migration 0006) as alternatives. Null: nothing to correct.
 */
async function correctedSearch(db: Db, groups: SearchGroup[]): Promise<SearchGroup[] | null> {
  const words = correctableWords(groups);
  if (words.length === 0) return null;
  const rows = rowsOf<{ w: string; alternatives: string[] }>(
    await db.execute(sql`
      select q.w, array(
               select cw.word from catalogue_words cw
                where cw.word % q.w or cw.word like '%' || q.w || '%'
                order by similarity(cw.word, q.w) desc, cw.word limit 10) as alternatives
        from unnest(array[${sql.join(
          words.map((w) => sql`${w}`),
          sql`, `,
        )}]::text[]) as q(w)
       where not exists (select 1 from catalogue_words cw where cw.word like q.w || '%')`),
  );
  const corrections = new Map(
    rows.map((r) => [r.w, closestWords(r.w, r.alternatives)] as const).filter(([, alts]) => alts.length > 0),
  );
  if (corrections.size === 0) return null;
  return groups.map((group) => {
    const alternatives = group.length === 1 ? corrections.get(group[0]!.words[0]!) : undefined;
    if (!alternatives || group[0]!.words.length !== 1) return group;
    return [...group, ...alternatives.map((word) => ({ text: word, words: [word], prefix: true }))];
  });
}

interface CatalogueFilter {
  /** What the caller may see and the department, category and price band: checked again on every page. */
  live: SQL;
  /** The search's tsquery, if searching. */
  search: SQL | null;
  order: ProductOrder;
}

/** Whether the caller sees the buyers' catalogue (shared by everyone), not a seller's own inactive listings. */
const isSharedView = (user: UserRow, query: ProductQuery) =>
  !query.include_inactive || (!isSeller(user.role) && user.role !== 'admin');

/** The WHERE of a catalogue query, without its search. */
async function liveFilter(db: Db, user: UserRow, query: ProductQuery): Promise<SQL> {
  const conditions: SQL[] = [];
  // A literal predicate (not a bound parameter), so the planner can use the partial indexes.
  if (isSharedView(user, query)) conditions.push(sql`p.is_active`);
  else if (isSeller(user.role)) conditions.push(sql`(p.is_active or p.seller_id = ${user.id})`);

  const { department_id: department, category_id: category } = query;
  // The category table is small: one read resolves the department's subcategories to plain ids, which the
  // planner estimates well (an ANY(subquery) misleads it into a sequential scan of the whole catalogue).
  let tree: { id: number; parent_id: number | null }[] = [];
  if (department !== undefined) {
    tree = rowsOf(
      await db.execute(
        sql`select id, parent_id from categories where id = ${department} or parent_id = ${department}`,
      ),
    );
    const ids = tree.map((c) => c.id);
    conditions.push(ids.length ? sql`p.category_id in ${ids}` : sql`false`);
  }
  // A category is honoured only inside the chosen department (spec 1 §2), or on its own.
  if (
    category !== undefined &&
    (department === undefined || tree.find((c) => c.id === category)?.parent_id === department)
  ) {
    conditions.push(sql`p.category_id = ${category}`);
  }
  if (query.price_band) {
    const { min, max } = PRICE_BANDS[query.price_band];
    if (min !== null) conditions.push(sql`p.selling_price_cents >= ${min}`);
    if (max !== null) conditions.push(sql`p.selling_price_cents <= ${max}`);
  }
  return conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
}

/** Which products match, in order: at most PRODUCT_TOTAL_CAP ids, and whether there are more. */
interface Matches {
  ids: Int32Array;
  more: boolean;
}

/**
 * Ranking reads every match's document: a word in most of the catalogue ("foods") would rank 100,000 rows.
 * Relevance therefore ranks at most this many matches, as the index finds them; below it the order is exact.
 */
const RELEVANCE_CANDIDATES = 5000;

/** The rows of one page of known ids (positions `from` to `to` of the found order, 0-based, end excluded). */
interface PageSlice {
  from: number;
  to: number;
}

/**
 * The ids of the matches in order and, in the same statement (one round trip), the rows of the page asked
 * for: on a cache miss the page costs no second query.
 */
async function matchingIds(
  db: Db,
  filter: CatalogueFilter,
  search: SQL | null,
  page: PageSlice,
): Promise<{ matches: Matches; rows: ProductRow[] }> {
  const where = search ? sql`${filter.live} and p.search_document @@ (${search})` : filter.live;
  const cap = sql`${PRODUCT_TOTAL_CAP + 1}`;
  // The ordered ids, as one int[].
  let ordered: SQL;
  if (search && filter.order === 'relevance') {
    ordered = sql`array(select p.id from (select p.id, p.name, p.search_document from products p
                                           where ${where} limit ${RELEVANCE_CANDIDATES}) p
                         order by ${orderBy(filter.order, search)} limit ${cap})`;
  } else if (search) {
    // A chosen order while searching. A selective search (at most RELEVANCE_CANDIDATES matches) is read
    // from the text index and sorted in memory; walking a sort index instead would test the document of
    // every product it passes (a brand's 5 % of the catalogue: 20,000 rows for one page). A broad one
    // (more matches) walks the sort index, where the matches are dense. The CASE reads the second only
    // when the first found too many (PostgreSQL evaluates a sub-select when it is first needed).
    ordered = sql`case when (select count(*) from s) <= ${RELEVANCE_CANDIDATES}
                    then array(select p.id from s p order by ${orderBy(filter.order, null)} limit ${cap})
                    else array(select p.id from products p where ${where}
                                order by ${orderBy(filter.order, null)} limit ${cap}) end`;
  } else {
    ordered = sql`array(select p.id from products p where ${where}
                         order by ${orderBy(filter.order, null)} limit ${cap})`;
  }
  // `s`: the selective search's matches with their sort keys (read only by the CASE above).
  const selective =
    search && filter.order !== 'relevance'
      ? sql`s as materialized (select p.id, p.name, p.selling_price_cents, p.stock_quantity from products p
                               where ${where} limit ${RELEVANCE_CANDIDATES + 1}),`
      : sql``;
  const [row] = rowsOf<{ ids: number[] | string; page: ProductRow[] | null }>(
    await db.execute(sql`
      with ${selective}
           -- MATERIALIZED: m is read twice below; inlined, its ids would be found twice.
           m as materialized (select (${ordered})::int[] as ids)
      select m.ids,
             (select json_agg(r) from (
                select ${PAGE_COLUMNS}
                  from products p
                  join categories c on c.id = p.category_id
                  join users u on u.id = p.seller_id
                 where p.id = any(m.ids[${page.from + 1}:${page.to}])) r) as page
        from m`),
  );
  const all = parseIntArray(row?.ids ?? []);
  const more = all.length > PRODUCT_TOTAL_CAP;
  const ids = Int32Array.from(all.slice(0, PRODUCT_TOTAL_CAP));
  return { matches: { ids, more }, rows: inOrder(ids.subarray(page.from, page.to), row?.page ?? []) };
}

/** node-postgres parses an int[] to numbers; a driver that leaves it as text ('{1,2}') is read here. */
function parseIntArray(value: number[] | string): number[] {
  if (Array.isArray(value)) return value.map(Number);
  const inner = value.replace(/^\{|\}$/g, '');
  return inner ? inner.split(',').map(Number) : [];
}

/** The rows of `ids` in that order (a product gone since is left out). */
function inOrder(ids: ArrayLike<number>, rows: ProductRow[]): ProductRow[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return Array.from(ids).flatMap((id) => byId.get(id) ?? []);
}

/**
 * Matches of a search or filter with the rows of the page asked for, correcting typos when the words as
 * typed find nothing. The search expression used is returned too: pages beyond the cap are read with it.
 */
async function findMatches(
  db: Db,
  user: UserRow,
  query: ProductQuery,
  page: PageSlice,
): Promise<{ matches: Matches; filter: CatalogueFilter; rows: ProductRow[] }> {
  const term = query.search?.trim() || undefined;
  const groups = term === undefined ? [] : parseSearch(term);
  const order: ProductOrder = query.sort ?? (term ? 'relevance' : 'name');
  const live = await liveFilter(db, user, query);
  if (term !== undefined && groups.length === 0) {
    // Only punctuation: nothing can match.
    return {
      matches: { ids: new Int32Array(0), more: false },
      filter: { live: sql`false`, search: null, order },
      rows: [],
    };
  }
  let search = groups.length ? searchQuery(groups) : null;
  const filter: CatalogueFilter = { live, search, order };
  let found = await matchingIds(db, filter, search, page);
  if (search && found.matches.ids.length === 0) {
    const corrected = await correctedSearch(db, groups);
    if (corrected) {
      search = searchQuery(corrected);
      found = await matchingIds(db, filter, search, page);
    }
  }
  return { ...found, filter: { ...filter, search } };
}

/**
 * The buyers' catalogue keeps, for a few seconds (CATALOGUE_RESULT_CACHE_MS), which products match each
 * search or filter and in what order: ids only, shared by every buyer, a bounded number of entries. Price,
 * stock and whether a product is still active (and in the price band) are read on every request, so a
 * change shows at once; a product added or moved into a filter appears when its entry expires (ADR 005).
 */
type Found = { matches: Matches; filter: CatalogueFilter };

class MatchCache {
  private readonly entries = new Map<string, { value: Promise<Found>; expires: number }>();
  constructor(private readonly capacity: number) {}
  get(key: string): Promise<Found> | undefined {
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.value;
    return undefined;
  }
  set(key: string, ttlMs: number, value: Promise<Found>) {
    this.entries.delete(key);
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, expires: Date.now() + ttlMs });
    // The promise itself is kept, so buyers asking the same thing at once share one query.
    value.catch(() => this.entries.delete(key));
  }
}

/** At most 2,000 entries of at most 1,000 ids each: about 8 MB. */
const MATCH_CACHE_ENTRIES = 2000;
const matchCaches = new WeakMap<Db, MatchCache>();
function matchCache(db: Db) {
  let cache = matchCaches.get(db);
  if (!cache) matchCaches.set(db, (cache = new MatchCache(MATCH_CACHE_ENTRIES)));
  return cache;
}

const PAGE_COLUMNS = sql`
  p.id, p.name, p.brand, p.sku, p.description, p.image_url, p.category_id,
  c.name as category_name, c.parent_id, p.selling_price_cents, p.mrp_cents,
  p.minimum_order_quantity, p.stock_quantity, p.is_active, p.seller_id,
  coalesce(u.company_name, u.name) as seller_name`;

/**
 * GET /api/products: one page of the catalogue and the number of matches (capped; see PRODUCT_TOTAL_CAP),
 * as the response's JSON text. With a browsing limit (the free plan) only the first `browseLimit` matches in
 * the chosen order exist for the caller. The page's rows are always read live, by id.
 */
export async function listProductsJson(
  db: Db,
  user: UserRow,
  query: ProductQuery,
  browseLimitOf: Promise<number | null> | number | null,
  resultCacheMs = 0,
): Promise<string> {
  const key = JSON.stringify([
    query.search?.trim().toLowerCase() ?? null,
    query.department_id ?? null,
    query.category_id ?? null,
    query.price_band ?? null,
    query.sort ?? null,
  ]);
  const offset = (query.page - 1) * query.page_size;
  // The page as if there were no browsing limit: the plan is read meanwhile, and the page trimmed after.
  const slice = { from: offset, to: offset + query.page_size };
  const cache = resultCacheMs > 0 && isSharedView(user, query) ? matchCache(db) : undefined;
  const cached = cache?.get(key);

  const read = async (): Promise<{ found: Found; rows: ProductRow[] }> => {
    if (cached) {
      const found = await cached;
      const ids = Array.from(found.matches.ids.subarray(slice.from, slice.to));
      if (ids.length === 0) return { found, rows: [] };
      // The page's ids are known: read those products live, and check they still belong.
      const rows = rowsOf<ProductRow>(
        await db.execute(sql`
          select ${PAGE_COLUMNS}
            from products p
            join categories c on c.id = p.category_id
            join users u on u.id = p.seller_id
           where p.id in ${ids} and ${found.filter.live}`),
      );
      return { found, rows: inOrder(ids, rows) };
    }
    const loading = findMatches(db, user, query, slice);
    cache?.set(
      key,
      resultCacheMs,
      loading.then(({ matches, filter }) => ({ matches, filter })),
    );
    const { rows, ...found } = await loading;
    return { found, rows };
  };
  const [{ found, rows: pageRows }, browseLimit] = await Promise.all([read(), browseLimitOf]);
  const { matches, filter } = found;
  const reachable = browseLimit === null ? Infinity : browseLimit;
  const limit = Math.max(0, Math.min(query.page_size, reachable - offset));

  let rows = pageRows.slice(0, limit);
  if (limit > 0 && matches.more && offset + limit > matches.ids.length) {
    // Past the known ids (beyond the cap): an ordinary ordered query, rarely asked.
    const where = filter.search
      ? sql`${filter.live} and p.search_document @@ (${filter.search})`
      : filter.live;
    rows = rowsOf<ProductRow>(
      await db.execute(sql`
        select ${PAGE_COLUMNS}
          from products p
          join categories c on c.id = p.category_id
          join users u on u.id = p.seller_id
         where ${where}
         order by ${orderBy(filter.order, filter.search)}
         limit ${limit} offset ${offset}`),
    );
  }
  const known = matches.ids.length;
  const list: ProductList = {
    products: rows.map(toProduct),
    total: Math.min(known, reachable),
    total_capped: matches.more && reachable > known,
    page: query.page,
    page_size: query.page_size,
    browse_limit: browseLimit,
  };
  return JSON.stringify(list);
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
  /** The list price shown struck through when it is above the selling price (DECISIONS 18). */
  mrp_cents: number;
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
      mrp_cents: products.mrp_cents,
      minimum_order_quantity: products.minimum_order_quantity,
      stock_quantity: products.stock_quantity,
      is_active: products.is_active,
    })
    .from(products)
    .where(inArray(products.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The brand and picture of products (the till shows them and searches the brand). */
export async function productBrands(
  db: Db | Tx,
  ids: Iterable<number>,
): Promise<Map<number, { brand: string; image_url: string | null }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, brand: products.brand, image_url: products.image_url })
    .from(products)
    .where(inArray(products.id, unique));
  return new Map(rows.map((r) => [r.id, { brand: r.brand, image_url: r.image_url }]));
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

/** A seller's own listings (active or not), by name, for the screens that pick among them. */
export async function productsOfSeller(
  db: Db | Tx,
  sellerId: number,
  limit: number,
): Promise<ProductSummary[]> {
  return db
    .select({ id: products.id, name: products.name, sku: products.sku, image_url: products.image_url })
    .from(products)
    .where(eq(products.seller_id, sellerId))
    .orderBy(products.name, products.id)
    .limit(limit);
}

/** A seller's active listings with price and stock, by name (smart orders' forms pick among them). */
export async function activeListingsOf(db: Db | Tx, sellerId: number, limit: number) {
  return db
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      brand: products.brand,
      selling_price_cents: products.selling_price_cents,
      stock_quantity: products.stock_quantity,
      image_url: products.image_url,
    })
    .from(products)
    .where(and(eq(products.seller_id, sellerId), eq(products.is_active, true)))
    .orderBy(products.name, products.id)
    .limit(limit);
}

/**
 * Sets a listing's stock_quantity: the seller's available stock at its default location, which the
 * inventory area derives from its movements and reservations (DECISIONS 20) and writes here in the same
 * transaction. Nothing else writes it.
 */
export async function setStockQuantity(tx: Tx, productId: number, available: number): Promise<void> {
  await tx.update(products).set({ stock_quantity: available }).where(eq(products.id, productId));
}

/** The current stock of a product (for the message of a refused purchase). */
export async function stockOf(db: Db | Tx, productId: number): Promise<number> {
  const [row] = await db
    .select({ stock: products.stock_quantity })
    .from(products)
    .where(eq(products.id, productId));
  return row?.stock ?? 0;
}

// ---------------------------------------------------------------------------------------------------
// A seller's own listings (the suppliers area's My products adds the inventory side and the plan guard)

/** One of a seller's listings, active or not, with its category's name. Prices in cents. */
export interface SellerListing {
  id: number;
  name: string;
  brand: string;
  sku: string;
  description: string | null;
  image_url: string | null;
  category_id: number;
  category_name: string;
  selling_price_cents: number;
  mrp_cents: number;
  minimum_order_quantity: number;
  stock_quantity: number;
  is_active: boolean;
  created_at: Date;
}

export interface ListingFields {
  name: string;
  brand: string;
  category_id: number;
  description: string | null;
  image_url: string | null;
  selling_price_cents: number;
  mrp_cents: number;
  minimum_order_quantity: number;
}

const listingColumns = {
  id: products.id,
  name: products.name,
  brand: products.brand,
  sku: products.sku,
  description: products.description,
  image_url: products.image_url,
  category_id: products.category_id,
  category_name: categories.name,
  selling_price_cents: products.selling_price_cents,
  mrp_cents: products.mrp_cents,
  minimum_order_quantity: products.minimum_order_quantity,
  stock_quantity: products.stock_quantity,
  is_active: products.is_active,
  created_at: products.created_at,
};

const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The seller's listings, newest first, narrowed by name, brand or SKU and by status. */
export async function sellerListings(
  db: Db | Tx,
  sellerId: number,
  query: { search?: string | undefined; status: 'all' | 'active' | 'inactive'; limit: number },
): Promise<SellerListing[]> {
  const filters: (SQL | undefined)[] = [eq(products.seller_id, sellerId)];
  if (query.status !== 'all') filters.push(eq(products.is_active, query.status === 'active'));
  const search = query.search?.trim();
  if (search) {
    const pattern = containing(search);
    filters.push(
      sql`(${products.name} ilike ${pattern} or ${products.brand} ilike ${pattern} or ${products.sku} ilike ${pattern})`,
    );
  }
  return db
    .select(listingColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.category_id))
    .where(and(...filters))
    .orderBy(sql`${products.created_at} desc`, sql`${products.id} desc`)
    .limit(query.limit);
}

/** How many listings the seller has, and how many are active. */
export async function sellerListingCounts(db: Db | Tx, sellerId: number) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      active: sql<number>`(count(*) filter (where ${products.is_active}))::int`,
    })
    .from(products)
    .where(eq(products.seller_id, sellerId));
  return { total: row?.total ?? 0, active: row?.active ?? 0 };
}

/** One of the seller's listings; another seller's (or none) is null. */
export async function sellerListing(
  db: Db | Tx,
  sellerId: number,
  id: number,
): Promise<SellerListing | null> {
  const [row] = await db
    .select(listingColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.category_id))
    .where(and(eq(products.id, id), eq(products.seller_id, sellerId)));
  return row ?? null;
}

export async function categoryExists(db: Db | Tx, id: number): Promise<boolean> {
  return (await db.$count(categories, eq(categories.id, id))) > 0;
}

/** A new listing with no stock (stock arrives as inventory movements); null when the SKU is the seller's already. */
export async function insertListing(
  tx: Tx,
  sellerId: number,
  input: ListingFields & { sku: string; is_active: boolean },
): Promise<number | null> {
  const [row] = await tx
    .insert(products)
    .values({ ...input, seller_id: sellerId, stock_quantity: 0 })
    .onConflictDoNothing({ target: [products.seller_id, products.sku] })
    .returning({ id: products.id });
  return row?.id ?? null;
}

/** Changes a listing's own fields (never its SKU or stock); false when it is not the seller's. */
export async function updateListing(
  tx: Tx,
  sellerId: number,
  id: number,
  fields: ListingFields,
): Promise<boolean> {
  const rows = await tx
    .update(products)
    .set(fields)
    .where(and(eq(products.id, id), eq(products.seller_id, sellerId)))
    .returning({ id: products.id });
  return rows.length > 0;
}

export async function setListingActive(
  tx: Tx,
  sellerId: number,
  id: number,
  active: boolean,
): Promise<boolean> {
  const rows = await tx
    .update(products)
    .set({ is_active: active })
    .where(and(eq(products.id, id), eq(products.seller_id, sellerId)))
    .returning({ id: products.id });
  return rows.length > 0;
}
