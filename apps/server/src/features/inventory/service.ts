import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  alertLevel,
  ALERT_LEVELS,
  availableOf,
  centsToRand,
  INVENTORY_EVENTS,
  isAlertStatus,
  randToCents,
  stockStatus,
  type InventoryItem,
  type InventoryList,
  type InventoryLocation,
  type InventoryProduct,
  type MovementType,
  type StockAlert,
  type StockCountResult,
  type StockLevels,
  type StockMovement,
  type StockStatus,
} from '@tt/domain';
import type { Db, Tx } from '../../db/client.ts';
import { fail } from '../../platform/errors.ts';
import { emit } from '../../platform/jobs/runner.ts';
import { userSummaries } from '../auth/service.ts';
import { productsForSale, setStockQuantities, setStockQuantity } from '../catalog/service.ts';
import {
  inventoryAlerts,
  inventoryItems,
  inventoryLocations,
  inventoryMovements,
  inventoryProducts,
} from './tables.ts';

/**
 * Inventory (spec 2; issue 11 point 1; DECISIONS 20). Stock of a business (a user) per product and
 * location changes only here, by movements (in, out, transfer, adjustment) and order reservations, each a
 * conditional update of the item's row: concurrent writers queue on the row and none can take the
 * available stock (quantity - reserved) below zero. Every quantity change writes a movement row in the
 * same transaction, so an item's quantity is the sum of its movements. A business that sells on the
 * marketplace sells from its default location: after any change there the listing's stock_quantity is
 * set to the available quantity, in the same transaction.
 *
 * Other areas use: defaultLocation, ensureInventoryProduct, recordMovement, itemCost (point of sale,
 * supplier tools), and the order hooks reserveForOrder, releaseReservation, shipOrderLine, receiveDelivery.
 */

export const DEFAULT_LOCATION_NAME = 'Main store';
/** The most items a business's list reads at once (the summary counts them all). */
const ITEMS_CAP = 5000;

// ---------------------------------------------------------------------------------------------------
// Locations and products

/** The business's default location, made on first use. */
export async function defaultLocation(db: Db | Tx, businessId: number): Promise<InventoryLocation> {
  const find = () =>
    db
      .select({ id: inventoryLocations.id, name: inventoryLocations.name })
      .from(inventoryLocations)
      .where(and(eq(inventoryLocations.business_id, businessId), eq(inventoryLocations.is_default, true)));
  const [found] = await find();
  if (found) return { ...found, is_default: true };
  // Two first uses at once: one insert wins, the other does nothing and reads it.
  await db
    .insert(inventoryLocations)
    .values({ business_id: businessId, name: DEFAULT_LOCATION_NAME, is_default: true })
    .onConflictDoNothing();
  const [made] = await find();
  if (made) return { ...made, is_default: true };
  // A location already carries the default's name: it becomes the default.
  const [renamed] = await db
    .update(inventoryLocations)
    .set({ is_default: true })
    .where(
      and(
        eq(inventoryLocations.business_id, businessId),
        sql`lower(${inventoryLocations.name}) = lower(${DEFAULT_LOCATION_NAME})`,
      ),
    )
    .returning({ id: inventoryLocations.id, name: inventoryLocations.name });
  return { ...renamed!, is_default: true };
}

export async function listLocations(db: Db, businessId: number): Promise<InventoryLocation[]> {
  await defaultLocation(db, businessId);
  return db
    .select({
      id: inventoryLocations.id,
      name: inventoryLocations.name,
      is_default: inventoryLocations.is_default,
    })
    .from(inventoryLocations)
    .where(eq(inventoryLocations.business_id, businessId))
    .orderBy(desc(inventoryLocations.is_default), asc(inventoryLocations.name), asc(inventoryLocations.id))
    .limit(500);
}

export async function createLocation(
  db: Db | Tx,
  businessId: number,
  name: string,
): Promise<InventoryLocation> {
  await defaultLocation(db, businessId);
  const [row] = await db
    .insert(inventoryLocations)
    .values({ business_id: businessId, name, is_default: false })
    .onConflictDoNothing()
    .returning({ id: inventoryLocations.id, name: inventoryLocations.name });
  if (!row) throw fail('inventory.location_name_taken', { name });
  return { ...row, is_default: false };
}

/**
 * A member's space in a co-op's virtual warehouse is one of its inventory locations (issue 11 point 1;
 * kind 'coop_warehouse'), made when the space is first allocated: the warehouses area's My Inventory is
 * the stock at these locations, moved by the same movements as any other. One location per business and
 * warehouse, named after the warehouse (suffixed when the business already uses that name).
 */
export async function coopWarehouseLocation(
  tx: Db | Tx,
  businessId: number,
  warehouseId: number,
  warehouseName: string,
): Promise<InventoryLocation> {
  await defaultLocation(tx, businessId);
  const find = async () => {
    const [row] = await tx
      .select({ id: inventoryLocations.id, name: inventoryLocations.name })
      .from(inventoryLocations)
      .where(
        and(
          eq(inventoryLocations.business_id, businessId),
          eq(inventoryLocations.virtual_warehouse_id, warehouseId),
        ),
      );
    return row;
  };
  const found = await find();
  if (found) return { ...found, is_default: false };
  for (const name of [warehouseName, `${warehouseName} (co-op)`, `${warehouseName} (co-op ${warehouseId})`]) {
    await tx
      .insert(inventoryLocations)
      .values({
        business_id: businessId,
        name,
        is_default: false,
        kind: 'coop_warehouse',
        virtual_warehouse_id: warehouseId,
      })
      .onConflictDoNothing();
    const made = await find();
    if (made) return { ...made, is_default: false };
  }
  throw fail('inventory.location_name_taken', { name: warehouseName });
}

/** The business's stock at its co-op warehouse locations, with each item's value at its average cost. */
export async function coopWarehouseStock(db: Db | Tx, businessId: number) {
  const rows = await db
    .select({
      item_id: inventoryItems.id,
      virtual_warehouse_id: inventoryLocations.virtual_warehouse_id,
      location_name: inventoryLocations.name,
      product_name: inventoryProducts.name,
      quantity: inventoryItems.quantity,
      reserved: inventoryItems.reserved,
      unit_cost_cents: inventoryItems.unit_cost_cents,
    })
    .from(inventoryItems)
    .innerJoin(inventoryLocations, eq(inventoryLocations.id, inventoryItems.location_id))
    .innerJoin(inventoryProducts, eq(inventoryProducts.id, inventoryItems.inventory_product_id))
    .where(and(eq(inventoryItems.business_id, businessId), eq(inventoryLocations.kind, 'coop_warehouse')))
    .limit(ITEMS_CAP);
  return rows.map((r) => ({ ...r, value_cents: r.unit_cost_cents * r.quantity }));
}

