import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  centsToRand,
  closestWords,
  withCorrections,
  correctableWords,
  isSeller,
  parseSearch,
  PRICE_BAND_KEYS,
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
import { Batched } from '../../db/batched.ts';
import type { Db, Tx } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import type { OwnSession } from '../../platform/auth.ts';
import { unauthorized } from '../../platform/errors.ts';
import type { UserRow } from '../auth/service.ts';
// The product-listing endpoint still to come calls enforcePlanLimit(tx, sellerId, 'listed_products', n)
// inside the transaction that lists; this counter is what it counts.
import { browseLimitSql, registerUsageCounter } from '../subscriptions/service.ts';
import { readPages, VERSION, type PageAsk, type PageBounds, type PageJson } from './kept-page.ts';
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
    selling_price: centsToRand(r.selling_price_cents),
    mrp: centsToRand(r.mrp_cents),
    minimum_order_quantity: r.minimum_order_quantity,
    stock_quantity: r.stock_quantity,
    is_active: r.is_active,
    seller_id: r.seller_id,
    // The fields of other tables last, as a product's listing JSON holds them (migrations 0033 and 0041): a kept
    // page answers with that text and must answer byte for byte as this does.
    category_name: r.category_name,
    parent_id: r.parent_id,
    seller_name: r.seller_name,
  };
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The text-search configuration of the documents (migration 0006): English stems ("beans" finds bean). */
const TS_CONFIG = sql.raw(`'english'::regconfig`);

/**
 * The ORDER BY of each order. The four sorts are each served by a partial index on the active catalogue
 * (see tables.ts); descending sorts break ties by descending id, so one index serves both directions.
 * Relevance: the search's rank (searchSql), then name.
 */
