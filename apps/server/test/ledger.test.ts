import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type {
  BankReconciliation,
  ChartOfAccounts,
  FinanceSummary,
  FinancialReports,
  JournalEntry,
  JournalList,
} from '@tt/domain';
import { periodRange, sastDate } from '@tt/domain';
import { count, createTestApp, expectError, rowsOf, type TestApp } from './support/test-app.ts';
import { insertUser } from './support/marketplace.ts';

/** The financial center's calls (issue 11 point 3): each endpoint's happy path, 401, 403 where a rule applies, and 400 with nothing written. */
describe('financial center API', () => {
  let t: TestApp;
  let ownerId: number;
  let owner: string;
  let otherId: number;
  let other: string;
  const today = sastDate();

  beforeAll(async () => {
    t = await createTestApp();
    ownerId = await insertUser(t.db, 'retailer', 'Books Owner');
    owner = await t.sessionFor(ownerId);
    otherId = await insertUser(t.db, 'trader', 'Books Other');
    other = await t.sessionFor(otherId);
  });
  afterAll(() => t.close());

  const inject = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const entriesOf = (businessId: number) => count(t.db, 'journal_entries', sql`business_id = ${businessId}`);
  const linesOf = (businessId: number) => count(t.db, 'journal_lines', sql`business_id = ${businessId}`);

  const capital = {
    entry_date: today,
    reference: 'CAP-1',
    description: 'Owner puts money in the bank',
    lines: [
      { account_code: 1010, debit: 1000, credit: 0 },
      { account_code: 3000, debit: 0, credit: 1000 },
    ],
  };
  const rent = {
    entry_date: today,
    reference: 'RENT-1',
    description: 'Rent for the container',
    lines: [
      { account_code: 5300, debit: 250.5 },
      { account_code: 1010, credit: 250.5 },
    ],
  };

  async function post(payload: unknown, cookie = owner) {
    const response = await inject('POST', '/api/finance/journal-entries', cookie, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as JournalEntry;
  }

  describe('POST /api/finance/journal-entries', () => {
    it('posts a balanced manual entry with its lines in the caller’s books', async () => {
      const entry = await post(capital);
      expect(entry).toMatchObject({
        entry_date: today,
        reference: 'CAP-1',
        source: 'manual',
        reverses_id: null,
        reversed_by_id: null,
        total: 1000,
      });
      expect(entry.lines.map((l) => [l.account_code, l.account_name, l.debit, l.credit])).toEqual([
        [1010, 'Bank', 1000, 0],
        [3000, "Owner's equity", 0, 1000],
      ]);
      const stored = rowsOf<{ business_id: number; debit_cents: string; credit_cents: string }>(
        await t.db.execute(
          sql`select business_id, debit_cents::text, credit_cents::text from journal_lines where entry_id = ${entry.id} order by id`,
        ),
      );
      expect(stored).toEqual([
        { business_id: ownerId, debit_cents: '100000', credit_cents: '0' },
        { business_id: ownerId, debit_cents: '0', credit_cents: '100000' },
      ]);
    });

    it('refuses anonymous callers (401) and writes nothing', async () => {
      const before = await count(t.db, 'journal_entries');
      expectError(
        await inject('POST', '/api/finance/journal-entries', undefined, capital),
        401,
        'unauthorized',
      );
      expect(await count(t.db, 'journal_entries')).toBe(before);
    });

    it('refuses an entry whose debits and credits differ (400 ledger.unbalanced naming both) and writes nothing', async () => {
      const before = [await entriesOf(ownerId), await linesOf(ownerId)];
      const error = expectError(
        await inject('POST', '/api/finance/journal-entries', owner, {
          ...capital,
          lines: [
            { account_code: 1010, debit: 1000 },
            { account_code: 3000, credit: 900.25 },
          ],
        }),
        400,
        'ledger.unbalanced',
      );
      expect(error.params).toEqual({ debits: 1000, credits: 900.25, difference: 99.75 });
      expect(error.message).toContain('99.75');
      expect([await entriesOf(ownerId), await linesOf(ownerId)]).toEqual(before);
    });

    it('refuses malformed entries with the field at fault (400) and writes nothing', async () => {
      const before = [await entriesOf(ownerId), await linesOf(ownerId)];
      const cases: [unknown, string][] = [
        [{ ...capital, lines: [capital.lines[0]] }, 'lines'],
        [
          {
            ...capital,
            lines: [
              { account_code: 9999, debit: 10 },
              { account_code: 3000, credit: 10 },
            ],
          },
          'lines.0.account_code',
        ],
        [
          {
            ...capital,
            lines: [
              { account_code: 1010, debit: 10, credit: 10 },
              { account_code: 3000, credit: 0 },
            ],
          },
          'lines.0.debit',
        ],
        [
          {
            ...capital,
            lines: [
              { account_code: 1010, debit: 10.005 },
              { account_code: 3000, credit: 10.005 },
            ],
          },
          'lines.0.debit',
        ],
        [
          {
            ...capital,
            lines: [
              { account_code: 1010, debit: -5 },
              { account_code: 3000, credit: -5 },
            ],
          },
          'lines.0.debit',
        ],
        [{ ...capital, entry_date: '2026-02-30' }, 'entry_date'],
        [{ ...capital, reference: '  ' }, 'reference'],
        [{ ...capital, description: 'x'.repeat(201) }, 'description'],
      ];
      for (const [payload, fieldName] of cases) {
        const error = expectError(await inject('POST', '/api/finance/journal-entries', owner, payload), 400);
        expect(Object.keys(error.field_codes ?? {}), JSON.stringify(payload)).toContain(fieldName);
      }
      expect([await entriesOf(ownerId), await linesOf(ownerId)]).toEqual(before);
    });
  });

  describe('POST /api/finance/journal-entries/:id/reverse', () => {
    it('posts the mirror entry dated today; the original stays as it was and is marked reversed', async () => {
      const original = await post(rent);
      const response = await inject('POST', `/api/finance/journal-entries/${original.id}/reverse`, owner);
      expect(response.statusCode, response.body).toBe(201);
      const reversal = response.json() as JournalEntry;
      expect(reversal).toMatchObject({
        source: 'reversal',
        reverses_id: original.id,
        entry_date: today,
        total: 250.5,
      });
      expect(reversal.reference).toBe('REV-RENT-1');
      expect(reversal.lines.map((l) => [l.account_code, l.debit, l.credit])).toEqual([
        [5300, 0, 250.5],
        [1010, 250.5, 0],
      ]);
      const list = (
        await inject('GET', '/api/finance/journal-entries?page_size=50', owner)
      ).json() as JournalList;
      const again = list.entries.find((e) => e.id === original.id)!;
      expect(again.reversed_by_id).toBe(reversal.id);
      expect(again.lines.map((l) => [l.account_code, l.debit, l.credit])).toEqual([
        [5300, 250.5, 0],
        [1010, 0, 250.5],
      ]);
    });

    it('refuses a second reversal and the reversal of a reversal (409), writing nothing', async () => {
      const original = await post(rent);
      const first = await inject('POST', `/api/finance/journal-entries/${original.id}/reverse`, owner);
      expect(first.statusCode).toBe(201);
      const before = await entriesOf(ownerId);
      expectError(
        await inject('POST', `/api/finance/journal-entries/${original.id}/reverse`, owner),
        409,
        'ledger.already_reversed',
      );
      expectError(
        await inject(
          'POST',
          `/api/finance/journal-entries/${(first.json() as JournalEntry).id}/reverse`,
          owner,
        ),
        409,
        'ledger.reversal_of_reversal',
      );
      expect(await entriesOf(ownerId)).toBe(before);
    });

    it('401 for anonymous, 403 for another business, 404 for no such entry, 400 for a bad id; nothing written', async () => {
      const original = await post(rent);
      const before = await count(t.db, 'journal_entries');
      expectError(await inject('POST', `/api/finance/journal-entries/${original.id}/reverse`), 401);
      expectError(
        await inject('POST', `/api/finance/journal-entries/${original.id}/reverse`, other),
        403,
        'ledger.not_your_entry',
      );
      expectError(
        await inject('POST', '/api/finance/journal-entries/2147483647/reverse', owner),
        404,
        'ledger.entry_not_found',
      );
      expectError(await inject('POST', '/api/finance/journal-entries/abc/reverse', owner), 400);
      expect(await count(t.db, 'journal_entries')).toBe(before);
    });

    it('the database itself refuses to edit a posted entry or its amounts', async () => {
      const entry = await post(rent);
      await expect(
        t.db.execute(sql`update journal_entries set description = 'changed' where id = ${entry.id}`),
      ).rejects.toThrow();
      await expect(
        t.db.execute(
          sql`update journal_lines set debit_cents = 1 where entry_id = ${entry.id} and debit_cents > 0`,
        ),
      ).rejects.toThrow();
    });
  });

  describe('the four GET calls (spec 3 §7) return the caller’s real figures', () => {
    let business: string;
    beforeAll(async () => {
      const id = await insertUser(t.db, 'retailer', 'Figures Shop');
      business = await t.sessionFor(id);
      await post(capital, business); // Bank 1000 / equity 1000
      await post(
        {
          entry_date: today,
          reference: 'SALE-1',
          description: 'Cash sales',
          lines: [
            { account_code: 1000, debit: 460 },
            { account_code: 4000, credit: 400 },
            { account_code: 2100, credit: 60 },
          ],
        },
        business,
      );
      await post(rent, business); // Rent 250.50 / Bank
      const lastYear = `${Number(today.slice(0, 4)) - 1}-06-15`;
      await post({ ...capital, entry_date: lastYear, reference: 'OLD-1' }, business);
    });

    it('GET /api/finance/summary: income, expenses, profit and cash of the period', async () => {
      const response = await inject('GET', '/api/finance/summary?period=this_month', business);
      expect(response.statusCode, response.body).toBe(200);
      const range = periodRange('this_month');
      expect(response.json()).toEqual({
        from: range.from,
        to: range.to,
        income: 400,
        expenses: 250.5,
        profit: 149.5,
        cash: 2209.5, // 1000 + 1000 (last year) + 460 - 250.50
        vat_registered: false,
        entries: 3,
      } satisfies FinanceSummary);
    });

    it('GET /api/finance/chart-of-accounts: every account with its balance', async () => {
      const response = await inject('GET', '/api/finance/chart-of-accounts', business);
      expect(response.statusCode, response.body).toBe(200);
      const chart = response.json() as ChartOfAccounts;
      const byCode = new Map(chart.accounts.map((a) => [a.code, a]));
      for (const code of [1000, 1010, 1020, 1100, 1200, 1300, 2000, 2100, 4000, 5000, 5100, 5200]) {
        expect(byCode.has(code), String(code)).toBe(true);
      }
      expect(chart.accounts.every((a) => a.code >= 1000 && a.code <= 5999)).toBe(true);
      expect(byCode.get(1010)).toMatchObject({ name: 'Bank', type: 'asset', balance: 1749.5 });
      expect(byCode.get(3000)).toMatchObject({ type: 'equity', balance: 2000 });
      expect(byCode.get(4000)).toMatchObject({ type: 'income', balance: 400 });
    });

    it('GET /api/finance/reports: trial balance, income statement, balance sheet and VAT summary', async () => {
      const response = await inject('GET', '/api/finance/reports?period=year', business);
      expect(response.statusCode, response.body).toBe(200);
      const r = response.json() as FinancialReports;
      expect(r.trial_balance.total_debit).toBe(r.trial_balance.total_credit);
      expect(r.trial_balance.total_debit).toBe(2460); // cash 460 + bank 1749.50 + rent 250.50
      expect(r.income_statement).toMatchObject({
        total_income: 400,
        total_expenses: 250.5,
        net_profit: 149.5,
      });
      expect(r.balance_sheet.total_assets).toBe(
        r.balance_sheet.total_liabilities + r.balance_sheet.total_equity,
      );
      expect(r.balance_sheet.total_assets).toBe(2209.5);
      expect(r.vat_summary).toEqual({ output_vat: 60, input_vat: 0, net_payable: 60 });
      const last = (
        await inject('GET', '/api/finance/reports?period=last_month', business)
      ).json() as FinancialReports;
      expect(last.income_statement.total_income).toBe(0);
    });

    it('GET /api/finance/journal-entries: the period’s entries, newest first, paged', async () => {
      const response = await inject(
        'GET',
        '/api/finance/journal-entries?period=this_month&page_size=2',
        business,
      );
      expect(response.statusCode, response.body).toBe(200);
      const list = response.json() as JournalList;
      expect(list.total).toBe(3);
      expect(list.entries).toHaveLength(2);
      expect(list.entries[0]!.reference).toBe('RENT-1');
      const custom = (
        await inject(
          'GET',
          `/api/finance/journal-entries?period=custom&from=2000-01-01&to=${today}`,
          business,
        )
      ).json() as JournalList;
      expect(custom.total).toBe(4);
    });

    it('GET /api/finance/bank-reconciliation: the bank lines with their reconciled marks', async () => {
      const response = await inject('GET', '/api/finance/bank-reconciliation', business);
      expect(response.statusCode, response.body).toBe(200);
      const bank = response.json() as BankReconciliation;
      expect(bank.lines.map((l) => [l.reference, l.amount, l.reconciled])).toEqual([
        ['CAP-1', 1000, false],
        ['RENT-1', -250.5, false],
      ]);
      expect(bank).toMatchObject({ book_balance: 1749.5, reconciled_balance: 0, unreconciled_count: 2 });
    });

    it('each business sees only its own books; 401 for anonymous; 400 for a bad period', async () => {
      const stranger = await t.sessionFor(await insertUser(t.db, 'retailer'));
      for (const url of [
        '/api/finance/summary',
        '/api/finance/chart-of-accounts',
        '/api/finance/reports',
        '/api/finance/journal-entries',
        '/api/finance/bank-reconciliation',
      ]) {
        expectError(await inject('GET', url), 401, 'unauthorized');
        expectError(await inject('GET', `${url}?period=fortnight`, business), 400);
        expectError(await inject('GET', `${url}?period=custom&from=2026-01-01`, business), 400);
        expectError(await inject('GET', `${url}?period=custom&from=2026-03-01&to=2026-01-01`, business), 400);
        const own = await inject('GET', `${url}?period=year`, stranger);
        expect(own.statusCode, `${url} ${own.body}`).toBe(200);
        expect(own.body).not.toContain('CAP-1');
      }
      const summary = (await inject('GET', '/api/finance/summary', stranger)).json() as FinanceSummary;
      expect(summary).toMatchObject({ income: 0, expenses: 0, cash: 0, entries: 0 });
    });
  });

  describe('POST /api/finance/bank-reconciliation/:id', () => {
    it('saves the reconciled mark, and clears it again', async () => {
      const entry = await post(capital);
      const bankLine = entry.lines.find((l) => l.account_code === 1010)!;
      const response = await inject('POST', `/api/finance/bank-reconciliation/${bankLine.id}`, owner, {
        reconciled: true,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ id: bankLine.id, reconciled: true, amount: 1000 });
      const bank = (
        await inject('GET', '/api/finance/bank-reconciliation', owner)
      ).json() as BankReconciliation;
      expect(bank.lines.find((l) => l.id === bankLine.id)!.reconciled).toBe(true);
      expect(bank.reconciled_balance).toBe(1000);
      await inject('POST', `/api/finance/bank-reconciliation/${bankLine.id}`, owner, { reconciled: false });
      const stored = rowsOf<{ reconciled: boolean }>(
        await t.db.execute(sql`select reconciled from journal_lines where id = ${bankLine.id}`),
      );
      expect(stored[0]!.reconciled).toBe(false);
    });

    it('401 anonymous, 403 another business, 404 a line not on the bank, 400 a bad body; nothing changes', async () => {
      const entry = await post(capital);
      const bankLine = entry.lines.find((l) => l.account_code === 1010)!;
      const equityLine = entry.lines.find((l) => l.account_code === 3000)!;
      const url = `/api/finance/bank-reconciliation/${bankLine.id}`;
      expectError(await inject('POST', url, undefined, { reconciled: true }), 401);
      expectError(await inject('POST', url, other, { reconciled: true }), 403, 'ledger.not_your_entry');
      expectError(
        await inject('POST', `/api/finance/bank-reconciliation/${equityLine.id}`, owner, {
          reconciled: true,
        }),
        404,
        'ledger.line_not_found',
      );
      expectError(await inject('POST', url, owner, { reconciled: 'yes' }), 400);
      expectError(await inject('POST', url, owner, {}), 400);
      expect(await count(t.db, 'journal_lines', sql`reconciled and entry_id = ${entry.id}`)).toBe(0);
    });
  });
});