async function locationOf(db: Db | Tx, businessId: number, locationId: number) {
  const [row] = await db
    .select({ id: inventoryLocations.id, name: inventoryLocations.name })
    .from(inventoryLocations)
    .where(and(eq(inventoryLocations.id, locationId), eq(inventoryLocations.business_id, businessId)));
  if (!row) throw fail('inventory.location_not_found');
  return row;
}

export async function listInventoryProducts(db: Db, businessId: number): Promise<InventoryProduct[]> {
  const rows = await db
    .select({
      id: inventoryProducts.id,
      name: inventoryProducts.name,
      sku: inventoryProducts.sku,
      marketplace_product_id: inventoryProducts.product_id,
    })
    .from(inventoryProducts)
    .where(eq(inventoryProducts.business_id, businessId))
    .orderBy(asc(sql`lower(${inventoryProducts.name})`), asc(inventoryProducts.id))
    .limit(ITEMS_CAP);
  return rows;
}

export type InventoryProductSource = { productId: number } | { name: string; sku: string };

/**
 * What the business keeps stock of: a marketplace product (its own listing or one it bought: name and SKU
 * from the catalogue) or its own item (a name and a SKU unique in the business). Returns the existing one
 * when the product is already there.
 */
export async function ensureInventoryProduct(
  tx: Db | Tx,
  businessId: number,
  source: InventoryProductSource,
): Promise<InventoryProduct> {
  const columns = {
    id: inventoryProducts.id,
    name: inventoryProducts.name,
    sku: inventoryProducts.sku,
    marketplace_product_id: inventoryProducts.product_id,
  };
  if ('productId' in source) {
    const byProduct = () =>
      tx
        .select(columns)
        .from(inventoryProducts)
        .where(
          and(
            eq(inventoryProducts.business_id, businessId),
            eq(inventoryProducts.product_id, source.productId),
          ),
        );
    const [found] = await byProduct();
    if (found) return found;
    const product = (await productsForSale(tx, [source.productId])).get(source.productId);
    if (!product) throw fail('inventory.product_not_found');
    for (const sku of [product.sku, `${product.sku}-${product.id}`]) {
      await tx
        .insert(inventoryProducts)
        .values({
          business_id: businessId,
          product_id: product.id,
          sells_on_marketplace: product.seller_id === businessId,
          name: product.name,
          sku,
        })
        .onConflictDoNothing();
      const [made] = await byProduct();
      if (made) return made;
      // The SKU is taken by the business's own item: the second try suffixes the product's id.
    }
    throw fail('inventory.sku_taken', { sku: product.sku });
  }
  const [made] = await tx
    .insert(inventoryProducts)
    .values({ business_id: businessId, name: source.name, sku: source.sku })
    .onConflictDoNothing()
    .returning(columns);
  if (!made) throw fail('inventory.sku_taken', { sku: source.sku });
  return made;
}

/** Adds the shop's own item and its (empty) item at the default location, with an optional reorder point. */
export async function createOwnProduct(
  db: Db,
  businessId: number,
  input: { name: string; sku: string; reorder_point?: number | null | undefined },
): Promise<InventoryProduct> {
  return db.transaction(async (tx) => {
    const product = await ensureInventoryProduct(tx, businessId, { name: input.name, sku: input.sku });
    const location = await defaultLocation(tx, businessId);
    const itemId = await ensureItem(tx, businessId, product.id, location.id);
    if (input.reorder_point != null) {
      await tx
        .update(inventoryItems)
        .set({ reorder_point: input.reorder_point })
        .where(eq(inventoryItems.id, itemId));
    }
    return product;
  });
}

async function productOf(db: Db | Tx, businessId: number, inventoryProductId: number) {
  const [row] = await db
    .select({ id: inventoryProducts.id, name: inventoryProducts.name })
    .from(inventoryProducts)
    .where(and(eq(inventoryProducts.id, inventoryProductId), eq(inventoryProducts.business_id, businessId)));
  if (!row) throw fail('inventory.product_not_found');
  return row;
}

/** The item of a product at a location, made (empty) if there is none yet. */
async function ensureItem(tx: Db | Tx, businessId: number, inventoryProductId: number, locationId: number) {
  const find = () =>
    tx
      .select({ id: inventoryItems.id })
      .from(inventoryItems)
      .where(
        and(
          eq(inventoryItems.inventory_product_id, inventoryProductId),
          eq(inventoryItems.location_id, locationId),
        ),
      );
  const [found] = await find();
  if (found) return found.id;
  await tx
    .insert(inventoryItems)
    .values({ business_id: businessId, inventory_product_id: inventoryProductId, location_id: locationId })
    .onConflictDoNothing();
  const [made] = await find();
  return made!.id;
}

// ---------------------------------------------------------------------------------------------------
// Applying changes

interface ItemState extends StockLevels {
  id: number;
  business_id: number;
  unit_cost_cents: number;
}

const stateColumns = {
  id: inventoryItems.id,
  business_id: inventoryItems.business_id,
  quantity: inventoryItems.quantity,
  reserved: inventoryItems.reserved,
  reorder_point: inventoryItems.reorder_point,
  overstock_level: inventoryItems.overstock_level,
  unit_cost_cents: inventoryItems.unit_cost_cents,
};

/**
 * Adds `delta` to an item's quantity in one conditional update: a decrease only while the available
 * stock covers it (unless allowNegative: the point of sale's late-synced sale, the one case where stock
 * may fall below zero). An increase with a unit cost folds it into the weighted average cost. Answers the
 * state after, or null when refused.
 */
async function changeQuantity(
  tx: Tx,
  itemId: number,
  delta: number,
  options: { unitCostCents?: number | null; allowNegative?: boolean } = {},
): Promise<ItemState | null> {
  const cost = options.unitCostCents;
  const unitCost =
    delta > 0 && cost != null
      ? sql`case when ${inventoryItems.quantity} + ${delta} > 0 and ${inventoryItems.quantity} > 0
          then round((${inventoryItems.quantity}::numeric * ${inventoryItems.unit_cost_cents} + ${delta}::numeric * ${cost})
            / (${inventoryItems.quantity} + ${delta}))::int
          else ${cost}::int end`
      : sql`${inventoryItems.unit_cost_cents}`;
  const [row] = await tx
    .update(inventoryItems)
    .set({
      quantity: sql`${inventoryItems.quantity} + ${delta}`,
      unit_cost_cents: unitCost,
      updated_at: new Date(),
    })
    .where(
      and(
        eq(inventoryItems.id, itemId),
        delta < 0 && !options.allowNegative
          ? sql`${inventoryItems.quantity} + ${delta} >= ${inventoryItems.reserved}`
          : undefined,
      ),
    )
    .returning(stateColumns);
  return row ?? null;
}

