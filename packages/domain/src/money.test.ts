import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { centsToRand, formatRand, percentOf, randToCents, sumCents, vatOn } from './money.ts';

describe('randToCents', () => {
  it('parses rand amounts exactly', () => {
    expect(randToCents('129.99')).toBe(12999);
    expect(randToCents(129.99)).toBe(12999);
    expect(randToCents('0.1')).toBe(10);
    expect(randToCents(0.07)).toBe(7);
    expect(randToCents('-12.5')).toBe(-1250);
    expect(randToCents(89.99)).toBe(8999);
  });

  it('refuses amounts with fractions of a cent or that are not numbers', () => {
    expect(() => randToCents('1.005')).toThrow(RangeError);
    expect(() => randToCents(1.005)).toThrow(RangeError);
    expect(() => randToCents('R12')).toThrow(RangeError);
    expect(() => randToCents(Number.NaN)).toThrow(RangeError);
  });

  it('round-trips every amount in cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), (cents) => {
        expect(randToCents(centsToRand(cents))).toBe(cents);
      }),
    );
  });
});

describe('VAT and percentages', () => {
  it('adds 15% VAT rounded half away from zero', () => {
    expect(vatOn(10000)).toBe(1500);
    expect(vatOn(3999)).toBe(600); // 599.85 cents -> 600
    expect(vatOn(1)).toBe(0); // 0.15 cents
    expect(vatOn(10)).toBe(2); // 1.5 cents rounds up
    expect(vatOn(-10)).toBe(-2);
  });

  it('never drifts by more than half a cent from the exact value', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (cents) => {
        expect(Math.abs(vatOn(cents) - cents * 0.15)).toBeLessThanOrEqual(0.5 + 1e-9);
      }),
    );
  });

  it('takes percentages with two decimals', () => {
    expect(percentOf(10000, 12.5)).toBe(1250);
    expect(percentOf(999, 2.5)).toBe(25); // 24.975 -> 25
  });

  it('adds cents as integers', () => {
    expect(sumCents([1999, 1, 8999])).toBe(10999);
    expect(() => sumCents([1.5])).toThrow(RangeError);
  });
});

describe('formatRand', () => {
  it('writes rand the South African way', () => {
    expect(formatRand(123450)).toBe('R\u00a01\u00a0234.50');
    expect(formatRand(5)).toBe('R\u00a00.05');
    expect(formatRand(-1200)).toBe('-R\u00a012.00');
    expect(formatRand(100000000)).toBe('R\u00a01\u00a0000\u00a0000.00');
  });
});
