import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  centsToRand,
  finalUnitPriceCents,
  randToCents,
  statusAfterParticipation,
  type BulkOrder,
  type BulkOrderStatus,
  type createBulkOrderSchema,
  type Participation,
} from '@tt/domain';
import type { Db, Tx } from '../../db/client.ts';
import { fail, field, invalidFields } from '../../platform/errors.ts';
import type { UserRow } from '../auth/service.ts';
import { productSummaries, productsForSale } from '../catalog/service.ts';
import { cooperativeNames, getCooperative, membershipOf } from '../cooperatives/service.ts';
import { bulkOrderParticipations, bulkOrders } from './tables.ts';

const LIST_LIMIT = 100;
type Caller = Pick<UserRow, 'id' | 'role'>;

type OrderRow = typeof bulkOrders.$inferSelect;
type ParticipationRow = typeof bulkOrderParticipations.$inferSelect;
type Names = Awaited<ReturnType<typeof namesFor>>;

/**
 * The co-op's and the product's names (and the product's picture, so a bulk order shows what the catalogue
 * shows) are those areas' own: read through their services, one query each for a whole list.
 */
async function namesFor(db: Db | Tx, orders: readonly { coop_id: number; product_id: number }[]) {
  const coops = await cooperativeNames(
    db,
    orders.map((o) => o.coop_id),
  );
  const products = await productSummaries(
    db,
    orders.map((o) => o.product_id),
  );
  return { coops, products };
}

const bulkOrderOf = (order: OrderRow, { coops, products }: Names) =>
  toBulkOrder({
    order,
    coop_name: coops.get(order.coop_id) ?? '',
    product_name: products.get(order.product_id)?.name ?? '',
    product_image_url: products.get(order.product_id)?.image_url ?? null,
  });

const participationOf = (
  p: ParticipationRow,
  order: { coop_id: number; product_id: number },
  { coops, products }: Names,
) =>
  toParticipation({
    p,
    coop_name: coops.get(order.coop_id) ?? '',
    product_name: products.get(order.product_id)?.name ?? '',
  });

async function toBulkOrders(db: Db | Tx, orders: OrderRow[]): Promise<BulkOrder[]> {
  const names = await namesFor(db, orders);
  return orders.map((order) => bulkOrderOf(order, names));
}

function toBulkOrder(r: {
  order: typeof bulkOrders.$inferSelect;
  coop_name: string;
  product_name: string;
  product_image_url: string | null;
}): BulkOrder {
  const o = r.order;
  return {
    id: o.id,
    coop_id: o.coop_id,
    coop_name: r.coop_name,
    product_id: o.product_id,
    product_name: r.product_name,
    product_image_url: r.product_image_url,
    unit_price: centsToRand(o.unit_price_cents),
    final_unit_price: centsToRand(o.final_unit_price_cents),
    bulk_discount_percentage: o.bulk_discount_hundredths / 100,
    minimum_quantity: o.minimum_quantity,
    current_quantity: o.current_quantity,
    target_quantity: o.target_quantity,
    end_date: o.end_date.toISOString(),
    status: o.status as BulkOrderStatus,
  };
}

export async function listBulkOrders(db: Db, status?: BulkOrderStatus): Promise<BulkOrder[]> {
  const rows = await db
    .select()
    .from(bulkOrders)
    .where(status ? eq(bulkOrders.status, status) : undefined)
    .orderBy(desc(bulkOrders.created_at), desc(bulkOrders.id))
    .limit(LIST_LIMIT);
  return toBulkOrders(db, rows);
}

async function bulkOrderById(db: Db | Tx, id: number): Promise<BulkOrder> {
  const rows = await db.select().from(bulkOrders).where(eq(bulkOrders.id, id));
  if (rows.length === 0) throw fail('bulk_order.not_found');
  return (await toBulkOrders(db, rows))[0]!;
}

function toParticipation(r: {
  p: typeof bulkOrderParticipations.$inferSelect;
  product_name: string;
  coop_name: string;
}): Participation {
  return {
    id: r.p.id,
    bulk_order_id: r.p.bulk_order_id,
    product_name: r.product_name,
    coop_name: r.coop_name,
    quantity_ordered: r.p.quantity_ordered,
    unit_price: centsToRand(r.p.unit_price_cents),
    final_unit_price: centsToRand(r.p.final_unit_price_cents),
    total_amount: centsToRand(r.p.total_amount_cents),
    payment_status: r.p.payment_status as Participation['payment_status'],
    created_at: r.p.created_at.toISOString(),
  };
}

function participationsQuery(db: Db | Tx) {
  return db
    .select({
      p: bulkOrderParticipations,
      coop_id: bulkOrders.coop_id,
      product_id: bulkOrders.product_id,
    })
    .from(bulkOrderParticipations)
    .innerJoin(bulkOrders, eq(bulkOrders.id, bulkOrderParticipations.bulk_order_id));
}

