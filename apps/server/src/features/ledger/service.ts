import { and, asc, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import {
  ACCOUNTS,
  accountTypeOf,
  centsToRand,
  CHART_OF_ACCOUNTS,
  imbalanceOf,
  isAccountCode,
  isBalanced,
  isDebitNormal,
  isVatRegistered,
  randToCents,
  reversedLines,
  sastDate,
  vatFor,
  type AccountType,
  type BankReconciliation,
  type ChartOfAccounts,
  type FinanceSummary,
  type FinancialReports,
  type JournalEntry,
  type JournalEntryInput,
  type JournalList,
  type JournalSource,
  type LedgerLine,
} from '@tt/domain';
import type { Db, Tx } from '../../db/client.ts';
import { fail } from '../../platform/errors.ts';
import { vatNumbersOf } from '../auth/service.ts';
import { journalEntries, journalLines } from './tables.ts';

/** A period's first and last day (inclusive), Johannesburg dates YYYY-MM-DD. */
export interface DateRange {
  from: string;
  to: string;
}

export interface PostEntryInput {
  businessId: number;
  /** The entry date (YYYY-MM-DD); today in Johannesburg when left out. */
  date?: string;
  reference: string;
  description: string;
  source: JournalSource;
  /** The record that caused an automatic posting: at most one posting per business, source and record. */
  sourceId?: number;
  reversesId?: number;
  createdBy?: number;
  lines: LedgerLine[];
}

const NAME_OF = new Map<number, string>(CHART_OF_ACCOUNTS.map((a) => [a.code, a.name]));
const nameOf = (code: number) => NAME_OF.get(code) ?? String(code);

/**
 * The one way anything reaches the books: posts a journal entry of one business inside the caller's
 * transaction. Lines of zero on both sides are left out (an unregistered business's VAT line, say); the
 * rest must satisfy the domain's balance rule (two or more lines, each a debit or a credit, debits equal
 * to credits), or the call is refused with 400 ledger.unbalanced and nothing is written.
 */
export async function postEntry(tx: Db | Tx, input: PostEntryInput): Promise<number> {
  const lines = input.lines.filter((l) => l.debit_cents !== 0 || l.credit_cents !== 0);
  for (const line of lines) {
    if (!isAccountCode(line.account_code)) throw new Error(`No account ${line.account_code} in the chart`);
  }
  if (!isBalanced(lines)) {
    const { debits, credits, difference } = imbalanceOf(lines);
    throw fail('ledger.unbalanced', {
      debits: centsToRand(debits),
      credits: centsToRand(credits),
      difference: centsToRand(Math.abs(difference)),
    });
  }
  const [entry] = await tx
    .insert(journalEntries)
    .values({
      business_id: input.businessId,
      entry_date: input.date ?? sastDate(),
      reference: input.reference,
      description: input.description,
      source: input.source,
      source_id: input.sourceId ?? null,
      reverses_id: input.reversesId ?? null,
      created_by: input.createdBy ?? null,
    })
    .returning({ id: journalEntries.id });
  await tx.insert(journalLines).values(
    lines.map((l) => ({
      entry_id: entry!.id,
      business_id: input.businessId,
      account_code: l.account_code,
      debit_cents: l.debit_cents,
      credit_cents: l.credit_cents,
    })),
  );
  return entry!.id;
}

const debit = (account_code: number, cents: number): LedgerLine => ({
  account_code,
  debit_cents: cents,
  credit_cents: 0,
});
const credit = (account_code: number, cents: number): LedgerLine => ({
  account_code,
  debit_cents: 0,
  credit_cents: cents,
});

/** Whether each business is VAT registered (a VAT number on its profile; DECISIONS 23). */
async function vatRegistration(tx: Db | Tx, ids: number[]): Promise<Map<number, boolean>> {
  const numbers = await vatNumbersOf(tx, ids);
  return new Map(ids.map((id) => [id, isVatRegistered(numbers.get(id))]));
}

export interface DeliveryPosting {
  orderId: number;
  orderNumber: string;
  buyerId: number;
  sellerId: number;
  /** What checkout charged the buyer, VAT included. */
  totalCents: number;
  /**
   * The seller's cost of the goods at weighted-average cost, from the inventory area; when given, the
   * seller's entry also moves it from Inventory to Cost of sales.
   */
  costCents?: number;
  date?: string;
}

/**
 * A marketplace order delivered (issue 11 point 3), in the delivery's transaction: the buyer's purchase
 * (Inventory, and VAT input when registered / Accounts payable) and the seller's sale (Accounts
 * receivable / Sales, and VAT output when registered; Cost of sales / Inventory when the cost is known).
 * VAT is the amount x 15/115 of the VAT-inclusive total, for each party only when it is registered.
 */
export async function postMarketplaceDelivery(tx: Tx, order: DeliveryPosting): Promise<void> {
  const registered = await vatRegistration(tx, [order.buyerId, order.sellerId]);
  const total = order.totalCents;
  const inputVat = vatFor(total, registered.get(order.buyerId) ?? false);
  await postEntry(tx, {
    businessId: order.buyerId,
    ...(order.date ? { date: order.date } : {}),
    reference: order.orderNumber,
    description: `Purchase ${order.orderNumber} delivered`,
    source: 'marketplace_purchase',
    sourceId: order.orderId,
    lines: [
      debit(ACCOUNTS.inventory, total - inputVat),
      debit(ACCOUNTS.vatInput, inputVat),
      credit(ACCOUNTS.payable, total),
    ],
  });
  const outputVat = vatFor(total, registered.get(order.sellerId) ?? false);
  const cost = order.costCents ?? 0;
  await postEntry(tx, {
    businessId: order.sellerId,
    ...(order.date ? { date: order.date } : {}),
    reference: order.orderNumber,
    description: `Sale ${order.orderNumber} delivered`,
    source: 'marketplace_sale',
    sourceId: order.orderId,
    lines: [
      debit(ACCOUNTS.receivable, total),
      credit(ACCOUNTS.sales, total - outputVat),
      credit(ACCOUNTS.vatOutput, outputVat),
      debit(ACCOUNTS.costOfSales, cost),
      credit(ACCOUNTS.inventory, cost),
    ],
  });
}

export interface PaymentPosting {
  orderId: number;
  orderNumber: string;
  buyerId: number;
  sellerId: number;
  totalCents: number;
  date?: string;
}

/** "Mark paid" on a delivered order: the buyer pays the payable from the bank, the seller's receivable is banked. */
export async function postOrderPayment(tx: Tx, order: PaymentPosting): Promise<void> {
  const date = order.date ? { date: order.date } : {};
  await postEntry(tx, {
    businessId: order.buyerId,
    ...date,
    reference: order.orderNumber,
    description: `Paid ${order.orderNumber}`,
    source: 'order_payment',
    sourceId: order.orderId,
    lines: [debit(ACCOUNTS.payable, order.totalCents), credit(ACCOUNTS.bank, order.totalCents)],
  });
  await postEntry(tx, {
    businessId: order.sellerId,
    ...date,
    reference: order.orderNumber,
    description: `Received ${order.orderNumber}`,
    source: 'order_receipt',
    sourceId: order.orderId,
    lines: [debit(ACCOUNTS.bank, order.totalCents), credit(ACCOUNTS.receivable, order.totalCents)],
  });
}

/** A plan payment (DECISIONS 17: recorded as paid, nothing charged): Subscription expense / Bank. */
export async function postPlanPayment(
  tx: Tx,
  payment: { businessId: number; changeId: number; planName: string; amountCents: number; date?: string },
): Promise<void> {
  if (payment.amountCents <= 0) return;
  await postEntry(tx, {
    businessId: payment.businessId,
    ...(payment.date ? { date: payment.date } : {}),
    reference: `PLAN-${payment.changeId}`,
    description: `${payment.planName} plan`,
    source: 'plan_payment',
    sourceId: payment.changeId,
    lines: [debit(ACCOUNTS.subscription, payment.amountCents), credit(ACCOUNTS.bank, payment.amountCents)],
  });
}

// Reading the books ----------------------------------------------------------------------------------

type EntryRow = typeof journalEntries.$inferSelect;

async function entriesWithLines(db: Db | Tx, rows: EntryRow[]): Promise<JournalEntry[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [lines, reversals] = await Promise.all([
    db.select().from(journalLines).where(inArray(journalLines.entry_id, ids)).orderBy(asc(journalLines.id)),
    db
      .select({ id: journalEntries.id, reverses_id: journalEntries.reverses_id })
      .from(journalEntries)
      .where(inArray(journalEntries.reverses_id, ids)),
  ]);
  const reversedBy = new Map(reversals.map((r) => [r.reverses_id!, r.id]));
  return rows.map((r) => {
    const own = lines.filter((l) => l.entry_id === r.id);
    return {
      id: r.id,
      entry_date: r.entry_date,
      reference: r.reference,
      description: r.description,
      source: r.source as JournalSource,
      reverses_id: r.reverses_id,
      reversed_by_id: reversedBy.get(r.id) ?? null,
      total: centsToRand(own.reduce((sum, l) => sum + l.debit_cents, 0)),
      created_at: r.created_at.toISOString(),
      lines: own.map((l) => ({
        id: l.id,
        account_code: l.account_code,
        account_name: nameOf(l.account_code),
        debit: centsToRand(l.debit_cents),
        credit: centsToRand(l.credit_cents),
        reconciled: l.reconciled,
      })),
    };
  });
}

async function entryById(db: Db | Tx, id: number): Promise<JournalEntry> {
  const rows = await db.select().from(journalEntries).where(eq(journalEntries.id, id));
  const [entry] = await entriesWithLines(db, rows);
  if (!entry) throw fail('ledger.entry_not_found');
  return entry;
}

/** POST /api/finance/journal-entries: a manual entry of the caller's own books. */
export async function postManualEntry(
  db: Db,
  userId: number,
  input: JournalEntryInput,
): Promise<JournalEntry> {
  return db.transaction(async (tx) => {
    const id = await postEntry(tx, {
      businessId: userId,
      date: input.entry_date,
      reference: input.reference.trim(),
      description: input.description.trim(),
      source: 'manual',
      createdBy: userId,
      lines: input.lines.map((l) => ({
        account_code: l.account_code,
        debit_cents: randToCents(l.debit ?? 0),
        credit_cents: randToCents(l.credit ?? 0),
      })),
    });
    return entryById(tx, id);
  });
}

const uniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  return e.code === '23505' || e.cause?.code === '23505';
};

