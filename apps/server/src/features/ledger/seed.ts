import { sql } from 'drizzle-orm';
import { ACCOUNTS, CHART_OF_ACCOUNTS, sastDate, type DemoRole } from '@tt/domain';
import type { Tx } from '../../db/client.ts';
import { DAY, type AreaSeed } from '../../db/seed-types.ts';
import { postEntry } from './service.ts';
import { ledgerAccounts } from './tables.ts';

/** What each demo business started its books with, in cents: [bank, cash]. */
const openingBalances: Partial<Record<DemoRole, [number, number]>> = {
  retailer: [1_500_000, 250_000],
  supplier: [25_000_000, 500_000],
  distributor: [18_000_000, 300_000],
};

/**
 * The ledger's seed: the chart of accounts is reference data (idempotent: names and types follow the
 * domain's chart). The demo businesses open their books six months ago with capital in the bank and
 * the till, and the spaza shop pays its rent every month; their marketplace orders post as they are
 * delivered and paid (the orders seed), and the demo restore removes the books with the demo accounts.
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
    for (const [role, [bank, cash]] of Object.entries(openingBalances) as [DemoRole, [number, number]][]) {
      await postEntry(tx, {
        businessId: users!.demo[role],
        date: opened,
        reference: 'OPEN-1',
        description: 'Opening balances',
        source: 'opening_balance',
        lines: [
          { account_code: ACCOUNTS.bank, debit_cents: bank, credit_cents: 0 },
          { account_code: ACCOUNTS.cash, debit_cents: cash, credit_cents: 0 },
          { account_code: ACCOUNTS.equity, debit_cents: 0, credit_cents: bank + cash },
        ],
      });
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
  },
} satisfies AreaSeed;
