import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { ACCOUNTS, CHART_OF_ACCOUNTS, sastDate, type DemoRole } from '@tt/domain';
import type { Tx } from '../../db/client.ts';
import { DAY, DEMO_TILL_DAYS, type AreaSeed } from '../../db/seed-types.ts';
import { postEntry } from './service.ts';
import { journalEntries, journalLines, ledgerAccounts } from './tables.ts';

/** What each demo business started its books with, in cents: [bank, cash, stock]. */
const openingBalances: Partial<Record<DemoRole, [number, number, number]>> = {
  retailer: [1_500_000, 250_000, 0],
  supplier: [25_000_000, 500_000, 40_000_000],
  distributor: [18_000_000, 300_000, 30_000_000],
};

const MONTHS = 6;

/** The demo business's total debits or credits on one account so far (its own postings). */
async function accountTotal(tx: Tx, businessId: number, code: number, side: 'debit' | 'credit') {
  const column = side === 'debit' ? journalLines.debit_cents : journalLines.credit_cents;
  const [row] = await tx
    .select({ cents: sql<string>`coalesce(sum(${column}), 0)` })
    .from(journalLines)
    .where(and(eq(journalLines.business_id, businessId), eq(journalLines.account_code, code)));
  return Number(row?.cents ?? 0);
}

/**
 * The ledger's seed: the chart of accounts is reference data (idempotent: names and types follow the
 * domain's chart). The demo businesses open their books six months ago with capital in the bank, the
 * till and (the sellers) stock; their marketplace orders have posted as they were delivered and paid
 * (the orders seed, which runs first); each month the shop banks its takings, counts its cost of sales
 * and pays rent. The demo restore removes the books with the demo accounts (cascade).
 */
export const seed = {
  area: 'ledger',
  async reference(tx: Tx) {
    await tx
      .insert(ledgerAccounts)
      .values(CHART_OF_ACCOUNTS.map((a) => ({ code: a.code, name: a.name, type: a.type })))
      .onConflictDoUpdate({
        target: ledgerAccounts.code,
        set: { name: sql`excluded.name`, type: sql`excluded.type` },
      });
  },
  async demo(tx: Tx, { now, users }) {
    const opened = sastDate(new Date(now.getTime() - 180 * DAY));
    for (const [role, [bank, cash, stock]] of Object.entries(openingBalances) as [
      DemoRole,
      [number, number, number],
    ][]) {
      await postEntry(tx, {
        businessId: users!.demo[role],
        date: opened,
        reference: 'OPEN-1',
        description: 'Opening balances',
        source: 'opening_balance',
        lines: [
          { account_code: ACCOUNTS.bank, debit_cents: bank, credit_cents: 0 },
          { account_code: ACCOUNTS.cash, debit_cents: cash, credit_cents: 0 },
          { account_code: ACCOUNTS.inventory, debit_cents: stock, credit_cents: 0 },
          { account_code: ACCOUNTS.equity, debit_cents: 0, credit_cents: bank + cash + stock },
        ],
      });
    }
    // Until the till records them (the pos seed's last weeks), the shop banks its takings and counts what the sold stock cost each
    // month, in step with what it bought on the marketplace (its deliveries posted by the orders seed);
    // the sellers count the cost of what they sold.
    const shop = users!.demo.retailer;
    const bought = await accountTotal(tx, shop, ACCOUNTS.inventory, 'debit');
    const sold = {
      supplier: await accountTotal(tx, users!.demo.supplier, ACCOUNTS.sales, 'credit'),
      distributor: await accountTotal(tx, users!.demo.distributor, ACCOUNTS.sales, 'credit'),
    };
    const monthly = (cents: number, share: number) => Math.round((cents * share) / MONTHS);
    for (let month = MONTHS - 1; month >= 0; month -= 1) {
      const counted = sastDate(new Date(now.getTime() - (month * 30 + 1) * DAY));
      const yearMonth = counted.slice(0, 7);
      const takings = monthly(bought, 1.35);
      const cost = monthly(bought, 0.85);
      // The till's own sales (the pos seed) post the last weeks' takings and cost of sales.
      const tillCovers = month * 30 + 1 <= DEMO_TILL_DAYS;
      if (takings > 0 && !tillCovers) {
        await postEntry(tx, {
          businessId: shop,
          date: counted,
          reference: `TAKE-${yearMonth}`,
          description: 'Till takings banked',
          source: 'manual',
          lines: [
            { account_code: ACCOUNTS.bank, debit_cents: takings, credit_cents: 0 },
            { account_code: ACCOUNTS.sales, debit_cents: 0, credit_cents: takings },
          ],
        });
        await postEntry(tx, {
          businessId: shop,
          date: counted,
          reference: `COST-${yearMonth}`,
          description: 'Stock count: cost of what was sold',
          source: 'manual',
          lines: [
            { account_code: ACCOUNTS.costOfSales, debit_cents: cost, credit_cents: 0 },
            { account_code: ACCOUNTS.inventory, debit_cents: 0, credit_cents: cost },
          ],
        });
      }
      for (const role of ['supplier', 'distributor'] as const) {
        const sellerCost = monthly(sold[role], 0.7);
        if (sellerCost === 0) continue;
        await postEntry(tx, {
          businessId: users!.demo[role],
          date: counted,
          reference: `COST-${yearMonth}`,
          description: 'Stock count: cost of what was sold',
          source: 'manual',
          lines: [
            { account_code: ACCOUNTS.costOfSales, debit_cents: sellerCost, credit_cents: 0 },
            { account_code: ACCOUNTS.inventory, debit_cents: 0, credit_cents: sellerCost },
          ],
        });
      }
    }
    for (let month = 5; month >= 0; month -= 1) {
      const paid = new Date(now.getTime() - (month * 30 + 2) * DAY);
      await postEntry(tx, {
        businessId: users!.demo.retailer,
        date: sastDate(paid),
        reference: `RENT-${sastDate(paid).slice(0, 7)}`,
        description: 'Shop rent',
        source: 'manual',
        lines: [
          { account_code: 5300, debit_cents: 180_000, credit_cents: 0 },
          { account_code: ACCOUNTS.bank, debit_cents: 0, credit_cents: 180_000 },
        ],
      });
    }
    // The months before this one are reconciled with the bank statements already.
    const monthStart = `${sastDate(now).slice(0, 7)}-01`;
    const demoBusinesses = Object.keys(openingBalances).map((role) => users!.demo[role as DemoRole]);
    await tx
      .update(journalLines)
      .set({ reconciled: true })
      .where(
        and(
          inArray(journalLines.business_id, demoBusinesses),
          eq(journalLines.account_code, ACCOUNTS.bank),
          inArray(
            journalLines.entry_id,
            tx
              .select({ id: journalEntries.id })
              .from(journalEntries)
              .where(
                and(
                  inArray(journalEntries.business_id, demoBusinesses),
                  lt(journalEntries.entry_date, monthStart),
                ),
              ),
          ),
        ),
      );
  },
} satisfies AreaSeed;