/**
 * POST /api/finance/journal-entries/:id/reverse: posts, dated today, the entry that undoes a posted one.
 * Only the entry's own business may; an entry is reversed at most once and a reversal is not reversed.
 */
export async function reverseEntry(
  db: Db,
  userId: number,
  id: number,
  now = new Date(),
): Promise<JournalEntry> {
  try {
    return await db.transaction(async (tx) => {
      const [original] = await tx
        .select()
        .from(journalEntries)
        .where(eq(journalEntries.id, id))
        .for('update');
      if (!original) throw fail('ledger.entry_not_found');
      if (original.business_id !== userId) throw fail('ledger.not_your_entry');
      if (original.reverses_id !== null) throw fail('ledger.reversal_of_reversal');
      const [already] = await tx
        .select({ id: journalEntries.id })
        .from(journalEntries)
        .where(eq(journalEntries.reverses_id, id));
      if (already) throw fail('ledger.already_reversed');
      const lines = await tx.select().from(journalLines).where(eq(journalLines.entry_id, id));
      const reversalId = await postEntry(tx, {
        businessId: userId,
        date: sastDate(now),
        reference: `REV-${original.reference}`.slice(0, 60),
        description: `Reversal of ${original.reference}: ${original.description}`.slice(0, 240),
        source: 'reversal',
        reversesId: id,
        createdBy: userId,
        lines: reversedLines(lines),
      });
      return entryById(tx, reversalId);
    });
  } catch (error) {
    // Two reversals at once: the unique index on reverses_id lets one through.
    if (uniqueViolation(error)) throw fail('ledger.already_reversed');
    throw error;
  }
}

