// The cart's rules the product cards use, without the cart's schemas: zod-free (ADR 024, fourth pass).

/**
 * DECISIONS 18: the struck-through price is the product's mrp when it is above the selling price (the
 * spec's notional 110% is dropped), the same on the card and in the cart; null when there is none.
 */
export function struckPrice(
  sellingCents: number,
  mrpCents: number,
): { mrp_cents: number; saving_cents: number } | null {
  return mrpCents > sellingCents ? { mrp_cents: mrpCents, saving_cents: mrpCents - sellingCents } : null;
}

/**
 * DECISIONS 4 and issue 10: the quantity a buyer may type for a cart line: at least the product's
 * minimum order (and 1), at most its stock. Says which bound a typed value breaks.
 */
export function quantityBounds(line: { minimum_order_quantity: number; stock_quantity: number }) {
  return { min: Math.max(1, line.minimum_order_quantity), max: line.stock_quantity };
}
export type QuantityProblem = 'not_whole' | 'below_minimum' | 'above_stock' | null;
export function quantityProblem(
  value: number,
  line: { minimum_order_quantity: number; stock_quantity: number },
): QuantityProblem {
  const { min, max } = quantityBounds(line);
  if (!Number.isInteger(value) || value < 1) return 'not_whole';
  if (value < min) return 'below_minimum';
  if (value > max) return 'above_stock';
  return null;
}

/** Why a product cannot be added to a cart, or null when it can. */
export function unbuyableReason(product: {
  is_active: boolean;
  stock_quantity: number;
  minimum_order_quantity: number;
}): 'inactive' | 'out_of_stock' | 'minimum_above_stock' | null {
  if (!product.is_active) return 'inactive';
  if (product.stock_quantity <= 0) return 'out_of_stock';
  if (product.minimum_order_quantity > product.stock_quantity) return 'minimum_above_stock';
  return null;
}
