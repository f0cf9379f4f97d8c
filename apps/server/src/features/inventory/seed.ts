import { inArray, or } from 'drizzle-orm';
import type { AreaSeed, DemoOrderLine } from '../../db/seed-types.ts';
import { productsForSale } from '../catalog/service.ts';
import {
  createLocation,
  defaultLocation,
  DEFAULT_LOCATION_NAME,
  ensureInventoryProduct,
  recordMovement,
} from './service.ts';
import { inventoryItems, inventoryLocations, inventoryMovements, inventoryProducts } from './tables.ts';

/** The demo retailer's own goods (not on the marketplace): a spaza's bread, airtime and paraffin. */
const OWN_ITEMS = [
  { name: 'Brown bread loaf 700g', sku: 'OWN-BREAD-700', bought: 40, sold: 32, cost: 1450, reorder: 10 },
  { name: 'Airtime voucher R10', sku: 'OWN-AIRTIME-10', bought: 100, sold: 96, cost: 950, reorder: 20 },
  { name: 'Paraffin 1L', sku: 'OWN-PARAFFIN-1L', bought: 24, sold: 24, cost: 2100, reorder: 6 },
  { name: 'Loose sweets (jar)', sku: 'OWN-SWEETS-JAR', bought: 400, sold: 55, cost: 50, reorder: 50 },
] as const;

const OPEN = new Set(['pending', 'confirmed', 'processing']);

/**
 * The stock the seeded catalogue and orders stand for (DECISIONS 20), written in bulk (the demo seed runs at
 * every restore): each seller's default location holds its listings' stock plus what open orders reserve,
 * so available = the listing's stock_quantity; delivered orders' goods are in the buyers' shops at the
 * price paid, one "in" movement per line dated at the order. Shipped goods have left already. Then the demo
 * retailer keeps its own goods in its shop and a back room, some low or out (so alerts show).
 */