/** GET /api/finance/journal-entries: the entries dated in the range, newest first, a page at a time. */
export async function listEntries(
  db: Db,
  userId: number,
  range: DateRange,
  page: number,
  pageSize: number,
): Promise<JournalList> {
  const where = and(
    eq(journalEntries.business_id, userId),
    gte(journalEntries.entry_date, range.from),
    lte(journalEntries.entry_date, range.to),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(journalEntries)
      .where(where)
      .orderBy(desc(journalEntries.entry_date), desc(journalEntries.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(journalEntries).where(where),
  ]);
  return { entries: await entriesWithLines(db, rows), total: total?.n ?? 0, page, page_size: pageSize };
}

interface AccountTotals {
  debits: number;
  credits: number;
}

/** An account's debits and credits summed, in cents as text (bigint sums). */
const lineTotals = {
  code: journalLines.account_code,
  debits: sql<string>`coalesce(sum(${journalLines.debit_cents}), 0)`,
  credits: sql<string>`coalesce(sum(${journalLines.credit_cents}), 0)`,
};

/** Each account's debit and credit totals of the business, over entries dated in [from, to]. */
async function accountTotals(
  db: Db | Tx,
  userId: number,
  to: string,
  from?: string,
): Promise<Map<number, AccountTotals>> {
  const rows = await db
    .select(lineTotals)
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entry_id))
    .where(
      and(
        eq(journalLines.business_id, userId),
        lte(journalEntries.entry_date, to),
        from ? gte(journalEntries.entry_date, from) : undefined,
      ),
    )
    .groupBy(journalLines.account_code);
  return new Map(rows.map((r) => [r.code, { debits: Number(r.debits), credits: Number(r.credits) }]));
}

