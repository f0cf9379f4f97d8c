import { inArray, or } from 'drizzle-orm';
import type { AreaSeed } from '../../db/seed-types.ts';
import {
  createLocation,
  defaultLocation,
  ensureInventoryProduct,
  openListingStock,
  recordMovement,
} from './service.ts';
import { inventoryItems, inventoryLocations, inventoryProducts } from './tables.ts';

/** The demo retailer's own goods (not on the marketplace): a spaza's bread, airtime and paraffin. */
const OWN_ITEMS = [
  { name: 'Brown bread loaf 700g', sku: 'OWN-BREAD-700', bought: 40, sold: 32, cost: 1450, reorder: 10 },
  { name: 'Airtime voucher R10', sku: 'OWN-AIRTIME-10', bought: 100, sold: 96, cost: 950, reorder: 20 },
  { name: 'Paraffin 1L', sku: 'OWN-PARAFFIN-1L', bought: 24, sold: 24, cost: 2100, reorder: 6 },
  { name: 'Loose sweets (jar)', sku: 'OWN-SWEETS-JAR', bought: 400, sold: 55, cost: 50, reorder: 50 },
] as const;

/**
 * Every seeded listing gets its seller's default location and opening stock (what the listing shows;
 * the orders seed adds what its open orders reserve and delivers what was delivered). The demo retailer
 * keeps its own goods in its shop and a back room, some of them low or out (so alerts show).
 */
export const seed: AreaSeed = {
  area: 'inventory',
  async demo(tx, world) {
    for (const product of world.products ?? []) await openListingStock(tx, product.seller_id, product.id);
    const retailer = world.users!.demo.retailer;
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
