import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PRODUCT_TOTAL_CAP, type Product, type ProductList } from '@tt/domain';
import { createTestApp, expectError, type TestApp } from './support/test-app.ts';
import { insertCategory, insertProduct } from './support/marketplace.ts';

/** The marketplace's search (issue 9): words, typos, local names, several words, relevance, totals. */
describe('the catalogue search', () => {
  let t: TestApp;
  let retailer: string;
  let dept: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    retailer = await t.login('retailer');
    const seller = await t.demoUserId('supplier');
    // Searches below are asked inside this department, so the demo catalogue's products cannot interfere.
    dept = await insertCategory(t.db, 'Search Test Department');
    const staples = await insertCategory(t.db, 'Pantry Staples', dept);
    const drinks = await insertCategory(t.db, 'Soft Drinks', dept);
    const maizeProducts = await insertCategory(t.db, 'Maize Products', dept);
    const add = async (key: string, category_id: number, name: string, brand: string) => {
      ids[key] = await insertProduct(t.db, { seller_id: seller, category_id, name, brand });
    };
    await add('maizeMeal', staples, 'Super Maize Meal 10kg', 'Iwisa');
    await add('sugar', staples, 'White Sugar 2kg', 'Huletts');
    await add('oil', staples, 'Sunflower Cooking Oil 2L', 'Sunfoil');
    await add('pilchards', staples, 'Pilchards in Tomato Sauce 400g', 'Lucky Star');
    await add('bleach', staples, 'Thick Bleach 1.5L', 'Shinezo');
    await add('feet', staples, 'Chicken Feet 2kg', 'Hilltop');
    await add('cola', drinks, 'Fizzy Lemon 2L', 'Twist');
    // "maize" in the name, in the brand, in the category name: relevance puts them in that order.
    await add('inName', staples, 'Golden Maize Snacks', 'Crunchy');
    await add('inBrand', staples, 'Corn Chips', 'Maize Valley');
    await add('inCategory', maizeProducts, 'Yellow Samp', 'Farmhouse');
    // Words that only begin with "sugar", in its name and its brand; one that only begins with "staples".
    await add('sugarbird', staples, 'Sugarbird White Mints', 'Sugarbird');
    await add(
      'stapler',
      await insertCategory(t.db, 'Office Supplies', dept),
      'Stapler Refills',
      'Officeline',
    );
  });
  afterAll(() => t.close());

  async function search(text: string, extra = ''): Promise<ProductList> {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/products?department_id=${dept}&search=${encodeURIComponent(text)}${extra}`,
      headers: { cookie: retailer },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ProductList;
  }
  const found = async (text: string) => new Set((await search(text)).products.map((p: Product) => p.id));

  it('finds maize meal for "maize", and completes a word being typed', async () => {
    expect(await found('maize')).toContain(ids.maizeMeal);
    expect(await found('MAIZE')).toContain(ids.maizeMeal);
    expect(await found('pilch')).toEqual(new Set([ids.pilchards]));
    // English stems: the plural finds the singular's products and back.
    expect(await found('snack')).toEqual(new Set([ids.inName]));
  });

  it('still finds close matches for a typo ("suger", "cookng oil")', async () => {
    expect(await found('suger')).toEqual(new Set([ids.sugar, ids.sugarbird]));
    expect((await search('suger')).products[0]!.id).toBe(ids.sugar);
    // The answer says what it searched for instead; a search that needed no correction says nothing.
    expect((await search('suger')).corrected).toBe('sugar');
    expect((await search('Cookng OIL')).corrected).toBe('cooking oil');
    expect((await search('sugar')).corrected).toBeNull();
    expect((await search('xylophone')).corrected).toBeNull();
    expect(await found('cookng oil')).toEqual(new Set([ids.oil]));
    expect(await found('pilchrds')).toEqual(new Set([ids.pilchards]));
  });

  it('understands the local names in the synonym list', async () => {
    expect(await found('mielie meal')).toEqual(new Set([ids.maizeMeal]));
    expect(await found('mealie meal')).toEqual(new Set([ids.maizeMeal]));
    expect(await found('pap')).toEqual(new Set([ids.maizeMeal]));
    expect(await found('tin fish')).toEqual(new Set([ids.pilchards]));
    // "cool drink" finds the Soft Drinks category.
    expect(await found('cool drink')).toEqual(new Set([ids.cola]));
    expect(await found('cooldrink')).toEqual(new Set([ids.cola]));
    // Brands that are the everyday word for the thing, and the township's names for chicken feet.
    expect(await found('jik')).toEqual(new Set([ids.bleach]));
    expect(await found('runaways')).toEqual(new Set([ids.feet]));
    expect(await found('walkie talkies')).toEqual(new Set([ids.feet]));
  });

  it('narrows the result with every further word', async () => {
    expect(await found('maize')).toEqual(new Set([ids.maizeMeal, ids.inName, ids.inBrand, ids.inCategory]));
    expect(await found('maize meal')).toEqual(new Set([ids.maizeMeal]));
    expect(await found('maize meal 10kg')).toEqual(new Set([ids.maizeMeal]));
    expect(await found('maize meal 5kg')).toEqual(new Set());
    expect(await found('golden maize')).toEqual(new Set([ids.inName]));
  });

  it('ranks by relevance while searching: name before brand before category', async () => {
    const order = (await search('maize')).products.map((p) => p.id);
    expect(order.slice(2)).toEqual([ids.inBrand, ids.inCategory]);
    expect(new Set(order.slice(0, 2))).toEqual(new Set([ids.maizeMeal, ids.inName]));
    // A whole word ranks before a word that only begins with it, though that one is in the name and the brand.
    expect((await search('sugar')).products.map((p) => p.id)).toEqual([ids.sugar, ids.sugarbird]);
    // A whole word in the category still ranks before a word in the name that only begins with it.
    const staples = (await search('staples')).products.map((p) => p.id);
    expect(staples.at(-1)).toBe(ids.stapler);
    const pantry = [
      'maizeMeal',
      'sugar',
      'oil',
      'pilchards',
      'bleach',
      'feet',
      'inName',
      'inBrand',
      'sugarbird',
    ];
    expect(new Set(staples.slice(0, -1))).toEqual(new Set(pantry.map((k) => ids[k])));
    // A word still being typed has no whole word to prefer: the name-and-brand match ranks first.
    expect((await search('suga')).products.map((p) => p.id)).toEqual([ids.sugarbird, ids.sugar]);
    // A chosen sort still applies to a search.
    const byName = (await search('maize', '&sort=name')).products.map((p) => p.name);
    expect(byName).toEqual(['Corn Chips', 'Golden Maize Snacks', 'Super Maize Meal 10kg', 'Yellow Samp']);
  });

  it('answers a search that matches nothing with an empty page, also on later pages', async () => {
    for (const text of ['xylophone', 'zzqx', '%%%', 'maize xylophone']) {
      const body = await search(text);
      expect(body, text).toMatchObject({ products: [], total: 0, total_capped: false, corrected: null });
    }
    expect((await search('xylophone', '&page=3')).products).toEqual([]);
  });

  it(`caps a broad total at ${PRODUCT_TOTAL_CAP} ("1,000+") and still pages beyond it`, async () => {
    const cat = await insertCategory(t.db, 'Capword Shelf', dept);
    const seller = await t.demoUserId('distributor');
    const extra = 5;
    await t.db.execute(sql`
      insert into products (seller_id, category_id, name, brand, sku, selling_price_cents, mrp_cents)
      select ${seller}, ${cat}, 'Capword item ' || lpad(i::text, 5, '0'), 'Capbrand', 'CAP-' || i, 100 + i, 100 + i
        from generate_series(1, ${PRODUCT_TOTAL_CAP + extra}) as g(i)`);
    try {
      const first = await search('capword', '&sort=name&page_size=100');
      expect(first).toMatchObject({ total: PRODUCT_TOTAL_CAP, total_capped: true });
      expect(first.products[0]!.name).toBe('Capword item 00001');
      // The page that crosses the cap and the one after it come from the database in the same order.
      const crossing = await search('capword', '&sort=name&page_size=100&page=10');
      expect(crossing.products.map((p) => p.name)).toEqual(
        Array.from({ length: 100 }, (_, i) => `Capword item ${String(901 + i).padStart(5, '0')}`),
      );
      const last = await search('capword', '&sort=name&page_size=100&page=11');
      expect(last.products.map((p) => p.name)).toEqual(
        Array.from({ length: extra }, (_, i) => `Capword item ${String(1001 + i).padStart(5, '0')}`),
      );
      // Fewer matches than the cap: the exact number.
      expect(await search('capword 00001')).toMatchObject({ total: 1, total_capped: false });
    } finally {
      await t.db.execute(sql`update products set is_active = false where category_id = ${cat}`);
    }
  });

  it('orders a search exactly in a chosen order, whether it matches few products or very many', async () => {
    // Up to 5,000 matches the text index's matches are sorted; above that a sort index is walked (service.ts).
    const cat = await insertCategory(t.db, 'Broadword Shelf', dept);
    const seller = await t.demoUserId('distributor');
    const many = 5100;
    await t.db.execute(sql`
      insert into products (seller_id, category_id, name, brand, sku, selling_price_cents, mrp_cents)
      select ${seller}, ${cat}, 'Broadword item ' || lpad(i::text, 5, '0') || case when i % 50 = 0 then ' rare' else '' end,
             'Broadbrand', 'BROAD-' || i, 100 + (i * 7919) % ${many}, 100 + (i * 7919) % ${many}
        from generate_series(1, ${many}) as g(i)`);
    try {
      const prices = (list: ProductList) => list.products.map((p) => Number(p.selling_price));
      for (const words of ['broadword', 'broadword rare']) {
        const asc = await search(words, '&sort=price_asc&page_size=50');
        const desc = await search(words, '&sort=price_desc&page_size=50');
        const byName = await search(words, '&sort=name&page_size=50');
        expect(prices(asc)).toEqual([...prices(asc)].sort((a, b) => a - b));
        expect(prices(desc)).toEqual([...prices(desc)].sort((a, b) => b - a));
        expect(byName.products.map((p) => p.name)).toEqual([...byName.products.map((p) => p.name)].sort());
        // The cheapest and dearest of all the matches, not of some of them.
        const all = (await t.db.execute(sql`
          select min(selling_price_cents) as lo, max(selling_price_cents) as hi from products
           where category_id = ${cat} and (${words} = 'broadword' or name like '% rare')`)) as unknown as {
          rows: { lo: number; hi: number }[];
        };
        expect(prices(asc)[0]).toBe(all.rows[0]!.lo / 100);
        expect(prices(desc)[0]).toBe(all.rows[0]!.hi / 100);
      }
    } finally {
      await t.db.execute(sql`update products set is_active = false where category_id = ${cat}`);
    }
  });

  it('asks for a session, and refuses an unknown order with 400', async () => {
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/products?search=maize' }),
      401,
      'unauthorized',
    );
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/products?search=maize&sort=best',
      headers: { cookie: retailer },
    });
    expectError(bad, 400, 'bad_request');
    // Relevance without a search is the name order.
    const plain = await t.app.inject({
      method: 'GET',
      url: `/api/products?department_id=${dept}&sort=relevance&page_size=100`,
      headers: { cookie: retailer },
    });
    const names = (plain.json() as ProductList).products.map((p) => p.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });
});
