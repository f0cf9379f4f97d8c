import { z } from 'zod';
import { SEARCH_TEXT_MAX } from './search.ts';
import { idSchema } from './ids.ts';

/**
 * Inventory (spec 2, issue 11 point 1; DECISIONS 20): stock per business, product and location, changed
 * only by movements. The rules both sides share: the statuses, the alert levels, the movement payload.
 */

export const STOCK_STATUSES = ['in_stock', 'low_stock', 'out_of_stock', 'overstock'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];
export const stockStatusSchema = z.enum(STOCK_STATUSES);

export const MOVEMENT_TYPES = ['in', 'out', 'transfer', 'adjustment'] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number];
export const movementTypeSchema = z.enum(MOVEMENT_TYPES);

export const ALERT_LEVELS = ['critical', 'high', 'medium', 'low'] as const;
export type AlertLevel = (typeof ALERT_LEVELS)[number];
export const alertLevelSchema = z.enum(ALERT_LEVELS);

export interface StockLevels {
  quantity: number;
  reserved: number;
  reorder_point: number | null;
  overstock_level: number | null;
}

/** What can still be sold or moved: the quantity on hand less what orders have reserved. */
export const availableOf = (item: Pick<StockLevels, 'quantity' | 'reserved'>) =>
  item.quantity - item.reserved;

/**
 * An item's status: out of stock when nothing is available, low at or below the reorder point, overstock
 * above the overstock level (on hand), otherwise in stock. Without a reorder point an item is never low.
 */
export function stockStatus(item: StockLevels): StockStatus {
  const available = availableOf(item);
  if (available <= 0) return 'out_of_stock';
  if (item.reorder_point !== null && available <= item.reorder_point) return 'low_stock';
  if (item.overstock_level !== null && item.quantity > item.overstock_level) return 'overstock';
  return 'in_stock';
}

/**
 * How urgent a shortage is, by how far below the reorder point the available stock is: nothing left is
 * critical, a quarter of the reorder point or less high, half or less medium, otherwise low. An overstock
 * is low.
 */
export function alertLevel(item: StockLevels): AlertLevel {
  const available = availableOf(item);
  if (available <= 0) return 'critical';
  if (item.reorder_point === null || item.reorder_point <= 0) return 'low';
  if (available * 4 <= item.reorder_point) return 'high';
  if (available * 2 <= item.reorder_point) return 'medium';
  return 'low';
}

/** Whether a status raises an alert; the alert's type is the status. */
export const isAlertStatus = (status: StockStatus): status is Exclude<StockStatus, 'in_stock'> =>
  status !== 'in_stock';

/** The event topics a threshold crossing writes to the outbox (spec 2's webhook events). */
export const INVENTORY_EVENTS = {
  low_stock: 'inventory.low_stock',
  out_of_stock: 'inventory.out_of_stock',
} as const;

const quantityLimit = 1_000_000;
const randAmount = z.number().finite().min(0).max(1_000_000).multipleOf(0.01);

/**
 * POST /api/inventory/movements: spec 2's payload (product_id, location_id, movement_type, quantity,
 * reason). in, out and transfer take a positive quantity; an adjustment a signed one (never 0). A transfer
 * names where the stock goes (to_location_id); an in may carry the unit cost paid (rand).
 */
export const recordMovementSchema = z
  .object({
    product_id: idSchema,
    location_id: idSchema,
    movement_type: movementTypeSchema,
    quantity: z.number().int().min(-quantityLimit).max(quantityLimit),
    reason: z.string().trim().max(240, { message: 'validation.too_long' }).nullish(),
    to_location_id: idSchema.nullish(),
    unit_cost: randAmount.nullish(),
  })
  .superRefine((value, ctx) => {
    if (value.quantity === 0) {
      ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'validation.not_zero' });
    } else if (value.movement_type !== 'adjustment' && value.quantity < 0) {
      ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'validation.positive' });
    }
    if (value.movement_type === 'transfer') {
      if (value.to_location_id == null) {
        ctx.addIssue({ code: 'custom', path: ['to_location_id'], message: 'validation.required' });
      } else if (value.to_location_id === value.location_id) {
        ctx.addIssue({ code: 'custom', path: ['to_location_id'], message: 'validation.same_location' });
      }
    }
    if (value.movement_type === 'adjustment' && !value.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'validation.required' });
    }
  });
export type RecordMovementInput = z.input<typeof recordMovementSchema>;

