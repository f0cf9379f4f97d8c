import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ORDER_NUMBER_PATTERN, type Order } from '@tt/domain';
import { createTestApp, rowsOf, type TestApp } from './support/test-app.ts';
import { insertCategory, insertProduct, insertUser, placeOrder } from './support/marketplace.ts';

/** Migration 0014's statements, run again over data put back into the old numbering. */
const backfill = readFileSync(new URL('../drizzle/0014_order_numbers.sql', import.meta.url), 'utf8')
  .split('--> statement-breakpoint')
  .map((s) => s.trim())
  .filter(Boolean);

interface Row {
  id: number;
  order_number: string;
  created_at: string;
}

describe('order numbers (DECISIONS 19)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const orderRows = async () =>
    rowsOf<Row>(
      await t.db.execute(sql`select id, order_number, created_at::text from orders order by created_at, id`),
    );

  it('the seeded orders are numbered in one format, rising with the date they were placed', async () => {
    const rows = await orderRows();
    expect(rows.length).toBeGreaterThan(20);
    for (const row of rows) expect(row.order_number).toMatch(ORDER_NUMBER_PATTERN);
    const serials = rows.map((r) => Number(r.order_number.split('-')[2]));
    expect(serials).toEqual([...serials].sort((a, b) => a - b));
    // The date part is the Johannesburg day the order was placed.
    const first = rows[0]!;
    const day = new Date(new Date(first.created_at).getTime() + 2 * 3600_000).toISOString().slice(0, 10);
    expect(first.order_number.slice(4, 12)).toBe(day.replaceAll('-', ''));
  });

  it('migration 0014 renumbers old orders by date and rewrites every place that quoted the old number', async () => {
    // Put the data back as it was before 0014: "ORD" plus a timestamp, quoted by the books, the stock
    // movements, the notifications and a stored checkout answer.
    await t.db.execute(sql`
      create temp table renamed as
      select id, order_number as current,
        'ORD' || (extract(epoch from created_at) * 1000)::bigint::text || lpad(id::text, 3, '0') as legacy
      from orders`);
    await t.db.execute(sql`update orders o set order_number = r.legacy from renamed r where r.id = o.id`);
    await t.db.execute(sql`alter table journal_entries disable trigger journal_entries_immutable`);
    await t.db.execute(sql`update journal_entries j set reference = r.legacy,
      description = replace(j.description, r.current, r.legacy) from renamed r where j.reference = r.current`);
    await t.db.execute(sql`alter table journal_entries enable trigger journal_entries_immutable`);
    await t.db.execute(
      sql`update inventory_movements m set reference = r.legacy from renamed r where m.reference = r.current`,
    );
    const [oldest] = rowsOf<{ id: number; legacy: string; buyer_id: number }>(
      await t.db.execute(sql`select r.id, r.legacy, o.buyer_id from renamed r join orders o on o.id = r.id
        where exists (select 1 from journal_entries j where j.reference = r.legacy)
        order by o.created_at, o.id limit 1`),
    );
    await t.db.execute(sql`insert into notifications (user_id, type, title, message, params)
      values (${oldest!.buyer_id}, 'order', 't', 'm', ${JSON.stringify({ number: oldest!.legacy, status: 'shipped' })}::jsonb)`);
    await t.db.execute(sql`insert into checkout_idempotency_keys (user_id, key, request_hash, response)
      values (${oldest!.buyer_id}, 'backfill-key', 'h',
        ${JSON.stringify({ orders: [{ id: oldest!.id, order_number: oldest!.legacy }] })}::jsonb)`);
    const legacyCount = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from journal_entries where reference ~ '^ORD[0-9]+$'`),
    )[0]!.n;
    expect(legacyCount).toBeGreaterThan(0);

    for (const statement of backfill) await t.db.execute(sql.raw(statement));

    const rows = await orderRows();
    expect(rows.map((r) => r.order_number)).toEqual(
      rows.map((r, i) => {
        const day = new Date(new Date(r.created_at).getTime() + 2 * 3600_000).toISOString().slice(0, 10);
        return `ORD-${day.replaceAll('-', '')}-${String(i + 1).padStart(4, '0')}`;
      }),
    );
    const renumbered = rows.find((r) => r.id === oldest!.id)!.order_number;
    const quoted = rowsOf<{ reference: string; description: string }>(
      await t.db.execute(
        sql`select reference, description from journal_entries where reference = ${renumbered}`,
      ),
    );
    expect(quoted.length).toBeGreaterThan(0);
    for (const entry of quoted) expect(entry.description).toContain(renumbered);
    const leftOver = async (query: ReturnType<typeof sql>) =>
      rowsOf<{ n: number }>(await t.db.execute(query))[0]!.n;
    expect(
      await leftOver(
        sql`select count(*)::int as n from journal_entries where reference ~ '^ORD[0-9]+$' or description ~ 'ORD[0-9]{6}'`,
      ),
    ).toBe(0);
    expect(
      await leftOver(sql`select count(*)::int as n from inventory_movements where reference ~ '^ORD[0-9]+$'`),
    ).toBe(0);
    const [note] = rowsOf<{ params: Record<string, string> }>(
      await t.db.execute(sql`select params from notifications where title = 't' and message = 'm'`),
    );
    expect(note!.params).toEqual({ number: renumbered, status: 'shipped' });
    const [stored] = rowsOf<{ response: { orders: { id: number; order_number: string }[] } }>(
      await t.db.execute(sql`select response from checkout_idempotency_keys where key = 'backfill-key'`),
    );
    expect(stored!.response.orders).toEqual([{ id: oldest!.id, order_number: renumbered }]);

    // The sequence carries on after the backfilled orders.
    const category = await insertCategory(t.db, 'Numbering', await insertCategory(t.db, 'Numbering dept'));
    const productId = await insertProduct(t.db, {
      seller_id: await t.demoUserId('supplier'),
      category_id: category,
    });
    const buyer = await insertUser(t.db, 'retailer');
    const order: Order = await placeOrder(t.app, await t.sessionFor(buyer), { productId, quantity: 1 });
    expect(Number(order.order_number.split('-')[2])).toBe(rows.length + 1);
    // The books stay closed to edits after the rename.
    await expect(
      t.db.execute(sql`update journal_entries set reference = 'x' where reference = ${renumbered}`),
    ).rejects.toThrow();
  });
});