interface MovementRow {
  businessId: number;
  itemId: number;
  type: MovementType;
  quantity: number;
  unitCostCents: number | null;
  reason?: string | null | undefined;
  reference?: string | null | undefined;
  otherLocationId?: number | null | undefined;
  performedBy: number | null;
}

async function writeMovement(tx: Tx, m: MovementRow): Promise<number> {
  const [row] = await tx
    .insert(inventoryMovements)
    .values({
      business_id: m.businessId,
      item_id: m.itemId,
      movement_type: m.type,
      quantity: m.quantity,
      unit_cost_cents: m.unitCostCents,
      reason: m.reason ?? null,
      reference: m.reference ?? null,
      other_location_id: m.otherLocationId ?? null,
      performed_by: m.performedBy,
    })
    .returning({ id: inventoryMovements.id });
  return row!.id;
}

async function itemState(db: Db | Tx, itemId: number): Promise<ItemState> {
  const [row] = await db.select(stateColumns).from(inventoryItems).where(eq(inventoryItems.id, itemId));
  return row!;
}

/** The name of an item's product, for a refusal's message. */
async function itemProductName(db: Db | Tx, itemId: number): Promise<string> {
  const [row] = await db
    .select({ name: inventoryProducts.name })
    .from(inventoryItems)
    .innerJoin(inventoryProducts, eq(inventoryProducts.id, inventoryItems.inventory_product_id))
    .where(eq(inventoryItems.id, itemId));
  return row?.name ?? '';
}

async function notEnough(tx: Tx, itemId: number) {
  const state = await itemState(tx, itemId);
  return fail('inventory.not_enough_stock', {
    product: await itemProductName(tx, itemId),
    available: Math.max(0, availableOf(state)),
  });
}

/**
 * After any change of an item (run while its row is locked by that change): raises, moves or clears its
 * alert when a threshold was crossed, writes inventory.low_stock / inventory.out_of_stock to the outbox
 * when the item newly became so, and sets the marketplace listing's stock when this is the seller's
 * default location.
 */
async function afterChange(tx: Tx, before: StockLevels | null, after: ItemState): Promise<void> {
  const [info] = await tx
    .select({
      inventory_product_id: inventoryProducts.id,
      product_id: inventoryProducts.product_id,
      sells_on_marketplace: inventoryProducts.sells_on_marketplace,
      location_id: inventoryLocations.id,
      is_default: inventoryLocations.is_default,
    })
    .from(inventoryItems)
    .innerJoin(inventoryProducts, eq(inventoryProducts.id, inventoryItems.inventory_product_id))
    .innerJoin(inventoryLocations, eq(inventoryLocations.id, inventoryItems.location_id))
    .where(eq(inventoryItems.id, after.id));
  if (!info) return;
  if (info.sells_on_marketplace && info.is_default && info.product_id !== null) {
    await setStockQuantity(tx, info.product_id, Math.max(0, availableOf(after)));
  }

  const statusBefore: StockStatus = before ? stockStatus(before) : 'in_stock';
  const statusAfter = stockStatus(after);
  const [active] = await tx
    .select({ id: inventoryAlerts.id, alert_type: inventoryAlerts.alert_type })
    .from(inventoryAlerts)
    .where(and(eq(inventoryAlerts.item_id, after.id), isNull(inventoryAlerts.resolved_at)));
  if (!isAlertStatus(statusAfter)) {
    if (active) {
      await tx
        .update(inventoryAlerts)
        .set({ resolved_at: new Date() })
        .where(eq(inventoryAlerts.id, active.id));
    }
    return;
  }
  const values = {
    alert_type: statusAfter,
    alert_level: alertLevel(after),
    current_value: statusAfter === 'overstock' ? after.quantity : availableOf(after),
    threshold_value: statusAfter === 'overstock' ? (after.overstock_level ?? 0) : (after.reorder_point ?? 0),
  };
  let newly = false;
  if (active) {
    await tx.update(inventoryAlerts).set(values).where(eq(inventoryAlerts.id, active.id));
    newly = active.alert_type !== statusAfter;
  } else if (statusBefore !== statusAfter) {
    await tx.insert(inventoryAlerts).values({ business_id: after.business_id, item_id: after.id, ...values });
    newly = true;
  }
  if (newly && statusAfter !== 'overstock') {
    await emit(tx, INVENTORY_EVENTS[statusAfter], {
      business_id: after.business_id,
      item_id: after.id,
      inventory_product_id: info.inventory_product_id,
      product_id: info.product_id,
      location_id: info.location_id,
      available: availableOf(after),
      reorder_point: after.reorder_point,
      alert_level: values.alert_level,
    });
  }
}

const levelsOf = (state: ItemState, delta: { quantity?: number; reserved?: number }): StockLevels => ({
  quantity: state.quantity - (delta.quantity ?? 0),
  reserved: state.reserved - (delta.reserved ?? 0),
  reorder_point: state.reorder_point,
  overstock_level: state.overstock_level,
});

export interface MovementInput {
  businessId: number;
  /** Who recorded it (null: the system). */
  performedBy: number | null;
  inventoryProductId: number;
  locationId: number;
  type: MovementType;
  /** in, out, transfer: positive; adjustment: the signed change. */
  quantity: number;
  reason?: string | null | undefined;
  reference?: string | null | undefined;
  /** A transfer's destination. */
  toLocationId?: number | null | undefined;
  /** What an in cost per unit (cents); default: the item's current average cost. */
  unitCostCents?: number | null | undefined;
  /** The point of sale's late-synced sale only: recorded even when it takes the stock below zero. */
  allowNegative?: boolean;
}

export interface MovementOutcome {
  movementIds: number[];
  itemIds: number[];
}

/**
 * Records a movement inside the caller's transaction (the point of sale and the supplier tools call this
 * from their own). Refuses a product or location of another business (404) and a decrease the available
 * stock does not cover (409, nothing written). A transfer moves both sides in this transaction, locking
 * the two rows in id order so two opposite transfers cannot deadlock.
 */
