import { z } from 'zod';
import { idSchema } from './ids.ts';
import { percentOf, randToCents } from './money.ts';

/**
 * `proposed`: priced below the seller's list price, waiting for the seller to accept (it then opens,
 * `active`) or decline it (`declined`, with a reason) - DECISIONS 22.
 */
export const BULK_ORDER_STATUSES = [
  'proposed',
  'active',
  'target_reached',
  'completed',
  'cancelled',
  'declined',
] as const;
export type BulkOrderStatus = (typeof BULK_ORDER_STATUSES)[number];
export const PAYMENT_STATUSES = ['pending', 'paid', 'refunded'] as const;

export const bulkOrderSchema = z.object({
  id: z.number().int(),
  coop_id: z.number().int(),
  coop_name: z.string(),
  product_id: z.number().int(),
  product_name: z.string(),
  product_image_url: z.string().nullable(),
  unit_price: z.number(),
  final_unit_price: z.number(),
  bulk_discount_percentage: z.number(),
  minimum_quantity: z.number().int(),
  current_quantity: z.number().int(),
  target_quantity: z.number().int(),
  end_date: z.string(),
  status: z.enum(BULK_ORDER_STATUSES),
  /** The product's own selling price now: a final price below it needs the seller's acceptance. */
  list_price: z.number(),
  seller_id: z.number().int(),
  seller_name: z.string(),
  /** What the seller committed on accepting; joins never pass it. Null: capped by the seller's stock. */
  committed_quantity: z.number().int().nullable(),
  /** The seller's reason for declining a proposal. */
  decline_reason: z.string().nullable(),
  /** How many more units members may still join for now (bulkRoomLeft); 0 when the order is full. */
  room_left: z.number().int(),
});
export type BulkOrder = z.infer<typeof bulkOrderSchema>;

export const participationSchema = z.object({
  id: z.number().int(),
  bulk_order_id: z.number().int(),
  product_name: z.string(),
  coop_name: z.string(),
  quantity_ordered: z.number().int(),
  unit_price: z.number(),
  final_unit_price: z.number(),
  total_amount: z.number(),
  payment_status: z.enum(PAYMENT_STATUSES),
  created_at: z.string(),
  /** The order the participation became when the bulk order completed (its payment follows that order). */
  order_id: z.number().int().nullable(),
  order_number: z.string().nullable(),
  /** Why no order could be placed for it when the bulk order completed (e.g. the stock ran short). */
  failure_reason: z.string().nullable(),
});
export type Participation = z.infer<typeof participationSchema>;

/** POST /api/bulk-orders/participate: the screen sends the order's minimum_quantity. */
export const participateSchema = z.object({
  bulk_order_id: idSchema,
  quantity: z.number().int().min(1).max(1_000_000),
});

/** POST /api/bulk-orders: a coordinator of the cooperative opens a bulk order for a catalogue product. */
export const createBulkOrderSchema = z
  .object({
    coop_id: idSchema,
    product_id: idSchema,
    /** Defaults to the product's selling price. */
    unit_price: z.number().positive().max(1_000_000).nullish(),
    bulk_discount_percentage: z.number().min(0).max(90),
    minimum_quantity: z.number().int().min(1).max(1_000_000),
    target_quantity: z.number().int().min(1).max(10_000_000),
    end_date: z.iso.datetime({ offset: true }),
  })
  .refine((v) => v.target_quantity >= v.minimum_quantity, {
    message: 'validation.target_at_least_minimum',
    path: ['target_quantity'],
  });

/** POST /api/bulk-orders/{id}/accept: the seller commits a quantity, never more than their stock. */
export const acceptBulkOrderSchema = z.object({
  committed_quantity: z.number().int().min(1).max(10_000_000),
});

/** POST /api/bulk-orders/{id}/decline: the seller says why; the coordinator sees it. */
export const declineBulkOrderSchema = z.object({
  reason: z.string().trim().min(1, { message: 'validation.required' }).max(500),
});