/** An account's balance in its own direction (positive when normal). */
function balanceOf(code: number, totals: AccountTotals | undefined): number {
  if (!totals) return 0;
  const type = accountTypeOf(code) as AccountType;
  return isDebitNormal(type) ? totals.debits - totals.credits : totals.credits - totals.debits;
}

const sumOfType = (totals: Map<number, AccountTotals>, type: AccountType) =>
  CHART_OF_ACCOUNTS.filter((a) => a.type === type).reduce(
    (sum, a) => sum + balanceOf(a.code, totals.get(a.code)),
    0,
  );

async function isRegistered(db: Db | Tx, userId: number): Promise<boolean> {
  return (await vatRegistration(db, [userId])).get(userId) ?? false;
}

/** GET /api/finance/chart-of-accounts: every account with the business's totals to the end of the range. */
export async function chartOfAccounts(db: Db, userId: number, range: DateRange): Promise<ChartOfAccounts> {
  const totals = await accountTotals(db, userId, range.to);
  return {
    ...range,
    accounts: CHART_OF_ACCOUNTS.map((a) => {
      const t = totals.get(a.code) ?? { debits: 0, credits: 0 };
      return {
        code: a.code,
        name: a.name,
        type: a.type,
        debit_total: centsToRand(t.debits),
        credit_total: centsToRand(t.credits),
        balance: centsToRand(balanceOf(a.code, t)),
      };
    }),
  };
}

/** The figures of the reports, in cents (the property test reads these too). */
export async function reportCents(db: Db | Tx, userId: number, range: DateRange) {
  const [toDate, inPeriod] = await Promise.all([
    accountTotals(db, userId, range.to),
    accountTotals(db, userId, range.to, range.from),
  ]);
  const trial = CHART_OF_ACCOUNTS.flatMap((a) => {
    const t = toDate.get(a.code);
    if (!t) return [];
    const net = t.debits - t.credits;
    // An account whose debits and credits cancel out has no balance to list.
    if (net === 0) return [];
    return [{ code: a.code, name: a.name, debit: Math.max(net, 0), credit: Math.max(-net, 0) }];
  });
  const rowsOf = (
    totals: Map<number, AccountTotals>,
    type: AccountType,
  ): { code: number; name: string; amount: number }[] =>
    CHART_OF_ACCOUNTS.filter((a) => a.type === type && totals.has(a.code)).map((a) => ({
      code: a.code,
      name: a.name,
      amount: balanceOf(a.code, totals.get(a.code)),
    }));
  const income = rowsOf(inPeriod, 'income');
  const expenses = rowsOf(inPeriod, 'expense');
  const totalIncome = sumOfType(inPeriod, 'income');
  const totalExpenses = sumOfType(inPeriod, 'expense');
  // The balance sheet closes the profit earned to date into retained earnings, so it balances.
  const profitToDate = sumOfType(toDate, 'income') - sumOfType(toDate, 'expense');
  const equity = rowsOf(toDate, 'equity').filter((r) => r.code !== 3100);
  const retained = balanceOf(3100, toDate.get(3100)) + profitToDate;
  if (retained !== 0 || toDate.has(3100)) equity.push({ code: 3100, name: nameOf(3100), amount: retained });
  const outputVat = balanceOf(ACCOUNTS.vatOutput, inPeriod.get(ACCOUNTS.vatOutput));
  const inputVat = balanceOf(ACCOUNTS.vatInput, inPeriod.get(ACCOUNTS.vatInput));
  return {
    trial: {
      rows: trial,
      total_debit: trial.reduce((s, r) => s + r.debit, 0),
      total_credit: trial.reduce((s, r) => s + r.credit, 0),
    },
    income,
    expenses,
    totalIncome,
    totalExpenses,
    assets: rowsOf(toDate, 'asset'),
    liabilities: rowsOf(toDate, 'liability'),
    equity,
    totalAssets: sumOfType(toDate, 'asset'),
    totalLiabilities: sumOfType(toDate, 'liability'),
    totalEquity: equity.reduce((s, r) => s + r.amount, 0),
    outputVat,
    inputVat,
    cash: [ACCOUNTS.cash, ACCOUNTS.bank, ACCOUNTS.bankClearing].reduce(
      (s, code) => s + balanceOf(code, toDate.get(code)),
      0,
    ),
  };
}