function orderBy(order: ProductOrder, search: SearchSql | null): SQL {
  switch (order) {
    case 'relevance':
      return search
        ? sql`${search.rank} desc, lower(p.name) collate "C" asc, p.id asc`
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

/**
 * A search as SQL: the tsquery a product must match (all groups, any alternative of a group), and how a match
 * ranks. Both ranks are the weighted rank of the document (name over brand over category): first for the
 * words as whole words, then for the query as typed (a word being completed). So a whole word ranks first:
 * "sugar" puts White Sugar before Sugarbird Bubble Gum, which only begins with the word, and "sweets" puts the
 * Sweets category's gum before Sweetveld's sugar. (A whole-word rank is at most 1, as is the rank as typed:
 * times 1,000 it decides, and the rank as typed only orders products whose whole-word ranks are level.)
 */
interface SearchSql {
  match: SQL;
  rank: SQL;
}

function searchSql(groups: SearchGroup[]): SearchSql {
  const match = sql.join(
    groups.map((g) => sql`(${sql.join(g.map(phraseQuery), sql` || `)})`),
    sql` && `,
  );
  const wholeWords = sql.join(
    groups.flatMap((g) => g.map((phrase) => phraseQuery({ ...phrase, prefix: false }))),
    sql` || `,
  );
  return {
    match,
    rank: sql`(ts_rank(p.search_document, ${wholeWords})::float8 * 1000
               + ts_rank(p.search_document, ${match})::float8)`,
  };
}

/**
 * Typos: each correctable word that begins no word of the catalogue gets the catalogue's closest words
 * (trigram similarity over the small lexicon of migration 0006) as alternatives. Null: nothing to correct.
 */
async function correctedSearch(
  db: Db,
  groups: SearchGroup[],
): Promise<{ groups: SearchGroup[]; text: string } | null> {
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
  const corrections = new Map(rows.map((r) => [r.w, closestWords(r.w, r.alternatives)] as const));
  const corrected = withCorrections(groups, corrections);
  return corrected.text === null ? null : { groups: corrected.groups, text: corrected.text };
}

interface CatalogueFilter {
  /** What the caller may see and the department, category and price band: checked again on every page. */
  live: SQL;
  /** The same as values, for the buyers' shared view (a kept answer's page); null for a seller's own view. */
  bounds: PageBounds | null;
  /** The search, if searching. */
  search: SearchSql | null;
  order: ProductOrder;
}

/** Who asks, as far as which products they may see goes: the role, and the seller's own listings. */
type Viewer = Pick<UserRow, 'id' | 'role'>;

/** Whether the caller sees the buyers' catalogue (shared by everyone), not a seller's own inactive listings. */
const isSharedView = (user: Viewer, query: ProductQuery) =>
  !query.include_inactive || (!isSeller(user.role) && user.role !== 'admin');

/**
 * What this process knows of the buyers' shared catalogue: the latest version it has seen, which products
 * match each question (ids in order, at most MATCH_CACHE_ENTRIES questions) as of a version, and the
 * categories' parents. Every request reads the version with its page; an entry of an older version is
 * never used, so a product added, renamed, repriced, moved or switched off shows at the next request on
 * every instance. Prices, stock and whether a product still belongs are read live on every page.
 */
interface Entry {
  value: Promise<Found>;
  /**
   * Only the order by stock expires (stock changes with every sale and does not bump the version). An
   * expired order is still served, ids only, while one refresh in the background reads it again.
   */
  expires: number;
  /** The catalogue version of the answer, once it has arrived. */
  version?: number;
  /** A background refresh of this (expired) answer is under way. */
  refreshing?: boolean;
}

class CatalogueState {
  version = -1;
  private readonly entries = new Map<string, Entry>();
  /** The whole active catalogue in each sort, as of a version (see Ranks). */
  readonly ranks = new Map<RankKind, { value: Promise<Ranks>; version?: number }>();
  /** Which department, category and price bands each active product is in, as of a version (see Members). */
  members: { value: Promise<Members>; version?: number } | null = null;
  /** Which products each search matches over the whole active catalogue, as of a version (see Candidates). */
  readonly candidates = new Map<string, KeptCandidates>();
  /** The ids held by the kept candidates (see CANDIDATE_IDS). */
  candidateIds = 0;
  parents: { version: number; of: Map<number, number | null> } | null = null;
  /**
   * The questions buyers asked, and the whole-catalogue orders their searches used, since the fill last
   * took them: after a change of version the fill refills only these (fill.ts). Bounded like the entries.
   */
  asked = new Set<string>();
  ordersAsked = new Set<RankKind>();

  /** Called when a statement has seen a newer version (the fill refills what every buyer asks first). */
  onNewVersion: (() => void) | null = null;

  /** The kept answer of a question (an expired order by stock too: see Entry.expires). */
  get(key: string): Entry | undefined {
    if (this.asked.size < MATCH_CACHE_ENTRIES) this.asked.add(key);
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    // Most recently used last: the first entry is the one to evict.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }

  set(key: string, entry: Entry) {
    this.entries.delete(key);
    if (this.entries.size >= MATCH_CACHE_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, entry);
    // The promise itself is kept, so buyers asking the same thing at once share one query; an answer of
    // a version already superseded (or one that could not be kept) is dropped when it arrives.
    entry.value.then(
      (found) => {
        entry.version = found.version;
        if (found.expires !== undefined) entry.expires = found.expires;
        if (!found.keep || found.version < this.version) this.drop(key, entry);
      },
      () => this.drop(key, entry),
    );
  }

  drop(key: string, entry: Entry) {
    if (this.entries.get(key) === entry) this.entries.delete(key);
  }

  /** A statement saw `version`: when the catalogue has changed since, every older kept answer is stale. */
  saw(version: number) {
    if (version <= this.version) return;
    const first = this.version < 0;
    this.version = version;
    for (const [key, entry] of this.entries) {
      if (entry.version !== undefined && entry.version < version) this.entries.delete(key);
    }
    // Orders and candidates are of one version each: a request checks it, and an older one is read again.
    // Those still being read are checked when they arrive; a statement that saw this version may be one of
    // them (a search's matches are read with the version), so they are not dropped here.
    for (const [kind, kept] of this.ranks) {
      if (kept.version !== undefined && kept.version < version) this.ranks.delete(kind);
    }
    if (this.members?.version !== undefined && this.members.version < version) this.members = null;
    for (const [key, kept] of this.candidates) {
      if (kept.version !== undefined && kept.version < version) {
        this.candidates.delete(key);
        this.candidateIds -= kept.size;
      }
    }
    if (!first) this.onNewVersion?.();
  }

  /** Whether an answer of the current version is kept (or being read) for this question. */
  has(key: string): boolean {
    const entry = this.entries.get(key);
    return entry !== undefined && (entry.version === undefined || entry.version >= this.version);
  }
}

/** At most 4,000 questions of at most 1,000 ids each (16 MB at the very most; most are far smaller). */
const MATCH_CACHE_ENTRIES = 4000;
const states = new WeakMap<Db, CatalogueState>();
export function catalogueState(db: Db) {
  let state = states.get(db);
  if (!state) states.set(db, (state = new CatalogueState()));
  return state;
}

/**
 * The categories' parents, kept per process and read again once a newer version has been seen (any
 * category change bumps it). Small: the tree has a few dozen categories.
 */
async function categoryParents(db: Db, state: CatalogueState) {
  if (state.parents && state.parents.version >= state.version) return state.parents;
  const rows = rowsOf<{ id: number; parent_id: number | null; version: number }>(
    await db.execute(sql`select c.id, c.parent_id, ${VERSION} as version from categories c`),
  );
  const version = rows[0]?.version ?? state.version;
  state.saw(version);
  state.parents = { version, of: new Map(rows.map((r) => [r.id, r.parent_id])) };
  return state.parents;
}

/**
 * Whether the query's category is honoured: only inside the chosen department (spec 1 §2), or on its own;
 * with the version of the category tree that said so when a department was chosen too.
 */
async function honouredCategory(
  db: Db,
  state: CatalogueState,
  query: ProductQuery,
): Promise<{ honoured: boolean; treeVersion: number | null }> {
  const { department_id: department, category_id: category } = query;
  if (department === undefined || category === undefined)
    return { honoured: category !== undefined, treeVersion: null };
  const parents = await categoryParents(db, state);
  return { honoured: parents.of.get(category) === department, treeVersion: parents.version };
}

/**
 * The WHERE of a catalogue query, without its search, and the version of the category tree it was built
 * with (null when it needed none). A department is one column (department_id, kept by triggers), so its
 * order under each sort is one range of its own index.
 */
async function liveFilter(
  db: Db,
  user: Viewer,
  query: ProductQuery,
  state: CatalogueState,
): Promise<{ live: SQL; bounds: PageBounds | null; treeVersion: number | null }> {
  const conditions: SQL[] = [];
  const shared = isSharedView(user, query);
  // A literal predicate (not a bound parameter), so the planner can use the partial indexes.
  if (shared) conditions.push(sql`p.is_active`);
  else if (isSeller(user.role)) conditions.push(sql`(p.is_active or p.seller_id = ${user.id})`);

  const { department_id: department, category_id: category } = query;
  const { honoured, treeVersion } = await honouredCategory(db, state, query);
  if (honoured) conditions.push(sql`p.category_id = ${category}`);
  else if (department !== undefined) conditions.push(sql`p.department_id = ${department}`);
  const band = query.price_band ? PRICE_BANDS[query.price_band] : { min: null, max: null };
  if (band.min !== null) conditions.push(sql`p.selling_price_cents >= ${band.min}`);
  if (band.max !== null) conditions.push(sql`p.selling_price_cents <= ${band.max}`);
  const bounds: PageBounds | null = shared
    ? {
        category: honoured ? category! : null,
        department: honoured ? null : (department ?? null),
        minCents: band.min,
        maxCents: band.max,
      }
    : null;
  return { live: conditions.length ? sql.join(conditions, sql` and `) : sql`true`, bounds, treeVersion };
}

/** Which products match, in order: at most PRODUCT_TOTAL_CAP ids, and whether there are more. */
interface Matches {
  ids: Int32Array;
  more: boolean;
}

/**
 * Ranking reads every candidate's document: a word in most of the catalogue ("foods") would rank 100,000
 * rows. Relevance therefore ranks at most this many matches, as the text index yields them; below it the
 * order is exact. It is the cap of a total too, so a search with fewer matches is ranked whole.
 */
const RELEVANCE_CANDIDATES = PRODUCT_TOTAL_CAP;

/**
 * A search in a chosen order (not relevance) sorts at most this many matches in memory; with more (a word
 * in most of the catalogue, where matches are dense) it walks the sort index instead.
 */
const SORTED_CANDIDATES = 5000;

/** The rows of one page of known ids (positions `from` to `to` of the found order, 0-based, end excluded). */
interface PageSlice {
  from: number;
  to: number;
}

/** What a statement that reads a page also reads: the catalogue's version and the caller's browsing limit. */
interface PageRead {
  rows: ProductRow[];
  version: number;
  browseLimit: number | null;
}

const PAGE_COLUMNS = sql`
  p.id, p.name, p.brand, p.sku, p.description, p.image_url, p.category_id,
  c.name as category_name, c.parent_id, p.selling_price_cents, p.mrp_cents,
  p.minimum_order_quantity, p.stock_quantity, p.is_active, p.seller_id,
  coalesce(u.company_name, u.name) as seller_name`;

/**
 * The ids of the matches in order and, in the same statement (one round trip, one snapshot), the rows of
 * the page asked for, the catalogue's version and the caller's browsing limit.
 */
async function matchingIds(
  db: Db,
  filter: CatalogueFilter,
  search: SearchSql | null,
  page: PageSlice,
  browseLimit: SQL,
): Promise<{ matches: Matches } & PageRead> {
  const where = search ? sql`${filter.live} and p.search_document @@ (${search.match})` : filter.live;
  const cap = sql`${PRODUCT_TOTAL_CAP + 1}`;
  // The ordered ids, as one int[].
  let ordered: SQL;
  if (search && filter.order === 'relevance') {
    ordered = sql`array(select p.id from (select p.id, p.name, p.search_document from products p
                                           where ${where} limit ${RELEVANCE_CANDIDATES + 1}) p
                         order by ${orderBy(filter.order, search)} limit ${cap})`;
  } else if (search) {
    // A chosen order while searching. A selective search (at most SORTED_CANDIDATES matches) is read
    // from the text index and sorted in memory; walking a sort index instead would test the document of
    // every product it passes (a brand's 5 % of the catalogue: 20,000 rows for one page). A broad one
    // (more matches) walks the sort index, where the matches are dense. The CASE reads the second only
    // when the first found too many (PostgreSQL evaluates a sub-select when it is first needed).
    ordered = sql`case when (select count(*) from s) <= ${SORTED_CANDIDATES}
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
                               where ${where} limit ${SORTED_CANDIDATES + 1}),`
      : sql``;
  const [row] = rowsOf<{
    ids: number[] | string;
    page: ProductRow[] | null;
    version: number;
    browse_limit: number | null;
  }>(
    await db.execute(sql`
      with ${selective}
           -- MATERIALIZED: m is read twice below; inlined, its ids would be found twice.
           m as materialized (select (${ordered})::int[] as ids)
      select m.ids, ${VERSION} as version, ${browseLimit} as browse_limit,
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
  return {
    matches: { ids, more },
    rows: inOrder(ids.subarray(page.from, page.to), row?.page ?? []),
    version: Number(row?.version ?? -1),
    browseLimit: row?.browse_limit ?? null,
  };
}

/** The page's rows by id (still active and still in the filter), the version and the browsing limit. */
async function readPage(db: Db, ids: ArrayLike<number>, live: SQL, browseLimit: SQL): Promise<PageRead> {
  const list = Array.from(ids);
  const [row] = rowsOf<{ page: ProductRow[] | null; version: number; browse_limit: number | null }>(
    await db.execute(sql`
      select ${VERSION} as version, ${browseLimit} as browse_limit,
             (select json_agg(r) from (
                select ${PAGE_COLUMNS}
                  from products p
                  join categories c on c.id = p.category_id
                  join users u on u.id = p.seller_id
                 where ${list.length ? sql`p.id in ${list}` : sql`false`} and ${live}) r) as page`),
  );
  return {
    rows: inOrder(list, row?.page ?? []),
    version: Number(row?.version ?? -1),
    browseLimit: row?.browse_limit ?? null,
  };
}

/**
 * Each database's kept pages, read together when many buyers ask at once (db/batched.ts): at most
 * PAGE_STATEMENTS_RUNNING statements under way, the pages asked for meanwhile going together in the next one.
 * Two keep this small server's PostgreSQL busy while Node answers; more only made the statements contend
 * (ADR 034).
 */
const pageReaders = new WeakMap<Db, Batched<PageAsk, PageJson>>();
const PAGE_STATEMENTS_RUNNING = 2;
const PAGES_PER_STATEMENT = 64;

function pageReader(db: Db): Batched<PageAsk, PageJson> {
  let reader = pageReaders.get(db);
  if (!reader) {
    reader = new Batched((asks) => readPages(db, asks), PAGE_STATEMENTS_RUNNING, PAGES_PER_STATEMENT);
    pageReaders.set(db, reader);
  }
  return reader;
}

/** node-postgres parses an int[] to numbers; a driver that leaves it as text ('{1,2}') is read here. */
function parseIntArray(value: number[] | string): number[] {
  if (Array.isArray(value)) return value.map(Number);
  const inner = value.replace(/^\{|\}$/g, '');
  return inner ? inner.split(',').map(Number) : [];
}

/** The same for a float8[] (a search's ranks). */
const parseNumberArray = (value: number[] | string): number[] => parseIntArray(value);

/** The rows of `ids` in that order (a product gone since is left out). */
function inOrder(ids: ArrayLike<number>, rows: ProductRow[]): ProductRow[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return Array.from(ids).flatMap((id) => byId.get(id) ?? []);
}

/**
 * Which products match a question, as of a catalogue version. `keep`: whether it may be shared (it was
 * built with the category tree of that same version).
 */
interface Found {
  matches: Matches;
  filter: CatalogueFilter;
  version: number;
  keep: boolean;
  /** The search as corrected, when the words as typed matched nothing and their corrections did. */
  corrected: string | null;
  /**
   * An answer taken from the kept order by stock expires with that order (not CATALOGUE_RESULT_CACHE_MS
   * after it was taken): its refresh then waits for the order's own, instead of keeping a lagging order.
   */
  expires?: number;
}

/** The kept whole-catalogue orders: by name, by price (price_desc is its reverse) and by stock. */
export type RankKind = 'name' | 'price' | 'stock';

/**
 * The active catalogue in one sort as of a version: its ids in order, and each id's position. A search in a
 * chosen order sorts its matches by these positions instead of reading every match's sort key (ADR 028).
 * Ids and order only; the order by stock expires like an answer by stock and is refreshed in the background.
 */
interface Ranks {
  version: number;
  expires: number;
  order: Int32Array;
  /** Position by product id; -1: not in the active catalogue at this version. */
  position: Int32Array;
  refreshing?: boolean;
}

/**
 * A search's matches over the whole active catalogue: which products match, unordered, and the same in their
 * order by relevance (rank, then the kept order by name), never a price or a stock figure. A question's filter
 * (department, category, band) is applied to them in memory through the kept membership (see Members).
 */
interface Candidates {
  version: number;
  ids: Int32Array;
  /** Every match by relevance; null when the kept order by name was of another version. */
  relevance: Int32Array | null;
  /** The search as it matched: the words typed, or their corrections. */
  search: SearchSql;
  /** The corrected search as a shop owner reads it back; null for the words as typed. */
  corrected: string | null;
}

/** A kept search's matches, and how many ids it holds once read (0 while it is read). */
interface KeptCandidates {
  value: Promise<Candidates>;
  size: number;
  /** Once read. */
  version?: number;
}

/**
 * Searches whose matches are kept for every filter, sort and page, bounded by their number and by the ids
 * they hold together (4,000,000 ids: 16 MB at the very most, as before; each match counts twice, in the set
 * and in the order by relevance; the buyers' mix keeps well under 1,000,000). One set per search (as typed,
 * and its corrections when asked for), whatever the filter: a search under each department is the same set
 * filtered in memory, not another read.
 */
const CANDIDATE_ENTRIES = 2000;
const CANDIDATE_IDS = 4_000_000;

const RANK_ORDERS: Record<RankKind, SQL> = {
  name: orderBy('name', null),
  price: orderBy('price_asc', null),
  stock: orderBy('stock', null),
};

async function readRanks(db: Db, kind: RankKind, stockOrderMs: number): Promise<Ranks> {
  const [row] = rowsOf<{ ids: number[] | string; version: number }>(
    await db.execute(sql`
      select array(select p.id from products p where p.is_active order by ${RANK_ORDERS[kind]})::int[] as ids,
             ${VERSION} as version`),
  );
  const order = Int32Array.from(parseIntArray(row?.ids ?? []));
  let top = 0;
  for (const id of order) if (id > top) top = id;
  const position = new Int32Array(top + 1).fill(-1);
  order.forEach((id, i) => (position[id] = i));
  const expires = kind === 'stock' ? Date.now() + stockOrderMs : Infinity;
  return { version: Number(row?.version ?? -1), expires, order, position };
}

/** The kept order of a kind (read once per version; by stock: served while one refresh reads it again). */
async function ranksOf(db: Db, state: CatalogueState, kind: RankKind, stockOrderMs: number) {
  let kept = state.ranks.get(kind);
  if (!kept) {
    const entry: { value: Promise<Ranks>; version?: number } = { value: readRanks(db, kind, stockOrderMs) };
    kept = entry;
    state.ranks.set(kind, entry);
    entry.value.then(
      (ranks) => {
        entry.version = ranks.version;
        if (ranks.version < state.version && state.ranks.get(kind) === entry) state.ranks.delete(kind);
      },
      () => state.ranks.get(kind) === entry && state.ranks.delete(kind),
    );
  }
  const ranks = await kept.value;
  if (ranks.expires <= Date.now() && !ranks.refreshing) {
    ranks.refreshing = true;
    const held = kept;
    readRanks(db, kind, stockOrderMs).then(
      (fresh) => {
        if (state.ranks.get(kind) === held && fresh.version >= ranks.version) {
          state.ranks.set(kind, { value: Promise.resolve(fresh), version: fresh.version });
        }
      },
      () => (ranks.refreshing = false),
    );
  }
  return ranks;
}

/** The kept order of a kind of at least `version` (one more read when the kept one is older). */
async function ranksAt(db: Db, state: CatalogueState, kind: RankKind, stockOrderMs: number, version: number) {
  const ranks = await ranksOf(db, state, kind, stockOrderMs);
  if (ranks.version >= version) return ranks;
  state.saw(version);
  return ranksOf(db, state, kind, stockOrderMs);
}

/**
 * The ids of the active catalogue matching a search (no filter, no order, no cap) and each one's rank, with
 * their version: the words as typed, or (`corrected`) their corrections, for when the words as typed find
 * nothing under the question's filter (an empty set with the typed search when there is nothing to correct).
 * Kept per search for every filter and sort; one statement reads the matches and their ranks.
 */
function candidatesOf(
  db: Db,
  state: CatalogueState,
  term: string,
  groups: SearchGroup[],
  corrected: boolean,
  stockOrderMs: number,
): Promise<Candidates> {
  const key = JSON.stringify([term.toLowerCase(), corrected]);
  const kept = state.candidates.get(key);
  if (kept) {
    state.candidates.delete(key);
    state.candidates.set(key, kept);
    return kept.value;
  }
  const read = async (search: SearchSql, corrected: string | null): Promise<Candidates> => {
    const [row] = rowsOf<{ ids: number[] | string | null; ranks: number[] | string | null; version: number }>(
      await db.execute(sql`
        select m.ids, m.ranks, ${VERSION} as version
          from (select array_agg(p.id) as ids, array_agg(${search.rank}::float8) as ranks
                  from products p where p.is_active and p.search_document @@ (${search.match})) m`),
    );
    const ids = Int32Array.from(parseIntArray(row?.ids ?? []));
    const version = Number(row?.version ?? -1);
    // The ranks order the matches once and are dropped: what is kept is the order.
    const names = await ranksAt(db, state, 'name', stockOrderMs, version);
    const relevance =
      names.version === version
        ? relevanceOrder(ids, Float64Array.from(parseNumberArray(row?.ranks ?? [])), names, ids.length)
        : null;
    return { ids, relevance, version, search, corrected };
  };
  const loading = (async (): Promise<Candidates> => {
    const typed = searchSql(groups);
    if (!corrected) return read(typed, null);
    const corrections = await correctedSearch(db, groups);
    if (corrections) return read(searchSql(corrections.groups), corrections.text);
    const [row] = rowsOf<{ version: number }>(await db.execute(sql`select ${VERSION} as version`));
    return {
      ids: new Int32Array(0),
      relevance: new Int32Array(0),
      version: Number(row?.version ?? -1),
      search: typed,
      corrected: null,
    };
  })();
  const entry: KeptCandidates = { value: loading, size: 0 };
  if (state.candidates.size >= CANDIDATE_ENTRIES) evictCandidates(state, 1);
  state.candidates.set(key, entry);
  const drop = () => {
    if (state.candidates.get(key) !== entry) return;
    state.candidates.delete(key);
    state.candidateIds -= entry.size;
  };
  loading.then((c) => {
    if (c.version < state.version) return drop();
    if (state.candidates.get(key) !== entry) return;
    entry.version = c.version;
    entry.size = c.ids.length + (c.relevance?.length ?? 0);
    state.candidateIds += entry.size;
    evictCandidates(state, 0);
  }, drop);
  return loading;
}

/**
 * The candidates under a question's filter (department or honoured category, band), through the kept
 * membership of the same version, in the order they had; the candidates themselves without a filter. Null
 * when the membership is of another version.
 */
async function filteredCandidates(
  db: Db,
  state: CatalogueState,
  query: ProductQuery,
  candidates: Candidates,
): Promise<Candidates | null> {
  const { department_id: department, category_id: category } = query;
  if (department === undefined && category === undefined && !query.price_band) return candidates;
  const members = await membersOf(db, state);
  if (members.version !== candidates.version) return null;
  const { honoured } = await honouredCategory(db, state, query);
  const within = (ids: Int32Array) => ids.filter(inFilter(members, query, honoured));
  return {
    ...candidates,
    ids: within(candidates.ids),
    relevance: candidates.relevance && within(candidates.relevance),
  };
}

/** Drops the least recently used kept searches until `room` more fit and the ids held are within bounds. */
function evictCandidates(state: CatalogueState, room: number) {
  for (const [key, entry] of state.candidates) {
    if (state.candidates.size + room <= CANDIDATE_ENTRIES && state.candidateIds <= CANDIDATE_IDS) return;
    state.candidates.delete(key);
    state.candidateIds -= entry.size;
  }
}

/** What the kept searches hold (for the tests of their bounds). */
export function keptCandidates(db: Db): { searches: number; ids: number } {
  const state = catalogueState(db);
  return { searches: state.candidates.size, ids: state.candidateIds };
}

/**
 * The first PRODUCT_TOTAL_CAP + 1 matches by relevance: rank descending, then the kept order by name (lower
 * name, then id: the plain query's tiebreaks), exactly over every match. Only the ranks above the cut are
 * sorted; the matches that tie at the cut (a common word's matches mostly share one rank) are taken in the
 * order by name. Null when a match is not in the order by name (of another version).
 */
export function relevanceOrder(
  ids: Int32Array,
  ranks: Float64Array,
  names: Ranks,
  limit = PRODUCT_TOTAL_CAP + 1,
): Int32Array | null {
  const want = Math.min(limit, ids.length);
  const { position } = names;
  for (const id of ids) if (id >= position.length || position[id]! < 0) return null;
  if (want === 0) return new Int32Array(0);
  // The cut: the want-th highest rank. Fewer than `want` matches rank above it.
  const cut = Float64Array.from(ranks).sort()[ranks.length - want]!;
  const above: number[] = [];
  const tied: number[] = [];
  ids.forEach((id, i) => {
    if (ranks[i]! > cut) above.push(i);
    else if (ranks[i] === cut) tied.push(id);
  });
  above.sort((a, b) => ranks[b]! - ranks[a]! || position[ids[a]!]! - position[ids[b]!]!);
  const out = new Int32Array(want);
  let n = 0;
  for (const i of above) out[n++] = ids[i]!;
  const rest = inRankOrder(Int32Array.from(tied), names, false, want - n)!;
  out.set(rest, n);
  return out;
}

/**
 * Reads the kept whole-catalogue orders now (all three, or those named), if not kept yet (the fill does,
 * before the first searches).
 */
export async function keepOrders(
  db: Db,
  stockOrderMs: number,
  kinds: Iterable<RankKind> = ['name', 'price', 'stock'],
): Promise<void> {
  if (stockOrderMs <= 0) return;
  const state = catalogueState(db);
  for (const kind of kinds) {
    state.saw((await ranksOf(db, state, kind, stockOrderMs)).version);
  }
}

/**
 * The first `want` (PRODUCT_TOTAL_CAP + 1) of `ids` in the kept order (reversed for price_desc); null when
 * one of them is not in it (the order is of another version).
 */
function inRankOrder(
  ids: Int32Array,
  ranks: Ranks,
  reverse: boolean,
  want = PRODUCT_TOTAL_CAP + 1,
): Int32Array | null {
  const { order, position } = ranks;
  for (const id of ids) if (id >= position.length || position[id]! < 0) return null;
  if (ids.length * 8 > order.length) {
    // Dense (a common word): walk the whole order, keeping the matches, until enough.
    const matched = new Uint8Array(position.length);
    for (const id of ids) matched[id] = 1;
    const out = new Int32Array(Math.min(want, ids.length));
    let n = 0;
    for (let i = 0; i < order.length && n < out.length; i += 1) {
      const id = order[reverse ? order.length - 1 - i : i]!;
      if (matched[id]) out[n++] = id;
    }
    return out;
  }
  const sorted = Int32Array.from(ids).sort((a, b) =>
    reverse ? position[b]! - position[a]! : position[a]! - position[b]!,
  );
  return sorted.subarray(0, want);
}

/**
 * A search from its kept matches (the buyers' shared view, with the cache on) under the question's filter:
 * by relevance, ranked (rank, then the kept order by name); in a chosen order, sorted by the kept
 * whole-catalogue order of that sort. When the words as typed find nothing under the filter, their
 * corrections do (as the plain query corrects). Null when the pieces are of different versions: the caller
 * then asks the database as before.
 */
async function rankedSearch(
  db: Db,
  state: CatalogueState,
  query: ProductQuery,
  term: string,
  groups: SearchGroup[],
  order: ProductOrder,
  stockOrderMs: number,
): Promise<{ ids: Int32Array; version: number; search: SearchSql; corrected: string | null } | null> {
  const kept = (corrected: boolean) => candidatesOf(db, state, term, groups, corrected, stockOrderMs);
  let candidates = await filteredCandidates(db, state, query, await kept(false));
  if (candidates && candidates.ids.length === 0) {
    candidates = await filteredCandidates(db, state, query, await kept(true));
  }
  if (!candidates) return null;
  state.ordersAsked.add('name');
  const { version, search } = candidates;
  // Corrections that match nothing under the filter either: the empty page is not said to be corrected.
  const corrected = candidates.ids.length > 0 ? candidates.corrected : null;
  if (order === 'relevance') {
    const ids = candidates.relevance?.subarray(0, PRODUCT_TOTAL_CAP + 1);
    return ids ? { ids, version, search, corrected } : null;
  }
  const kind: RankKind = order === 'price_asc' || order === 'price_desc' ? 'price' : order;
  state.ordersAsked.add(kind);
  const ranks = await ranksAt(db, state, kind, stockOrderMs, candidates.version);
  if (candidates.version !== ranks.version) return null;
  const ids = inRankOrder(candidates.ids, ranks, order === 'price_desc');
  return ids ? { ids, version, search, corrected } : null;
}

/**
 * Where each active product belongs, by id, as of a version: its department and category, and the price
 * bands it is in (bit b: the b-th of PRICE_BAND_KEYS). Which products match a filter, never a price: one
 * statement per version (a price change bumps it). With the kept order by stock it answers every browsing
 * question by stock in memory, so refreshing them all costs one read of that order, not one statement each.
 */
interface Members {
  version: number;
  department: Int32Array;
  category: Int32Array;
  bands: Uint8Array;
}

async function readMembers(db: Db): Promise<Members> {
  const bandBits = sql.join(
    Object.values(PRICE_BANDS).map(({ min, max }, b) => {
      const within = sql.join(
        [
          ...(min === null ? [] : [sql`p.selling_price_cents >= ${min}`]),
          ...(max === null ? [] : [sql`p.selling_price_cents <= ${max}`]),
        ],
        sql` and `,
      );
      return sql`(case when ${within} then ${1 << b} else 0 end)`;
    }),
    sql` + `,
  );
  const [row] = rowsOf<{
    ids: number[] | string | null;
    departments: number[] | string | null;
    categories: number[] | string | null;
    bands: number[] | string | null;
    version: number;
  }>(
    await db.execute(sql`
      select m.*, ${VERSION} as version
        from (select array_agg(p.id) as ids, array_agg(coalesce(p.department_id, 0)) as departments,
                     array_agg(p.category_id) as categories, array_agg((${bandBits})::int) as bands
                from products p where p.is_active) m`),
  );
  const ids = parseIntArray(row?.ids ?? []);
  const departments = parseIntArray(row?.departments ?? []);
  const categories = parseIntArray(row?.categories ?? []);
  const bands = parseIntArray(row?.bands ?? []);
  let top = 0;
  for (const id of ids) if (id > top) top = id;
  const members: Members = {
    version: Number(row?.version ?? -1),
    department: new Int32Array(top + 1),
    category: new Int32Array(top + 1),
    bands: new Uint8Array(top + 1),
  };
  ids.forEach((id, i) => {
    members.department[id] = departments[i]!;
    members.category[id] = categories[i]!;
    members.bands[id] = bands[i]!;
  });
  return members;
}

/** The kept membership of the current version (read once per version). */
async function membersOf(db: Db, state: CatalogueState): Promise<Members> {
  let kept = state.members;
  if (!kept) {
    const entry: { value: Promise<Members>; version?: number } = { value: readMembers(db) };
    kept = state.members = entry;
    entry.value.then(
      (members) => {
        entry.version = members.version;
        if (members.version < state.version && state.members === entry) state.members = null;
      },
      () => state.members === entry && (state.members = null),
    );
  }
  return kept.value;
}

/**
 * Whether a product (by id) is in a question's department or honoured category and price band, by the kept
 * membership: the same filter as liveFilter's, in memory.
 */
function inFilter(members: Members, query: ProductQuery, honoured: boolean): (id: number) => boolean {
  const { department_id: department, category_id: category } = query;
  const bit = query.price_band ? 1 << PRICE_BAND_KEYS.indexOf(query.price_band) : 0;
  return (id) =>
    (honoured
      ? members.category[id] === category
      : department === undefined || members.department[id] === department) &&
    (!bit || (members.bands[id]! & bit) !== 0);
}

/** The kept whole-catalogue order that serves a sort, and whether it is walked from its end. */
export function keptOrderOf(order: ProductOrder): { kind: RankKind; reverse: boolean } {
  switch (order) {
    case 'price_asc':
      return { kind: 'price', reverse: false };
    case 'price_desc':
      return { kind: 'price', reverse: true };
    case 'stock':
      return { kind: 'stock', reverse: false };
    default:
      // Relevance without a search is the order by name.
      return { kind: 'name', reverse: false };
  }
}

/**
 * A browsing question (the buyers' shared view, with the cache on) in any sort, from the kept order of that
 * sort and the kept membership: the order walked (from its end for price_desc), keeping the products in the
 * department or category and the band, until one more than the cap. No statement once both are kept (once
 * per version; the order by stock once per CATALOGUE_RESULT_CACHE_MS). Null when the two are of different
 * versions (the caller asks the database as before).
 */
async function browseFromKept(
  db: Db,
  state: CatalogueState,
  query: ProductQuery,
  order: ProductOrder,
  stockOrderMs: number,
): Promise<{ ids: Int32Array; version: number; expires: number } | null> {
  const { kind, reverse } = keptOrderOf(order);
  const [ranks, members] = await Promise.all([ranksOf(db, state, kind, stockOrderMs), membersOf(db, state)]);
  if (ranks.version !== members.version) return null;
  const { honoured } = await honouredCategory(db, state, query);
  const belongs = inFilter(members, query, honoured);
  const want = PRODUCT_TOTAL_CAP + 1;
  const out = new Int32Array(want);
  const { order: ids } = ranks;
  let n = 0;
  for (let i = 0; i < ids.length && n < want; i += 1) {
    const id = ids[reverse ? ids.length - 1 - i : i]!;
    if (belongs(id)) out[n++] = id;
  }
  return { ids: out.subarray(0, n), version: ranks.version, expires: ranks.expires };
}

/**
 * Matches of a search or filter with the rows of the page asked for, correcting typos when the words as
 * typed find nothing. The search expression used is returned too: pages beyond the cap are read with it.
 */
async function findMatches(
  db: Db,
  user: Viewer,
  query: ProductQuery,
  page: PageSlice,
  browseLimit: SQL,
  state: CatalogueState,
  /** The ids cache's lifetime of an order by stock; 0: nothing kept (no kept orders nor candidates either). */
  stockOrderMs = 0,
): Promise<{ found: Found } & PageRead> {
  const term = query.search?.trim() || undefined;
  const groups = term === undefined ? [] : parseSearch(term);
  const order: ProductOrder = query.sort ?? (term ? 'relevance' : 'name');
  if (term !== undefined && groups.length === 0) {
    // Only punctuation: nothing can match.
    const read = await readPage(db, [], sql`false`, browseLimit);
    // No ids, so a kept page of it has nothing to check.
    const bounds = { category: null, department: null, minCents: null, maxCents: null };
    const filter = { live: sql`false`, bounds, search: null, order };
    const matches = { ids: new Int32Array(0), more: false };
    return { found: { matches, filter, version: read.version, keep: true, corrected: null }, ...read };
  }
  if (stockOrderMs > 0 && isSharedView(user, query)) {
    const kept = await keptFound(db, state, query, stockOrderMs);
    if (kept) {
      const ids = kept.matches.ids.subarray(page.from, page.to);
      const read = await readPage(db, ids, kept.filter.live, browseLimit);
      return { found: { ...kept, keep: kept.keep && read.version === kept.version }, ...read };
    }
  }
  const { live, bounds, treeVersion } = await liveFilter(db, user, query, state);
  let search = groups.length ? searchSql(groups) : null;
  const filter: CatalogueFilter = { live, bounds, search, order };
  let read = await matchingIds(db, filter, search, page, browseLimit);
  let corrected: string | null = null;
  if (search && read.matches.ids.length === 0) {
    const corrections = await correctedSearch(db, groups);
    if (corrections) {
      search = searchSql(corrections.groups);
      read = await matchingIds(db, filter, search, page, browseLimit);
      if (read.matches.ids.length > 0) corrected = corrections.text;
    }
  }
  const { matches, ...rest } = read;
  const keep = treeVersion === null || treeVersion === read.version;
  const found = { matches, filter: { ...filter, search }, version: read.version, keep, corrected };
  return { found, ...rest };
}

/** A question of the shared cache: search, department, category, band and sort (every page of it). */
export function questionKey(query: ProductQuery): string {
  return JSON.stringify([
    query.search?.trim().toLowerCase() ?? null,
    query.department_id ?? null,
    query.category_id ?? null,
    query.price_band ?? null,
    query.sort ?? null,
  ]);
}

/** Until when an answer may be served as it is: the order by stock for `stockOrderMs`, the others until the version moves. */
const expiryOf = (query: ProductQuery, stockOrderMs: number) =>
  query.sort === 'stock' ? Date.now() + stockOrderMs : Infinity;

/** Who asks when nobody in particular does (the fill, a refresh): any buyer, whose view is the shared one. */
const ANY_BUYER: Viewer = { id: 0, role: 'retailer' };
/** The matches alone: no page is read with them (and no plan). */
const NO_PAGE: PageSlice = { from: 0, to: 0 };

/**
 * Asks a question of the buyers' shared view that nobody has asked at this version yet and keeps its
 * answer; buyers asking it meanwhile share the one query. False when an answer was kept already.
 */
export async function keepAnswer(db: Db, query: ProductQuery, stockOrderMs: number): Promise<boolean> {
  const state = catalogueState(db);
  const key = questionKey(query);
  if (stockOrderMs <= 0 || state.has(key)) return false;
  const loading = findMatches(db, ANY_BUYER, query, NO_PAGE, sql`null`, state, stockOrderMs).then(
    (a) => a.found,
  );
  state.set(key, { value: loading, expires: expiryOf(query, stockOrderMs) });
  state.saw((await loading).version);
  return true;
}

/**
 * The order by stock once it has expired: read again in the background (one refresh at a time) while
 * buyers are served the previous order, ids only; their page's stock figures are read live as always.
 */
function refreshInBackground(
  db: Db,
  state: CatalogueState,
  key: string,
  entry: Entry,
  query: ProductQuery,
  stockOrderMs: number,
) {
  if (entry.refreshing) return;
  entry.refreshing = true;
  findMatches(db, ANY_BUYER, query, NO_PAGE, sql`null`, state, stockOrderMs).then(
    ({ found }) => {
      state.saw(found.version);
      // Unless the version moved meanwhile (the entry is gone then, and set() drops an older answer).
      if (state.get(key) === entry) {
        state.set(key, { value: Promise.resolve(found), expires: expiryOf(query, stockOrderMs) });
      }
    },
    () => {
      // The next buyer asking tries again (a closed database while shutting down, a cancelled statement).
      entry.refreshing = false;
    },
  );
}

/**
 * Which products match a question of the buyers' shared view, answered from what is kept: a browsing question
 * from the kept orders and membership, a search from its kept matches (read once per search, for every
 * filter) and the kept orders. No statement once those are kept. Null when they are of different versions,
 * or for a search of punctuation only: the caller then asks the database.
 */
async function keptFound(
  db: Db,
  state: CatalogueState,
  query: ProductQuery,
  stockOrderMs: number,
): Promise<Found | null> {
  const term = query.search?.trim() || undefined;
  const groups = term === undefined ? [] : parseSearch(term);
  if (term !== undefined && groups.length === 0) return null;
  const order: ProductOrder = query.sort ?? (term ? 'relevance' : 'name');
  const { live, bounds, treeVersion } = await liveFilter(db, ANY_BUYER, query, state);
  const kept =
    term === undefined
      ? await browseFromKept(db, state, query, order, stockOrderMs)
      : await rankedSearch(db, state, query, term, groups, order, stockOrderMs);
  if (!kept) return null;
  const { ids: all, version } = kept;
  return {
    matches: { ids: all.subarray(0, PRODUCT_TOTAL_CAP), more: all.length > PRODUCT_TOTAL_CAP },
    filter: { live, bounds, search: 'search' in kept ? kept.search : null, order },
    version,
    keep: (treeVersion ?? version) === version,
    corrected: 'corrected' in kept ? kept.corrected : null,
    ...('expires' in kept ? { expires: kept.expires } : {}),
  };
}

/**
 * GET /api/products: one page of the catalogue and the number of matches (capped; see PRODUCT_TOTAL_CAP),
 * as the response's JSON text. With a browsing limit (the free plan) only the first `browseLimit` matches in
 * the chosen order exist for the caller, read (subscriptions' browseLimitSql) in the statement of the page.
 * The page's rows are always read live, by id.
 *
 * `session`: the caller's (the route reads its own session, ADR 030). A kept answer's page reads it in its
 * own statement and answers 401 when it finds none; every other path looks the caller up first.
 *
 * `stockOrderMs`: 0 keeps nothing (every request finds its matches). Otherwise the buyers' shared view
 * keeps which products match each question until the catalogue's version changes, and the order by stock
 * (which every sale changes without bumping the version) for at most this long.
 */
export async function listProductsJson(
  db: Db,
  session: OwnSession,
  query: ProductQuery,
  stockOrderMs = 0,
): Promise<string> {
  const key = questionKey(query);
  const offset = (query.page - 1) * query.page_size;
  // The page as if there were no browsing limit: the limit is read in the same statement, the page trimmed after.
  const slice = { from: offset, to: offset + query.page_size };
  const state = catalogueState(db);
  // The role matters only to a seller (or admin) asking for inactive listings too: only then is it read first.
  let user: Viewer | null = query.include_inactive ? await session.caller() : null;
  // A request made with an API key (ADR 050) has no session to read in the kept page's statement: it finds its
  // matches afresh, as with nothing kept, and leaves the buyers' shared view as it is.
  const token = session.token;
  const shared = token !== null && stockOrderMs > 0 && (user === null || isSharedView(user, query));

  let answer: ({ found: Found } & PageRead) | null = null;
  let entry = shared ? state.get(key) : undefined;
  if (shared && !entry) {
    // A question not kept yet: its answer from the kept orders (and a search's kept matches), then its
    // page read as a kept answer's is, in one statement with the session.
    const found = await keptFound(db, state, query, stockOrderMs);
    if (found) {
      entry = { value: Promise.resolve(found), expires: found.expires ?? expiryOf(query, stockOrderMs) };
      state.set(key, entry);
    }
  }
  if (entry && token !== null) {
    if (entry.expires <= Date.now()) refreshInBackground(db, state, key, entry, query, stockOrderMs);
    const found = await entry.value.catch(() => null);
    const bounds = found?.filter.bounds;
    if (found && bounds) {
      // One statement (shared with the other buyers' pages asked for meanwhile): the caller's session, the
      // page's products by id (checked to still belong) as JSON text, the version and the plan; passed
      // through to the reply as they come.
      const page = await pageReader(db).ask({
        ids: found.matches.ids.subarray(slice.from, slice.to),
        bounds,
        sessionToken: token,
        offset,
        pageSize: query.page_size,
      });
      if (page.userId === null) throw unauthorized();
      state.saw(page.version);
      if (page.version === found.version) {
        const json = keptPageJson(found, page, query, offset);
        if (json !== null) return json;
        // Past the known ids: the page is read below, as for an answer found afresh.
        answer = { found, rows: [], version: page.version, browseLimit: page.browseLimit };
      }
    }
  }
  if (!answer) {
    user ??= await session.caller();
    const browseLimit = browseLimitSql(user.id);
    const loading = findMatches(db, user, query, slice, browseLimit, state, shared ? stockOrderMs : 0);
    if (shared)
      state.set(key, { value: loading.then((a) => a.found), expires: expiryOf(query, stockOrderMs) });
    answer = await loading;
    state.saw(answer.version);
  }

  const { found, rows: pageRows, browseLimit: limitOfPlan } = answer;
  const { matches, filter } = found;
  const reachable = limitOfPlan === null ? Infinity : limitOfPlan;
  const limit = Math.max(0, Math.min(query.page_size, reachable - offset));

  let rows = pageRows.slice(0, limit);
  if (limit > 0 && matches.more && offset + limit > matches.ids.length) {
    // Past the known ids (beyond the cap): an ordinary ordered query, rarely asked.
    const where = filter.search
      ? sql`${filter.live} and p.search_document @@ (${filter.search.match})`
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
    browse_limit: limitOfPlan,
    corrected: found.corrected,
  };
  return JSON.stringify(list);
}

/** The list's fields after its products, as JSON.stringify writes a ProductList (the same key order). */
function listJson(products: string, list: Omit<ProductList, 'products'>): string {
  const tail: Omit<ProductList, 'products'> = {
    total: list.total,
    total_capped: list.total_capped,
    page: list.page,
    page_size: list.page_size,
    browse_limit: list.browse_limit,
    corrected: list.corrected,
  };
  return `{"products":[${products}],${JSON.stringify(tail).slice(1)}`;
}

/**
 * The response of a kept answer's page, from the products PostgreSQL wrote (kept-page.ts); null when the
 * page reaches past the known ids (beyond the cap), which is read by an ordinary ordered query instead.
 */
function keptPageJson(found: Found, page: PageJson, query: ProductQuery, offset: number): string | null {
  const { matches } = found;
  const reachable = page.browseLimit === null ? Infinity : page.browseLimit;
  const limit = Math.max(0, Math.min(query.page_size, reachable - offset));
  if (limit > 0 && matches.more && offset + limit > matches.ids.length) return null;
  const known = matches.ids.length;
  return listJson(page.products, {
    total: Math.min(known, reachable),
    total_capped: matches.more && reachable > known,
    page: query.page,
    page_size: query.page_size,
    browse_limit: page.browseLimit,
    corrected: found.corrected,
  });
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

/** A seller's search of their own listings: the name, brand or SKU contains it (none: no condition). */
function sellerSearch(search: string | undefined): SQL | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  const pattern = containing(text);
  return sql`(${products.name} ilike ${pattern} or ${products.brand} ilike ${pattern} or ${products.sku} ilike ${pattern})`;
}

/**
 * A seller's own listings (active or not) whose name, brand or SKU contain the search, by name then id,
 * for the screens that pick among them: the first `limit`, and how many match in all (so a screen can
 * say a search reaches the rest).
 */
export async function productsOfSeller(
  db: Db | Tx,
  sellerId: number,
  query: { search?: string | undefined; limit: number },
): Promise<{ products: ProductSummary[]; total: number }> {
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      image_url: products.image_url,
      // Counted before the limit applies; no row matching means a total of 0.
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(products)
    .where(and(eq(products.seller_id, sellerId), sellerSearch(query.search)))
    .orderBy(products.name, products.id)
    .limit(query.limit);
  return { products: rows.map(({ total: _, ...row }) => row), total: rows[0]?.total ?? 0 };
}

/**
 * A seller's active listings with price and stock whose name, brand or SKU contain the search, by name
 * then id (smart orders' forms pick among them): the first `limit`, and how many match in all.
 */
export async function activeListingsOf(
  db: Db | Tx,
  sellerId: number,
  query: { search?: string | undefined; limit: number },
) {
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      brand: products.brand,
      selling_price_cents: products.selling_price_cents,
      stock_quantity: products.stock_quantity,
      image_url: products.image_url,
      // Counted before the limit applies; no row matching means a total of 0.
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(products)
    .where(and(eq(products.seller_id, sellerId), eq(products.is_active, true), sellerSearch(query.search)))
    .orderBy(products.name, products.id)
    .limit(query.limit);
  return { listings: rows.map(({ total: _, ...row }) => row), total: rows[0]?.total ?? 0 };
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

/** The seller's listings, newest first, narrowed by name, brand or SKU and by status. */
/** What a seller's own list is narrowed by: the status filter, and a search on name, brand or SKU. */
export interface SellerListingFilter {
  search?: string | undefined;
  status: 'all' | 'active' | 'inactive';
}

function sellerListingWhere(sellerId: number, query: SellerListingFilter): SQL | undefined {
  return and(
    eq(products.seller_id, sellerId),
    query.status === 'all' ? undefined : eq(products.is_active, query.status === 'active'),
    sellerSearch(query.search),
  );
}

/** One page of the seller's listings under the filter, newest first (the id breaks ties, so pages never overlap). */
export async function sellerListings(
  db: Db | Tx,
  sellerId: number,
  query: SellerListingFilter & { limit: number; offset: number },
): Promise<SellerListing[]> {
  return db
    .select(listingColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.category_id))
    .where(sellerListingWhere(sellerId, query))
    .orderBy(sql`${products.created_at} desc`, sql`${products.id} desc`)
    .limit(query.limit)
    .offset(query.offset);
}

/** How many of the seller's listings the filter matches, over all pages. */
export async function sellerListingMatches(
  db: Db | Tx,
  sellerId: number,
  query: SellerListingFilter,
): Promise<number> {
  return db.$count(products, sellerListingWhere(sellerId, query));
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

// ---------------------------------------------------------------------------------------------------
// Bulk upload (docs/decisions/021): many of a seller's listings in one statement each

/** A listing as a bulk upload writes it: the My products fields plus the template's extra columns. */
export interface BulkListing extends ListingFields {
  sku: string;
  barcode: string | null;
  unit_type: string | null;
  pack_size: number | null;
  wholesale_price_cents: number | null;
}

/** The ids of the seller's listings with these SKUs (exact SKUs, as the unique index has them). */
export async function sellerSkuIds(
  db: Db | Tx,
  sellerId: number,
  skus: readonly string[],
): Promise<Map<string, number>> {
  if (skus.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(and(eq(products.seller_id, sellerId), inArray(products.sku, [...skus])));
  return new Map(rows.map((r) => [r.sku, r.id]));
}

/**
 * New active listings; a SKU the seller already has is left alone (absent from the answer). Their stock
 * starts at `opening` (default 0): the caller writes the movements for it in the same transaction
 * (inventory's countListings with the ids as fresh), so the listing agrees with them at commit.
 */
export async function insertListings(
  tx: Tx,
  sellerId: number,
  rows: readonly (BulkListing & { opening?: number })[],
): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map();
  const made = await tx
    .insert(products)
    .values(
      rows.map(({ opening, ...r }) => ({
        ...r,
        seller_id: sellerId,
        stock_quantity: opening ?? 0,
        is_active: true,
      })),
    )
    .onConflictDoNothing({ target: [products.seller_id, products.sku] })
    .returning({ id: products.id, sku: products.sku });
  return new Map(made.map((r) => [r.sku, r.id]));
}

/** Changes the fields of the seller's listings (never SKU, stock or status), one statement for them all. */
export async function updateListings(
  tx: Tx,
  sellerId: number,
  rows: readonly (BulkListing & { id: number })[],
): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map(
      (r) =>
        sql`(${r.id}::int, ${r.name}::text, ${r.brand}::text, ${r.category_id}::int, ${r.description}::text,
          ${r.image_url}::text, ${r.selling_price_cents}::int, ${r.mrp_cents}::int, ${r.minimum_order_quantity}::int,
          ${r.barcode}::text, ${r.unit_type}::text, ${r.pack_size}::int, ${r.wholesale_price_cents}::int)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    update ${products} as p set
      name = v.name, brand = v.brand, category_id = v.category_id, description = v.description,
      image_url = v.image_url, selling_price_cents = v.selling_price_cents, mrp_cents = v.mrp_cents,
      minimum_order_quantity = v.minimum_order_quantity, barcode = v.barcode, unit_type = v.unit_type,
      pack_size = v.pack_size, wholesale_price_cents = v.wholesale_price_cents
    from (values ${values}) as v(id, name, brand, category_id, description, image_url, selling_price_cents,
      mrp_cents, minimum_order_quantity, barcode, unit_type, pack_size, wholesale_price_cents)
    where p.id = v.id and p.seller_id = ${sellerId}`);
}

/** Sets the stock_quantity of many listings at once (the inventory's batch count calls it). */
export async function setStockQuantities(
  tx: Tx,
  levels: readonly { productId: number; available: number }[],
): Promise<void> {
  if (levels.length === 0) return;
  const values = sql.join(
    levels.map((l) => sql`(${l.productId}::int, ${Math.max(0, l.available)}::int)`),
    sql`, `,
  );
  await tx.execute(
    sql`update ${products} as p set stock_quantity = v.q from (values ${values}) as v(id, q) where p.id = v.id`,
  );
}

/** Categories by id and by lower-case name, for a file that names them either way. */
export async function categoryLookup(
  db: Db | Tx,
): Promise<{ ids: Set<number>; byName: Map<string, number> }> {
  const rows = await db.select({ id: categories.id, name: categories.name }).from(categories);
  return {
    ids: new Set(rows.map((r) => r.id)),
    byName: new Map(rows.map((r) => [r.name.trim().toLowerCase(), r.id])),
  };
}
