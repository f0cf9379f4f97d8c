import { z } from 'zod';
import { DELIVERY_OPTIONS } from './orders.ts';
import { SEARCH_TEXT_MAX } from './search.ts';

/**
 * Supply chain analytics (spec 2; DECISIONS 12): the suppliers a business buys from on the marketplace, from its
 * own orders: what it spent with each, what it paid in delivery, how fast each delivered and how often an order
 * was cancelled, and what that suggests. Spec 2's sample suppliers are replaced by these figures.
 */

export const SUPPLY_CHAIN_PERIODS = ['30d', '90d', '1y'] as const;
export const supplyChainPeriodSchema = z.enum(SUPPLY_CHAIN_PERIODS);
export type SupplyChainPeriod = z.infer<typeof supplyChainPeriodSchema>;
const PERIOD_DAYS: Record<SupplyChainPeriod, number> = { '30d': 30, '90d': 90, '1y': 365 };

/** The start of a period that ends now. */
export function supplyChainSince(period: SupplyChainPeriod, now: Date): Date {
  return new Date(now.getTime() - PERIOD_DAYS[period] * 24 * 60 * 60 * 1000);
}

/** At most this many suppliers in one answer (a business buys from a handful; the list is bounded all the same). */
export const SUPPLY_CHAIN_SUPPLIERS_MAX = 200;

/** GET /api/supply-chain?period=&search= */
export const supplyChainQuerySchema = z.object({
  period: supplyChainPeriodSchema.default('90d'),
  search: z.string().trim().max(SEARCH_TEXT_MAX).optional(),
});
export type SupplyChainQuery = z.input<typeof supplyChainQuerySchema>;

/** One supplier's figures over the period (rand as numbers with two decimals, as every amount in the API). */
export const supplierPerformanceSchema = z.object({
  seller_id: z.number().int(),
  name: z.string(),
  orders: z.number().int(),
  delivered: z.number().int(),
  cancelled: z.number().int(),
  /** Placed, not yet delivered or cancelled. */
  open: z.number().int(),
  /** What the orders that were not cancelled cost, delivery and VAT included. */
  spend: z.number(),
  delivery_fees: z.number(),
  /** Days from ordering to delivery, over the delivered orders (one decimal); null when none was delivered. */
  average_delivery_days: z.number().nullable(),
  last_order_at: z.string(),
});
export type SupplierPerformance = z.infer<typeof supplierPerformanceSchema>;

export const ADVICE_KINDS = ['combine_deliveries', 'slow_delivery', 'cancellations'] as const;
export type AdviceKind = (typeof ADVICE_KINDS)[number];
export const supplyChainAdviceSchema = z.object({
  kind: z.enum(ADVICE_KINDS),
  seller_id: z.number().int(),
  name: z.string(),
  /** The figures the advice's sentence names. */
  orders: z.number().int(),
  delivery_fees: z.number().optional(),
  /** What ordering as one delivery a week would have saved, at most. */
  saving: z.number().optional(),
  average_delivery_days: z.number().optional(),
  cancelled: z.number().int().optional(),
});
export type SupplyChainAdvice = z.infer<typeof supplyChainAdviceSchema>;

export const supplyChainSchema = z.object({
  period: supplyChainPeriodSchema,
  since: z.string(),
  totals: z.object({
    suppliers: z.number().int(),
    orders: z.number().int(),
    spend: z.number(),
    delivery_fees: z.number(),
    /** Delivered orders over those that ended (delivered or cancelled); null when none has ended. */
    delivered_share: z.number().nullable(),
    average_delivery_days: z.number().nullable(),
  }),
  suppliers: z.array(supplierPerformanceSchema),
  advice: z.array(supplyChainAdviceSchema),
});
export type SupplyChain = z.infer<typeof supplyChainSchema>;

/** Spec 2 §9: a supplier's delivery bar is max(20, 100 - 10 per day) percent wide. */
export function deliveryBarPercent(days: number): number {
  return Math.max(20, Math.min(100, 100 - 10 * days));
}

/** Slower than this on average, a supplier's deliveries are worth a look (standard delivery promises 3-5 days). */
export const SLOW_DELIVERY_DAYS = 5;
/** A supplier that cancelled at least this share of the orders that ended, and at least twice. */
export const CANCELLED_SHARE_WORTH_NOTING = 0.25;

/** A supplier's figures as the advice reads them: cents, and the weeks of the period. */
export interface SupplierFigures {
  seller_id: number;
  name: string;
  orders: number;
  delivered: number;
  cancelled: number;
  /** The orders that were not cancelled and paid a delivery fee, and what those fees came to. */
  paid_deliveries: number;
  delivery_fee_cents: number;
  /** The distinct weeks (Monday to Sunday) in which those orders were placed. */
  weeks_with_orders: number;
  average_delivery_days: number | null;
}

/**
 * What the figures suggest, the largest saving first:
 * - more deliveries than weeks ordered in: one order a week to that supplier would have paid one delivery a week
 *   (at the standard fee), so the fees above that were the price of ordering apart;
 * - deliveries slower than SLOW_DELIVERY_DAYS on average;
 * - a supplier that cancelled CANCELLED_SHARE_WORTH_NOTING or more of the orders that ended (at least two).
 */
export function supplyChainAdvice(suppliers: readonly SupplierFigures[]): SupplyChainAdvice[] {
  const advice: (SupplyChainAdvice & { rank: number })[] = [];
  for (const s of suppliers) {
    const weekly = s.weeks_with_orders * DELIVERY_OPTIONS.standard.fee_cents;
    const savingCents = s.delivery_fee_cents - weekly;
    if (s.paid_deliveries > s.weeks_with_orders && savingCents > 0) {
      advice.push({
        kind: 'combine_deliveries',
        seller_id: s.seller_id,
        name: s.name,
        orders: s.paid_deliveries,
        delivery_fees: s.delivery_fee_cents / 100,
        saving: savingCents / 100,
        rank: 2 + savingCents,
      });
    }
    if (s.average_delivery_days !== null && s.average_delivery_days > SLOW_DELIVERY_DAYS) {
      advice.push({
        kind: 'slow_delivery',
        seller_id: s.seller_id,
        name: s.name,
        orders: s.delivered,
        average_delivery_days: s.average_delivery_days,
        rank: 1,
      });
    }
    const ended = s.delivered + s.cancelled;
    if (s.cancelled >= 2 && s.cancelled / ended >= CANCELLED_SHARE_WORTH_NOTING) {
      advice.push({
        kind: 'cancellations',
        seller_id: s.seller_id,
        name: s.name,
        orders: ended,
        cancelled: s.cancelled,
        rank: 1,
      });
    }
  }
  return advice
    .sort(
      (a, b) =>
        b.rank - a.rank ||
        a.name.localeCompare(b.name) ||
        ADVICE_KINDS.indexOf(a.kind) - ADVICE_KINDS.indexOf(b.kind),
    )
    .map(({ rank: _rank, ...rest }) => rest);
}