const randRows = (rows: { code: number; name: string; amount: number }[]) =>
  rows.map((r) => ({ ...r, amount: centsToRand(r.amount) }));

/** GET /api/finance/reports. */
export async function financialReports(db: Db, userId: number, range: DateRange): Promise<FinancialReports> {
  const [r, registered] = await Promise.all([reportCents(db, userId, range), isRegistered(db, userId)]);
  return {
    ...range,
    vat_registered: registered,
    trial_balance: {
      rows: r.trial.rows.map((row) => ({
        ...row,
        debit: centsToRand(row.debit),
        credit: centsToRand(row.credit),
      })),
      total_debit: centsToRand(r.trial.total_debit),
      total_credit: centsToRand(r.trial.total_credit),
    },
    income_statement: {
      income: randRows(r.income),
      expenses: randRows(r.expenses),
      total_income: centsToRand(r.totalIncome),
      total_expenses: centsToRand(r.totalExpenses),
      net_profit: centsToRand(r.totalIncome - r.totalExpenses),
    },
    balance_sheet: {
      assets: randRows(r.assets),
      liabilities: randRows(r.liabilities),
      equity: randRows(r.equity),
      total_assets: centsToRand(r.totalAssets),
      total_liabilities: centsToRand(r.totalLiabilities),
      total_equity: centsToRand(r.totalEquity),
    },
    vat_summary: {
      output_vat: centsToRand(r.outputVat),
      input_vat: centsToRand(r.inputVat),
      net_payable: centsToRand(r.outputVat - r.inputVat),
    },
  };
}

/** GET /api/finance/summary: the dashboard tiles. */
export async function financeSummary(db: Db, userId: number, range: DateRange): Promise<FinanceSummary> {
  const [r, registered, [entries]] = await Promise.all([
    reportCents(db, userId, range),
    isRegistered(db, userId),
    db
      .select({ n: count() })
      .from(journalEntries)
      .where(
        and(
          eq(journalEntries.business_id, userId),
          gte(journalEntries.entry_date, range.from),
          lte(journalEntries.entry_date, range.to),
        ),
      ),
  ]);
  return {
    ...range,
    income: centsToRand(r.totalIncome),
    expenses: centsToRand(r.totalExpenses),
    profit: centsToRand(r.totalIncome - r.totalExpenses),
    cash: centsToRand(r.cash),
    vat_registered: registered,
    entries: entries?.n ?? 0,
  };
}

/** The most bank lines one reconciliation screen lists (a period of a small shop has far fewer). */
export const BANK_LINES_CAP = 500;

const bankLineColumns = {
  id: journalLines.id,
  entry_id: journalLines.entry_id,
  entry_date: journalEntries.entry_date,
  source: journalEntries.source,
  reference: journalEntries.reference,
  description: journalEntries.description,
  debit_cents: journalLines.debit_cents,
  credit_cents: journalLines.credit_cents,
  reconciled: journalLines.reconciled,
  business_id: journalLines.business_id,
};

type BankRow = { [K in keyof typeof bankLineColumns]: (typeof bankLineColumns)[K]['_']['data'] };

const toBankLine = (r: BankRow) => ({
  id: r.id,
  entry_id: r.entry_id,
  entry_date: r.entry_date,
  source: r.source as JournalSource,
  reference: r.reference,
  description: r.description,
  amount: centsToRand(r.debit_cents - r.credit_cents),
  reconciled: r.reconciled,
});

