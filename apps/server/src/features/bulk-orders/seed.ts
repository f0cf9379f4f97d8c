import { inArray, or } from 'drizzle-orm';
import { finalUnitPriceCents } from '@tt/domain';
import type { AreaSeed } from '../../db/seed-types.ts';
import { activeCooperatives, at as atDays, seedCatalogue } from '../../db/seed-world.ts';
import { bulkOrderParticipations, bulkOrders } from './tables.ts';

/** Bulk orders on catalogue products: three running, one that reached its target. */
const plans = [
  { coop: 0, product: 3, discount: 12, min: 10, target: 200, days: 14, status: 'active' },
  { coop: 0, product: 7, discount: 8, min: 5, target: 120, days: 21, status: 'active' },
  { coop: 1, product: 11, discount: 15, min: 12, target: 240, days: 10, status: 'active' },
  { coop: 1, product: 15, discount: 10, min: 6, target: 60, days: 5, status: 'target_reached' },
] as const;

export const seed: AreaSeed = {
  area: 'bulk-orders',
  async demo(tx, world) {
    const { demo } = world.users!;
    const at = (days: number) => atDays(world.now, days);
    const active = activeCooperatives(world);
    const catalogue = seedCatalogue(world);
    for (const [i, plan] of plans.entries()) {
      const coop = active[plan.coop];
      const product = catalogue[plan.product % catalogue.length];
      if (!coop || !product) continue;
      const finalCents = finalUnitPriceCents(product.price, plan.discount);
      const joiners =
        plan.status === 'target_reached' ? coop.others.slice(0, 10) : coop.others.slice(i, i + 3);
      const quantity = plan.status === 'target_reached' ? plan.target / 10 : plan.min;
      const [order] = await tx
        .insert(bulkOrders)
        .values({
          coop_id: coop.id,
          product_id: product.id,
          created_by: demo.coordinator,
          unit_price_cents: product.price,
          bulk_discount_hundredths: plan.discount * 100,
          final_unit_price_cents: finalCents,
          minimum_quantity: plan.min,
          current_quantity: joiners.length * quantity,
          target_quantity: plan.target,
          end_date: at(plan.days),
          status: plan.status,
          created_at: at(-7 + i),
        })
        .returning({ id: bulkOrders.id });
      await tx.insert(bulkOrderParticipations).values(
        joiners.map((user_id, j) => ({
          bulk_order_id: order!.id,
          user_id,
          quantity_ordered: quantity,
          unit_price_cents: product.price,
          final_unit_price_cents: finalCents,
          total_amount_cents: finalCents * quantity,
          payment_status: j % 3 === 0 ? 'paid' : 'pending',
          created_at: at(-6 + i),
        })),
      );
    }
  },
  /** Bulk orders demo users proposed, on demo products, or in the demo's cooperatives. */
  async removeDemo(tx, { userIds, productIds, coopIds }) {
    const none = [-1];
    await tx
      .delete(bulkOrders)
      .where(
        or(
          inArray(bulkOrders.created_by, userIds.length > 0 ? userIds : none),
          inArray(bulkOrders.product_id, productIds.length > 0 ? productIds : none),
          inArray(bulkOrders.coop_id, coopIds.length > 0 ? coopIds : none),
        ),
      );
  },
};
