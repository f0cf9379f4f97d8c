import { sql } from 'drizzle-orm';
import { ACCOUNTS, cashUpTotals, randToCents, sastDate, tillTotals, type PaymentMethod } from '@tt/domain';
import type { Db } from '../../db/client.ts';
import { DAY, DEMO_TILL_DAYS, seededRandom, type AreaSeed } from '../../db/seed-types.ts';
import { defaultLocation, recordMovement } from '../inventory/service.ts';
import { bankReconciliation, postEntry, reconcileLine } from '../ledger/service.ts';
import { savePrice, tillCatalogue } from './service.ts';
import { posCashUps, posSaleLines, posSales } from './tables.ts';

/** The demo shop's own shelf prices (VAT included): paraffin still at last month's price, under its new cost. */
const PRICES: Record<string, number> = {
  'OWN-BREAD-700': 18.99,
  'OWN-PARAFFIN-1L': 19.99,
  'OWN-SWEETS-JAR': 1,
};
/** What a day sells of each (units, on an average day), and how a week's days compare. */
const DAILY: Record<string, number> = { 'OWN-BREAD-700': 6, 'OWN-PARAFFIN-1L': 1.2, 'OWN-SWEETS-JAR': 14 };
const MARKETPLACE_DAILY = 0.6;
/** Monday ... Sunday: weekends and Friday busy, the start of the week quiet. */
const WEEK = [0.75, 0.7, 0.8, 0.9, 1.3, 1.6, 1.0];
const METHODS: [PaymentMethod, number][] = [
  ['cash', 0.7],
  ['mobile', 0.15],
  ['card', 0.1],
  ['qr_code', 0.05],
];

const uuid = (random: () => number) => {
  const hex = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 16).toString(16)).join('');
  return `${hex(8)}-${hex(4)}-4${hex(3)}-8${hex(3)}-${hex(12)}`;
};

/**
 * The demo shop's till (ADR 053): five weeks of believable sales of its own goods and some of what it bought on
 * the marketplace, at its till prices and by the till's own totals rule, written in bulk (the demo seed runs at
 * every restore; ringing up 300 sales one by one took a minute): each day's takings and cost of sales post as one
 * entry, so the ledger seed stops banking takings by hand for these weeks, and each week is cashed up on its last
 * evening and its cash banked. Each week the shop restocks exactly what the week sells (bought from the bank) and
 * the till's sales leave through inventory's movements, so the stock the inventory seed left is the stock after the
 * till's weeks. Its own random generator, so the other seeds' demo data does not move.
 */
