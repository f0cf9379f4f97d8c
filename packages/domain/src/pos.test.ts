import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  cashDifference,
  cashUpLines,
  cashUpTotals,
  changeDue,
  defaultPriceCents,
  posSaleInputSchema,
  receiptNumber,
  RECEIPT_NUMBER_PATTERN,
  saleRequest,
  tillTotals,
} from './pos.ts';

/** VAT inside a VAT-inclusive amount, x 15/115 rounded half up, in integers (independent of the code). */
const vatInside = (cents: number) => Math.floor((cents * 30 + 115) / 230);

const line = fc.record({
  unit_price_cents: fc.integer({ min: 0, max: 500_000 }),
  quantity: fc.integer({ min: 1, max: 500 }),
});

describe('till totals (DECISIONS 23)', () => {
  it('an unregistered business shows no VAT; the customer pays lines - discount', () => {
    expect(tillTotals([{ unit_price_cents: 1300, quantity: 3 }], 10, false)).toEqual({
      subtotal: 3900,
      discount: 390,
      total: 3510,
      vat: 0,
    });
  });

  it('a registered business shows VAT = (lines - discount) x 15/115, rounded once', () => {
    const totals = tillTotals([{ unit_price_cents: 1299, quantity: 7 }], 12.5, true);
    expect(totals).toMatchObject({ subtotal: 9093, discount: 1137, total: 7956, vat: vatInside(7956) });
    expect(totals.vat).toBe(1038);
  });

  it('for any cart and discount: total = subtotal - discount, VAT the rounded 15/115 of it', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 0, max: 10_000 }).map((bp) => bp / 100),
        fc.boolean(),
        (lines, discount, registered) => {
          const t = tillTotals(lines, discount, registered);
          expect(t.total).toBe(t.subtotal - t.discount);
          expect(t.discount).toBeGreaterThanOrEqual(0);
          expect(t.discount).toBeLessThanOrEqual(t.subtotal);
          expect(t.vat).toBe(registered ? vatInside(t.total) : 0);
        },
      ),
    );
  });
});

describe('till prices and receipts', () => {
  it('a default price is cost plus markup, rounded up to the cent', () => {
    expect(defaultPriceCents(1000, 30)).toBe(1300);
    expect(defaultPriceCents(999, 50)).toBe(1499);
    expect(defaultPriceCents(0, 30)).toBe(0);
  });

  it('change is never negative', () => {
    expect(changeDue(5000, 3510)).toBe(1490);
    expect(changeDue(3000, 3510)).toBe(0);
  });

  it('device receipt numbers carry the device prefix', () => {
    expect(receiptNumber('K7QD', 42)).toBe('K7QD-0042');
    expect(RECEIPT_NUMBER_PATTERN.test(receiptNumber('K7QD', 123456))).toBe(true);
  });

  it('the request the till builds is one the server accepts; cash below the total is refused', () => {
    const request = saleRequest({
      clientSaleId: '7f1c1f8e-5a9b-4b8e-9a55-6b1f4f3d2e10',
      receiptNumber: 'K7QD-0001',
      lines: [{ product_id: 4, quantity: 2, unit_price_cents: 1850 }],
      discountPercent: 5,
      vatRegistered: true,
      paymentMethod: 'cash',
      amountTenderedCents: 5000,
      customerPhone: '082 555 0101',
    });
    expect(posSaleInputSchema.parse(request)).toMatchObject({
      subtotal: 37,
      discount_amount: 1.85,
      total_amount: 35.15,
      customer_phone: '+27 82 555 0101',
    });
    expect(posSaleInputSchema.safeParse({ ...request, amount_tendered: 10 }).success).toBe(false);
    const twice = { ...request, items: [...request.items, ...request.items] };
    expect(posSaleInputSchema.safeParse(twice).success).toBe(false);
  });
});

describe('cash-up (ADR 017)', () => {
  it('totals every method; expected cash is float + cash sales - cash refunds', () => {
    const { methods, expected_cash_cents } = cashUpTotals(
      [
        { payment_method: 'cash', total_cents: 5000 },
        { payment_method: 'cash', total_cents: 2550 },
        { payment_method: 'card', total_cents: 12_000 },
      ],
      [{ payment_method: 'cash', total_cents: 2550 }],
      20_000,
    );
    expect(methods.map((m) => m.method)).toEqual(['cash', 'card', 'mobile', 'qr_code', 'tap_pay']);
    expect(methods[0]).toEqual({
      method: 'cash',
      sales_count: 2,
      sales_cents: 7550,
      refunds_count: 1,
      refunds_cents: 2550,
      net_cents: 5000,
    });
    expect(methods[1]).toMatchObject({ sales_count: 1, net_cents: 12_000 });
    expect(expected_cash_cents).toBe(25_000);
  });

  it('over debits Cash and credits Cash over/short; short the reverse; balanced posts nothing', () => {
    expect(cashDifference(10_050, 10_000)).toEqual({ difference_cents: 50, outcome: 'over' });
    expect(cashDifference(9_800, 10_000)).toEqual({ difference_cents: -200, outcome: 'short' });
    expect(cashDifference(10_000, 10_000)).toEqual({ difference_cents: 0, outcome: 'balanced' });
    expect(cashUpLines(50)).toEqual([
      { account_code: 1000, debit_cents: 50, credit_cents: 0 },
      { account_code: 5100, debit_cents: 0, credit_cents: 50 },
    ]);
    expect(cashUpLines(-200)).toEqual([
      { account_code: 5100, debit_cents: 200, credit_cents: 0 },
      { account_code: 1000, debit_cents: 0, credit_cents: 200 },
    ]);
    expect(cashUpLines(0)).toEqual([]);
  });

  it('any count: the lines balance and move Cash by exactly the difference', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: -1_000_000, max: 10_000_000 }),
        (counted, expected) => {
          const { difference_cents } = cashDifference(counted, expected);
          const lines = cashUpLines(difference_cents);
          const cash = lines
            .filter((l) => l.account_code === 1000)
            .reduce((s, l) => s + l.debit_cents - l.credit_cents, 0);
          const debits = lines.reduce((s, l) => s + l.debit_cents, 0);
          const credits = lines.reduce((s, l) => s + l.credit_cents, 0);
          expect(debits).toBe(credits);
          expect(cash).toBe(counted - expected);
        },
      ),
    );
  });
});
