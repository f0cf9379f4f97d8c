import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CHART_OF_ACCOUNTS,
  imbalanceOf,
  isBalanced,
  journalEntryInputSchema,
  periodQuerySchema,
  periodRange,
  reversedLines,
  sastDate,
  vatFor,
  vatIncluded,
} from './ledger.ts';

const line = (account_code: number, debit_cents: number, credit_cents: number) => ({
  account_code,
  debit_cents,
  credit_cents,
});

describe('the balance rule', () => {
  it('posts two or more lines whose debits equal their credits, each on one side', () => {
    expect(isBalanced([line(1010, 100, 0), line(3000, 0, 100)])).toBe(true);
    expect(isBalanced([line(1010, 100, 0), line(4000, 0, 87), line(2100, 0, 13)])).toBe(true);
    expect(isBalanced([line(1010, 100, 0), line(3000, 0, 99)])).toBe(false);
    expect(isBalanced([line(1010, 0, 0), line(3000, 0, 0)])).toBe(false);
    expect(isBalanced([line(1010, 100, 100), line(3000, 0, 0)])).toBe(false);
    expect(isBalanced([line(1010, -100, 0), line(3000, -100, 0)])).toBe(false);
    expect(isBalanced([line(1010, 0, 0)])).toBe(false);
    expect(imbalanceOf([line(1010, 100, 0), line(3000, 0, 90)])).toEqual({
      debits: 100,
      credits: 90,
      difference: 10,
    });
  });

  it('a reversal of any balanced entry balances, and the two together cancel out', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 1e9 }), { minLength: 1, maxLength: 6 }), (debits) => {
        const total = debits.reduce((s, d) => s + d, 0);
        const entry = [...debits.map((d) => line(5300, d, 0)), line(1010, 0, total)];
        expect(isBalanced(entry)).toBe(true);
        const reversal = reversedLines(entry);
        expect(isBalanced(reversal)).toBe(true);
        expect(imbalanceOf([...entry, ...reversal])).toEqual({
          debits: 2 * total,
          credits: 2 * total,
          difference: 0,
        });
      }),
    );
  });
});

describe('VAT (DECISIONS 23)', () => {
  it('is amount x 15/115 of a VAT-inclusive amount, rounded once, and nothing when not registered', () => {
    expect(vatIncluded(11_500)).toBe(1_500);
    expect(vatIncluded(100)).toBe(13); // 13.04
    expect(vatIncluded(23)).toBe(3); // 3.0
    expect(vatIncluded(0)).toBe(0);
    expect(vatFor(11_500, false)).toBe(0);
    expect(vatFor(11_500, true)).toBe(1_500);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), (cents) => {
        const vat = vatIncluded(cents);
        // Within half a cent of the exact figure.
        expect(Math.abs(vat * 115 - cents * 15)).toBeLessThanOrEqual(115 / 2);
      }),
    );
  });
});

describe('periods', () => {
  const now = new Date('2026-11-23T10:00:00Z');
  it('resolves each choice to its first and last Johannesburg day', () => {
    expect(periodRange('this_month', now)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(periodRange('last_month', now)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(periodRange('quarter', now)).toEqual({ from: '2026-10-01', to: '2026-12-31' });
    expect(periodRange('year', now)).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(periodRange('custom', now, { from: '2026-02-01', to: '2026-02-28' })).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(periodRange('last_month', new Date('2027-01-05T00:00:00Z'))).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
    });
    // 23:30 UTC on 31 December is already 1 January in Johannesburg.
    expect(sastDate(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });

  it('a custom period needs both days, in order', () => {
    expect(periodQuerySchema.safeParse({ period: 'custom', from: '2026-01-01' }).success).toBe(false);
    expect(
      periodQuerySchema.safeParse({ period: 'custom', from: '2026-03-01', to: '2026-01-01' }).success,
    ).toBe(false);
    expect(
      periodQuerySchema.safeParse({ period: 'custom', from: '2026-01-01', to: '2026-01-31' }).success,
    ).toBe(true);
    expect(periodQuerySchema.safeParse({ period: 'year', from: '2026-02-30' }).success).toBe(false);
  });
});

describe('the manual entry form', () => {
  it('accepts a line with a debit or a credit on a chart account, not both and not neither', () => {
    const base = { entry_date: '2026-11-23', reference: 'JE-1', description: 'Capital' };
    const parse = (lines: object[]) => journalEntryInputSchema.safeParse({ ...base, lines }).success;
    expect(
      parse([
        { account_code: 1010, debit: 10 },
        { account_code: 3000, credit: 10 },
      ]),
    ).toBe(true);
    expect(
      parse([
        { account_code: 1010, debit: 10, credit: 10 },
        { account_code: 3000, credit: 10 },
      ]),
    ).toBe(false);
    expect(parse([{ account_code: 1010 }, { account_code: 3000, credit: 10 }])).toBe(false);
    expect(
      parse([
        { account_code: 9999, debit: 10 },
        { account_code: 3000, credit: 10 },
      ]),
    ).toBe(false);
    expect(CHART_OF_ACCOUNTS.every((a) => a.code >= 1000 && a.code < 6000)).toBe(true);
  });
});
