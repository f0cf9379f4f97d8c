import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
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