export async function recordMovement(tx: Tx, input: MovementInput): Promise<MovementOutcome> {
  const { businessId, type } = input;
  await productOf(tx, businessId, input.inventoryProductId);
  await locationOf(tx, businessId, input.locationId);
  const itemId = await ensureItem(tx, businessId, input.inventoryProductId, input.locationId);
  const base = {
    businessId,
    performedBy: input.performedBy,
    reason: input.reason ?? null,
    reference: input.reference ?? null,
  };

  if (type === 'transfer') {
    if (input.toLocationId == null || input.toLocationId === input.locationId) {
      throw fail('inventory.location_not_found');
    }
    await locationOf(tx, businessId, input.toLocationId);
    const toItemId = await ensureItem(tx, businessId, input.inventoryProductId, input.toLocationId);
    const quantity = Math.abs(input.quantity);
    // Lock both rows in id order before changing either.
    await tx
      .select({ id: inventoryItems.id })
      .from(inventoryItems)
      .where(inArray(inventoryItems.id, [itemId, toItemId]))
      .orderBy(asc(inventoryItems.id))
      .for('update');
    const out = await changeQuantity(tx, itemId, -quantity, { allowNegative: input.allowNegative ?? false });
    if (!out) throw await notEnough(tx, itemId);
    // The goods arrive at what they cost where they came from (an out leaves the average cost as it was).
    const cost = out.unit_cost_cents;
    const into = await changeQuantity(tx, toItemId, quantity, { unitCostCents: cost });
    const ids = [
      await writeMovement(tx, {
        ...base,
        itemId,
        type,
        quantity: -quantity,
        unitCostCents: out.unit_cost_cents,
        otherLocationId: input.toLocationId,
      }),
      await writeMovement(tx, {
        ...base,
        itemId: toItemId,
        type,
        quantity,
        unitCostCents: cost,
        otherLocationId: input.locationId,
      }),
    ];
    await afterChange(tx, levelsOf(out, { quantity: -quantity }), out);
    await afterChange(tx, levelsOf(into!, { quantity }), into!);
    return { movementIds: ids, itemIds: [itemId, toItemId] };
  }

  const delta =
    type === 'out' ? -Math.abs(input.quantity) : type === 'in' ? Math.abs(input.quantity) : input.quantity;
  const after = await changeQuantity(tx, itemId, delta, {
    unitCostCents: delta > 0 ? (input.unitCostCents ?? null) : null,
    allowNegative: input.allowNegative ?? false,
  });
  if (!after) throw await notEnough(tx, itemId);
  const movementId = await writeMovement(tx, {
    ...base,
    itemId,
    type,
    quantity: delta,
    unitCostCents: delta > 0 ? (input.unitCostCents ?? after.unit_cost_cents) : after.unit_cost_cents,
  });
  await afterChange(tx, levelsOf(after, { quantity: delta }), after);
  return { movementIds: [movementId], itemIds: [itemId] };
}

/** The weighted average cost of a unit (cents) of a product at a location (default: the default location). */
export async function itemCost(
  db: Db | Tx,
  businessId: number,
  inventoryProductId: number,
  locationId?: number,
): Promise<number> {
  const location = locationId ?? (await defaultLocation(db, businessId)).id;
  const [row] = await db
    .select({ cost: inventoryItems.unit_cost_cents })
    .from(inventoryItems)
    .where(
      and(
        eq(inventoryItems.business_id, businessId),
        eq(inventoryItems.inventory_product_id, inventoryProductId),
        eq(inventoryItems.location_id, location),
      ),
    );
  return row?.cost ?? 0;
}

/** An item's available quantity (quantity - reserved) now; below zero only after a late-synced till sale. */
export async function itemAvailable(db: Db | Tx, itemId: number): Promise<number> {
  return availableOf(await itemState(db, itemId));
}

// ---------------------------------------------------------------------------------------------------
// The marketplace's orders (DECISIONS 20)

/**
 * What the seller's goods of an order cost (cents): each line at its item's weighted-average unit cost
 * at the seller's default location, for the books' cost of sales.
 */
export async function costOfGoods(
  tx: Tx,
  sellerId: number,
  lines: readonly { productId: number; quantity: number }[],
): Promise<number> {
  let total = 0;
  for (const line of lines) {
    const product = await ensureInventoryProduct(tx, sellerId, { productId: line.productId });
    total += (await itemCost(tx, sellerId, product.id)) * line.quantity;
  }
  return total;
}

/**
 * The seller's item of a listing at its default location. A listing that has none yet (made before
 * inventory, or by a tool that wrote the catalogue directly) is adopted: its stock_quantity becomes the
 * item's opening stock, one "in" movement valued at the selling price.
 */
async function sellerItem(tx: Tx, sellerId: number, productId: number): Promise<number> {
  const product = await ensureInventoryProduct(tx, sellerId, { productId });
  const location = await defaultLocation(tx, sellerId);
  const [found] = await tx
    .select({ id: inventoryItems.id })
    .from(inventoryItems)
    .where(
      and(eq(inventoryItems.inventory_product_id, product.id), eq(inventoryItems.location_id, location.id)),
    );
  if (found) return found.id;
  const listing = (await productsForSale(tx, [productId])).get(productId)!;
  const opening = Math.max(0, listing.stock_quantity);
  const [made] = await tx
    .insert(inventoryItems)
    .values({
      business_id: sellerId,
      inventory_product_id: product.id,
      location_id: location.id,
      quantity: opening,
      unit_cost_cents: listing.selling_price_cents,
    })
    .onConflictDoNothing()
    .returning({ id: inventoryItems.id });
  if (!made) return ensureItem(tx, sellerId, product.id, location.id);
  if (opening > 0) {
    await writeMovement(tx, {
      businessId: sellerId,
      itemId: made.id,
      type: 'in',
      quantity: opening,
      unitCostCents: listing.selling_price_cents,
      reason: 'Opening stock',
      performedBy: null,
    });
  }
  return made.id;
}

/** A listing's stock at its seller's default location, opened from its stock_quantity if it has none yet. */
export async function openListingStock(tx: Tx, sellerId: number, productId: number): Promise<void> {
  await sellerItem(tx, sellerId, productId);
}

/**
 * Checkout: holds `quantity` of the seller's default-location stock for an order, refusing (false, with
 * what is available) when there is not that much. The listing's stock_quantity drops by as much.
 */
export async function reserveForOrder(
  tx: Tx,
  sellerId: number,
  productId: number,
  quantity: number,
): Promise<{ ok: true } | { ok: false; available: number }> {
  const itemId = await sellerItem(tx, sellerId, productId);
  const [after] = await tx
    .update(inventoryItems)
    .set({ reserved: sql`${inventoryItems.reserved} + ${quantity}`, updated_at: new Date() })
    .where(
      and(
        eq(inventoryItems.id, itemId),
        sql`${inventoryItems.quantity} - ${inventoryItems.reserved} >= ${quantity}`,
      ),
    )
    .returning(stateColumns);
  if (!after) return { ok: false, available: Math.max(0, availableOf(await itemState(tx, itemId))) };
  await afterChange(tx, levelsOf(after, { reserved: quantity }), after);
  return { ok: true };
}

/** Cancellation or decline: the order's hold on the seller's stock is let go. */
export async function releaseReservation(
  tx: Tx,
  sellerId: number,
  productId: number,
  quantity: number,
): Promise<void> {
  const itemId = await sellerItem(tx, sellerId, productId);
  const before = await itemState(tx, itemId);
  const [after] = await tx
    .update(inventoryItems)
    .set({
      reserved: sql`${inventoryItems.reserved} - least(${inventoryItems.reserved}, ${quantity})`,
      updated_at: new Date(),
    })
    .where(eq(inventoryItems.id, itemId))
    .returning(stateColumns);
  await afterChange(
    tx,
    { ...before, reserved: after!.reserved + Math.min(before.reserved, quantity) },
    after!,
  );
}

