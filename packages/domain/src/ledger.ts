import { z } from 'zod';
import { randToCents, VAT_RATE_PERCENT, type Cents } from './money.ts';
import { inSast } from './sast.ts';

/**
 * The books of a business (issue 11 point 3): a double-entry ledger. Every journal entry has two or more
 * lines, each a debit or a credit in integer cents on one account of the chart, and saves only when its
 * debits equal its credits. Posted entries are never edited or deleted; a reversal entry corrects one.
 */

export const ACCOUNT_TYPES = ['asset', 'liability', 'equity', 'income', 'expense'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** The chart of accounts (spec 3 §9: codes 1000 to 5000), the same for every business. */
export const CHART_OF_ACCOUNTS = [
  { code: 1000, name: 'Cash', type: 'asset' },
  { code: 1010, name: 'Bank', type: 'asset' },
  { code: 1020, name: 'Bank clearing', type: 'asset' },
  { code: 1100, name: 'Accounts receivable', type: 'asset' },
  { code: 1200, name: 'Inventory', type: 'asset' },
  { code: 1300, name: 'VAT input', type: 'asset' },
  { code: 2000, name: 'Accounts payable', type: 'liability' },
  { code: 2100, name: 'VAT output', type: 'liability' },
  { code: 2200, name: 'Loans', type: 'liability' },
  { code: 3000, name: "Owner's equity", type: 'equity' },
  { code: 3100, name: 'Retained earnings', type: 'equity' },
  { code: 4000, name: 'Sales', type: 'income' },
  { code: 4100, name: 'Other income', type: 'income' },
  { code: 5000, name: 'Cost of sales', type: 'expense' },
  { code: 5100, name: 'Cash over/short', type: 'expense' },
  { code: 5200, name: 'Subscription expense', type: 'expense' },
  { code: 5300, name: 'Rent', type: 'expense' },
  { code: 5400, name: 'Wages', type: 'expense' },
  { code: 5500, name: 'Transport', type: 'expense' },
  { code: 5900, name: 'Other expenses', type: 'expense' },
] as const satisfies readonly { code: number; name: string; type: AccountType }[];

export type AccountCode = (typeof CHART_OF_ACCOUNTS)[number]['code'];

/** The accounts the automatic postings use, by role. */
export const ACCOUNTS = {
  cash: 1000,
  bank: 1010,
  bankClearing: 1020,
  receivable: 1100,
  inventory: 1200,
  vatInput: 1300,
  payable: 2000,
  vatOutput: 2100,
  equity: 3000,
  sales: 4000,
  costOfSales: 5000,
  cashOverShort: 5100,
  subscription: 5200,
} as const satisfies Record<string, AccountCode>;

const ACCOUNT_BY_CODE = new Map<number, (typeof CHART_OF_ACCOUNTS)[number]>(
  CHART_OF_ACCOUNTS.map((a) => [a.code, a]),
);

export function isAccountCode(code: number): code is AccountCode {
  return ACCOUNT_BY_CODE.has(code);
}

export function accountTypeOf(code: number): AccountType | undefined {
  return ACCOUNT_BY_CODE.get(code)?.type;
}

/** Assets and expenses grow with debits; liabilities, equity and income with credits. */
export function isDebitNormal(type: AccountType): boolean {
  return type === 'asset' || type === 'expense';
}

export const JOURNAL_SOURCES = [
  'manual',
  'reversal',
  'marketplace_purchase',
  'marketplace_sale',
  'order_payment',
  'order_receipt',
  'plan_payment',
  'pos_sale',
  'pos_refund',
  'cash_up',
  'opening_balance',
] as const;
export type JournalSource = (typeof JOURNAL_SOURCES)[number];

export interface LedgerLine {
  account_code: number;
  debit_cents: Cents;
  credit_cents: Cents;
}

export interface Imbalance {
  debits: Cents;
  credits: Cents;
  /** debits - credits: positive when the debits are larger. */
  difference: Cents;
}

/** The totals of an entry's lines and how far apart they are. */
export function imbalanceOf(lines: readonly Pick<LedgerLine, 'debit_cents' | 'credit_cents'>[]): Imbalance {
  let debits = 0;
  let credits = 0;
  for (const line of lines) {
    debits += line.debit_cents;
    credits += line.credit_cents;
  }
  return { debits, credits, difference: debits - credits };
}

/**
 * The balance rule: an entry posts only when it has at least two lines, each line is a debit or a
 * credit (a positive whole number of cents on exactly one side), and the debits equal the credits.
 */
export function isBalanced(lines: readonly LedgerLine[]): boolean {
  if (lines.length < 2) return false;
  const wellFormed = lines.every(
    (l) =>
      Number.isSafeInteger(l.debit_cents) &&
      Number.isSafeInteger(l.credit_cents) &&
      l.debit_cents >= 0 &&
      l.credit_cents >= 0 &&
      l.debit_cents > 0 !== l.credit_cents > 0,
  );
  return wellFormed && imbalanceOf(lines).difference === 0;
}

/** The entry that undoes `lines`: every debit becomes a credit and the other way round. */
export function reversedLines<L extends LedgerLine>(lines: readonly L[]): LedgerLine[] {
  return lines.map((l) => ({
    account_code: l.account_code,
    debit_cents: l.credit_cents,
    credit_cents: l.debit_cents,
  }));
}

/**
 * DECISIONS 23: the VAT inside a VAT-inclusive amount, amount x 15/115, rounded once (half away from
 * zero). A business without a VAT number posts none (the caller decides; see vatFor).
 */
export function vatIncluded(inclusiveCents: Cents): Cents {
  const numerator = inclusiveCents * VAT_RATE_PERCENT;
  const denominator = 100 + VAT_RATE_PERCENT;
  const sign = Math.sign(numerator);
  return sign * Math.floor((2 * Math.abs(numerator) + denominator) / (2 * denominator));
}

/** The VAT a business posts on a VAT-inclusive amount: none unless it is VAT registered. */
export function vatFor(inclusiveCents: Cents, vatRegistered: boolean): Cents {
  return vatRegistered ? vatIncluded(inclusiveCents) : 0;
}

/** A business is VAT registered when its profile has a VAT number. */
export function isVatRegistered(vatNumber: string | null | undefined): boolean {
  return typeof vatNumber === 'string' && vatNumber.trim().length > 0;
}

// Periods --------------------------------------------------------------------------------------------

export const PERIODS = ['this_month', 'last_month', 'quarter', 'year', 'custom'] as const;
export type Period = (typeof PERIODS)[number];

/** Today's calendar date in Johannesburg, YYYY-MM-DD (the books' dates are South African days). */
export function sastDate(now: Date = new Date()): string {
  return inSast(now).toISOString().slice(0, 10);
}

const iso = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);

