// The catalogue's filters and figures without their schemas: zod-free, so the first screens can use them
// (ADR 024, fourth pass).

/** Spec 1 §5's price bands, in cents. Each band is inclusive at both ends, so a boundary value matches two. */
export const PRICE_BANDS = {
  under_20: { min: null, max: 1999 },
  '20_50': { min: 2000, max: 5000 },
  '50_100': { min: 5000, max: 10000 },
  '100_200': { min: 10000, max: 20000 },
  over_200: { min: 20001, max: null },
} as const satisfies Record<string, { min: number | null; max: number | null }>;
export type PriceBand = keyof typeof PRICE_BANDS;
export const PRICE_BAND_KEYS = Object.keys(PRICE_BANDS) as PriceBand[];

export function inPriceBand(cents: number, band: PriceBand): boolean {
  const { min, max } = PRICE_BANDS[band];
  return (min === null || cents >= min) && (max === null || cents <= max);
}

export const PRODUCT_SORTS = ['name', 'price_asc', 'price_desc', 'stock'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
/** The orders the API accepts: the four sorts, and relevance (the default while searching). */
export const PRODUCT_ORDERS = [...PRODUCT_SORTS, 'relevance'] as const;
export type ProductOrder = (typeof PRODUCT_ORDERS)[number];

/**
 * Totals above this are answered as "at least this many" (total_capped): counting every match of a broad
 * filter would read most of the catalogue on every request.
 */
export const PRODUCT_TOTAL_CAP = 1000;

export const PRODUCT_PAGE_SIZE = 24;
export const PRODUCT_PAGE_SIZE_MAX = 100;
/** Spec 1 §9: stock above 50 shows green, otherwise yellow. */
export const STOCK_GREEN_ABOVE = 50;