/** Shipping: the goods leave the seller's default location (an out movement) and their hold ends. */
export async function shipOrderLine(
  tx: Tx,
  line: { sellerId: number; productId: number; quantity: number; performedBy: number; reference: string },
): Promise<void> {
  const itemId = await sellerItem(tx, line.sellerId, line.productId);
  const q = line.quantity;
  const [after] = await tx
    .update(inventoryItems)
    .set({
      quantity: sql`${inventoryItems.quantity} - ${q}`,
      reserved: sql`${inventoryItems.reserved} - least(${inventoryItems.reserved}, ${q})`,
      updated_at: new Date(),
    })
    .where(
      and(
        eq(inventoryItems.id, itemId),
        sql`${inventoryItems.quantity} - ${q} >= ${inventoryItems.reserved} - least(${inventoryItems.reserved}, ${q})`,
      ),
    )
    .returning(stateColumns);
  if (!after) throw await notEnough(tx, itemId);
  await writeMovement(tx, {
    businessId: line.sellerId,
    itemId,
    type: 'out',
    quantity: -q,
    unitCostCents: after.unit_cost_cents,
    reason: 'Order shipped',
    reference: line.reference,
    performedBy: line.performedBy,
  });
  await afterChange(tx, null, after);
}

/** Delivery: the goods arrive at the buyer's default location, at the price the buyer paid. */
export async function receiveDelivery(
  tx: Tx,
  line: {
    buyerId: number;
    productId: number;
    quantity: number;
    unitPriceCents: number;
    performedBy: number | null;
    reference: string;
  },
): Promise<void> {
  const product = await ensureInventoryProduct(tx, line.buyerId, { productId: line.productId });
  const location = await defaultLocation(tx, line.buyerId);
  const itemId = await ensureItem(tx, line.buyerId, product.id, location.id);
  const after = await changeQuantity(tx, itemId, line.quantity, { unitCostCents: line.unitPriceCents });
  await writeMovement(tx, {
    businessId: line.buyerId,
    itemId,
    type: 'in',
    quantity: line.quantity,
    unitCostCents: line.unitPriceCents,
    reason: 'Order delivered',
    reference: line.reference,
    performedBy: line.performedBy,
  });
  await afterChange(tx, levelsOf(after!, { quantity: line.quantity }), after!);
}

// ---------------------------------------------------------------------------------------------------
// Reading

interface ItemRow extends ItemState {
  inventory_product_id: number;
  marketplace_product_id: number | null;
  product_name: string;
  product_sku: string;
  location_id: number;
  location_name: string;
  updated_at: Date;
}

async function itemRows(db: Db | Tx, businessId: number, itemId?: number): Promise<ItemRow[]> {
  return db
    .select({
      ...stateColumns,
      inventory_product_id: inventoryProducts.id,
      marketplace_product_id: inventoryProducts.product_id,
      product_name: inventoryProducts.name,
      product_sku: inventoryProducts.sku,
      location_id: inventoryLocations.id,
      location_name: inventoryLocations.name,
      updated_at: inventoryItems.updated_at,
    })
    .from(inventoryItems)
    .innerJoin(inventoryProducts, eq(inventoryProducts.id, inventoryItems.inventory_product_id))
    .innerJoin(inventoryLocations, eq(inventoryLocations.id, inventoryItems.location_id))
    .where(
      and(eq(inventoryItems.business_id, businessId), itemId ? eq(inventoryItems.id, itemId) : undefined),
    )
    .orderBy(asc(sql`lower(${inventoryProducts.name})`), asc(inventoryLocations.name), asc(inventoryItems.id))
    .limit(ITEMS_CAP);
}

function toItem(r: ItemRow): InventoryItem {
  return {
    id: r.id,
    product_id: r.inventory_product_id,
    marketplace_product_id: r.marketplace_product_id,
    product_name: r.product_name,
    product_sku: r.product_sku,
    location_id: r.location_id,
    location_name: r.location_name,
    quantity: r.quantity,
    reserved_quantity: r.reserved,
    available_quantity: availableOf(r),
    reorder_point: r.reorder_point,
    overstock_level: r.overstock_level,
    status: stockStatus(r),
    unit_cost: centsToRand(r.unit_cost_cents),
    total_value: centsToRand(Math.max(0, r.quantity) * r.unit_cost_cents),
    last_updated: r.updated_at.toISOString(),
  };
}

/**
 * GET /api/inventory: the business's items matching the search (product name, SKU or location,
 * case-insensitive) and status, with the summary cards' figures over all its items. The status is the
 * domain's rule, so the filter runs here rather than in SQL.
 */
export async function listInventory(
  db: Db,
  businessId: number,
  query: { search?: string | undefined; status?: StockStatus | undefined; limit: number },
): Promise<InventoryList> {
  const [rows, alerts] = await Promise.all([
    itemRows(db, businessId),
    db.$count(
      inventoryAlerts,
      and(eq(inventoryAlerts.business_id, businessId), isNull(inventoryAlerts.resolved_at)),
    ),
  ]);
  const all = rows.map(toItem);
  const needle = query.search?.toLowerCase();
  const matching = all.filter(
    (item) =>
      (!query.status || item.status === query.status) &&
      (!needle ||
        item.product_name.toLowerCase().includes(needle) ||
        item.product_sku.toLowerCase().includes(needle) ||
        item.location_name.toLowerCase().includes(needle)),
  );
  const count = (status: StockStatus) => all.filter((i) => i.status === status).length;
  const totalCents = rows.reduce((sum, r) => sum + Math.max(0, r.quantity) * r.unit_cost_cents, 0);
  return {
    items: matching.slice(0, query.limit),
    total: matching.length,
    summary: {
      total_items: all.length,
      total_value: centsToRand(totalCents),
      low_stock: count('low_stock'),
      out_of_stock: count('out_of_stock'),
      overstock: count('overstock'),
      active_alerts: alerts,
    },
  };
}

async function itemById(db: Db | Tx, businessId: number, itemId: number): Promise<InventoryItem> {
  const [row] = await itemRows(db, businessId, itemId);
  if (!row) throw fail('inventory.item_not_found');
  return toItem(row);
}