export const inventoryItemSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  /** The marketplace product this item is, or null for the shop's own item. */
  marketplace_product_id: z.number().int().nullable(),
  product_name: z.string(),
  product_sku: z.string(),
  location_id: z.number().int(),
  location_name: z.string(),
  quantity: z.number().int(),
  reserved_quantity: z.number().int(),
  available_quantity: z.number().int(),
  reorder_point: z.number().int().nullable(),
  overstock_level: z.number().int().nullable(),
  status: stockStatusSchema,
  unit_cost: z.number(),
  total_value: z.number(),
  last_updated: z.string(),
});
export type InventoryItem = z.infer<typeof inventoryItemSchema>;

export const inventorySummarySchema = z.object({
  total_items: z.number().int(),
  total_value: z.number(),
  low_stock: z.number().int(),
  out_of_stock: z.number().int(),
  overstock: z.number().int(),
  active_alerts: z.number().int(),
});
export type InventorySummary = z.infer<typeof inventorySummarySchema>;

export const INVENTORY_PAGE_MAX = 1000;

export const inventoryQuerySchema = z.object({
  search: z.string().trim().max(SEARCH_TEXT_MAX).optional(),
  status: stockStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(INVENTORY_PAGE_MAX).default(100),
});

export const inventoryListSchema = z.object({
  items: z.array(inventoryItemSchema),
  total: z.number().int(),
  summary: inventorySummarySchema,
});
export type InventoryList = z.infer<typeof inventoryListSchema>;

export const stockMovementSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  product_sku: z.string(),
  location_id: z.number().int(),
  location_name: z.string(),
  /** A transfer's other side: where the stock went to (negative quantity) or came from. */
  other_location_name: z.string().nullable(),
  movement_type: movementTypeSchema,
  /** The change to the location's quantity: negative for what left. */
  quantity: z.number().int(),
  unit_cost: z.number().nullable(),
  reason: z.string().nullable(),
  reference: z.string().nullable(),
  performed_by_name: z.string(),
  created_at: z.string(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

/** The movements list: spec 2 shows the first 20; more on request. */
export const MOVEMENTS_FIRST_PAGE = 20;
export const movementsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(MOVEMENTS_FIRST_PAGE),
});
export const movementListSchema = z.object({
  movements: z.array(stockMovementSchema),
  has_more: z.boolean(),
});

export const recordMovementResultSchema = z.object({
  movements: z.array(stockMovementSchema),
  items: z.array(inventoryItemSchema),
});

export const stockAlertSchema = z.object({
  id: z.number().int(),
  item_id: z.number().int(),
  product_name: z.string(),
  location_name: z.string(),
  alert_level: alertLevelSchema,
  alert_type: z.string(),
  current_value: z.number().int(),
  threshold_value: z.number().int(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type StockAlert = z.infer<typeof stockAlertSchema>;

export const inventoryLocationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  is_default: z.boolean(),
});
export type InventoryLocation = z.infer<typeof inventoryLocationSchema>;

export const createLocationSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { message: 'validation.required' })
    .max(80, { message: 'validation.too_long' }),
});

export const inventoryProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  marketplace_product_id: z.number().int().nullable(),
});
export type InventoryProduct = z.infer<typeof inventoryProductSchema>;

/** The shop's own item, not on the marketplace (issue 11: to count and sell it). */
export const createInventoryProductSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { message: 'validation.required' })
    .max(120, { message: 'validation.too_long' }),
  sku: z
    .string()
    .trim()
    .min(1, { message: 'validation.required' })
    .max(60, { message: 'validation.too_long' })
    .regex(/^[A-Za-z0-9._/-]+$/, { message: 'validation.invalid_format' }),
  reorder_point: z.number().int().min(0).max(quantityLimit).nullish(),
});

/** Import (CSV) of counts per location: what was counted; dry_run answers the preview without writing. */
export const COUNT_ROWS_MAX = 1000;
export const stockCountSchema = z.object({
  location_id: idSchema,
  dry_run: z.boolean().default(true),
  counts: z
    .array(
      z.object({
        sku: z.string().trim().min(1).max(60),
        counted_quantity: z.number().int().min(0).max(quantityLimit),
      }),
    )
    .min(1)
    .max(COUNT_ROWS_MAX),
});
export type StockCountInput = z.input<typeof stockCountSchema>;

export const stockCountResultSchema = z.object({
  applied: z.boolean(),
  lines: z.array(
    z.object({
      sku: z.string(),
      product_name: z.string(),
      current_quantity: z.number().int(),
      counted_quantity: z.number().int(),
      difference: z.number().int(),
    }),
  ),
});
export type StockCountResult = z.infer<typeof stockCountResultSchema>;

export const updateItemSchema = z.object({
  reorder_point: z.number().int().min(0).max(quantityLimit).nullable(),
  overstock_level: z.number().int().min(1).max(quantityLimit).nullable(),
});
