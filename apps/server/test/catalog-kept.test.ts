import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { PRODUCT_SORTS, PRODUCT_TOTAL_CAP, productQuerySchema, type ProductList } from '@tt/domain';
import { createTestApp, rowsOf, type TestApp } from './support/test-app.ts';
import { insertCategory, insertProduct } from './support/marketplace.ts';
import { startCatalogueFill } from '../src/features/catalog/fill.ts';
import {
  catalogueState,
  keptCandidates,
  questionKey,
  relevanceOrder,
} from '../src/features/catalog/service.ts';

/**
 * ADR 028: what the shared ids cache answers before anyone asks (the fill), a search's matches kept for its
 * other sorts and sorted by the kept whole-catalogue order, and the order by stock refreshed in the
 * background. Each answer must equal the plain query's, and every change must show at the next request.
 */
describe('the catalogue kept ahead of its buyers (ADR 028)', () => {
  let t: TestApp;
  let retailer: string;
  let seller: number;
  let dept: number;
  let cat: number;

  beforeAll(async () => {
    t = await createTestApp({ env: { CATALOGUE_RESULT_CACHE_MS: '60000' } });
    retailer = await t.login('retailer');
    seller = await t.demoUserId('supplier');
    dept = await insertCategory(t.db, 'Kept dept');
    cat = await insertCategory(t.db, 'Kept cat', dept);
  });
  afterAll(() => t.close());

  const list = async (app: TestApp, cookie: string, query: string) => {
    const response = await app.app.inject({
      method: 'GET',
      url: `/api/products?${query}`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    return response.json() as ProductList;
  };
  const ids = (l: ProductList) => l.products.map((p) => p.id);

  const ORDER_SQL = {
    name: sql`lower(p.name) collate "C" asc, p.id asc`,
    price_asc: sql`p.selling_price_cents asc, p.id asc`,
    price_desc: sql`p.selling_price_cents desc, p.id desc`,
    stock: sql`p.stock_quantity desc, p.id desc`,
  };
  /** The plain query's answer: the active products whose document matches the word, in the sort. */
  const plain = async (word: string, sort: (typeof PRODUCT_SORTS)[number]) =>
    rowsOf<{ id: number }>(
      await t.db.execute(sql`
        select p.id from products p
         where p.is_active and p.search_document @@ to_tsquery('english', ${`${word}:*`})
         order by ${ORDER_SQL[sort]} limit 100`),
    ).map((r) => r.id);

  it("answers a common word's search from its kept matches exactly as the plain query, in every sort, after a product is added or renamed", async () => {
    // A word in many products (a tenth of this small catalogue and more), in several prices and stocks.
    for (let i = 0; i < 30; i += 1) {
      await insertProduct(t.db, {
        seller_id: seller,
        category_id: cat,
        name: `${String.fromCharCode(97 + (i % 26))} Zorblat item ${i}`,
        price_cents: 1000 + ((i * 37) % 11) * 100,
        stock: (i * 7) % 13,
      });
    }
    const check = async () => {
      for (const sort of PRODUCT_SORTS) {
        const answer = await list(t, retailer, `search=zorblat&sort=${sort}&page_size=100`);
        expect(ids(answer), sort).toEqual(await plain('zorblat', sort));
        expect(answer.total).toBe((await plain('zorblat', sort)).length);
      }
    };
    await check();
    // Added: shows at the next request in every sort (the cheapest, with the most stock).
    const added = await insertProduct(t.db, {
      seller_id: seller,
      category_id: cat,
      name: 'Aaa Zorblat newcomer',
      price_cents: 100,
      stock: 500,
    });
    await check();
    expect(ids(await list(t, retailer, 'search=zorblat&sort=price_asc'))[0]).toBe(added);
    expect(ids(await list(t, retailer, 'search=zorblat&sort=stock'))[0]).toBe(added);
    // Renamed out of the word, and another renamed into it.
    await t.db.execute(sql`update products set name = 'Aaa Plain newcomer' where id = ${added}`);
    const other = await insertProduct(t.db, { seller_id: seller, category_id: cat, name: 'Zzz other' });
    await t.db.execute(sql`update products set name = 'Zzz Zorblat renamed' where id = ${other}`);
    await check();
    expect(ids(await list(t, retailer, 'search=zorblat&sort=name&page_size=100'))).not.toContain(added);
    expect(ids(await list(t, retailer, 'search=zorblat&sort=name&page_size=100'))).toContain(other);
    // Repriced: the price orders follow at once; the price on the page is the live one.
    await t.db.execute(sql`update products set selling_price_cents = 1 where id = ${other}`);
    await check();
    const cheapest = (await list(t, retailer, 'search=zorblat&sort=price_asc')).products[0]!;
    expect([cheapest.id, cheapest.selling_price]).toEqual([other, 0.01]);
  });

  /** The plain query by relevance: each match's rank (as a whole word, then as typed), then lower name and id. */
  const plainRelevance = async (word: string, department?: number) =>
    rowsOf<{ id: number }>(
      await t.db.execute(sql`
        select p.id from products p
         where p.is_active and p.search_document @@ to_tsquery('english', ${`${word}:*`})
           and ${department === undefined ? sql`true` : sql`p.department_id = ${department}`}
         order by ts_rank(p.search_document, to_tsquery('english', ${word}))::float8 * 1000
                  + ts_rank(p.search_document, to_tsquery('english', ${`${word}:*`}))::float8 desc,
                  lower(p.name) collate "C" asc, p.id asc
         limit 100`),
    ).map((r) => r.id);

  it('answers a search by relevance from its kept matches exactly as the plain query ranks them, after a product is added, renamed, repriced or restocked', async () => {
    // A word in names (ranked first), brands and a category's name (ranked last), under two departments.
    const otherDept = await insertCategory(t.db, 'Kept other dept');
    const wordCat = await insertCategory(t.db, 'Quorbit goods', otherDept);
    // Some names only begin with the word: they rank below the names that hold it whole.
    const words = ['Quorbit thing', 'Thing', 'Thing', 'Quorbitex thing', 'Thing', 'Thing'];
    for (let i = 0; i < 24; i += 1) {
      await insertProduct(t.db, {
        seller_id: seller,
        category_id: i % 3 === 2 ? wordCat : cat,
        name: `${String.fromCharCode(122 - (i % 26))} ${words[i % 6]} ${i}`,
        brand: i % 3 === 1 ? 'Quorbit' : 'Otherbrand',
        price_cents: 1000 + ((i * 37) % 11) * 100,
        stock: (i * 7) % 13,
      });
    }
    const check = async () => {
      for (const department of [undefined, dept, otherDept]) {
        const where = department === undefined ? '' : `&department_id=${department}`;
        const answer = await list(t, retailer, `search=quorbit${where}&page_size=100`);
        const expected = await plainRelevance('quorbit', department);
        expect(ids(answer), where).toEqual(expected);
        expect(answer.total).toBe(expected.length);
      }
    };
    await check();
    // Served from the kept matches: one kept search per filter, whatever the sort.
    const before = keptCandidates(t.db).searches;
    for (const sort of PRODUCT_SORTS) await list(t, retailer, `search=quorbit&sort=${sort}`);
    expect(keptCandidates(t.db).searches).toBe(before);
    // Added (the word twice in its name: the highest rank), renamed out and into the word, repriced, restocked.
    const added = await insertProduct(t.db, {
      seller_id: seller,
      category_id: cat,
      name: 'Zzz Quorbit quorbit',
      brand: 'Quorbit',
    });
    await check();
    expect(ids(await list(t, retailer, 'search=quorbit'))[0]).toBe(added);
    const [first] = await plainRelevance('quorbit');
    await t.db.execute(
      sql`update products set name = 'Renamed plain', brand = 'Plainbrand' where id = ${first}`,
    );
    await check();
    expect(ids(await list(t, retailer, 'search=quorbit&page_size=100'))).not.toContain(first);
    await t.db.execute(sql`update products set name = 'Aaa Quorbit quorbit' where id = ${first}`);
    await check();
    await t.db.execute(sql`update products set selling_price_cents = 7 where id = ${added}`);
    await t.db.execute(sql`update products set stock_quantity = 999 where id = ${first}`);
    await check();
    const page = (await list(t, retailer, 'search=quorbit&page_size=100')).products;
    expect(page.find((p) => p.id === added)?.selling_price).toBe(0.07);
    expect(page.find((p) => p.id === first)?.stock_quantity).toBe(999);
  });

  it('keeps searches within their bounds: one kept set per search whatever its filter and sort, counted in ids, dropped when the version moves', async () => {
    await list(t, retailer, 'search=zorblat&sort=name');
    await list(t, retailer, 'search=zorblat');
    await list(t, retailer, `search=zorblat&department_id=${dept}&sort=stock`);
    await list(t, retailer, `search=zorblat&category_id=${cat}&price_band=under_20`);
    const kept = keptCandidates(t.db);
    const matches = (await plain('zorblat', 'name')).length;
    // Every kept search holds its matches over the whole catalogue, and their order by relevance, once.
    expect(kept.ids).toBeGreaterThanOrEqual(2 * matches);
    expect(kept.ids).toBeLessThanOrEqual(kept.searches * 2 * matches + 4 * matches);
    // A change of version drops them all; the next search keeps only its own, once for its four questions.
    await insertProduct(t.db, { seller_id: seller, category_id: cat, name: 'Bound mover' });
    await list(t, retailer, 'search=zorblat');
    await list(t, retailer, 'search=zorblat&sort=price_desc');
    await list(t, retailer, `search=zorblat&department_id=${dept}`);
    await list(t, retailer, `search=zorblat&category_id=${cat}&sort=stock`);
    expect(keptCandidates(t.db)).toEqual({ searches: 1, ids: 2 * matches });
  });

  it("corrects a typo once for every filter: a search under a department or a category finds the corrected word's matches there", async () => {
    const other = await insertCategory(t.db, 'Kept typo dept');
    const elsewhere = await insertProduct(t.db, {
      seller_id: seller,
      category_id: other,
      name: 'Zorblat abroad',
    });
    const inDept = (await plain('zorblat', 'name')).filter((id) => id !== elsewhere);
    for (const sort of PRODUCT_SORTS) {
      const answer = await list(
        t,
        retailer,
        `search=zorbalt&department_id=${dept}&sort=${sort}&page_size=100`,
      );
      expect(ids(answer), sort).toEqual((await plain('zorblat', sort)).filter((id) => id !== elsewhere));
      // The answer says what was searched instead, asked afresh and from the kept answer alike.
      expect(answer.corrected, sort).toBe('zorblat');
      const again = await list(
        t,
        retailer,
        `search=zorbalt&department_id=${dept}&sort=${sort}&page_size=100`,
      );
      expect(again.corrected, sort).toBe('zorblat');
    }
    expect(ids(await list(t, retailer, `search=zorbalt&department_id=${other}`))).toEqual([elsewhere]);
    // The words as typed: nothing corrected. A correction that finds nothing under the filter: not said either.
    expect((await list(t, retailer, `search=zorblat&department_id=${dept}`)).corrected).toBeNull();
    const empty = await insertCategory(t.db, 'Kept typo empty', dept);
    const none = await list(t, retailer, `search=zorbalt&category_id=${empty}`);
    expect([ids(none), none.corrected]).toEqual([[], null]);
    expect(ids(await list(t, retailer, `search=zorbalt&category_id=${cat}&sort=name&page_size=100`))).toEqual(
      inDept,
    );
  });

  it('orders by relevance exactly above the cap: the ranks above the cut, then the tie at the cut by name', () => {
    // 3,000 matches in a catalogue of 5,000, a handful of distinct ranks (as ts_rank gives a common word).
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const catalogue = Array.from({ length: 5000 }, (_, i) => i + 1).sort(() => random() - 0.5);
    const position = new Int32Array(5001).fill(-1);
    catalogue.forEach((id, i) => (position[id] = i));
    const names = { version: 1, expires: Infinity, order: Int32Array.from(catalogue), position };
    const ids = Int32Array.from(catalogue.filter(() => random() < 0.6));
    const levels = [0.0607927, 0.0303964, 0.0911891, 0.1215854];
    for (const share of [0.0001, 0.05, 0.5]) {
      const ranks = Float64Array.from(ids, () =>
        random() < share ? levels[Math.floor(random() * 4)]! : 0.0243171,
      );
      const expected = Array.from(ids.keys())
        .sort((a, b) => ranks[b]! - ranks[a]! || position[ids[a]!]! - position[ids[b]!]!)
        .slice(0, PRODUCT_TOTAL_CAP + 1)
        .map((i) => ids[i]!);
      expect(Array.from(relevanceOrder(ids, ranks, names)!), String(share)).toEqual(expected);
    }
    // Fewer matches than the cap: all of them, in order; a match missing from the order: null.
    const few = ids.subarray(0, 10);
    expect(relevanceOrder(few, new Float64Array(10).fill(0.1), names)!.length).toBe(10);
    expect(relevanceOrder(Int32Array.of(6000), Float64Array.of(0.1), names)).toBeNull();
  });

  // Its first pass answers every first question: on PGlite on a busy machine that alone takes 10-25 s.
  it('fills the first questions after start, and answers a filled question correctly after the version moves', async () => {
    const app = await createTestApp({ env: { CATALOGUE_RESULT_CACHE_MS: '60000' } });
    const cookie = await app.login('retailer');
    const d = await insertCategory(app.db, 'Filled dept');
    const c = await insertCategory(app.db, 'Filled cat', d);
    const sellerId = await app.demoUserId('supplier');
    const first = await insertProduct(app.db, {
      seller_id: sellerId,
      category_id: c,
      name: 'Mmm',
      price_cents: 3000,
    });
    const state = catalogueState(app.db);
    const filledQuestion = productQuerySchema.parse({ department_id: String(d), sort: 'price_asc' });
    const fill = startCatalogueFill(app.db, 60_000, { settleMs: 0 });
    try {
      const { questions } = await fill.filled();
      expect(questions).toBeGreaterThan(0);
      // Kept before any buyer asked, and answered as the database would.
      expect(state.has(questionKey(filledQuestion))).toBe(true);
      expect(ids(await list(app, cookie, `department_id=${d}&sort=price_asc`))).toEqual([first]);

      // The version moves: the filled answer is not served; the next request shows the change.
      const second = await insertProduct(app.db, {
        seller_id: sellerId,
        category_id: c,
        name: 'Aaa',
        price_cents: 2500,
      });
      expect(ids(await list(app, cookie, `department_id=${d}&sort=price_asc`))).toEqual([second, first]);
      expect(ids(await list(app, cookie, `department_id=${d}&category_id=${c}&sort=name`))).toEqual([
        second,
        first,
      ]);
      expect(ids(await list(app, cookie, `department_id=${d}&price_band=20_50&sort=price_desc`))).toEqual([
        first,
        second,
      ]);
      // The fill refills after the change, proportionately: the questions asked since its previous pass
      // (the three above) are kept again, and their answers are the new ones; a first question nobody asked
      // is not (it is answered when asked, as any other).
      const asked = productQuerySchema.parse({ department_id: String(d), sort: 'price_asc' });
      const unasked = productQuerySchema.parse({ department_id: String(d), sort: 'stock' });
      await vi.waitFor(() => expect(fill.passes().length).toBeGreaterThanOrEqual(2), { timeout: 20_000 });
      await vi.waitFor(() => expect(state.has(questionKey(asked))).toBe(true), { timeout: 20_000 });
      const refill = fill.passes().at(-1)!;
      expect(refill.questions).toBeLessThanOrEqual(3);
      // Browsing questions are walked from the kept orders: at most the two those three used (by price, by
      // name; a refill may start between them), never the order by stock that nobody asked for.
      expect(refill.orders).toBeGreaterThanOrEqual(1);
      expect(refill.orders).toBeLessThanOrEqual(2);
      expect(state.has(questionKey(unasked))).toBe(false);
      expect(ids(await list(app, cookie, `department_id=${d}&sort=price_asc`))).toEqual([second, first]);
      expect(ids(await list(app, cookie, `department_id=${d}&sort=stock`)).sort()).toEqual(
        [first, second].sort(),
      );
      // A search in a chosen order uses the order by price, a search by relevance the order by name (its
      // tiebreak), and the question by stock above the order by stock: the next refill reads those three
      // again (none was asked before the previous refill).
      expect(ids(await list(app, cookie, `search=mmm&sort=price_desc`))).toEqual([first]);
      expect(ids(await list(app, cookie, `search=mmm`))).toEqual([first]);
      await insertProduct(app.db, { seller_id: sellerId, category_id: c, name: 'Zzz', price_cents: 1 });
      expect(ids(await list(app, cookie, `department_id=${d}&sort=price_asc`))[0]).not.toBe(second);
      await vi.waitFor(() => expect(fill.passes().length).toBeGreaterThanOrEqual(3), { timeout: 20_000 });
      expect(fill.passes().at(-1)!.orders).toBe(3);
    } finally {
      await fill.stop();
      await app.close();
    }
  }, 90_000);

  it('answers a browsing question not asked before from the kept orders exactly as the plain query, in every sort, filter and page, after a change', async () => {
    const app = await createTestApp({ env: { CATALOGUE_RESULT_CACHE_MS: '60000' } });
    try {
      const cookie = await app.login('retailer');
      const d = await insertCategory(app.db, 'Walked dept');
      const c1 = await insertCategory(app.db, 'Walked cat one', d);
      const c2 = await insertCategory(app.db, 'Walked cat two', d);
      const sellerId = await app.demoUserId('supplier');
      for (let i = 0; i < 40; i += 1) {
        await insertProduct(app.db, {
          seller_id: sellerId,
          category_id: i % 3 ? c1 : c2,
          // Shared names and prices, so the ties are broken by id as the plain query breaks them.
          name: `${String.fromCharCode(97 + (i % 7))} walked ${i % 5}`,
          price_cents: 1500 + ((i * 53) % 9) * 1000,
          stock: (i * 11) % 17,
          active: i % 13 !== 0,
        });
      }
      const plainIds = async (where: SQL, sort: (typeof PRODUCT_SORTS)[number], offset: number) =>
        rowsOf<{ id: number }>(
          await app.db.execute(sql`
            select p.id from products p where p.is_active and ${where}
             order by ${ORDER_SQL[sort]} limit 7 offset ${offset}`),
        ).map((r) => r.id);
      const filters: { query: string; where: SQL }[] = [
        { query: `department_id=${d}`, where: sql`p.department_id = ${d}` },
        { query: `department_id=${d}&category_id=${c1}`, where: sql`p.category_id = ${c1}` },
        { query: `category_id=${c2}`, where: sql`p.category_id = ${c2}` },
        {
          query: `department_id=${d}&price_band=50_100`,
          where: sql`p.department_id = ${d} and p.selling_price_cents between 5000 and 10000`,
        },
      ];
      const check = async () => {
        for (const { query, where } of filters) {
          for (const sort of PRODUCT_SORTS) {
            for (const page of [1, 2, 3]) {
              const answer = await list(app, cookie, `${query}&sort=${sort}&page=${page}&page_size=7`);
              expect(ids(answer), `${query} ${sort} ${page}`).toEqual(
                await plainIds(where, sort, (page - 1) * 7),
              );
            }
          }
        }
      };
      await check();
      // Each of those was kept as it was first asked, and answered from the kept orders (none is a fill's).
      const state = catalogueState(app.db);
      expect(
        state.has(questionKey(productQuerySchema.parse({ category_id: String(c2), sort: 'price_desc' }))),
      ).toBe(true);
      // A reprice and a product switched off move the version: the next answers follow, in every sort.
      const [first] = await plainIds(sql`p.department_id = ${d}`, 'name', 0);
      await app.db.execute(sql`update products set selling_price_cents = 6000 where id = ${first}`);
      const [cheapest] = await plainIds(sql`p.department_id = ${d}`, 'price_asc', 0);
      await app.db.execute(sql`update products set is_active = false where id = ${cheapest}`);
      await check();
    } finally {
      await app.close();
    }
  });

  it('refreshes an expired order by stock in the background: stock on the page is live, the order catches up', async () => {
    const app = await createTestApp({ env: { CATALOGUE_RESULT_CACHE_MS: '1' } });
    try {
      const cookie = await app.login('retailer');
      const d = await insertCategory(app.db, 'Stocked dept');
      const c = await insertCategory(app.db, 'Stocked cat', d);
      const sellerId = await app.demoUserId('supplier');
      const a = await insertProduct(app.db, {
        seller_id: sellerId,
        category_id: c,
        name: 'Stocky a',
        stock: 7,
      });
      const b = await insertProduct(app.db, {
        seller_id: sellerId,
        category_id: c,
        name: 'Stocky b',
        stock: 0,
      });
      const pairs = (l: ProductList) => l.products.map((p) => [p.id, p.stock_quantity]);
      for (const where of [`category_id=${c}`, 'search=stocky']) {
        expect(pairs(await list(app, cookie, `${where}&sort=stock`))).toEqual([
          [a, 7],
          [b, 0],
        ]);
      }
      // A sale-like change of stock (it does not move the catalogue's version).
      await app.db.execute(sql`update products set stock_quantity = 90 where id = ${b}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      for (const where of [`category_id=${c}`, 'search=stocky']) {
        // The expired order is served (ids only) while it is read again; the stock shown is live.
        expect(pairs(await list(app, cookie, `${where}&sort=stock`))).toEqual([
          [a, 7],
          [b, 90],
        ]);
      }
      // ...and the order catches up without a buyer waiting for it.
      for (const where of [`category_id=${c}`, 'search=stocky']) {
        await vi.waitFor(
          async () =>
            expect(pairs(await list(app, cookie, `${where}&sort=stock`))).toEqual([
              [b, 90],
              [a, 7],
            ]),
          { timeout: 20_000, interval: 20 },
        );
      }
    } finally {
      await app.close();
    }
  });
});