async function movementRows(db: Db | Tx, businessId: number, limit: number, ids?: number[]) {
  const other = sql<
    string | null
  >`(select l.name from inventory_locations l where l.id = ${inventoryMovements.other_location_id})`;
  const rows = await db
    .select({
      id: inventoryMovements.id,
      product_id: inventoryProducts.id,
      product_name: inventoryProducts.name,
      product_sku: inventoryProducts.sku,
      location_id: inventoryLocations.id,
      location_name: inventoryLocations.name,
      other_location_name: other,
      movement_type: inventoryMovements.movement_type,
      quantity: inventoryMovements.quantity,
      unit_cost_cents: inventoryMovements.unit_cost_cents,
      reason: inventoryMovements.reason,
      reference: inventoryMovements.reference,
      performed_by: inventoryMovements.performed_by,
      created_at: inventoryMovements.created_at,
    })
    .from(inventoryMovements)
    .innerJoin(inventoryItems, eq(inventoryItems.id, inventoryMovements.item_id))
    .innerJoin(inventoryProducts, eq(inventoryProducts.id, inventoryItems.inventory_product_id))
    .innerJoin(inventoryLocations, eq(inventoryLocations.id, inventoryItems.location_id))
    .where(
      and(
        eq(inventoryMovements.business_id, businessId),
        ids ? inArray(inventoryMovements.id, ids) : undefined,
      ),
    )
    .orderBy(desc(inventoryMovements.created_at), desc(inventoryMovements.id))
    .limit(limit);
  const people = await userSummaries(
    db,
    rows.flatMap((r) => (r.performed_by === null ? [] : [r.performed_by])),
  );
  return rows.map((r): StockMovement => ({
    id: r.id,
    product_id: r.product_id,
    product_name: r.product_name,
    product_sku: r.product_sku,
    location_id: r.location_id,
    location_name: r.location_name,
    other_location_name: r.other_location_name,
    movement_type: r.movement_type as MovementType,
    quantity: r.quantity,
    unit_cost: r.unit_cost_cents === null ? null : centsToRand(r.unit_cost_cents),
    reason: r.reason,
    reference: r.reference,
    performed_by_name: r.performed_by === null ? '' : (people.get(r.performed_by)?.display_name ?? ''),
    created_at: r.created_at.toISOString(),
  }));
}

export async function listMovements(db: Db, businessId: number, limit: number) {
  const rows = await movementRows(db, businessId, limit + 1);
  return { movements: rows.slice(0, limit), has_more: rows.length > limit };
}

/** POST /api/inventory/movements: one transaction; answers the movements written and the items after. */
export async function recordMovementFor(
  db: Db,
  userId: number,
  body: {
    product_id: number;
    location_id: number;
    movement_type: MovementType;
    quantity: number;
    reason?: string | null | undefined;
    to_location_id?: number | null | undefined;
    unit_cost?: number | null | undefined;
  },
) {
  return db.transaction(async (tx) => {
    const outcome = await recordMovement(tx, {
      businessId: userId,
      performedBy: userId,
      inventoryProductId: body.product_id,
      locationId: body.location_id,
      type: body.movement_type,
      quantity: body.quantity,
      reason: body.reason || null,
      toLocationId: body.to_location_id ?? null,
      unitCostCents: body.unit_cost == null ? null : randToCents(body.unit_cost),
    });
    return {
      movements: await movementRows(tx, userId, outcome.movementIds.length, outcome.movementIds),
      items: await Promise.all(outcome.itemIds.map((id) => itemById(tx, userId, id))),
    };
  });
}

const alertColumns = {
  id: inventoryAlerts.id,
  item_id: inventoryAlerts.item_id,
  product_name: inventoryProducts.name,
  location_name: inventoryLocations.name,
  alert_level: inventoryAlerts.alert_level,
  alert_type: inventoryAlerts.alert_type,
  current_value: inventoryAlerts.current_value,
  threshold_value: inventoryAlerts.threshold_value,
  created_at: inventoryAlerts.created_at,
  resolved_at: inventoryAlerts.resolved_at,
};

function toAlert(r: {
  id: number;
  item_id: number;
  product_name: string;
  location_name: string;
  alert_level: string;
  alert_type: string;
  current_value: number;
  threshold_value: number;
  created_at: Date;
  resolved_at: Date | null;
}): StockAlert {
  return {
    ...r,
    alert_level: r.alert_level as StockAlert['alert_level'],
    created_at: r.created_at.toISOString(),
    resolved_at: r.resolved_at?.toISOString() ?? null,
  };
}

const alertsFrom = (db: Db | Tx) =>
  db
    .select(alertColumns)
    .from(inventoryAlerts)
    .innerJoin(inventoryItems, eq(inventoryItems.id, inventoryAlerts.item_id))
    .innerJoin(inventoryProducts, eq(inventoryProducts.id, inventoryItems.inventory_product_id))
    .innerJoin(inventoryLocations, eq(inventoryLocations.id, inventoryItems.location_id));

/** Active alerts, most urgent level first, newest first within a level. */
export async function listAlerts(db: Db, businessId: number): Promise<StockAlert[]> {
  const rows = await alertsFrom(db)
    .where(and(eq(inventoryAlerts.business_id, businessId), isNull(inventoryAlerts.resolved_at)))
    .orderBy(desc(inventoryAlerts.created_at), desc(inventoryAlerts.id))
    .limit(500);
  const rank = (level: string) => ALERT_LEVELS.indexOf(level as StockAlert['alert_level']);
  return rows.map(toAlert).sort((a, b) => rank(a.alert_level) - rank(b.alert_level));
}

/** Resolve (DECISIONS 11): the alert is closed; resolving a resolved one answers it as it is. */
export async function resolveAlert(db: Db, userId: number, alertId: number): Promise<StockAlert> {
  await db
    .update(inventoryAlerts)
    .set({ resolved_at: new Date(), resolved_by: userId })
    .where(
      and(
        eq(inventoryAlerts.id, alertId),
        eq(inventoryAlerts.business_id, userId),
        isNull(inventoryAlerts.resolved_at),
      ),
    );
  const [row] = await alertsFrom(db).where(
    and(eq(inventoryAlerts.id, alertId), eq(inventoryAlerts.business_id, userId)),
  );
  if (!row) throw fail('inventory.alert_not_found');
  return toAlert(row);
}

/** An item's reorder point and overstock level; its alert follows the new thresholds at once. */
export async function updateItem(
  db: Db,
  userId: number,
  itemId: number,
  body: { reorder_point: number | null; overstock_level: number | null },
): Promise<InventoryItem> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select(stateColumns)
      .from(inventoryItems)
      .where(and(eq(inventoryItems.id, itemId), eq(inventoryItems.business_id, userId)))
      .for('update');
    if (!before) throw fail('inventory.item_not_found');
    const [after] = await tx
      .update(inventoryItems)
      .set({
        reorder_point: body.reorder_point,
        overstock_level: body.overstock_level,
        updated_at: new Date(),
      })
      .where(eq(inventoryItems.id, itemId))
      .returning(stateColumns);
    await afterChange(tx, before, after!);
    return itemById(tx, userId, itemId);
  });
}