export const seed: AreaSeed = {
  area: 'pos',
  async demo(tx, world) {
    const shop = world.users!.demo.retailer;
    const db = tx as unknown as Db;
    const random = seededRandom(20261201);
    for (const [sku, price] of Object.entries(PRICES)) {
      const product = (await tillCatalogue(db, shop)).products.find((p) => p.sku === sku);
      if (product) await savePrice(db, shop, product.id, price);
    }
    const till = await tillCatalogue(db, shop);
    const vatRegistered = till.shop.vat_registered;
    const goods = till.products
      .filter((p) => p.price > 0)
      .map((p) => ({ ...p, daily: DAILY[p.sku] ?? (p.sku.startsWith('OWN-') ? 0 : MARKETPLACE_DAILY) }))
      .filter((p) => p.daily > 0)
      // Half the marketplace goods sell at the till; the others wait on the shelf (slow stock).
      .filter((p, i) => p.sku.startsWith('OWN-') || i % 2 === 0);
    const location = await defaultLocation(tx, shop);
    const today = sastDate(world.now);
    const at = (daysAgo: number, hour: number) =>
      new Date(
        Date.parse(`${sastDate(new Date(world.now.getTime() - daysAgo * DAY))}T00:00:00+02:00`) +
          hour * 3_600_000,
      );

    // Plan the days first, so each week's restock is what that week sells.
    type Line = { product_id: number; quantity: number; unit_price_cents: number };
    const days: { daysAgo: number; sales: Line[][] }[] = [];
    for (let daysAgo = DEMO_TILL_DAYS; daysAgo >= 1; daysAgo -= 1) {
      const date = sastDate(new Date(world.now.getTime() - daysAgo * DAY));
      if (date >= today) continue;
      const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
      const busy = WEEK[weekday]! * (0.8 + random() * 0.4);
      const sales: Line[][] = [];
      const count = Math.max(2, Math.round(7 * busy));
      const units = new Map(goods.map((g) => [g.id, Math.round(g.daily * busy * (0.7 + random() * 0.6))]));
      for (let s = 0; s < count; s += 1) sales.push([]);
      for (const g of goods) {
        let left = units.get(g.id)!;
        while (left > 0) {
          const quantity = Math.min(left, 1 + Math.floor(random() * (g.sku === 'OWN-SWEETS-JAR' ? 6 : 2)));
          const sale = sales[Math.floor(random() * count)]!;
          const line = sale.find((l) => l.product_id === g.id);
          if (line) line.quantity += quantity;
          else sale.push({ product_id: g.id, quantity, unit_price_cents: randToCents(g.price) });
          left -= quantity;
        }
      }
      days.push({ daysAgo, sales: sales.filter((s) => s.length > 0) });
    }

    const costOf = new Map(goods.map((g) => [g.id, randToCents(g.unit_cost)]));
    const names = new Map(goods.map((g) => [g.id, g]));
    let session = 0;
    for (let w = 0; w < days.length; w += 7) {
      const week = days.slice(w, w + 7);
      const sold = new Map<number, number>();
      for (const day of week)
        for (const sale of day.sales)
          for (const l of sale) sold.set(l.product_id, (sold.get(l.product_id) ?? 0) + l.quantity);
      const weekStart = sastDate(at(week[0]!.daysAgo, 7));
      const weekEnd = sastDate(at(week.at(-1)!.daysAgo, 7));
      let spent = 0;
      // The week's restock comes in, and what the till sold goes out, through inventory's own movements.
      for (const [productId, quantity] of [...sold.entries()].sort((a, b) => a[0] - b[0])) {
        const cost = costOf.get(productId)!;
        const base = {
          businessId: shop,
          performedBy: shop,
          inventoryProductId: productId,
          locationId: location.id,
        };
        await recordMovement(tx, {
          ...base,
          type: 'in',
          quantity,
          unitCostCents: cost,
          reason: 'Restocked for the week',
        });
        await recordMovement(tx, {
          ...base,
          type: 'out',
          quantity,
          reason: 'Till sale',
          reference: `POS-${weekStart.replaceAll('-', '')}-${weekEnd.replaceAll('-', '')}`,
        });
        spent += cost * quantity;
      }
      await postEntry(tx, {
        businessId: shop,
        date: weekStart,
        reference: `STOCK-${weekStart.replaceAll('-', '')}`,
        description: 'Stock bought for the week',
        source: 'manual',
        lines: [
          { account_code: ACCOUNTS.inventory, debit_cents: spent, credit_cents: 0 },
          { account_code: ACCOUNTS.bank, debit_cents: 0, credit_cents: spent },
        ],
      });

      // The week's sales, cashed up on its last evening (counted as expected).
      const rows: (typeof posSales.$inferInsert & { lines: Line[] })[] = [];
      for (const day of week) {
        const date = sastDate(at(day.daysAgo, 12));
        let cash = 0;
        let card = 0;
        let vat = 0;
        let cost = 0;
        for (const [i, lines] of day.sales.entries()) {
          const roll = random();
          let acc = 0;
          const method = METHODS.find(([, share]) => (acc += share) >= roll)?.[0] ?? 'cash';
          const totals = tillTotals(lines, 0, vatRegistered);
          const saleCost = lines.reduce((n, l) => n + costOf.get(l.product_id)! * l.quantity, 0);
          const rung = at(day.daysAgo, 7 + (12 * (i + random())) / day.sales.length);
          rows.push({
            business_id: shop,
            client_sale_id: uuid(random),
            transaction_number: `seed-${rows.length}-${w}`,
            subtotal_cents: totals.subtotal,
            discount_cents: totals.discount,
            vat_cents: totals.vat,
            total_cents: totals.total,
            cost_cents: saleCost,
            payment_method: method,
            amount_tendered_cents: method === 'cash' ? Math.ceil(totals.total / 1000) * 1000 : null,
            rung_up_at: rung,
            created_at: rung,
            created_by: shop,
            lines,
          });
          if (method === 'cash') cash += totals.total;
          else card += totals.total;
          vat += totals.vat;
          cost += saleCost;
        }
        await postEntry(tx, {
          businessId: shop,
          date,
          reference: `TILL-${date.replaceAll('-', '')}`,
          description: `Till sales of ${date}`,
          source: 'pos_sale',
          createdBy: shop,
          lines: [
            { account_code: ACCOUNTS.cash, debit_cents: cash, credit_cents: 0 },
            { account_code: ACCOUNTS.bankClearing, debit_cents: card, credit_cents: 0 },
            { account_code: ACCOUNTS.sales, debit_cents: 0, credit_cents: cash + card - vat },
            { account_code: ACCOUNTS.vatOutput, debit_cents: 0, credit_cents: vat },
            { account_code: ACCOUNTS.costOfSales, debit_cents: cost, credit_cents: 0 },
            { account_code: ACCOUNTS.inventory, debit_cents: 0, credit_cents: cost },
          ],
        });
      }
      session += 1;
      const totals = cashUpTotals(
        rows.map((r) => ({ payment_method: r.payment_method as PaymentMethod, total_cents: r.total_cents })),
        [],
        0,
      );
      const [up] = await tx
        .insert(posCashUps)
        .values({
          business_id: shop,
          session,
          opened_at: rows[0]!.rung_up_at,
          closed_at: at(week.at(-1)!.daysAgo, 19),
          methods: totals.methods,
          float_cents: 0,
          expected_cents: totals.expected_cash_cents,
          counted_cents: totals.expected_cash_cents,
          difference_cents: 0,
          created_by: shop,
        })
        .returning({ id: posCashUps.id });
      // The week's cash goes to the bank on the day it was counted.
      const banked = sastDate(at(week.at(-1)!.daysAgo, 19));
      if (totals.expected_cash_cents > 0)
        await postEntry(tx, {
          businessId: shop,
          date: banked,
          reference: `BANK-${banked.replaceAll('-', '')}`,
          description: `Cash-up ${session}: cash banked`,
          source: 'manual',
          lines: [
            { account_code: ACCOUNTS.bank, debit_cents: totals.expected_cash_cents, credit_cents: 0 },
            { account_code: ACCOUNTS.cash, debit_cents: 0, credit_cents: totals.expected_cash_cents },
          ],
        });
      const inserted = await tx
        .insert(posSales)
        .values(rows.map(({ lines: _lines, ...r }) => ({ ...r, cash_up_id: up!.id })))
        .returning({ id: posSales.id });
      await tx.insert(posSaleLines).values(
        rows.flatMap((r, i) =>
          r.lines.map((l) => ({
            sale_id: inserted[i]!.id,
            inventory_product_id: l.product_id,
            name: names.get(l.product_id)!.name,
            sku: names.get(l.product_id)!.sku,
            quantity: l.quantity,
            unit_price_cents: l.unit_price_cents,
            unit_cost_cents: costOf.get(l.product_id)!,
          })),
        ),
      );
    }
    // As the ledger seed does for its own lines: the months before this one are reconciled with the bank already.
    const monthStart = `${today.slice(0, 7)}-01`;
    const earlier = await bankReconciliation(db, shop, {
      from: sastDate(new Date(world.now.getTime() - (DEMO_TILL_DAYS + 7) * DAY)),
      to: sastDate(new Date(Date.parse(`${monthStart}T12:00:00Z`) - DAY)),
    });
    for (const line of earlier.lines) if (!line.reconciled) await reconcileLine(db, shop, line.id, true);
    // The till's own receipt numbers (POS-<day>-<id>), as processPayment gives them.
    await tx.execute(sql`update pos_sales set transaction_number = 'POS-' ||
      to_char(rung_up_at at time zone 'Africa/Johannesburg', 'YYYYMMDD') || '-' || lpad(id::text, 5, '0')
      where business_id = ${shop} and transaction_number like 'seed-%'`);
  },
};
