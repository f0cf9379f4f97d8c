import type { Cents } from './money.ts';

/**
 * The one pricing rule for discounts (DECISIONS 21): trade promotions, trade offers and co-op bulk prices
 * all become offers, and the server applies them at checkout with this function (the screens show its
 * result before paying). A line gets the single discount that takes the most cents off it; percentage
 * and fixed discounts apply per unit before VAT; a bulk discount applies once the line reaches the
 * offer's minimum quantity; buy x get y makes y of every x + y units free; free shipping waives that
 * seller's delivery fee, separately from line discounts. An offer's minimum order value is measured on
 * that seller's goods before VAT and discounts.
 */
export type DiscountRule =
  /** Tenths of a percent off each unit (0-1000: 12.5% is 125). */
  | { kind: 'percentage'; tenths: number }
  /** Cents off each unit, never more than the unit's price. */
  | { kind: 'fixed'; cents: Cents }
  /** Tenths of a percent off each unit once the line has at least min_quantity units. */
  | { kind: 'bulk'; tenths: number; min_quantity: number }
  /** y of every x + y units free. */
  | { kind: 'buy_x_get_y'; x: number; y: number }
  | { kind: 'free_shipping' };

export interface OfferSource {
  type: 'promotion' | 'trade_offer' | 'bulk_order';
  id: number;
}

export interface Offer {
  source: OfferSource;
  seller_id: number;
  /** The products it covers; null covers every product of the seller. */
  product_ids: readonly number[] | null;
  min_order_value_cents: Cents;
  rule: DiscountRule;
  /** What the buyer is shown beside the discount (the promotion's or offer's name); optional. */
  name?: string;
}

export interface PricingLine {
  product_id: number;
  seller_id: number;
  quantity: number;
  unit_price_cents: Cents;
}

export interface DiscountedLine extends PricingLine {
  /** Cents off the whole line (0 when no offer applies). */
  discount_cents: Cents;
  /** The offer that gave the discount, or null. */
  offer: OfferSource | null;
}

export interface Discounts {
  lines: DiscountedLine[];
  /** Sellers whose delivery fee is waived, with the offer that waived it. */
  free_shipping: Map<number, OfferSource>;
}

/** Tenths of a percent of an amount, rounded half up to whole cents. */
function tenthsOf(cents: Cents, tenths: number): Cents {
  return Math.floor((cents * tenths * 2 + 1000) / 2000);
}

/** The cents an offer's rule takes off one line (before VAT), never more than the line is worth. */
export function lineDiscountCents(line: PricingLine, rule: DiscountRule): Cents {
  const worth = line.unit_price_cents * line.quantity;
  let off = 0;
  switch (rule.kind) {
    case 'percentage':
      off = tenthsOf(line.unit_price_cents, rule.tenths) * line.quantity;
      break;
    case 'fixed':
      off = Math.min(rule.cents, line.unit_price_cents) * line.quantity;
      break;
    case 'bulk':
      off =
        line.quantity >= rule.min_quantity ? tenthsOf(line.unit_price_cents, rule.tenths) * line.quantity : 0;
      break;
    case 'buy_x_get_y': {
      const group = rule.x + rule.y;
      off = group > 0 ? Math.floor(line.quantity / group) * rule.y * line.unit_price_cents : 0;
      break;
    }
    case 'free_shipping':
      off = 0;
  }
  return Math.max(0, Math.min(off, worth));
}

const covers = (offer: Offer, line: PricingLine) =>
  offer.seller_id === line.seller_id &&
  (offer.product_ids === null || offer.product_ids.includes(line.product_id));

/** Applies the offers to the lines: each line's best single discount, and the sellers' free shipping. */
export function applyOffers(lines: readonly PricingLine[], offers: readonly Offer[]): Discounts {
  const goodsBySeller = new Map<number, Cents>();
  for (const line of lines) {
    goodsBySeller.set(
      line.seller_id,
      (goodsBySeller.get(line.seller_id) ?? 0) + line.unit_price_cents * line.quantity,
    );
  }
  const qualifies = (offer: Offer) =>
    (goodsBySeller.get(offer.seller_id) ?? 0) >= offer.min_order_value_cents;
  const eligible = offers.filter(qualifies);

  const free_shipping = new Map<number, OfferSource>();
  for (const offer of eligible) {
    if (offer.rule.kind !== 'free_shipping' || free_shipping.has(offer.seller_id)) continue;
    // Free shipping covers the seller's delivery when the order holds at least one product it covers.
    if (lines.some((line) => covers(offer, line))) free_shipping.set(offer.seller_id, offer.source);
  }

  const discounted = lines.map((line): DiscountedLine => {
    let best: { cents: Cents; source: OfferSource } | null = null;
    for (const offer of eligible) {
      if (offer.rule.kind === 'free_shipping' || !covers(offer, line)) continue;
      const cents = lineDiscountCents(line, offer.rule);
      // Strictly more: among equal discounts the first offer (the caller's order) wins, so it is stable.
      if (cents > 0 && (best === null || cents > best.cents)) best = { cents, source: offer.source };
    }
    return { ...line, discount_cents: best?.cents ?? 0, offer: best?.source ?? null };
  });
  return { lines: discounted, free_shipping };
}