/**
 * Import of counted quantities at a location (a CSV of SKU and count). The preview (dry_run) shows each
 * line's difference; applying writes one adjustment per difference, reason "Stock count", all in one
 * transaction: a count below what orders reserve refuses the whole import. A SKU listed twice is counted
 * in two places: its counts add up.
 */
export async function applyCounts(
  db: Db,
  userId: number,
  body: { location_id: number; dry_run: boolean; counts: { sku: string; counted_quantity: number }[] },
): Promise<StockCountResult> {
  return db.transaction(async (tx) => {
    await locationOf(tx, userId, body.location_id);
    const counted = new Map<string, number>();
    for (const c of body.counts) {
      const key = c.sku.toLowerCase();
      counted.set(key, (counted.get(key) ?? 0) + c.counted_quantity);
    }
    const products = await tx
      .select({ id: inventoryProducts.id, name: inventoryProducts.name, sku: inventoryProducts.sku })
      .from(inventoryProducts)
      .where(
        and(
          eq(inventoryProducts.business_id, userId),
          inArray(sql`lower(${inventoryProducts.sku})`, [...counted.keys()]),
        ),
      );
    const bySku = new Map(products.map((p) => [p.sku.toLowerCase(), p]));
    const unknown = [...counted.keys()].filter((sku) => !bySku.has(sku));
    if (unknown.length > 0) {
      const shown = body.counts.map((c) => c.sku).filter((sku) => unknown.includes(sku.toLowerCase()));
      throw fail('inventory.unknown_skus', { skus: [...new Set(shown)].slice(0, 10).join(', ') });
    }
    const lines: StockCountResult['lines'] = [];
    for (const [key, quantity] of counted) {
      const product = bySku.get(key)!;
      const current = await countedItem(tx, userId, product.id, body.location_id, !body.dry_run);
      const difference = quantity - current;
      lines.push({
        sku: product.sku,
        product_name: product.name,
        current_quantity: current,
        counted_quantity: quantity,
        difference,
      });
      if (!body.dry_run && difference !== 0) {
        await recordMovement(tx, {
          businessId: userId,
          performedBy: userId,
          inventoryProductId: product.id,
          locationId: body.location_id,
          type: 'adjustment',
          quantity: difference,
          reason: 'Stock count',
        });
      }
    }
    return { applied: !body.dry_run, lines };
  });
}

/** The quantity on hand of a product at a location; applying a count locks (and if need be makes) the item. */
async function countedItem(
  tx: Tx,
  businessId: number,
  inventoryProductId: number,
  locationId: number,
  lock: boolean,
): Promise<number> {
  if (lock) {
    const itemId = await ensureItem(tx, businessId, inventoryProductId, locationId);
    const [row] = await tx
      .select({ quantity: inventoryItems.quantity })
      .from(inventoryItems)
      .where(eq(inventoryItems.id, itemId))
      .for('update');
    return row!.quantity;
  }
  const [row] = await tx
    .select({ quantity: inventoryItems.quantity })
    .from(inventoryItems)
    .where(
      and(
        eq(inventoryItems.inventory_product_id, inventoryProductId),
        eq(inventoryItems.location_id, locationId),
      ),
    );
  return row?.quantity ?? 0;
}

// ---------------------------------------------------------------------------------------------------
// Bulk upload (docs/decisions/021)

/**
 * Counts of many of a seller's listings at its default location (a bulk upload's stock_quantity: the
 * count the seller has now), in the caller's transaction with a constant number of statements: each
 * item is opened if need be (from the listing's stock, as openListingStock does), locked in id order,
 * and every difference is one adjustment movement with `reason`; the listings' stock follows. A count
 * below what orders hold is not applied: its product id is answered in `refused`.
 */
export async function countListings(
  tx: Tx,
  sellerId: number,
  performedBy: number,
  counts: readonly { productId: number; quantity: number }[],
  reason: string,
  /**
   * Listings made in this transaction with their stock_quantity already at the count: their item opens
   * at it with one adjustment movement (`reason`), and nothing else needs changing.
   */
  fresh: ReadonlySet<number> = new Set(),
): Promise<{ refused: { productId: number; reserved: number }[] }> {
  if (counts.length === 0) return { refused: [] };
  const location = await defaultLocation(tx, sellerId);
  const listings = await productsForSale(
    tx,
    counts.map((c) => c.productId),
  );
  const own = [...listings.values()].filter((l) => l.seller_id === sellerId);
  if (own.length === 0) return { refused: [] };
  const ids = own.map((l) => l.id);
  await tx
    .insert(inventoryProducts)
    .values(
      own.map((l) => ({
        business_id: sellerId,
        product_id: l.id,
        sells_on_marketplace: true,
        name: l.name,
        sku: l.sku,
      })),
    )
    .onConflictDoNothing();
  const byProduct = async () =>
    new Map(
      (
        await tx
          .select({ id: inventoryProducts.id, product_id: inventoryProducts.product_id })
          .from(inventoryProducts)
          .where(and(eq(inventoryProducts.business_id, sellerId), inArray(inventoryProducts.product_id, ids)))
      ).map((r) => [r.product_id!, r.id]),
    );
  let inventoryIds = await byProduct();
  // A SKU already taken by the shop's own item: the one-by-one path suffixes it.
  const missing = own.filter((l) => !inventoryIds.has(l.id));
  for (const l of missing) await ensureInventoryProduct(tx, sellerId, { productId: l.id });
  if (missing.length > 0) inventoryIds = await byProduct();

  // Items not there yet open with the listing's stock (an "in" movement for it, as sellerItem does; a
  // fresh listing's is its count, an adjustment).
  const opened = await tx
    .insert(inventoryItems)
    .values(
      own.map((l) => ({
        business_id: sellerId,
        inventory_product_id: inventoryIds.get(l.id)!,
        location_id: location.id,
        quantity: Math.max(0, l.stock_quantity),
        unit_cost_cents: l.selling_price_cents,
      })),
    )
    .onConflictDoNothing()
    .returning({
      id: inventoryItems.id,
      inventory_product_id: inventoryItems.inventory_product_id,
      quantity: inventoryItems.quantity,
      cost: inventoryItems.unit_cost_cents,
    });
  const productOfInventory = new Map([...inventoryIds].map(([productId, invId]) => [invId, productId]));
  const openings = opened.filter((o) => o.quantity > 0);
  if (openings.length > 0) {
    await tx.insert(inventoryMovements).values(
      openings.map((o) => {
        const counted = fresh.has(productOfInventory.get(o.inventory_product_id)!);
        return {
          business_id: sellerId,
          item_id: o.id,
          movement_type: counted ? 'adjustment' : 'in',
          quantity: o.quantity,
          unit_cost_cents: o.cost,
          reason: counted ? reason : 'Opening stock',
          performed_by: counted ? performedBy : null,
        };
      }),
    );
  }

  const states = await tx
    .select({ ...stateColumns, inventory_product_id: inventoryItems.inventory_product_id })
    .from(inventoryItems)
    .where(
      and(
        eq(inventoryItems.location_id, location.id),
        inArray(inventoryItems.inventory_product_id, [...inventoryIds.values()]),
      ),
    )
    .orderBy(asc(inventoryItems.id))
    .for('update');
  const stateOf = new Map(states.map((s) => [productOfInventory.get(s.inventory_product_id)!, s]));
  // A count below what open orders hold is refused with that amount (the seller cannot have less).
  const refused: { productId: number; reserved: number }[] = [];
  const changes: { state: ItemState; productId: number; delta: number }[] = [];
  for (const c of counts) {
    const state = stateOf.get(c.productId);
    if (!state) continue;
    if (c.quantity < state.reserved) {
      refused.push({ productId: c.productId, reserved: state.reserved });
      continue;
    }
    const delta = c.quantity - state.quantity;
    if (delta !== 0) changes.push({ state, productId: c.productId, delta });
  }
  if (changes.length === 0) return { refused };

  const values = sql.join(
    changes.map((c) => sql`(${c.state.id}::int, ${c.delta}::int)`),
    sql`, `,
  );
  await tx.execute(sql`
    update ${inventoryItems} as i set quantity = i.quantity + v.delta, updated_at = now()
    from (values ${values}) as v(id, delta) where i.id = v.id`);
  await tx.insert(inventoryMovements).values(
    changes.map((c) => ({
      business_id: sellerId,
      item_id: c.state.id,
      movement_type: 'adjustment',
      quantity: c.delta,
      unit_cost_cents: c.state.unit_cost_cents,
      reason,
      performed_by: performedBy,
    })),
  );
  await setStockQuantities(
    tx,
    changes.map((c) => ({
      productId: c.productId,
      available: c.state.quantity + c.delta - c.state.reserved,
    })),
  );
  // Alerts: the open ones of these items, and the items whose count now calls for one.
  const after = (c: (typeof changes)[number]): ItemState => ({
    ...c.state,
    quantity: c.state.quantity + c.delta,
  });
  const open = new Set(
    (
      await tx
        .select({ item_id: inventoryAlerts.item_id })
        .from(inventoryAlerts)
        .where(
          and(
            inArray(
              inventoryAlerts.item_id,
              changes.map((c) => c.state.id),
            ),
            isNull(inventoryAlerts.resolved_at),
          ),
        )
    ).map((r) => r.item_id),
  );
  for (const c of changes) {
    const next = after(c);
    if (open.has(c.state.id) || isAlertStatus(stockStatus(next))) await afterChange(tx, c.state, next);
  }
  return { refused };
}

