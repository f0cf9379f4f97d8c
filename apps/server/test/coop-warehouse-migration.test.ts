import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, rowsOf, type TestApp } from './support/test-app.ts';
import { insertCategory, insertProduct, insertUser } from './support/marketplace.ts';

/**
 * Migration 0027 moves the old virtual_inventory rows into inventory (issue 11 point 1): a location per
 * member's warehouse space, an item per product there and one in movement, so quantity == sum of
 * movements. The data steps are run here against rows made in the old table's shape.
 */
const statements = readFileSync(new URL('../drizzle/0027_cash_up_bulk_complete.sql', import.meta.url), 'utf8')
  .split('--> statement-breakpoint')
  .map((s) => s.trim());
const first = statements.findIndex((s) => s.includes('The existing virtual_inventory rows become movements'));
// The data steps end with the old table's drop; the bulk-order completion's steps follow in the same file.
const last = statements.findIndex((s) => s.startsWith('DROP TABLE "virtual_inventory"'));
const dataSteps = statements.slice(first, last + 1);

describe('migration 0027: virtual_inventory into inventory movements', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('every row becomes stock at the member’s co-op location, its quantity the sum of its movements', async () => {
    expect(first).toBeGreaterThan(0);
    expect(last).toBeGreaterThan(first);
    expect(dataSteps.at(-1)).toContain('DROP TABLE "virtual_inventory"');
    const member = await insertUser(t.db, 'retailer');
    const seller = await insertUser(t.db, 'supplier');
    const category = await insertCategory(t.db, 'Migration');
    const [rice, oil] = await Promise.all(
      [0, 1].map(() =>
        insertProduct(t.db, { seller_id: seller, category_id: category, price_cents: 500, stock: 5 }),
      ),
    );
    const [warehouse] = rowsOf<{ id: number; name: string }>(
      await t.db.execute(sql`
        insert into virtual_warehouses (coop_id, created_by, name, total_capacity_hundredths, cost_per_cubic_meter_cents)
        values ((select min(id) from cooperatives), ${member}, 'Old Depot', 10000, 4500) returning id, name`),
    );
    await t.db.execute(sql`
      create table virtual_inventory (
        id serial primary key, warehouse_id integer not null, user_id integer not null, product_id integer not null,
        quantity integer not null default 0, reserved_quantity integer not null default 0,
        unit_value_cents integer not null)`);
    await t.db.execute(sql`
      insert into virtual_inventory (warehouse_id, user_id, product_id, quantity, reserved_quantity, unit_value_cents)
      values (${warehouse!.id}, ${member}, ${rice}, 24, 6, 1500), (${warehouse!.id}, ${member}, ${oil}, 0, 0, 900)`);

    for (const step of dataSteps) await t.db.execute(sql.raw(step));

    const items = rowsOf<{
      location: string;
      kind: string;
      product_id: number;
      quantity: number;
      reserved: number;
      unit_cost_cents: number;
      moved: number;
    }>(
      await t.db.execute(sql`
        select l.name as location, l.kind, p.product_id, i.quantity, i.reserved, i.unit_cost_cents,
               (select coalesce(sum(m.quantity), 0)::int from inventory_movements m where m.item_id = i.id) as moved
        from inventory_items i
        join inventory_locations l on l.id = i.location_id
        join inventory_products p on p.id = i.inventory_product_id
        where i.business_id = ${member} order by p.product_id`),
    );
    expect(items).toEqual([
      {
        location: 'Old Depot',
        kind: 'coop_warehouse',
        product_id: rice,
        quantity: 24,
        reserved: 0,
        unit_cost_cents: 1500,
        moved: 24,
      },
      {
        location: 'Old Depot',
        kind: 'coop_warehouse',
        product_id: oil,
        quantity: 0,
        reserved: 0,
        unit_cost_cents: 900,
        moved: 0,
      },
    ]);
    const defaults = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`select count(*)::int as n from inventory_locations where business_id = ${member} and is_default`,
      ),
    );
    expect(defaults[0]!.n).toBe(1);
    const gone = rowsOf<{ t: string | null }>(
      await t.db.execute(sql`select to_regclass('virtual_inventory')::text as t`),
    );
    expect(gone[0]!.t).toBeNull();
  });
});
