import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { centsToRand, FREE_PLAN_BROWSE_LIMIT, type ProductList } from '@tt/domain';
import { sessions, users } from '../src/db/schema.ts';
import { readPages, type PageAsk } from '../src/features/catalog/kept-page.ts';
import { createTestApp, expectError, type TestApp } from './support/test-app.ts';
import { insertCategory, insertProduct, insertUser } from './support/marketplace.ts';

/**
 * The per-request path of a kept answer (ADR 027): the page's products are written as JSON by PostgreSQL
 * and passed through. It must answer byte for byte as the path that parses rows and serialises them in
 * Node (an answer found afresh), read prices and stock live, and refuse a caller whose session is not valid.
 */
describe('the catalogue page of a kept answer', () => {
  let t: TestApp;
  let retailer: string;
  let seller: number;
  let dept: number;
  let cat: number;
  const ids: number[] = [];

  beforeAll(async () => {
    t = await createTestApp({ env: { CATALOGUE_RESULT_CACHE_MS: '60000' } });
    retailer = await t.login('retailer');
    seller = await t.demoUserId('supplier');
    dept = await insertCategory(t.db, 'Kept "page" dept');
    cat = await insertCategory(t.db, 'Kept page \\ category', dept);
    // Prices whose rand figures are awkward as binary fractions, and text JSON must escape.
    const prices = [1, 7, 10, 99, 101, 1005, 3499, 12345, 99999, 100000007, 29, 57];
    const names = [
      'Plain maize',
      'Quote "in" name',
      'Back\\slash',
      'New\nline and\ttab',
      'Ûmqombothi ☕ 𝄞',
      'Control \u0001 char',
      'Slash / and <tag>',
      'Ampersand & co',
      "Apostrophe's",
      'Emoji 🛒',
      'Zulu Amasi',
      'Xhosa Umngqusho',
    ];
    for (const [i, cents] of prices.entries()) {
      ids.push(
        await insertProduct(t.db, {
          seller_id: seller,
          category_id: cat,
          name: names[i]!,
          price_cents: cents,
          mrp_cents: cents * 3 + 1,
          stock: i * 13,
          moq: (i % 4) + 1,
        }),
      );
    }
    await t.db.execute(
      sql`update products set description = ${'Line one\nline "two"'}, image_url = ${'/img/a b.png'} where id = ${ids[0]!}`,
    );
  });
  afterAll(() => t.close());

  const get = (url: string, cookie = retailer) => t.app.inject({ method: 'GET', url, headers: { cookie } });

  /**
   * Adds a product to the category without bumping the catalogue's version (the version's trigger off for the
   * one transaction; the row's own triggers, such as its listing JSON's, still run): an answer found afresh
   * shows it, a kept answer does not. So a test can tell which path answered.
   */
  async function insertUnseen(name: string) {
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`alter table products disable trigger products_catalogue_changed`);
      await tx.execute(sql`
        insert into products (seller_id, category_id, department_id, name, brand, sku, selling_price_cents,
                              mrp_cents, minimum_order_quantity, stock_quantity, is_active)
        values (${seller}, ${cat}, ${dept}, ${name}, 'Unseen', ${`UNSEEN-${name}`}, 1000, 1000, 1, 5, true)`);
      await tx.execute(sql`alter table products enable trigger products_catalogue_changed`);
    });
  }

  it('answers a kept page byte for byte as a page found afresh, in every sort and on later pages', async () => {
    const urls = [
      `/api/products?category_id=${cat}`,
      `/api/products?department_id=${dept}&sort=price_asc`,
      `/api/products?department_id=${dept}&sort=price_desc&page=2&page_size=5`,
      `/api/products?category_id=${cat}&sort=stock&page_size=5&page=3`,
      `/api/products?department_id=${dept}&category_id=${cat}&price_band=under_20`,
      `/api/products?category_id=${cat}&page=9`,
    ];
    const fresh: string[] = [];
    for (const url of urls) {
      const response = await get(url);
      expect(response.statusCode, response.body).toBe(200);
      fresh.push(response.body);
    }
    await insertUnseen('Unseen one');
    for (const [i, url] of urls.entries()) {
      const kept = await get(url);
      expect(kept.statusCode).toBe(200);
      expect(kept.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(kept.body).toBe(fresh[i]);
    }
    // The answers were kept ones: the product added without a version change is not among them.
    const list = (await get(urls[0]!)).json() as ProductList;
    expect(list.products.map((p) => p.name)).not.toContain('Unseen one');
    expect(list.total).toBe(ids.length);
    const first = list.products.find((p) => p.id === ids[0]);
    expect(first).toMatchObject({
      product_id: ids[0],
      description: 'Line one\nline "two"',
      image_url: '/img/a b.png',
      category_name: 'Kept page \\ category',
      parent_id: dept,
      seller_id: seller,
    });
    expect(list.products.map((p) => p.name)).toContain('Ûmqombothi ☕ 𝄞');
    expect(list.products.find((p) => p.selling_price === 1000000.07)?.mrp).toBe(3000000.22);

    // Any change of the catalogue moves the version: the next request finds its matches afresh.
    await t.db.execute(sql`update products set name = name where id = ${ids[0]!}`);
    const after = (await get(urls[0]!)).json() as ProductList;
    expect(after.products.map((p) => p.name)).toContain('Unseen one');
  });

  /**
   * Each product's listing JSON in its row (migrations 0033 and 0041) against the same product serialised by
   * JavaScript from its columns and its category's and seller's, byte for byte, for the given products.
   */
  async function expectListingsOfRows(of: number[]) {
    const rows = (
      (await t.db.execute(sql`
        select p.id, p.name, p.brand, p.sku, p.description, p.image_url, p.category_id, p.selling_price_cents,
               p.mrp_cents, p.minimum_order_quantity, p.stock_quantity, p.is_active, p.seller_id, p.listing_json,
               c.name as category_name, c.parent_id, coalesce(u.company_name, u.name) as seller_name
          from products p join categories c on c.id = p.category_id join users u on u.id = p.seller_id
         where p.id = any(${`{${of.join(',')}}`}::int[]) order by p.id`)) as unknown as {
        rows: Record<string, unknown>[];
      }
    ).rows;
    expect(rows).toHaveLength(of.length);
    for (const r of rows) {
      const whole = {
        id: r.id,
        product_id: r.id,
        name: r.name,
        brand: r.brand,
        sku: r.sku,
        description: r.description,
        image_url: r.image_url,
        category_id: r.category_id,
        selling_price: centsToRand(Number(r.selling_price_cents)),
        mrp: centsToRand(Number(r.mrp_cents)),
        minimum_order_quantity: r.minimum_order_quantity,
        stock_quantity: r.stock_quantity,
        is_active: r.is_active,
        seller_id: r.seller_id,
        category_name: r.category_name,
        parent_id: r.parent_id,
        seller_name: r.seller_name,
      };
      expect(r.listing_json, String(r.name)).toBe(JSON.stringify(whole));
    }
  }

  /** The transaction that last wrote each of the products (PostgreSQL's xmin): which rows a statement rewrote. */
  async function writersOf(of: number[]): Promise<string[]> {
    const rows = (
      (await t.db.execute(
        sql`select xmin::text as w from products where id = any(${`{${of.join(',')}}`}::int[]) order by id`,
      )) as unknown as { rows: { w: string }[] }
    ).rows;
    return rows.map((r) => r.w);
  }

  it("shows a seller's new name at once on a kept page, and a category's new name and place in the listing", async () => {
    const url = `/api/products?category_id=${cat}&sort=name&page_size=50`;
    const before = await get(url);
    const sellerName = (before.json() as ProductList).products[0]!.seller_name;
    // A product added without a version change: absent from the answers below, which are therefore kept ones.
    await insertUnseen('Unseen three');
    const [named] = await t.db
      .select({ name: users.name, company_name: users.company_name })
      .from(users)
      .where(eq(users.id, seller));
    const { name, company_name: company } = named!;
    try {
      // Writing the same names again rewrites no product.
      const untouched = await writersOf(ids);
      await t.db.update(users).set({ name, company_name: company }).where(eq(users.id, seller));
      expect(await writersOf(ids)).toEqual(untouched);

      await t.db.update(users).set({ company_name: 'Renamed "Wholesale" ☕' }).where(eq(users.id, seller));
      const renamed = (await get(url)).json() as ProductList;
      expect(renamed.products.map((p) => p.name)).not.toContain('Unseen three');
      expect(new Set(renamed.products.map((p) => p.seller_name))).toEqual(
        new Set(['Renamed "Wholesale" ☕']),
      );
      // Without a company name, listings show the seller's own name.
      await t.db.update(users).set({ company_name: null }).where(eq(users.id, seller));
      const own = (await get(url)).json() as ProductList;
      expect(own.products.map((p) => p.name)).not.toContain('Unseen three');
      expect(new Set(own.products.map((p) => p.seller_name))).toEqual(new Set([name]));
      await expectListingsOfRows(ids);
    } finally {
      await t.db.update(users).set({ company_name: company }).where(eq(users.id, seller));
    }
    expect(((await get(url)).json() as ProductList).products[0]!.seller_name).toBe(sellerName);

    // A category renamed, then moved under another department: every product of it says so.
    const other = await insertCategory(t.db, 'Another dept');
    await t.db.execute(sql`update categories set name = ${'Kept \\ "renamed"'} where id = ${cat}`);
    await expectListingsOfRows(ids);
    await t.db.execute(sql`update categories set parent_id = ${other} where id = ${cat}`);
    await expectListingsOfRows(ids);
    const moved = (await get(url)).json() as ProductList;
    expect(new Set(moved.products.map((p) => [p.category_name, p.parent_id].join()))).toEqual(
      new Set([['Kept \\ "renamed"', other].join()]),
    );
    // Put back what the later tests read.
    await t.db.execute(
      sql`update categories set name = ${'Kept page \\ category'}, parent_id = ${dept} where id = ${cat}`,
    );
    await expectListingsOfRows(ids);
  });

  it("keeps each product's listing JSON with its row through every kind of write", async () => {
    await expectListingsOfRows(ids);
    const other = await insertCategory(t.db, 'Listing moved here', dept);
    const [a, b, c] = [ids[3]!, ids[1]!, ids[2]!];
    // One field at a time, as the app's writes do (a sale takes stock, a seller edits, a listing is paused).
    await t.db.execute(sql`update products set stock_quantity = stock_quantity - 1 where id = ${a}`);
    await t.db.execute(
      sql`update products set description = null, image_url = ${'/x "y".png'} where id = ${b}`,
    );
    await t.db.execute(
      sql`update products set selling_price_cents = 100000007, mrp_cents = 3 where id = ${c}`,
    );
    await t.db.execute(
      sql`update products set minimum_order_quantity = 12, category_id = ${other} where id = ${a}`,
    );
    await t.db.execute(sql`update products set is_active = false, name = ${'Paused "one"'} where id = ${b}`);
    // Many rows in one statement, as a bulk upload or a category's rename does.
    await t.db.execute(
      sql`update products set brand = brand || ${' ☕'} where id = any(${`{${ids.join(',')}}`}::int[])`,
    );
    await expectListingsOfRows(ids);
    const fresh = (await get(`/api/products?category_id=${other}`)).json() as ProductList;
    expect(
      fresh.products.map((p) => [p.id, p.stock_quantity, p.minimum_order_quantity, p.category_name]),
    ).toEqual([[a, 3 * 13 - 1, 12, 'Listing moved here']]);
    // Put back what the later tests read.
    await t.db.execute(
      sql`update products set is_active = true, category_id = ${cat} where id = any(${`{${[a, b].join(',')}}`}::int[])`,
    );
    await expectListingsOfRows(ids);
  });

  it('reads price and stock live on a kept page', async () => {
    const url = `/api/products?category_id=${cat}&sort=name&page_size=50`;
    const before = (await get(url)).json() as ProductList;
    const product = before.products.find((p) => p.id === ids[3])!;
    // Stock changes with every sale and keeps the version: the kept answer serves the new figure.
    await t.db.execute(sql`update products set stock_quantity = 4321 where id = ${ids[3]!}`);
    const stock = (await get(url)).json() as ProductList;
    expect(stock.products.find((p) => p.id === ids[3])!.stock_quantity).toBe(4321);
    await t.db.execute(sql`update products set selling_price_cents = 777 where id = ${ids[3]!}`);
    const price = (await get(url)).json() as ProductList;
    expect(price.products.find((p) => p.id === ids[3])!.selling_price).toBe(7.77);
    expect(product.selling_price).not.toBe(7.77);
    // Sold out (stock only): still listed, with the new figure.
    await t.db.execute(sql`update products set stock_quantity = 0 where id = ${ids[4]!}`);
    const third = (await get(url)).json() as ProductList;
    expect(third.products.find((p) => p.id === ids[4])!.stock_quantity).toBe(0);
  });

  it("stops a kept page at the free plan's browsing limit, as a page found afresh does", async () => {
    const buyer = await insertUser(t.db, 'retailer');
    const cookie = await t.sessionFor(buyer);
    const size = FREE_PLAN_BROWSE_LIMIT - 3;
    const url = (page: number) =>
      `/api/products?category_id=${cat}&sort=price_asc&page_size=${size}&page=${page}`;
    const fresh = [(await get(url(1), cookie)).body, (await get(url(2), cookie)).body];
    await insertUnseen('Unseen two');
    const kept = [(await get(url(1), cookie)).body, (await get(url(2), cookie)).body];
    expect(kept).toEqual(fresh);
    const second = JSON.parse(kept[1]!) as ProductList;
    expect(second.browse_limit).toBe(FREE_PLAN_BROWSE_LIMIT);
    expect(second.products).toHaveLength(3);
    expect(second.total).toBe(FREE_PLAN_BROWSE_LIMIT);
  });

  it('refuses a kept page to a caller with no session, an expired one or a closed account, sending nothing of it', async () => {
    const url = `/api/products?category_id=${cat}`;
    expect((await get(url)).statusCode).toBe(200);
    expectError(await t.app.inject({ method: 'GET', url }), 401, 'unauthorized');
    expectError(await get(url, 'tt_session=not-a-session'), 401, 'unauthorized');

    const buyer = await insertUser(t.db, 'retailer');
    const expired = await t.sessionFor(buyer);
    expect((await get(url, expired)).statusCode).toBe(200);
    await t.db
      .update(sessions)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(sessions.user_id, buyer));
    const refused = await get(url, expired);
    expectError(refused, 401, 'unauthorized');
    expect(refused.body).not.toContain('Plain maize');

    const closing = await insertUser(t.db, 'retailer');
    const closed = await t.sessionFor(closing);
    expect((await get(url, closed)).statusCode).toBe(200);
    await t.db.update(users).set({ closed_at: new Date() }).where(eq(users.id, closing));
    expectError(await get(url, closed), 401, 'unauthorized');
  });

  it('refuses a signed-out session at the next request, on a kept page and on an answer found afresh', async () => {
    const buyer = await insertUser(t.db, 'retailer');
    const cookie = await t.sessionFor(buyer);
    const kept = `/api/products?category_id=${cat}&sort=price_desc`;
    expect((await get(kept, cookie)).statusCode).toBe(200);
    expect((await get(kept, cookie)).statusCode).toBe(200);
    const logout = await t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(200);
    expectError(await get(kept, cookie), 401, 'unauthorized');
    // A question not kept yet looks the caller up before it is answered: refused as well.
    expectError(await get(`/api/products?search=never+asked+${Date.now()}`, cookie), 401, 'unauthorized');
  });

  it('answers a malformed query 400 in the one error shape, and 401 first when the session is not valid', async () => {
    const bad = [
      ['page=0', 'page'],
      ['page_size=101', 'page_size'],
      ['sort=cheapest', 'sort'],
      ['price_band=free', 'price_band'],
      ['department_id=abc', 'department_id'],
      ['include_inactive=yes', 'include_inactive'],
      [`search=${'a'.repeat(101)}`, 'search'],
      ['search=%00', 'search'],
      ['search=%E0%A4%A', 'search'],
    ] as const;
    const leaving = await insertUser(t.db, 'retailer');
    const gone = await t.sessionFor(leaving);
    await t.db.delete(sessions).where(eq(sessions.user_id, leaving));
    for (const [query, name] of bad) {
      const url = `/api/products?category_id=${cat}&${query}`;
      const refused = expectError(await get(url), 400, 'bad_request');
      expect(Object.keys(refused.fields ?? {}), query).toEqual([name]);
      expectError(await get(url, 'tt_session=not-a-session'), 401, 'unauthorized');
      expectError(await get(url, gone), 401, 'unauthorized');
      expectError(await t.app.inject({ method: 'GET', url }), 401, 'unauthorized');
    }
  });

  it("reads a seller's role first when it asks for its own inactive listings too", async () => {
    const supplier = await t.login('supplier');
    const hidden = await insertProduct(t.db, {
      seller_id: seller,
      category_id: cat,
      name: 'Kept page hidden listing',
      price_cents: 500,
      active: false,
    });
    const url = (extra: string) => `/api/products?category_id=${cat}&page_size=100${extra}`;
    const names = async (extra: string, cookie: string) =>
      ((await get(url(extra), cookie)).json() as ProductList).products.map((p) => p.id);
    // Twice each: the second is a kept answer's page where one is kept.
    for (let i = 0; i < 2; i += 1) {
      expect(await names('', supplier)).not.toContain(hidden);
      expect(await names('&include_inactive=true', supplier)).toContain(hidden);
      expect(await names('&include_inactive=true', retailer)).not.toContain(hidden);
    }
  });

  it("reads several buyers' pages in one statement exactly as each alone: own session, limit and filter", async () => {
    const token = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);
    const free = await insertUser(t.db, 'retailer');
    const freeCookie = await t.sessionFor(free);
    const all = { category: null, department: null, minCents: null, maxCents: null };
    const asks: PageAsk[] = [
      { ids, bounds: all, sessionToken: token(retailer), offset: 0, pageSize: 24 },
      {
        ids: ids.slice(2, 7),
        bounds: { ...all, category: cat },
        sessionToken: token(freeCookie),
        offset: 5,
        pageSize: 5,
      },
      // The free plan's limit falls inside this page; and a band that leaves some out.
      {
        ids,
        bounds: { ...all, department: dept, maxCents: 2000 },
        sessionToken: token(freeCookie),
        offset: FREE_PLAN_BROWSE_LIMIT - 2,
        pageSize: 12,
      },
      { ids, bounds: all, sessionToken: 'not-a-session', offset: 0, pageSize: 24 },
      { ids: [], bounds: { ...all, category: cat }, sessionToken: token(retailer), offset: 0, pageSize: 24 },
      {
        ids,
        bounds: { ...all, category: cat + 1000 },
        sessionToken: token(retailer),
        offset: 0,
        pageSize: 24,
      },
      {
        ids: [...ids].reverse(),
        bounds: { ...all, minCents: 100, maxCents: 12345 },
        sessionToken: token(retailer),
        offset: 0,
        pageSize: 4,
      },
    ];
    const together = await readPages(t.db, asks);
    const alone = [];
    for (const ask of asks) alone.push(...(await readPages(t.db, [ask])));
    expect(together).toEqual(alone);

    const parse = (products: string) => JSON.parse(`[${products}]`) as ProductList['products'];
    expect(parse(together[0]!.products).map((p) => p.id)).toEqual(ids);
    expect(together[1]!.browseLimit).toBe(FREE_PLAN_BROWSE_LIMIT);
    expect(parse(together[1]!.products).map((p) => p.id)).toEqual(ids.slice(2, 7));
    // Two places left under the limit, and of those ids only the ones within the band.
    expect(parse(together[2]!.products).map((p) => p.id)).toEqual(ids.slice(0, 2));
    expect(together[3]).toMatchObject({ userId: null, products: '' });
    expect(together[4]!.products).toBe('');
    expect(together[5]!.products).toBe('');
    // Within R1.00-R123.45: the 5th to 8th products (R1.01, R10.05, R34.99, R123.45), in the reversed order.
    expect(parse(together[6]!.products).map((p) => p.id)).toEqual([ids[7], ids[6], ids[5], ids[4]]);
  });

  it('answers many buyers asking at once each as when asking alone, a refused session refused', async () => {
    const free = await t.sessionFor(await insertUser(t.db, 'retailer'));
    const cookies = [retailer, free, 'tt_session=not-a-session'];
    const urls = [
      `/api/products?category_id=${cat}&page_size=5`,
      `/api/products?category_id=${cat}&page_size=5&page=2&sort=price_desc`,
      `/api/products?department_id=${dept}&price_band=under_20`,
      `/api/products?department_id=${dept}&sort=stock&page_size=4&page=3`,
      // Far past every product: an offset past a PostgreSQL int, read in the same statement as the others.
      `/api/products?category_id=${cat}&page=99999999999`,
    ];
    const pairs = cookies.flatMap((cookie) => urls.map((url) => ({ cookie, url })));
    const alone = [];
    for (const { cookie, url } of pairs) alone.push(await get(url, cookie));
    // The same requests at once, three times over, in a shuffled order.
    const many = [...pairs, ...pairs, ...pairs].map((pair, i) => ({ ...pair, i: i % pairs.length }));
    many.sort((a, b) => ((a.i * 7 + 3) % 13) - ((b.i * 7 + 3) % 13));
    const responses = await Promise.all(many.map(({ cookie, url }) => get(url, cookie)));
    for (const [n, { i }] of many.entries()) {
      expect(responses[n]!.statusCode).toBe(alone[i]!.statusCode);
      expect(responses[n]!.body).toBe(alone[i]!.body);
    }
    expect(alone.filter((r) => r.statusCode === 401)).toHaveLength(urls.length);
    expect(alone.filter((r) => r.statusCode === 200)).toHaveLength(2 * urls.length);
  });

  it('compresses a page for a phone that asks (br or gzip) to the same JSON, and not for a client that does not', async () => {
    const url = `/api/products?category_id=${cat}&page_size=100`;
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [asked, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: { cookie: retailer, 'accept-encoding': asked },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(decode(response.rawPayload).toString('utf8')).toBe(plain.body);
    }
  });
});