// ---------------------------------------------------------------------------------------------------
// Smart orders (issue 12 point 5): an auto re-order rule watches the buyer's item of a marketplace product
// at its default location; the rule's reorder point is that item's (one reorder point per item).

export interface WatchedItem {
  /** null when the business keeps no stock of the product yet. */
  item_id: number | null;
  available: number;
  reorder_point: number | null;
}

/** The business's item of a marketplace product at its default location: available and reorder point. */
export async function watchedItem(db: Db | Tx, businessId: number, productId: number): Promise<WatchedItem> {
  const [row] = await db
    .select(stateColumns)
    .from(inventoryItems)
    .innerJoin(inventoryProducts, eq(inventoryProducts.id, inventoryItems.inventory_product_id))
    .innerJoin(inventoryLocations, eq(inventoryLocations.id, inventoryItems.location_id))
    .where(
      and(
        eq(inventoryProducts.business_id, businessId),
        eq(inventoryProducts.product_id, productId),
        eq(inventoryLocations.is_default, true),
      ),
    );
  if (!row) return { item_id: null, available: 0, reorder_point: null };
  return { item_id: row.id, available: availableOf(row), reorder_point: row.reorder_point };
}

/**
 * Sets the reorder point of the business's item of a marketplace product at its default location (made,
 * empty, when missing), in the caller's transaction; its alert (and inventory.low_stock) follows at once.
 */
export async function setReorderPoint(
  tx: Tx,
  businessId: number,
  productId: number,
  reorderPoint: number,
): Promise<void> {
  const product = await ensureInventoryProduct(tx, businessId, { productId });
  const location = await defaultLocation(tx, businessId);
  const itemId = await ensureItem(tx, businessId, product.id, location.id);
  const [before] = await tx
    .select(stateColumns)
    .from(inventoryItems)
    .where(eq(inventoryItems.id, itemId))
    .for('update');
  if (before!.reorder_point === reorderPoint) return;
  const [after] = await tx
    .update(inventoryItems)
    .set({ reorder_point: reorderPoint, updated_at: new Date() })
    .where(eq(inventoryItems.id, itemId))
    .returning(stateColumns);
  await afterChange(tx, before!, after!);
}

/** At most this many shipments are read for the insights' sales rates (a seller's weeks of orders). */
const SHIPMENTS_MAX = 5000;

/**
 * What AI insights (ADR 053) read of the stock's history: the units each marketplace order took out of stock
 * when it shipped (since a date; the newest first, bounded), and the day stock of each item first came in.
 */
export async function stockHistory(db: Db, businessId: number, since: Date) {
  const [shipped, stocked] = await Promise.all([
    db
      .select({
        product_id: inventoryItems.inventory_product_id,
        quantity: inventoryMovements.quantity,
        at: inventoryMovements.created_at,
      })
      .from(inventoryMovements)
      .innerJoin(inventoryItems, eq(inventoryItems.id, inventoryMovements.item_id))
      .where(
        and(
          eq(inventoryMovements.business_id, businessId),
          eq(inventoryMovements.movement_type, 'out'),
          eq(inventoryMovements.reason, 'Order shipped'),
          sql`${inventoryMovements.created_at} >= ${since.toISOString()}`,
        ),
      )
      .orderBy(desc(inventoryMovements.created_at))
      .limit(SHIPMENTS_MAX),
    db
      .select({
        product_id: inventoryItems.inventory_product_id,
        at: sql<Date | string>`min(${inventoryMovements.created_at})`,
      })
      .from(inventoryMovements)
      .innerJoin(inventoryItems, eq(inventoryItems.id, inventoryMovements.item_id))
      .where(and(eq(inventoryMovements.business_id, businessId), eq(inventoryMovements.movement_type, 'in')))
      .groupBy(inventoryItems.inventory_product_id),
  ]);
  return {
    shipped: shipped.map((s) => ({ product_id: s.product_id, quantity: -s.quantity, at: s.at })),
    stockedSince: new Map(stocked.map((s) => [s.product_id, new Date(s.at)])),
  };
}