/** GET /api/finance/bank-reconciliation: the Bank account's lines in the range, oldest first. */
export async function bankReconciliation(
  db: Db,
  userId: number,
  range: DateRange,
): Promise<BankReconciliation> {
  const bank = and(eq(journalLines.business_id, userId), eq(journalLines.account_code, ACCOUNTS.bank));
  const [rows, [reconciled], totals] = await Promise.all([
    db
      .select(bankLineColumns)
      .from(journalLines)
      .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entry_id))
      .where(and(bank, gte(journalEntries.entry_date, range.from), lte(journalEntries.entry_date, range.to)))
      .orderBy(asc(journalEntries.entry_date), asc(journalLines.id))
      .limit(BANK_LINES_CAP),
    db
      .select({
        cents: sql<string>`coalesce(sum(${journalLines.debit_cents} - ${journalLines.credit_cents}), 0)`,
      })
      .from(journalLines)
      .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entry_id))
      .where(and(bank, eq(journalLines.reconciled, true), lte(journalEntries.entry_date, range.to))),
    accountTotals(db, userId, range.to),
  ]);
  return {
    ...range,
    lines: rows.map(toBankLine),
    book_balance: centsToRand(balanceOf(ACCOUNTS.bank, totals.get(ACCOUNTS.bank))),
    reconciled_balance: centsToRand(Number(reconciled?.cents ?? 0)),
    unreconciled_count: rows.filter((r) => !r.reconciled).length,
  };
}

/** POST /api/finance/bank-reconciliation/:id: the reconciled mark of one of the caller's bank lines. */
export async function reconcileLine(db: Db, userId: number, lineId: number, reconciled: boolean) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select(bankLineColumns)
      .from(journalLines)
      .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entry_id))
      .where(and(eq(journalLines.id, lineId), eq(journalLines.account_code, ACCOUNTS.bank)));
    if (!row) throw fail('ledger.line_not_found');
    if (row.business_id !== userId) throw fail('ledger.not_your_entry');
    await tx.update(journalLines).set({ reconciled }).where(eq(journalLines.id, lineId));
    return toBankLine({ ...row, reconciled });
  });
}

/** Advanced Analytics reads this many day-and-account rows at most (two years of a busy shop's 20 accounts). */
const DAILY_ROWS_MAX = 20_000;

/**
 * Each account's debits and credits per entry date in [from, to] (Advanced Analytics, ADR 056), bounded, with the
 * business's first entry date ever (for a projection's days).
 */
export async function dailyAccountTotals(db: Db | Tx, userId: number, range: DateRange) {
  const [rows, [first]] = await Promise.all([
    db
      .select({ day: journalEntries.entry_date, ...lineTotals })
      .from(journalLines)
      .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entry_id))
      .where(
        and(
          eq(journalLines.business_id, userId),
          gte(journalEntries.entry_date, range.from),
          lte(journalEntries.entry_date, range.to),
        ),
      )
      .groupBy(journalEntries.entry_date, journalLines.account_code)
      .orderBy(asc(journalEntries.entry_date), asc(journalLines.account_code))
      .limit(DAILY_ROWS_MAX),
    db
      .select({ day: sql<string | null>`min(${journalEntries.entry_date})` })
      .from(journalEntries)
      .where(eq(journalEntries.business_id, userId)),
  ]);
  return {
    rows: rows.map((r) => ({
      day: r.day,
      code: r.code,
      debits: Number(r.debits),
      credits: Number(r.credits),
    })),
    firstDay: first?.day ?? null,
  };
}

/** The accounts that hold money: what cash flow counts. */
const CASH_ACCOUNTS = [ACCOUNTS.cash, ACCOUNTS.bank, ACCOUNTS.bankClearing];

/**
 * Cash in and out per entry date in [from, to]: each entry's net change of cash, bank and bank clearing, so moving
 * money between them (banking the till's cash) is neither in nor out.
 */
export async function dailyCashFlow(db: Db | Tx, userId: number, range: DateRange) {
  const net = sql<string>`sum(${journalLines.debit_cents} - ${journalLines.credit_cents})`;
  const rows = await db
    .select({ day: journalEntries.entry_date, net })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entry_id))
    .where(
      and(
        eq(journalLines.business_id, userId),
        inArray(journalLines.account_code, CASH_ACCOUNTS),
        gte(journalEntries.entry_date, range.from),
        lte(journalEntries.entry_date, range.to),
      ),
    )
    .groupBy(journalEntries.entry_date, journalLines.entry_id)
    .limit(DAILY_ROWS_MAX);
  const cashIn = new Map<string, number>();
  const cashOut = new Map<string, number>();
  for (const r of rows) {
    const cents = Number(r.net);
    if (cents > 0) cashIn.set(r.day, (cashIn.get(r.day) ?? 0) + cents);
    if (cents < 0) cashOut.set(r.day, (cashOut.get(r.day) ?? 0) - cents);
  }
  return { cashIn, cashOut };
}