/** The first and last calendar day (inclusive) of a period, in Johannesburg dates. */
export function periodRange(
  period: Period,
  now: Date = new Date(),
  custom?: { from?: string | undefined; to?: string | undefined },
): { from: string; to: string } {
  const today = sastDate(now);
  const [y, m] = today.split('-').map(Number) as [number, number];
  switch (period) {
    case 'this_month':
      return { from: iso(y, m - 1, 1), to: iso(y, m, 0) };
    case 'last_month':
      return { from: iso(y, m - 2, 1), to: iso(y, m - 1, 0) };
    case 'quarter': {
      const first = Math.floor((m - 1) / 3) * 3;
      return { from: iso(y, first, 1), to: iso(y, first + 3, 0) };
    }
    case 'year':
      return { from: iso(y, 0, 1), to: iso(y, 11, 31) };
    case 'custom':
      return { from: custom?.from ?? iso(y, m - 1, 1), to: custom?.to ?? today };
  }
}

// Schemas --------------------------------------------------------------------------------------------

/** A calendar date as YYYY-MM-DD that exists (no 31 April). */
export const calendarDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'validation.invalid_format' })
  .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && iso(...dateParts(text)) === text, {
    message: 'validation.invalid_format',
  });
function dateParts(text: string): [number, number, number] {
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  return [y, m - 1, d];
}

const periodFields = {
  period: z.enum(PERIODS).default('this_month'),
  from: calendarDateSchema.optional(),
  to: calendarDateSchema.optional(),
};

/** A custom period needs both days, the first not after the last. */
function periodRules<
  S extends z.ZodType<{ period: Period; from?: string | undefined; to?: string | undefined }>,
>(schema: S) {
  return schema
    .refine((q) => q.period !== 'custom' || (q.from !== undefined && q.to !== undefined), {
      message: 'validation.required',
      path: ['from'],
    })
    .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
      message: 'validation.end_after_start',
      path: ['to'],
    });
}

export const periodQuerySchema = periodRules(z.object(periodFields));
export type PeriodQuery = z.input<typeof periodQuerySchema>;

/** A rand amount the books accept on one line: zero up to R100 million, at most two decimals. */
const lineRand = z
  .number({ error: 'validation.number' })
  .finite({ message: 'validation.number' })
  .min(0, { message: 'validation.positive' })
  .max(100_000_000, { message: 'validation.too_big' })
  .refine(
    (value) => {
      try {
        randToCents(value);
        return true;
      } catch {
        return false;
      }
    },
    { message: 'validation.decimals' },
  );

export const journalLineInputSchema = z
  .object({
    account_code: z
      .number({ error: 'validation.invalid_option' })
      .int({ message: 'validation.invalid_option' })
      .refine(isAccountCode, { message: 'validation.invalid_option' }),
    debit: lineRand.default(0),
    credit: lineRand.default(0),
  })
  .refine((l) => l.debit > 0 !== l.credit > 0, {
    message: 'validation.debit_or_credit',
    path: ['debit'],
  });