async function toParticipations(
  db: Db | Tx,
  rows: { p: ParticipationRow; coop_id: number; product_id: number }[],
): Promise<Participation[]> {
  const names = await namesFor(db, rows);
  return rows.map((r) => participationOf(r.p, r, names));
}

export async function myParticipations(db: Db, userId: number): Promise<Participation[]> {
  const rows = await participationsQuery(db)
    .where(eq(bulkOrderParticipations.user_id, userId))
    .orderBy(desc(bulkOrderParticipations.created_at), desc(bulkOrderParticipations.id))
    .limit(LIST_LIMIT);
  return toParticipations(db, rows);
}

/**
 * POST /api/bulk-orders/participate: the quantity is added with one conditional update that only an
 * active, unexpired order accepts; the update locks the order's row, so concurrent joins queue and the
 * one that reaches the target is the only one that turns the order target_reached.
 */
export async function participate(
  db: Db,
  user: Caller,
  input: { bulk_order_id: number; quantity: number },
): Promise<{ participation: Participation; bulk_order: BulkOrder }> {
  const [order] = await db.select().from(bulkOrders).where(eq(bulkOrders.id, input.bulk_order_id));
  if (!order) throw fail('bulk_order.not_found');
  if (!(await membershipOf(db, order.coop_id, user.id))) {
    throw fail('bulk_order.members_only');
  }
  if (input.quantity < order.minimum_quantity) {
    const minimum = order.minimum_quantity;
    throw fail(
      'bulk_order.below_minimum',
      { minimum },
      { fields: { quantity: field('validation.too_small', { minimum }) } },
    );
  }
  const joined = await db.transaction(async (tx) => {
    const now = new Date();
    const [raised] = await tx
      .update(bulkOrders)
      .set({ current_quantity: sql`${bulkOrders.current_quantity} + ${input.quantity}` })
      .where(and(eq(bulkOrders.id, order.id), eq(bulkOrders.status, 'active'), gt(bulkOrders.end_date, now)))
      .returning();
    if (!raised) throw fail('bulk_order.closed');
    const next = statusAfterParticipation(
      raised.current_quantity - input.quantity,
      input.quantity,
      raised.target_quantity,
    );
    if (next !== 'active') {
      await tx.update(bulkOrders).set({ status: next }).where(eq(bulkOrders.id, order.id));
    }
    const [inserted] = await tx
      .insert(bulkOrderParticipations)
      .values({
        bulk_order_id: order.id,
        user_id: user.id,
        quantity_ordered: input.quantity,
        unit_price_cents: raised.unit_price_cents,
        final_unit_price_cents: raised.final_unit_price_cents,
        total_amount_cents: raised.final_unit_price_cents * input.quantity,
        payment_status: 'pending',
      })
      .returning();
    return { participation: inserted!, order: { ...raised, status: next } };
  });
  // The names are read after the commit, so the order's row is locked no longer than the writes need.
  const names = await namesFor(db, [joined.order]);
  return {
    participation: participationOf(joined.participation, joined.order, names),
    bulk_order: bulkOrderOf(joined.order, names),
  };
}

/** A coordinator of the cooperative (or an admin) opens a bulk order for a catalogue product. */
export async function createBulkOrder(
  db: Db,
  user: Caller,
  input: z.output<typeof createBulkOrderSchema>,
): Promise<BulkOrder> {
  await getCooperative(db, input.coop_id); // coop.not_found for an unknown cooperative
  const standing = await membershipOf(db, input.coop_id, user.id);
  if (!standing?.is_coordinator && user.role !== 'admin') {
    throw fail('bulk_order.coordinator_only');
  }
  const product = (await productsForSale(db, [input.product_id])).get(input.product_id);
  if (!product || !product.is_active) {
    throw fail(
      'bulk_order.product_unavailable',
      {},
      { fields: { product_id: field('validation.product_unavailable') } },
    );
  }
  let unitCents: number;
  try {
    unitCents = input.unit_price == null ? product.selling_price_cents : randToCents(input.unit_price);
  } catch {
    throw invalidFields({ unit_price: field('validation.decimals') });
  }
  const discountHundredths = Math.round(input.bulk_discount_percentage * 100);
  const endDate = new Date(input.end_date);
  if (endDate <= new Date()) {
    throw invalidFields({ end_date: field('validation.future_date') });
  }
  const [row] = await db
    .insert(bulkOrders)
    .values({
      coop_id: input.coop_id,
      product_id: product.id,
      created_by: user.id,
      unit_price_cents: unitCents,
      bulk_discount_hundredths: discountHundredths,
      final_unit_price_cents: finalUnitPriceCents(unitCents, discountHundredths / 100),
      minimum_quantity: input.minimum_quantity,
      current_quantity: 0,
      target_quantity: input.target_quantity,
      end_date: endDate,
      status: 'active',
    })
    .returning({ id: bulkOrders.id });
  return bulkOrderById(db, row!.id);
}
