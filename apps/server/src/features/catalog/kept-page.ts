import { sql } from 'drizzle-orm';
import { MAX_ID } from '@tt/domain';
import type { Db } from '../../db/client.ts';
import { compileStatement, runStatement, type CompiledStatement } from '../../db/prepared.ts';
import { sessionKey, sessionUserIdOf } from '../auth/service.ts';
import { browseLimitSql } from '../subscriptions/service.ts';

/** The catalogue's version (migration 0032) as a number, read in the statement that reads a page. */
export const VERSION = sql`(select cv.version::float8 from catalogue_version cv where cv.id = 1)`;

/**
 * What a product must still be for a buyer to see it on a page of a kept answer: active, and in the question's
 * category or department and price band (each null: not asked). The same filter as the catalogue's `liveFilter`
 * writes for the shared view, as values, so that one statement can check it for several questions.
 */
export interface PageBounds {
  category: number | null;
  department: number | null;
  minCents: number | null;
  maxCents: number | null;
}

/** One buyer's page of a kept answer: which ids, in order, under which bounds, for which session. */
export interface PageAsk {
  ids: ArrayLike<number>;
  bounds: PageBounds;
  sessionToken: string;
  offset: number;
  pageSize: number;
}

/** A kept answer's page as the statement reads it. */
export interface PageJson {
  /** The caller's user id, read from the session in the same statement; null: no valid session. */
  userId: number | null;
  /** The products, comma-separated JSON objects (the inside of the list's brackets). */
  products: string;
  version: number;
  browseLimit: number | null;
}

/** A column of the asks as a PostgreSQL array literal: digits and hex only, so nothing needs quoting. */
const intArray = (values: (number | null)[]) =>
  `{${values.map((v) => (v === null ? 'NULL' : String(Math.trunc(v)))).join(',')}}`;

let statement: CompiledStatement | undefined;

/**
 * The pages of several kept answers, each for its own caller, in one statement: every ask is one element of
 * each array parameter (its session key, its ids as an int[] literal, its offset, page size and bounds), and
 * every ask gets one row back, in order. Per ask, the same reading as one page alone (ADR 030, ADR 031): the
 * caller's session and browsing limit; its products, each still active and within its bounds, in the order of
 * its ids, as JSON text as `toProduct` writes a product, at most the page size and never past the limit; and
 * none without a valid session (the route answers 401). Its text never changes: it is compiled once and
 * prepared once per connection.
 *
 * Each product's JSON is its row's `listing_json`: the whole object as toProduct writes it, its category's and
 * seller's fields included, written by triggers in the statement that changes any of them (migrations 0033 and
 * 0041, ADR 036 and 057). Building each product's JSON here (`row_to_json`) was most of this statement's cost per
 * product, and joining its category and seller two fifths of what remained. Prices as toProduct writes them:
 * cents / 100 is the same double in both (one correctly rounded division), and PostgreSQL prints a float8 in its
 * shortest exact form as JavaScript does.
 */
function batchStatement(): CompiledStatement {
  statement ??= compileStatement(sql`
      with q as materialized (
             select q.*
               from unnest(${sql.placeholder('sessions')}::text[], ${sql.placeholder('ids')}::text[],
                           ${sql.placeholder('offsets')}::int[], ${sql.placeholder('sizes')}::int[],
                           ${sql.placeholder('categories')}::int[], ${sql.placeholder('departments')}::int[],
                           ${sql.placeholder('mins')}::int[], ${sql.placeholder('maxes')}::int[])
                    with ordinality as q(session, ids, page_offset, page_size, category, department,
                                         min_cents, max_cents, k)),
           ses as materialized (select q.*, ${sessionUserIdOf(sql`q.session`)} as user_id from q),
           b as materialized (select ses.*, ${browseLimitSql(sql<number | null>`ses.user_id`)} as browse_limit
                                from ses)
      select b.k, b.user_id, ${VERSION} as version, b.browse_limit, j.products
        from b cross join lateral (
               select string_agg(x.product, ',' order by x.n) as products
                 from (select o.n, p.listing_json as product
                         from unnest(b.ids::int[]) with ordinality as o(id, n)
                         join products p on p.id = o.id
                        where p.is_active
                          and (b.category is null or p.category_id = b.category)
                          and (b.department is null or p.department_id = b.department)
                          and (b.min_cents is null or p.selling_price_cents >= b.min_cents)
                          and (b.max_cents is null or p.selling_price_cents <= b.max_cents)
                        order by o.n
                        limit case when b.user_id is null then 0
                                   else greatest(0, least(b.page_size,
                                          coalesce(b.browse_limit - b.page_offset, b.page_size))) end) x) j
       order by b.k`);
  return statement;
}

/** Reads the pages of `asks` in one statement (see batchStatement); one PageJson per ask, in order. */
export async function readPages(db: Db, asks: readonly PageAsk[]): Promise<PageJson[]> {
  const rows = await runStatement<{
    user_id: number | null;
    products: string | null;
    version: number;
    browse_limit: number | null;
  }>(db, batchStatement(), {
    sessions: `{${asks.map((a) => sessionKey(a.sessionToken)).join(',')}}`,
    ids: `{${asks.map((a) => `"{${Array.prototype.join.call(a.ids, ',')}}"`).join(',')}}`,
    // A page far past every id (a query's page has no upper bound) reads nothing at any offset past an int's:
    // one such ask must not make the statement fail for the others.
    offsets: intArray(asks.map((a) => Math.min(a.offset, MAX_ID))),
    sizes: intArray(asks.map((a) => a.pageSize)),
    categories: intArray(asks.map((a) => a.bounds.category)),
    departments: intArray(asks.map((a) => a.bounds.department)),
    mins: intArray(asks.map((a) => a.bounds.minCents)),
    maxes: intArray(asks.map((a) => a.bounds.maxCents)),
  });
  return rows.map((row) => ({
    userId: row.user_id ?? null,
    products: row.products ?? '',
    version: Number(row.version ?? -1),
    browseLimit: row.browse_limit ?? null,
  }));
}
