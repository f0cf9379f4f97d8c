import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { users } from '../src/db/schema.ts';
import { createSession, demoEmail } from '../src/features/auth/service.ts';

const brands = [
  'Ubuntu',
  'Mzansi',
  'Kasi',
  'Sunrise',
  'Golden',
  'Imbali',
  'Khaya',
  'Lekker',
  'Morning',
  'Savanna',
  'Baobab',
  'Thaba',
  'Nala',
  'Zizi',
  'Amandla',
  'Protea',
  'Karoo',
  'Drakensberg',
  'Limpopo',
  'Vaal',
];
const kinds = [
  'Maize Meal',
  'Rice',
  'Sugar',
  'Cooking Oil',
  'Baked Beans',
  'Pilchards',
  'Bread Flour',
  'Cake Flour',
  'Tea',
  'Coffee',
  'Cola',
  'Orange Juice',
  'Washing Powder',
  'Dish Soap',
  'Bath Soap',
  'Toothpaste',
  'Petroleum Jelly',
  'Hair Relaxer',
  'Candles',
  'Matches',
  'Chips',
  'Biscuits',
  'Peanut Butter',
  'Jam',
  'Samp',
  'Beans',
  'Soup Powder',
  'Stock Cubes',
  'Atchar',
  'Chakalaka',
  'Amasi',
  'Long Life Milk',
  'Frozen Chicken',
  'Polony',
  'Vienna Sausages',
  'Nappies',
  'Airtime Voucher',
  'Paraffin',
  'Salt',
  'Spice Mix',
];
const grades = [
  'Super',
  'Special',
  'Select',
  'Original',
  'Classic',
  'Premium',
  'Value',
  'Family',
  'Extra',
  'Lite',
];
const sizes = ['250g', '500g', '1kg', '2kg', '5kg', '10kg', '12.5kg', '750ml', '1L', '2L', '5L', '24 pack'];

const arrayLiteral = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v}'`).join(',')}]`);

/**
 * Adds `count` deterministic products to a freshly seeded database in one statement (generate_series):
 * the demo sellers' own products, spread over every subcategory, names from a few word lists so searches
 * find realistic numbers of matches, one in twenty inactive.
 */
export async function seedBenchProducts(db: Db, count: number): Promise<void> {
  await db.execute(sql`
    with sellers as (
      select array_agg(id order by id) as ids from users
       where email in (${demoEmail('supplier')}, ${demoEmail('distributor')})
    ), cats as (
      select array_agg(id order by id) as ids from categories where parent_id is not null
    )
    insert into products (seller_id, category_id, name, brand, sku, description, image_url,
                          selling_price_cents, mrp_cents, minimum_order_quantity, stock_quantity, is_active)
    select sellers.ids[1 + i % array_length(sellers.ids, 1)],
           cats.ids[1 + (i * 7) % array_length(cats.ids, 1)],
           (${arrayLiteral(brands)})[1 + i % ${brands.length}] || ' ' ||
             (${arrayLiteral(grades)})[1 + (i / 7) % ${grades.length}] || ' ' ||
             (${arrayLiteral(kinds)})[1 + (i / 3) % ${kinds.length}] || ' ' ||
             (${arrayLiteral(sizes)})[1 + (i / 11) % ${sizes.length}],
           (${arrayLiteral(brands)})[1 + i % ${brands.length}] || ' Foods',
           'BENCH-' || i,
           'Bench product ' || i,
           null,
           500 + (i * 7919) % 49500,
           500 + (i * 7919) % 49500 + (i % 4) * 250,
           1 + i % 12,
           (i * 31) % 500,
           i % 20 <> 0
      from generate_series(1, ${count}) as g(i), sellers, cats`);
  // VACUUM too: a fresh bulk load has no visibility map yet, and the catalogue reads ids by index-only scans.
  await db.execute(sql`vacuum analyze`);
}

/** Buyers for the checkout run: each its own retailer account with its own session. */
export async function benchBuyers(db: Db, count: number): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const [row] = await db
      .insert(users)
      .values({
        email: `bench.buyer.${i}.${randomBytes(3).toString('hex')}@example.co.za`,
        name: `Bench Buyer ${i}`,
        role: 'retailer',
        company_name: `Bench Spaza ${i}`,
      })
      .returning({ id: users.id });
    const { token } = await createSession(db, row!.id, 1);
    cookies.push(`tt_session=${token}`);
  }
  return cookies;
}

/** A product with stock enough for any run, for the checkout benchmark. */
export async function benchCheckoutProduct(db: Db): Promise<{ id: number; price_cents: number }> {
  const result = await db.execute(sql`
    insert into products (seller_id, category_id, name, brand, sku, selling_price_cents, mrp_cents,
                          minimum_order_quantity, stock_quantity, is_active)
    select (select id from users where email = ${demoEmail('supplier')}),
           (select min(id) from categories where parent_id is not null),
           'Bench Checkout Sugar 2kg', 'Bench', 'BENCH-CHECKOUT', 3499, 3499, 1, 1000000000, true
    returning id`);
  const id = (result as unknown as { rows: { id: number }[] }).rows[0]!.id;
  return { id, price_cents: 3499 };
}

/**
 * `count` buyers, each a retailer on a paid plan with its own session, in three statements: the mix asks
 * every request as another buyer, so no per-buyer cache can help. Returns their Cookie headers.
 */
export async function benchBuyerSessions(db: Db, count: number): Promise<string[]> {
  const tag = randomBytes(3).toString('hex');
  const tokens = Array.from({ length: count }, () => randomBytes(32).toString('base64url'));
  const hashes = tokens.map((t) => createHash('sha256').update(t).digest('hex'));
  await db.execute(sql`
    insert into users (email, name, role, company_name)
    select 'bench.mix.' || ${tag} || '.' || i || '@example.co.za', 'Mix Buyer ' || i, 'retailer', 'Mix Spaza ' || i
      from generate_series(1, ${count}) as g(i)`);
  await db.execute(sql`
    insert into subscriptions (user_id, plan_tier, status, started_at)
    select id, 'trader', 'active', now() from users where email like ${`bench.mix.${tag}.%`}`);
  await db.execute(sql`
    insert into sessions (id, user_id, expires_at)
    select h.hash, u.id, now() + interval '1 day'
      from unnest(${sql.raw(`array[${hashes.map((h) => `'${h}'`).join(',')}]`)}::text[]) with ordinality as h(hash, n)
      join users u on u.email = 'bench.mix.' || ${tag} || '.' || h.n || '@example.co.za'`);
  return tokens.map((t) => `tt_session=${t}`);
}
