import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  FREE_PLAN_BROWSE_LIMIT,
  PRICE_BAND_KEYS,
  type Category,
  type PlanRestrictions,
  type Product,
  type ProductList,
  type ProductSort,
} from '@tt/domain';
import { count, createTestApp, expectError, rowsOf, type TestApp } from './support/test-app.ts';
import { insertCategory, insertProduct } from './support/marketplace.ts';

describe('the catalogue', () => {
  let t: TestApp;
  let retailer: string;
  let supplierId: number;
  let distributorId: number;
  /** A department of our own, with two subcategories, holding only the products below. */
  let dept: number;
  let catA: number;
  let catB: number;
  let otherDept: number;
  const bandPrices = [1999, 2000, 5000, 5001, 10000, 20000, 20001];
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    retailer = await t.login('retailer');
    supplierId = await t.demoUserId('supplier');
    distributorId = await t.demoUserId('distributor');
    dept = await insertCategory(t.db, 'Quixotic Department');
    catA = await insertCategory(t.db, 'Plumbob Supplies', dept);
    catB = await insertCategory(t.db, 'Widget Parts', dept);
    otherDept = await insertCategory(t.db, 'Other Department');
    await insertCategory(t.db, 'Other Sub', otherDept);
    for (const cents of bandPrices) {
      ids[`band${cents}`] = await insertProduct(t.db, {
        seller_id: supplierId,
        category_id: catA,
        name: `Band item ${cents}`,
        price_cents: cents,
        stock: cents % 97,
      });
    }
    ids.named = await insertProduct(t.db, {
      seller_id: distributorId,
      category_id: catB,
      name: 'Qwertyfoo Beans 410g',
      brand: 'Zxcvbrand',
      price_cents: 1500,
      stock: 40,
    });
    // Same price and stock as `named`: the tiebreak by id decides their order.
    ids.twin = await insertProduct(t.db, {
      seller_id: distributorId,
      category_id: catB,
      name: 'qwertyfoo beans 410g',
      price_cents: 1500,
      stock: 40,
    });
    ids.hidden = await insertProduct(t.db, {
      seller_id: supplierId,
      category_id: catB,
      name: 'Qwertyfoo Hidden',
      price_cents: 1500,
      active: false,
    });
    ids.hiddenOther = await insertProduct(t.db, {
      seller_id: distributorId,
      category_id: catB,
      name: 'Qwertyfoo Hidden Elsewhere',
      active: false,
    });
  });
  afterAll(() => t.close());

  async function list(query: string, cookie = retailer): Promise<ProductList> {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/products?${query}`,
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ProductList;
  }
  const idsOf = (products: Product[]) => products.map((p) => p.id);

  it('lists the active catalogue a page at a time, with the seller and category names', async () => {
    const activeTotal = await count(t.db, 'products', sql`is_active`);
    const body = await list('');
    expect(body.total).toBe(activeTotal);
    expect(body.page).toBe(1);
    expect(body.page_size).toBe(24);
    expect(body.products).toHaveLength(24);
    expect(body.browse_limit).toBeNull();
    const named = (await list('search=zxcvbrand')).products[0]!;
    expect(named).toMatchObject({
      id: ids.named,
      product_id: ids.named,
      name: 'Qwertyfoo Beans 410g',
      brand: 'Zxcvbrand',
      category_id: catB,
      category_name: 'Widget Parts',
      parent_id: dept,
      selling_price: 15,
      mrp: 15,
      stock_quantity: 40,
      is_active: true,
      seller_id: distributorId,
      seller_name: 'Kaap Distribution Co',
    });
  });

  it('never shows inactive products to buyers, even when they ask for them', async () => {
    for (const query of ['page_size=100', 'page_size=100&include_inactive=true']) {
      const seen: Product[] = [];
      for (let page = 1; ; page += 1) {
        const body = await list(`${query}&page=${page}`);
        seen.push(...body.products);
        if (body.products.length < 100) break;
      }
      expect(seen.length).toBe(await count(t.db, 'products', sql`is_active`));
      expect(seen.every((p) => p.is_active)).toBe(true);
      expect(idsOf(seen)).not.toContain(ids.hidden);
    }
  });

  it("shows a seller its own inactive listings when asked, and nobody else's", async () => {
    const supplier = await t.login('supplier');
    const asked = await list(`department_id=${dept}&include_inactive=true&page_size=100`, supplier);
    expect(idsOf(asked.products)).toContain(ids.hidden);
    expect(idsOf(asked.products)).not.toContain(ids.hiddenOther);
    const plain = await list(`department_id=${dept}&page_size=100`, supplier);
    expect(idsOf(plain.products)).not.toContain(ids.hidden);
    expect(asked.total).toBe(plain.total + 1);
  });

  it('searches name, brand and category name case-insensitively', async () => {
    const byName = await list('search=QWERTYFOO');
    expect(new Set(idsOf(byName.products))).toEqual(new Set([ids.named, ids.twin]));
    expect(byName.total).toBe(2);
    expect(idsOf((await list('search=xcvBRA')).products)).toEqual([ids.named]);
    const byCategory = await list('search=plumbob&page_size=100');
    expect(new Set(idsOf(byCategory.products))).toEqual(new Set(bandPrices.map((c) => ids[`band${c}`])));
    // LIKE wildcards are taken literally.
    expect((await list('search=qwertyfoo%25410g')).total).toBe(0);
    expect((await list('search=qwerty_oo')).total).toBe(0);
  });

  it('filters by department, and by a category only inside the chosen department', async () => {
    const inDept = await list(`department_id=${dept}&page_size=100`);
    expect(inDept.total).toBe(bandPrices.length + 2);
    expect(inDept.products.every((p) => p.parent_id === dept)).toBe(true);
    const inCategory = await list(`department_id=${dept}&category_id=${catB}`);
    expect(new Set(idsOf(inCategory.products))).toEqual(new Set([ids.named, ids.twin]));
    // A category outside the chosen department is not honoured: the department alone applies.
    const outside = await list(`department_id=${otherDept}&category_id=${catB}`);
    expect(outside.total).toBe(0);
    const mismatched = await list(`department_id=${dept}&category_id=${otherDept}&page_size=100`);
    expect(mismatched.total).toBe(inDept.total);
    // Without a department the category applies on its own.
    expect((await list(`category_id=${catB}`)).total).toBe(2);
    // A seeded department: every product belongs to one of its subcategories.
    const categories = (
      await t.app.inject({ method: 'GET', url: '/api/categories', headers: { cookie: retailer } })
    ).json() as Category[];
    const groceries = categories.find((c) => c.name === 'Groceries & Staples')!;
    const seeded = await list(`department_id=${groceries.id}&page_size=100`);
    const subIds = categories.filter((c) => c.parent_id === groceries.id).map((c) => c.id);
    expect(seeded.total).toBeGreaterThan(0);
    expect(seeded.products.every((p) => subIds.includes(p.category_id))).toBe(true);
    const [expected] = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`select count(*)::int as n from products p join categories c on c.id = p.category_id
             where p.is_active and c.parent_id = ${groceries.id}`,
      ),
    );
    expect(seeded.total).toBe(expected!.n);
  });

  it('matches the price bands with their inclusive boundaries (a boundary price is in two bands)', async () => {
    const expected: Record<string, number[]> = {
      under_20: [1999],
      '20_50': [2000, 5000],
      '50_100': [5000, 5001, 10000],
      '100_200': [10000, 20000],
      over_200: [20001],
    };
    for (const band of PRICE_BAND_KEYS) {
      const body = await list(`category_id=${catA}&price_band=${band}&sort=price_asc`);
      expect(idsOf(body.products), band).toEqual(expected[band]!.map((c) => ids[`band${c}`]));
    }
  });

  it('sorts four ways, ties broken by id', async () => {
    const all = (await list(`department_id=${dept}&page_size=100`)).products;
    const sorted = async (sort: ProductSort) =>
      (await list(`department_id=${dept}&page_size=100&sort=${sort}`)).products;
    const byName = await sorted('name');
    for (let i = 1; i < byName.length; i += 1) {
      const [a, b] = [byName[i - 1]!, byName[i]!];
      const [x, y] = [a.name.toLowerCase(), b.name.toLowerCase()];
      expect(x < y || (x === y && a.id < b.id), `${a.name} before ${b.name}`).toBe(true);
    }
    const cents = (p: Product) => Math.round(p.selling_price * 100);
    const asc = await sorted('price_asc');
    expect(idsOf(asc)).toEqual(idsOf([...all].sort((a, b) => cents(a) - cents(b) || a.id - b.id)));
    const desc = await sorted('price_desc');
    expect(idsOf(desc)).toEqual(idsOf([...all].sort((a, b) => cents(b) - cents(a) || b.id - a.id)));
    const stock = await sorted('stock');
    expect(idsOf(stock)).toEqual(
      idsOf([...all].sort((a, b) => b.stock_quantity - a.stock_quantity || b.id - a.id)),
    );
    // The twins tie on price and stock.
    expect(idsOf(asc).indexOf(ids.named!)).toBeLessThan(idsOf(asc).indexOf(ids.twin!));
    expect(idsOf(stock).indexOf(ids.twin!)).toBeLessThan(idsOf(stock).indexOf(ids.named!));
  });

  it('pages through the matches with a stable total', async () => {
    const whole = await list(`department_id=${dept}&page_size=100&sort=name`);
    const seen: number[] = [];
    for (let page = 1; page <= 3; page += 1) {
      const body = await list(`department_id=${dept}&page_size=4&page=${page}&sort=name`);
      expect(body.total).toBe(9);
      expect(body.products).toHaveLength(page < 3 ? 4 : 1);
      seen.push(...idsOf(body.products));
    }
    expect(seen).toEqual(idsOf(whole.products));
    expect((await list(`department_id=${dept}&page_size=4&page=4`)).products).toEqual([]);
  });

  it('caps the free plan at its browsing limit, however the pages are asked for', async () => {
    const salesRep = await t.login('sales_rep');
    const plan = await t.app.inject({
      method: 'GET',
      url: '/api/user-plan-restrictions',
      headers: { cookie: salesRep },
    });
    expect(plan.json()).toEqual({ plan_type: 'free', max_products_browse: FREE_PLAN_BROWSE_LIMIT });
    const first = await list('page_size=24', salesRep);
    expect(first.total).toBe(FREE_PLAN_BROWSE_LIMIT);
    expect(first.products).toHaveLength(FREE_PLAN_BROWSE_LIMIT);
    expect(first.browse_limit).toBe(FREE_PLAN_BROWSE_LIMIT);
    const paid = await list('page_size=10');
    expect(idsOf(first.products)).toEqual(idsOf(paid.products));
    expect((await list('page_size=24&page=2', salesRep)).products).toEqual([]);
    const small = [1, 2, 3, 4].map((page) => list(`page_size=4&page=${page}`, salesRep));
    const pages = await Promise.all(small);
    expect(pages.map((p) => p.products.length)).toEqual([4, 4, 2, 0]);
    expect(pages.flatMap((p) => idsOf(p.products))).toEqual(idsOf(paid.products));
    // Fewer matches than the limit: the real number.
    expect((await list(`department_id=${dept}`, salesRep)).total).toBe(9);
  });

  it('tells each user their plan', async () => {
    const plans: Record<string, PlanRestrictions> = {};
    for (const role of ['retailer', 'supplier', 'admin'] as const) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/user-plan-restrictions',
        headers: { cookie: await t.login(role) },
      });
      expect(response.statusCode).toBe(200);
      plans[role] = response.json() as PlanRestrictions;
    }
    expect(plans.retailer).toEqual({ plan_type: 'trader', max_products_browse: -1 });
    expect(plans.supplier).toEqual({ plan_type: 'supplier', max_products_browse: -1 });
    expect(plans.admin).toEqual({ plan_type: 'professional', max_products_browse: -1 });
  });

  it('lists departments and their subcategories', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/categories',
      headers: { cookie: retailer },
    });
    expect(response.statusCode).toBe(200);
    const categories = response.json() as Category[];
    expect(categories.length).toBe(await count(t.db, 'categories'));
    const departments = categories.filter((c) => c.parent_id === null);
    expect(departments.map((d) => d.id)).toContain(dept);
    expect(
      categories
        .filter((c) => c.parent_id === dept)
        .map((c) => c.name)
        .sort(),
    ).toEqual(['Plumbob Supplies', 'Widget Parts']);
    // Departments come first.
    expect(categories.findIndex((c) => c.parent_id !== null)).toBe(departments.length);
  });

  it('keeps which products match (ids) until the catalogue changes: every change shows at the next request', async () => {
    const other = await createTestApp({ env: { CATALOGUE_RESULT_CACHE_MS: '60000' } });
    try {
      const cookies = { retailer: await other.login('retailer'), supplier: await other.login('supplier') };
      const dept = await insertCategory(other.db, 'Cache dept');
      const cat = await insertCategory(other.db, 'Cache test', dept);
      const elsewhere = await insertCategory(other.db, 'Cache elsewhere', dept);
      const seller = await other.demoUserId('supplier');
      const query = async (q: string, cookie = cookies.retailer, where = `category_id=${cat}`) =>
        (
          await other.app.inject({
            method: 'GET',
            url: `/api/products?${where}${q}`,
            headers: { cookie },
          })
        ).json() as ProductList;
      const names = (list: ProductList) => list.products.map((p) => p.name);
      const first = await insertProduct(other.db, {
        seller_id: seller,
        category_id: cat,
        name: 'Mmm first',
        price_cents: 3000,
        stock: 7,
      });
      expect((await query('')).total).toBe(1);
      expect((await query('&price_band=20_50')).total).toBe(1);
      expect((await query('&include_inactive=true', cookies.supplier)).total).toBe(1);

      // A product added shows at the very next request (the catalogue's version moved), in every view.
      const second = await insertProduct(other.db, {
        seller_id: seller,
        category_id: cat,
        name: 'Zzz second',
        price_cents: 1000,
        stock: 0,
      });
      expect(names(await query(''))).toEqual(['Mmm first', 'Zzz second']);
      expect((await query('&include_inactive=true', cookies.supplier)).total).toBe(2);
      expect((await query('', cookies.retailer, `department_id=${dept}`)).total).toBe(2);

      // Renamed: the name order follows at once.
      await other.db.execute(sql`update products set name = 'Aaa second' where id = ${second}`);
      expect(names(await query(''))).toEqual(['Aaa second', 'Mmm first']);
      expect(names(await query('', cookies.retailer, 'search=aaa'))).toContain('Aaa second');

      // A price change shows at once, and moves the product into (or out of) a price band at once.
      await other.db.execute(sql`update products set selling_price_cents = 4550 where id = ${second}`);
      expect((await query('&price_band=20_50')).products.map((p) => [p.id, p.selling_price])).toEqual([
        [second, 45.5],
        [first, 30],
      ]);
      await other.db.execute(sql`update products set selling_price_cents = 6000 where id = ${first}`);
      expect((await query('&price_band=20_50')).products.map((p) => p.id)).toEqual([second]);

      // Moved to another category: gone from this one, there in the other, still in the department.
      await other.db.execute(sql`update products set category_id = ${elsewhere} where id = ${second}`);
      expect((await query('')).products.map((p) => p.id)).toEqual([first]);
      expect(
        (await query('', cookies.retailer, `category_id=${elsewhere}`)).products.map((p) => p.id),
      ).toEqual([second]);
      expect((await query('', cookies.retailer, `department_id=${dept}`)).total).toBe(2);

      // Stock is live on every page; the order by stock (which every sale changes) is what is kept, for
      // at most CATALOGUE_RESULT_CACHE_MS: a kept answer, read live.
      await other.db.execute(sql`update products set category_id = ${cat} where id = ${second}`);
      const byStock = await query('&sort=stock');
      expect(byStock.products.map((p) => [p.id, p.stock_quantity])).toEqual([
        [first, 7],
        [second, 0],
      ]);
      await other.db.execute(sql`update products set stock_quantity = 90 where id = ${second}`);
      expect((await query('&sort=stock')).products.map((p) => [p.id, p.stock_quantity])).toEqual([
        [first, 7],
        [second, 90],
      ]);
      // ...while a question not asked before is answered afresh.
      expect((await query('&sort=stock&price_band=20_50')).products.map((p) => p.id)).toEqual([second]);

      // Switched off: gone at the next request.
      await other.db.execute(sql`update products set is_active = false where id = ${first}`);
      expect((await query('')).products.map((p) => p.id)).toEqual([second]);
      expect((await query('&sort=stock')).products.map((p) => p.id)).toEqual([second]);
    } finally {
      await other.close();
    }
  });

  it('follows a subcategory moved to another department (the department column is kept by triggers)', async () => {
    const from = await insertCategory(t.db, 'Moving from dept');
    const to = await insertCategory(t.db, 'Moving to dept');
    const sub = await insertCategory(t.db, 'Moving sub', from);
    const moving = await insertProduct(t.db, {
      seller_id: supplierId,
      category_id: sub,
      name: 'Moving item',
    });
    // A product filed under the department itself belongs to it too.
    const direct = await insertProduct(t.db, { seller_id: supplierId, category_id: to, name: 'Direct item' });
    expect(idsOf((await list(`department_id=${from}`)).products)).toEqual([moving]);
    expect(idsOf((await list(`department_id=${to}`)).products)).toEqual([direct]);
    await t.db.execute(sql`update categories set parent_id = ${to} where id = ${sub}`);
    expect((await list(`department_id=${from}`)).products).toEqual([]);
    expect(idsOf((await list(`department_id=${to}`)).products)).toEqual([direct, moving]);
    expect(idsOf((await list(`department_id=${to}&category_id=${sub}`)).products)).toEqual([moving]);
  });

  it('refuses a malformed query with 400', async () => {
    for (const query of ['price_band=cheap', 'page=0', 'page_size=101', 'sort=random', 'department_id=x']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/products?${query}`,
        headers: { cookie: retailer },
      });
      expectError(response, 400, 'bad_request');
    }
  });
});
