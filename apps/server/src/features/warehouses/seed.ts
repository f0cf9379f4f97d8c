import { inArray, or } from 'drizzle-orm';
import { monthlyFeeCents } from '@tt/domain';
import type { AreaSeed } from '../../db/seed-types.ts';
import { activeCooperatives, at as atDays, seedCatalogue } from '../../db/seed-world.ts';
import { coopWarehouseLocation, ensureInventoryProduct, recordMovement } from '../inventory/service.ts';
import { virtualWarehouses, warehouseOwnerships } from './tables.ts';

/**
 * Two warehouses per active cooperative, a roomy one and a nearly full one (96%), each created by a member;
 * allocations add up. The demo retailer owns space and stock in the first cooperative's roomy one.
 */
export const seed: AreaSeed = {
  area: 'warehouses',
  async demo(tx, world) {
    const { demo } = world.users!;
    const at = (days: number) => atDays(world.now, days);
    const catalogue = seedCatalogue(world);
    for (const [index, coop] of activeCooperatives(world).entries()) {
      const { others } = coop;
      const creator = others[12]!;
      const [roomy] = await tx
        .insert(virtualWarehouses)
        .values({
          coop_id: coop.id,
          created_by: creator,
          name: `${coop.area} Central Depot`,
          description: 'Dry goods on pallets, shared by members.',
          total_capacity_hundredths: 100_00,
          allocated_capacity_hundredths: index === 0 ? 21_00 : 15_00,
          location_description: `${coop.area} industrial area, unit 4`,
          warehouse_type: 'shared',
          cost_per_cubic_meter_cents: 4500,
          is_active: true,
          created_at: at(-120),
        })
        .returning();
      const [full] = await tx
        .insert(virtualWarehouses)
        .values({
          coop_id: coop.id,
          created_by: creator,
          name: `${coop.area} Cold Room`,
          description: 'Refrigerated space for drinks and dairy.',
          total_capacity_hundredths: 200_00,
          allocated_capacity_hundredths: 192_00,
          location_description: `Behind the ${coop.area} taxi rank`,
          warehouse_type: 'premium',
          cost_per_cubic_meter_cents: 8000,
          is_active: true,
          created_at: at(-90),
        })
        .returning();
      const own = (
        warehouse: typeof roomy,
        userId: number,
        hundredths: number,
        percent: number,
        days: number,
      ) => ({
        warehouse_id: warehouse!.id,
        user_id: userId,
        allocated_space_hundredths: hundredths,
        ownership_hundredths: percent * 100,
        monthly_fee_cents: monthlyFeeCents(hundredths / 100, warehouse!.cost_per_cubic_meter_cents),
        start_date: at(days),
        status: 'active',
      });
      await tx.insert(warehouseOwnerships).values([
        // Within the demo retailer's trader plan (10 m³, DECISIONS 16), with room left to allocate more.
        ...(index === 0 ? [own(roomy, demo.retailer, 6_00, 6, -60)] : []),
        own(roomy, others[13]!, 15_00, 15, -80),
        own(full, others[14]!, 60_00, 30, -85),
        own(full, others[15]!, 60_00, 30, -70),
        own(full, others[16]!, 60_00, 30, -50),
        own(full, others[17]!, 12_00, 6, -10),
      ]);
      if (index === 0) {
        // The demo retailer's space is an inventory location; its stock arrives by in movements.
        const location = await coopWarehouseLocation(tx, demo.retailer, roomy!.id, roomy!.name);
        for (const [i, p] of catalogue.slice(0, 3).entries()) {
          const product = await ensureInventoryProduct(tx, demo.retailer, { productId: p.id });
          await recordMovement(tx, {
            businessId: demo.retailer,
            performedBy: demo.retailer,
            inventoryProductId: product.id,
            locationId: location.id,
            type: 'in',
            quantity: 24 * (i + 1),
            unitCostCents: p.price,
            reason: 'Delivered to the co-op warehouse',
          });
        }
      }
    }
  },
  /** Warehouses demo users created and stock of demo products, wherever they are. */
  async removeDemo(tx, { userIds, coopIds }) {
    const users = userIds.length > 0 ? userIds : [-1];
    await tx
      .delete(virtualWarehouses)
      .where(
        or(
          inArray(virtualWarehouses.created_by, users),
          inArray(virtualWarehouses.coop_id, coopIds.length > 0 ? coopIds : [-1]),
        ),
      );
  },
};