/** DECISIONS 22: a bulk order whose final price is below the seller's list price needs the seller's yes. */
export function needsSellerAcceptance(finalUnitCents: number, listPriceCents: number): boolean {
  return finalUnitCents < listPriceCents;
}

/**
 * How many more units members may still join for: never past what the seller committed or, for an order
 * at list price, past the seller's current stock.
 */
export function bulkRoomLeft(order: {
  current_quantity: number;
  committed_quantity: number | null;
  stock_quantity: number;
}): number {
  // The stock is not reserved by joins, so an uncommitted order may promise at most the stock on hand.
  const cap = order.committed_quantity ?? order.stock_quantity;
  return Math.max(0, cap - order.current_quantity);
}

/** The discounted unit price, in cents. */
export function finalUnitPriceCents(unitCents: number, discountPercent: number): number {
  return unitCents - percentOf(unitCents, discountPercent);
}

/** Spec 1: total savings = the sum over my participations of (unit_price - final_unit_price) x quantity, in cents. */
export function totalSavingsCents(
  participations: readonly Pick<Participation, 'unit_price' | 'final_unit_price' | 'quantity_ordered'>[],
): number {
  let total = 0;
  for (const p of participations)
    total += (randToCents(p.unit_price) - randToCents(p.final_unit_price)) * p.quantity_ordered;
  return total;
}

/** Adding quantity to an active order; reaching the target turns it target_reached. */
/**
 * A bulk order no one can join any more: its target is reached, or there is less room left than the
 * minimum a member must take. The card then says it is full instead of offering Join.
 */
export function bulkOrderIsFull(order: {
  status: BulkOrderStatus;
  room_left: number;
  minimum_quantity: number;
}): boolean {
  return order.status === 'target_reached' || order.room_left < order.minimum_quantity;
}

export function statusAfterParticipation(current: number, added: number, target: number): BulkOrderStatus {
  return current + added >= target ? 'target_reached' : 'active';
}

export function bulkProgressPercent(current: number, target: number): number {
  return target <= 0 ? 100 : Math.min(100, Math.round((current / target) * 100));
}

/**
 * What the completion job does with a bulk order (issue 12 point 6; ADR 025): an open order (active or
 * target_reached) whose end date has passed completes when its target is met and is cancelled when not;
 * before the end date it waits, unless its coordinator closes it once the target is met.
 */
export function bulkOrderOutcome(
  order: { status: BulkOrderStatus; current_quantity: number; target_quantity: number; end_date: Date },
  now: Date,
  closing = false,
): 'complete' | 'cancel' | 'wait' {
  if (order.status !== 'active' && order.status !== 'target_reached') return 'wait';
  const met = order.current_quantity >= order.target_quantity;
  if (closing) return met ? 'complete' : 'wait';
  if (order.end_date > now) return 'wait';
  return met ? 'complete' : 'cancel';
}

/**
 * The bulk price as an offer for the one pricing rule (DECISIONS 21): a fixed discount per unit of the
 * list price now less the bulk price. None when the list price is at or below the bulk price (the buyer
 * then pays the list price, which is no more than was promised).
 */
export function bulkPriceOffer(input: {
  bulkOrderId: number;
  sellerId: number;
  productId: number;
  listPriceCents: number;
  bulkPriceCents: number;
}) {
  const cents = input.listPriceCents - input.bulkPriceCents;
  if (cents <= 0) return null;
  return {
    source: { type: 'bulk_order' as const, id: input.bulkOrderId },
    seller_id: input.sellerId,
    product_ids: [input.productId],
    min_order_value_cents: 0,
    rule: { kind: 'fixed' as const, cents },
  };
}

/** The payment status of a participation follows its order: paid once the order is paid. */
export function participationPaymentStatus(order: { paid_at: string | null } | null): 'pending' | 'paid' {
  return order?.paid_at ? 'paid' : 'pending';
}
