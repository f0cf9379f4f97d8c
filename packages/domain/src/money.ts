/**
 * Money is integer cents everywhere inside the product. Rand values only exist at the edges:
 * the API's JSON numbers (two decimals) and the formatted text on screen.
 */

export type Cents = number;

export const VAT_RATE_PERCENT = 15;

const RAND_PATTERN = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** Parses a rand amount given as text or a number with at most two decimals, without float arithmetic. */
export function randToCents(value: number | string): Cents {
  const text = typeof value === 'number' ? numberToPlainText(value) : value.trim();
  const match = RAND_PATTERN.exec(text);
  if (!match) throw new RangeError(`Not a rand amount: ${String(value)}`);
  const [, sign, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Rand amount out of range: ${String(value)}`);
  return sign ? -cents : cents;
}

function numberToPlainText(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not a rand amount: ${value}`);
  // toFixed(2) would silently round 1.005; a value with more than two decimals is refused instead.
  const text = String(value);
  return text.includes('e') ? value.toFixed(2) : text;
}

/** Cents -> rand as a JSON number with two decimals (e.g. 12999 -> 129.99). */
export function centsToRand(cents: Cents): number {
  assertCents(cents);
  return Number((cents / 100).toFixed(2));
}

export function assertCents(cents: Cents): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Cents must be a safe integer, got ${cents}`);
}

/** Rounds a fraction of cents half away from zero, the rounding South African invoices use. */
function roundHalfAwayFromZero(numerator: number, denominator: number): Cents {
  const sign = Math.sign(numerator) * Math.sign(denominator);
  const n = Math.abs(numerator);
  const d = Math.abs(denominator);
  return sign * Math.floor((2 * n + d) / (2 * d));
}

/** A percentage of an amount, in whole cents. percent may have up to two decimals (e.g. 12.5). */
export function percentOf(cents: Cents, percent: number): Cents {
  assertCents(cents);
  const basisPoints = Math.round(percent * 100);
  return roundHalfAwayFromZero(cents * basisPoints, 10_000);
}

/** VAT added on top of a VAT-exclusive amount. */
export function vatOn(cents: Cents): Cents {
  return percentOf(cents, VAT_RATE_PERCENT);
}

export function sumCents(values: readonly Cents[]): Cents {
  let total = 0;
  for (const value of values) {
    assertCents(value);
    total += value;
  }
  return total;
}

/**
 * Formats cents as rand the South African way: "R 1 234.50" (space as the thousands separator,
 * a point before the cents). Negative amounts read "-R 12.00".
 */
export function formatRand(cents: Cents): string {
  assertCents(cents);
  const negative = cents < 0;
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  const fraction = (abs % 100).toString().padStart(2, '0');
  return `${negative ? '-' : ''}R\u00a0${whole}.${fraction}`;
}

/** Formats a rand number coming from the API (two decimals). */
export function formatRandAmount(rand: number): string {
  return formatRand(randToCents(rand));
}