/** POST /api/finance/journal-entries: a manual entry from the New Journal Entry dialog. */
export const journalEntryInputSchema = z.object({
  entry_date: calendarDateSchema,
  reference: z
    .string()
    .trim()
    .min(1, { message: 'validation.required' })
    .max(40, { message: 'validation.too_long' }),
  description: z
    .string()
    .trim()
    .min(1, { message: 'validation.required' })
    .max(200, { message: 'validation.too_long' }),
  lines: z
    .array(journalLineInputSchema)
    .min(2, { message: 'validation.too_few' })
    .max(30, { message: 'validation.too_many' }),
});
export type JournalEntryInput = z.input<typeof journalEntryInputSchema>;

export const accountSchema = z.object({
  code: z.number().int(),
  name: z.string(),
  type: z.enum(ACCOUNT_TYPES),
  /** Debits less credits to the end of the period (assets and expenses read positive). */
  debit_total: z.number(),
  credit_total: z.number(),
  /** In the account's own direction: positive for a normal balance. */
  balance: z.number(),
});
export type Account = z.infer<typeof accountSchema>;

export const chartOfAccountsSchema = z.object({
  from: z.string(),
  to: z.string(),
  accounts: z.array(accountSchema),
});
export type ChartOfAccounts = z.infer<typeof chartOfAccountsSchema>;

export const journalLineSchema = z.object({
  id: z.number().int(),
  account_code: z.number().int(),
  account_name: z.string(),
  debit: z.number(),
  credit: z.number(),
  reconciled: z.boolean(),
});

export const journalEntrySchema = z.object({
  id: z.number().int(),
  entry_date: z.string(),
  reference: z.string(),
  description: z.string(),
  source: z.enum(JOURNAL_SOURCES),
  /** The entry this one reverses, when it is a reversal. */
  reverses_id: z.number().int().nullable(),
  /** The reversal that undid this entry, when there is one. */
  reversed_by_id: z.number().int().nullable(),
  total: z.number(),
  created_at: z.string(),
  lines: z.array(journalLineSchema),
});
export type JournalEntry = z.infer<typeof journalEntrySchema>;

export const journalListQuerySchema = periodRules(
  z.object({
    ...periodFields,
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    page_size: z.coerce.number().int().min(1).max(50).default(20),
  }),
);

export const journalListSchema = z.object({
  entries: z.array(journalEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type JournalList = z.infer<typeof journalListSchema>;

const reportRowSchema = z.object({ code: z.number().int(), name: z.string(), amount: z.number() });

export const financialReportsSchema = z.object({
  from: z.string(),
  to: z.string(),
  vat_registered: z.boolean(),
  /** Every account with a balance at the end of the period, on its debit or credit side. */
  trial_balance: z.object({
    rows: z.array(
      z.object({ code: z.number().int(), name: z.string(), debit: z.number(), credit: z.number() }),
    ),
    total_debit: z.number(),
    total_credit: z.number(),
  }),
  /** The period's income and expenses. */
  income_statement: z.object({
    income: z.array(reportRowSchema),
    expenses: z.array(reportRowSchema),
    total_income: z.number(),
    total_expenses: z.number(),
    net_profit: z.number(),
  }),
  /** At the end of the period; equity includes the profit earned to date. */
  balance_sheet: z.object({
    assets: z.array(reportRowSchema),
    liabilities: z.array(reportRowSchema),
    equity: z.array(reportRowSchema),
    total_assets: z.number(),
    total_liabilities: z.number(),
    total_equity: z.number(),
  }),
  /** The period's VAT: output (on sales) less input (on purchases). */
  vat_summary: z.object({
    output_vat: z.number(),
    input_vat: z.number(),
    net_payable: z.number(),
  }),
});
export type FinancialReports = z.infer<typeof financialReportsSchema>;

export const financeSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  income: z.number(),
  expenses: z.number(),
  profit: z.number(),
  /** Cash, bank and bank clearing at the end of the period. */
  cash: z.number(),
  vat_registered: z.boolean(),
  entries: z.number().int(),
});
export type FinanceSummary = z.infer<typeof financeSummarySchema>;

export const bankLineSchema = z.object({
  id: z.number().int(),
  entry_id: z.number().int(),
  source: z.enum(JOURNAL_SOURCES),
  entry_date: z.string(),
  reference: z.string(),
  description: z.string(),
  /** Money in (a debit to Bank) is positive, money out negative. */
  amount: z.number(),
  reconciled: z.boolean(),
});

export const bankReconciliationSchema = z.object({
  from: z.string(),
  to: z.string(),
  lines: z.array(bankLineSchema),
  /** The bank account's balance in the books at the end of the period. */
  book_balance: z.number(),
  /** The reconciled lines' total to the end of the period: what the bank statement should show. */
  reconciled_balance: z.number(),
  unreconciled_count: z.number().int(),
});
export type BankReconciliation = z.infer<typeof bankReconciliationSchema>;

export const reconcileInputSchema = z.object({ reconciled: z.boolean() });