export const seed: AreaSeed = {
  area: 'inventory',
  async demo(tx, world) {
    const listings = world.products ?? [];
    const lines = world.orderLines ?? [];
    const catalogue = await productsForSale(tx, [
      ...listings.map((p) => p.id),
      ...lines.map((l) => l.product_id),
    ]);
    const delivered = lines.filter((l) => l.status === 'delivered');

    // Every business's default location, in one insert.
    const businesses = [
      ...new Set([...listings.map((p) => p.seller_id), ...delivered.map((l) => l.buyer_id)]),
    ];
    const locations = await tx
      .insert(inventoryLocations)
      .values(businesses.map((id) => ({ business_id: id, name: DEFAULT_LOCATION_NAME, is_default: true })))
      .returning({ id: inventoryLocations.id, business_id: inventoryLocations.business_id });
    const home = new Map(locations.map((l) => [l.business_id, l.id]));

    // What each business keeps: sellers their listings, buyers what was delivered to them.
    const kept = new Map<string, { business: number; product: number; lines: DemoOrderLine[] }>();
    for (const p of listings)
      kept.set(`${p.seller_id}:${p.id}`, { business: p.seller_id, product: p.id, lines: [] });
    for (const l of delivered) {
      const key = `${l.buyer_id}:${l.product_id}`;
      const entry = kept.get(key) ?? { business: l.buyer_id, product: l.product_id, lines: [] };
      entry.lines.push(l);
      kept.set(key, entry);
    }
    const entries = [...kept.values()];
    const products = await tx
      .insert(inventoryProducts)
      .values(
        entries.map((e) => {
          const p = catalogue.get(e.product)!;
          return {
            business_id: e.business,
            product_id: p.id,
            sells_on_marketplace: p.seller_id === e.business,
            name: p.name,
            sku: p.sku,
          };
        }),
      )
      .returning({
        id: inventoryProducts.id,
        business_id: inventoryProducts.business_id,
        product_id: inventoryProducts.product_id,
      });
    const productId = new Map(products.map((p) => [`${p.business_id}:${p.product_id}`, p.id]));

    const reserved = new Map<number, number>();
    for (const l of lines) {
      if (OPEN.has(l.status)) reserved.set(l.product_id, (reserved.get(l.product_id) ?? 0) + l.quantity);
    }
    const items = await tx
      .insert(inventoryItems)
      .values(
        entries.map((e) => {
          const p = catalogue.get(e.product)!;
          if (p.seller_id === e.business) {
            const held = reserved.get(p.id) ?? 0;
            return {
              business_id: e.business,
              inventory_product_id: productId.get(`${e.business}:${p.id}`)!,
              location_id: home.get(e.business)!,
              quantity: p.stock_quantity + held,
              reserved: held,
              unit_cost_cents: p.selling_price_cents,
            };
          }
          const quantity = e.lines.reduce((sum, l) => sum + l.quantity, 0);
          const paid = e.lines.reduce((sum, l) => sum + l.quantity * l.unit_price_cents, 0);
          return {
            business_id: e.business,
            inventory_product_id: productId.get(`${e.business}:${p.id}`)!,
            location_id: home.get(e.business)!,
            quantity,
            reserved: 0,
            unit_cost_cents: Math.round(paid / quantity),
          };
        }),
      )
      .returning({
        id: inventoryItems.id,
        business_id: inventoryItems.business_id,
        inventory_product_id: inventoryItems.inventory_product_id,
        quantity: inventoryItems.quantity,
        unit_cost_cents: inventoryItems.unit_cost_cents,
      });
    const itemOf = new Map(items.map((i) => [`${i.business_id}:${i.inventory_product_id}`, i]));

    const movements: (typeof inventoryMovements.$inferInsert)[] = [];
    for (const e of entries) {
      const p = catalogue.get(e.product)!;
      const item = itemOf.get(`${e.business}:${productId.get(`${e.business}:${p.id}`)}`)!;
      if (p.seller_id === e.business) {
        if (item.quantity > 0) {
          movements.push({
            business_id: e.business,
            item_id: item.id,
            movement_type: 'in',
            quantity: item.quantity,
            unit_cost_cents: item.unit_cost_cents,
            reason: 'Opening stock',
            created_at: new Date(world.now.getTime() - 200 * 24 * 60 * 60 * 1000),
          });
        }
        continue;
      }
      for (const l of e.lines) {
        movements.push({
          business_id: e.business,
          item_id: item.id,
          movement_type: 'in',
          quantity: l.quantity,
          unit_cost_cents: l.unit_price_cents,
          reason: 'Order delivered',
          reference: l.order_number,
          performed_by: l.seller_id,
          created_at: l.at,
        });
      }
    }
    if (movements.length > 0) await tx.insert(inventoryMovements).values(movements);

    await ownGoods(tx, world.users!.demo.retailer);
  },
  /** The demo businesses' stock, and anyone's stock of a demo product (it is removed next). */
  async removeDemo(tx, { userIds, productIds }) {
    const none = [-1];
    await tx
      .delete(inventoryProducts)
      .where(
        or(
          inArray(inventoryProducts.business_id, userIds.length > 0 ? userIds : none),
          inArray(inventoryProducts.product_id, productIds.length > 0 ? productIds : none),
        ),
      );
    if (userIds.length > 0)
      await tx.delete(inventoryLocations).where(inArray(inventoryLocations.business_id, userIds));
  },
};

/** The demo retailer's own goods, through the same movements a shop records. */
async function ownGoods(tx: Parameters<NonNullable<AreaSeed['demo']>>[0], retailer: number) {
  const shop = await defaultLocation(tx, retailer);
  const backRoom = await createLocation(tx, retailer, 'Back room');
  for (const item of OWN_ITEMS) {
    const product = await ensureInventoryProduct(tx, retailer, { name: item.name, sku: item.sku });
    const base = { businessId: retailer, performedBy: retailer, inventoryProductId: product.id };
    await recordMovement(tx, {
      ...base,
      locationId: shop.id,
      type: 'in',
      quantity: item.bought,
      unitCostCents: item.cost,
      reason: 'Bought at the cash-and-carry',
    });
    await tx
      .update(inventoryItems)
      .set({ reorder_point: item.reorder })
      .where(inArray(inventoryItems.inventory_product_id, [product.id]));
    if (item.sku === 'OWN-SWEETS-JAR') {
      await recordMovement(tx, {
        ...base,
        locationId: shop.id,
        type: 'transfer',
        quantity: 200,
        toLocationId: backRoom.id,
        reason: 'Shelf full',
      });
    }
    await recordMovement(tx, {
      ...base,
      locationId: shop.id,
      type: 'out',
      quantity: item.sold,
      reason: 'Sold',
    });
  }
}
