import { inArray, or } from 'drizzle-orm';
import { DELIVERY_OPTIONS, sastDate, vatOn, type DeliveryOption, type OrderStatus } from '@tt/domain';
import { DAY, type AreaSeed, type DemoOrderLine } from '../../db/seed-types.ts';
import { postMarketplaceDelivery, postOrderPayment } from '../ledger/service.ts';
import { nextOrderNumber } from './service.ts';
import { orderItems, orders } from './tables.ts';

export const seed: AreaSeed = {
  area: 'orders',
  async demo(tx, world) {
    const { now, random } = world;
    const { demo, members, deliveryAddress } = world.users!;
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    // Orders over the last six months, in every status, for the demo retailer and for other shops.
    const statusesByAge = (ageDays: number): OrderStatus => {
      if (ageDays > 30) return random() < 0.12 ? 'cancelled' : 'delivered';
      if (ageDays > 14) return pick(['delivered', 'delivered', 'shipped', 'cancelled'] as const);
      if (ageDays > 5) return pick(['shipped', 'processing', 'confirmed'] as const);
      return pick(['pending', 'pending', 'confirmed'] as const);
    };
    /** Every line with its order's status, handed on to the inventory seed (DECISIONS 20). */
    const orderLines: DemoOrderLine[] = [];
    // The orders are drawn first and written in the order they were placed, so their numbers (DECISIONS 19)
    // rise with their dates as real ones do.
    const planned: ReturnType<typeof planOrder>[] = [];
    const planOrder = (buyerId: number, sellerId: number, ageDays: number, status?: OrderStatus) => {
      const catalogue = world.products!.filter((p) => p.seller_id === sellerId && p.is_active);
      const lines = new Map<number, { productId: number; quantity: number; unit: number }>();
      const lineCount = 1 + Math.floor(random() * 4);
      for (let i = 0; i < lineCount; i += 1) {
        const product = pick(catalogue);
        const quantity = product.minimum_order_quantity * (1 + Math.floor(random() * 3));
        lines.set(product.id, { productId: product.id, quantity, unit: product.selling_price_cents });
      }
      const option: DeliveryOption = random() < 0.25 ? 'express' : 'standard';
      const createdAt = new Date(now.getTime() - ageDays * DAY - Math.floor(random() * 8) * 60 * 60 * 1000);
      const finalStatus = status ?? statusesByAge(ageDays);
      const notes = random() < 0.3 ? 'Please deliver before 10am; the shop opens at 6.' : null;
      return { buyerId, sellerId, ageDays, lines, option, createdAt, finalStatus, notes };
    };
    const placeOrder = (buyerId: number, sellerId: number, ageDays: number, status?: OrderStatus) => {
      planned.push(planOrder(buyerId, sellerId, ageDays, status));
    };
    const writeOrder = async (plan: ReturnType<typeof planOrder>) => {
      const { buyerId, sellerId, ageDays, lines, option, createdAt, finalStatus, notes } = plan;
      const subtotal = [...lines.values()].reduce((sum, l) => sum + l.unit * l.quantity, 0);
      const delivery = DELIVERY_OPTIONS[option].fee_cents;
      const tax = vatOn(subtotal);
      // Delivered three days after ordering; the older deliveries were paid a week after that.
      const deliveredAt = new Date(Math.min(createdAt.getTime() + 3 * DAY, now.getTime()));
      const paidAt =
        finalStatus === 'delivered' && ageDays > 30 ? new Date(deliveredAt.getTime() + 7 * DAY) : null;
      const [order] = await tx
        .insert(orders)
        .values({
          order_number: await nextOrderNumber(tx, createdAt),
          buyer_id: buyerId,
          seller_id: sellerId,
          status: finalStatus,
          subtotal_cents: subtotal,
          tax_cents: tax,
          delivery_cents: delivery,
          total_cents: subtotal + tax + delivery,
          delivery_option: option,
          delivery_address: deliveryAddress.get(buyerId) ?? null,
          notes,
          created_at: createdAt,
          updated_at: createdAt,
          paid_at: paidAt,
          delivered_at: finalStatus === 'delivered' ? deliveredAt : null,
        })
        .returning({ id: orders.id, order_number: orders.order_number });
      await tx.insert(orderItems).values(
        [...lines.values()].map((l) => ({
          order_id: order!.id,
          product_id: l.productId,
          quantity: l.quantity,
          unit_price_cents: l.unit,
          total_price_cents: l.unit * l.quantity,
        })),
      );
      // The books of both parties, as the real flow posts them (issue 11 point 3).
      const posting = {
        orderId: order!.id,
        orderNumber: order!.order_number,
        buyerId,
        sellerId,
        totalCents: subtotal + tax + delivery,
      };
      if (finalStatus === 'delivered') {
        await postMarketplaceDelivery(tx, { ...posting, date: sastDate(deliveredAt) });
      }
      if (paidAt) await postOrderPayment(tx, { ...posting, date: sastDate(paidAt) });
      for (const l of lines.values()) {
        orderLines.push({
          order_id: order!.id,
          order_number: order!.order_number,
          buyer_id: buyerId,
          seller_id: sellerId,
          product_id: l.productId,
          quantity: l.quantity,
          unit_price_cents: l.unit,
          status: finalStatus,
          at: createdAt,
        });
      }
    };
    const sellers = [demo.supplier, demo.distributor];
    // The demo retailer's newest orders show every live status at least once.
    const recentStatuses: OrderStatus[] = [
      'pending',
      'confirmed',
      'processing',
      'shipped',
      'cancelled',
      'delivered',
    ];
    for (let i = 0; i < 26; i += 1) {
      placeOrder(demo.retailer, sellers[i % 2]!, Math.floor((i * 175) / 26) + 1, recentStatuses[i]);
    }
    for (let i = 0; i < 40; i += 1)
      placeOrder(pick(members), sellers[i % 2]!, Math.floor(random() * 178) + 1);
    for (const plan of planned.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) {
      await writeOrder(plan);
    }
    return { orderLines };
  },
  /** Orders a demo user placed or sells, and any order of a demo product. */
  async removeDemo(tx, { userIds, productIds }) {
    const none = [-1];
    const users = userIds.length > 0 ? userIds : none;
    // Items go with their orders (cascade).
    await tx.delete(orders).where(
      or(
        inArray(orders.buyer_id, users),
        inArray(orders.seller_id, users),
        inArray(
          orders.id,
          tx
            .select({ id: orderItems.order_id })
            .from(orderItems)
            .where(inArray(orderItems.product_id, productIds.length > 0 ? productIds : none)),
        ),
      ),
    );
  },
};
