import { and, asc, desc, eq, inArray, lte, notInArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  bulkOrderOutcome,
  bulkPriceOffer,
  bulkRoomLeft,
  centsToRand,
  finalUnitPriceCents,
  isSeller,
  needsSellerAcceptance,
  participationPaymentStatus,
  randToCents,
  statusAfterParticipation,
  type BulkOrder,
  type BulkOrderStatus,
  type createBulkOrderSchema,
  type Participation,
  type Role,
} from '@tt/domain';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, fail, field, invalidFields } from '../../platform/errors.ts';
import { userRowById, userSummaries, type UserRow } from '../auth/service.ts';
import { productsForSale, stockOf } from '../catalog/service.ts';
import {
  cooperativeNames,
  getCooperative,
  isUniqueViolation,
  membershipOf,
  myMemberships,
} from '../cooperatives/service.ts';
import { notify } from '../notifications/service.ts';
import { ordersByIds, placeOrdersInTx } from '../orders/service.ts';
import { bulkOrderParticipations, bulkOrders } from './tables.ts';

const LIST_LIMIT = 100;
/** How many waiting proposals a seller's list looks through (they are filtered by product owner in code). */
const PROPOSALS_SCAN_LIMIT = 1_000;
type Caller = Pick<UserRow, 'id' | 'role'>;
type OrderRow = typeof bulkOrders.$inferSelect;
type ParticipationRow = typeof bulkOrderParticipations.$inferSelect;

/**
 * What a bulk order shows of other areas (the co-op's name; the product's name, picture, list price and
 * seller; the seller's name) is read through those areas' services: one query each for a whole list.
 */
async function lookupsFor(db: Db | Tx, orders: readonly { coop_id: number; product_id: number }[]) {
  const coops = await cooperativeNames(
    db,
    orders.map((o) => o.coop_id),
  );
  const products = await productsForSale(
    db,
    orders.map((o) => o.product_id),
  );
  const sellers = await userSummaries(
    db,
    [...products.values()].map((p) => p.seller_id),
  );
  return { coops, products, sellers };
}
type Lookups = Awaited<ReturnType<typeof lookupsFor>>;

function toBulkOrder(o: OrderRow, { coops, products, sellers }: Lookups): BulkOrder {
  const product = products.get(o.product_id);
  return {
    id: o.id,
    coop_id: o.coop_id,
    coop_name: coops.get(o.coop_id) ?? '',
    product_id: o.product_id,
    product_name: product?.name ?? '',
    product_image_url: product?.image_url ?? null,
    unit_price: centsToRand(o.unit_price_cents),
    final_unit_price: centsToRand(o.final_unit_price_cents),
    bulk_discount_percentage: o.bulk_discount_hundredths / 100,
    minimum_quantity: o.minimum_quantity,
    current_quantity: o.current_quantity,
    target_quantity: o.target_quantity,
    end_date: o.end_date.toISOString(),
    status: o.status as BulkOrderStatus,
    list_price: centsToRand(product?.selling_price_cents ?? 0),
    seller_id: product?.seller_id ?? 0,
    seller_name: (product && sellers.get(product.seller_id)?.display_name) ?? '',
    committed_quantity: o.committed_quantity,
    decline_reason: o.decline_reason,
    room_left: bulkRoomLeft({ ...o, stock_quantity: product?.stock_quantity ?? 0 }),
  };
}

async function toBulkOrders(db: Db | Tx, rows: OrderRow[]): Promise<BulkOrder[]> {
  const lookups = await lookupsFor(db, rows);
  return rows.map((o) => toBulkOrder(o, lookups));
}

/** Proposals waiting for (or refused by) their seller are shown to the coordinators and the seller only. */
const NOT_PUBLIC: BulkOrderStatus[] = ['proposed', 'declined'];

export async function listBulkOrders(db: Db, status?: BulkOrderStatus): Promise<BulkOrder[]> {
  const rows = await db
    .select()
    .from(bulkOrders)
    .where(and(notInArray(bulkOrders.status, NOT_PUBLIC), status ? eq(bulkOrders.status, status) : undefined))
    .orderBy(desc(bulkOrders.created_at), desc(bulkOrders.id))
    .limit(LIST_LIMIT);
  return toBulkOrders(db, rows);
}

/** GET /api/bulk-orders/my-proposals: what I proposed, or what my cooperatives proposed while I coordinate. */
export async function myProposals(db: Db, user: Caller): Promise<BulkOrder[]> {
  const coordinated = (await myMemberships(db, user.id))
    .filter((m) => m.is_coordinator)
    .map((m) => m.coop_id);
  const rows = await db
    .select()
    .from(bulkOrders)
    .where(
      or(
        eq(bulkOrders.created_by, user.id),
        coordinated.length > 0 ? inArray(bulkOrders.coop_id, coordinated) : undefined,
      ),
    )
    .orderBy(desc(bulkOrders.created_at), desc(bulkOrders.id))
    .limit(LIST_LIMIT);
  return toBulkOrders(db, rows);
}

/** GET /api/bulk-orders/proposed-to-me: proposals on the caller's own products, waiting for an answer. */
export async function proposedToMe(db: Db, user: Caller): Promise<BulkOrder[]> {
  if (!isSeller(user.role as Role)) {
    throw fail('bulk_order.sellers_only');
  }
  const waiting = await db
    .select()
    .from(bulkOrders)
    .where(eq(bulkOrders.status, 'proposed'))
    .orderBy(asc(bulkOrders.end_date), asc(bulkOrders.id))
    .limit(PROPOSALS_SCAN_LIMIT);
  const lookups = await lookupsFor(db, waiting);
  return waiting
    .filter((o) => lookups.products.get(o.product_id)?.seller_id === user.id)
    .slice(0, LIST_LIMIT)
    .map((o) => toBulkOrder(o, lookups));
}

async function bulkOrderById(db: Db | Tx, id: number): Promise<BulkOrder> {
  const rows = await db.select().from(bulkOrders).where(eq(bulkOrders.id, id));
  if (rows.length === 0) throw fail('bulk_order.not_found');
  return (await toBulkOrders(db, rows))[0]!;
}

function toParticipation(
  p: ParticipationRow,
  order: OrderRow,
  lookups: Lookups,
  placed: { order_number: string; paid_at: string | null } | null = null,
): Participation {
  return {
    id: p.id,
    bulk_order_id: p.bulk_order_id,
    product_name: lookups.products.get(order.product_id)?.name ?? '',
    coop_name: lookups.coops.get(order.coop_id) ?? '',
    quantity_ordered: p.quantity_ordered,
    unit_price: centsToRand(p.unit_price_cents),
    final_unit_price: centsToRand(p.final_unit_price_cents),
    total_amount: centsToRand(p.total_amount_cents),
    // Once it became an order, its payment follows that order (ADR 025).
    payment_status:
      p.order_id === null
        ? (p.payment_status as Participation['payment_status'])
        : participationPaymentStatus(placed),
    created_at: p.created_at.toISOString(),
    order_id: p.order_id,
    order_number: placed?.order_number ?? null,
    failure_reason: p.failure_reason,
  };
}

export async function myParticipations(db: Db, userId: number): Promise<Participation[]> {
  const rows = await db
    .select({ p: bulkOrderParticipations, order: bulkOrders })
    .from(bulkOrderParticipations)
    .innerJoin(bulkOrders, eq(bulkOrders.id, bulkOrderParticipations.bulk_order_id))
    .where(eq(bulkOrderParticipations.user_id, userId))
    .orderBy(desc(bulkOrderParticipations.created_at), desc(bulkOrderParticipations.id))
    .limit(LIST_LIMIT);
  const lookups = await lookupsFor(
    db,
    rows.map((r) => r.order),
  );
  const placed = await ordersByIds(
    db,
    rows.flatMap((r) => (r.p.order_id === null ? [] : [r.p.order_id])),
  );
  const byId = new Map(placed.map((o) => [o.id, o]));
  return rows.map((r) =>
    toParticipation(r.p, r.order, lookups, r.p.order_id === null ? null : (byId.get(r.p.order_id) ?? null)),
  );
}

/**
 * POST /api/bulk-orders/participate, one transaction: the order's row is locked first, so joins to one
 * order queue; an order takes joins only while active and unexpired, never past what the seller
 * committed (or, at list price, their stock), and from each member once (the unique (order, user) index
 * backs this up: parallel joins by one user once made one participation each).
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
  try {
    const joined = await db.transaction(async (tx) => {
      const now = new Date();
      const [locked] = await tx.select().from(bulkOrders).where(eq(bulkOrders.id, order.id)).for('update');
      if (!locked || locked.status !== 'active' || locked.end_date <= now) {
        throw fail(
          'bulk_order.closed',
          {},
          {
            ...(locked?.status === 'proposed'
              ? { message: 'This bulk order is waiting for the seller to accept it.' }
              : {}),
          },
        );
      }
      const [already] = await tx
        .select({ id: bulkOrderParticipations.id })
        .from(bulkOrderParticipations)
        .where(
          and(
            eq(bulkOrderParticipations.bulk_order_id, order.id),
            eq(bulkOrderParticipations.user_id, user.id),
          ),
        );
      if (already) throw fail('bulk_order.already_joined');
      const stock = await stockOf(tx, locked.product_id);
      const room = bulkRoomLeft({ ...locked, stock_quantity: stock });
      if (input.quantity > room) {
        throw room === 0 ? fail('bulk_order.full') : fail('bulk_order.room_left', { room });
      }
      const [raised] = await tx
        .update(bulkOrders)
        .set({ current_quantity: sql`${bulkOrders.current_quantity} + ${input.quantity}` })
        .where(eq(bulkOrders.id, order.id))
        .returning();
      const next = statusAfterParticipation(locked.current_quantity, input.quantity, raised!.target_quantity);
      if (next !== 'active') {
        await tx.update(bulkOrders).set({ status: next }).where(eq(bulkOrders.id, order.id));
      }
      const [inserted] = await tx
        .insert(bulkOrderParticipations)
        .values({
          bulk_order_id: order.id,
          user_id: user.id,
          quantity_ordered: input.quantity,
          unit_price_cents: raised!.unit_price_cents,
          final_unit_price_cents: raised!.final_unit_price_cents,
          total_amount_cents: raised!.final_unit_price_cents * input.quantity,
          payment_status: 'pending',
        })
        .returning();
      return { participation: inserted!, order: { ...raised!, status: next } };
    });
    // The names are read after the commit, so the order's row is locked no longer than the writes need.
    const lookups = await lookupsFor(db, [joined.order]);
    return {
      participation: toParticipation(joined.participation, joined.order, lookups),
      bulk_order: toBulkOrder(joined.order, lookups),
    };
  } catch (error) {
    if (isUniqueViolation(error)) throw fail('bulk_order.already_joined');
    throw error;
  }
}

/**
 * POST /api/bulk-orders: only a coordinator of an active cooperative proposes (a pending one-member
 * cooperative once published an order at R0.01). Priced below the seller's list price it starts
 * `proposed` and opens only when the seller accepts (DECISIONS 22); at list price it opens at once.
 */
export async function createBulkOrder(
  db: Db,
  user: Caller,
  input: z.output<typeof createBulkOrderSchema>,
): Promise<BulkOrder> {
  const coop = await getCooperative(db, input.coop_id); // coop.not_found for an unknown cooperative
  const standing = await membershipOf(db, input.coop_id, user.id);
  if (!standing?.is_coordinator) {
    throw fail(
      'bulk_order.coordinator_only',
      {},
      {
        message: 'Only a coordinator of this cooperative can propose bulk orders.',
      },
    );
  }
  if (coop.status !== 'active') {
    throw fail(
      'bulk_order.coordinator_only',
      {},
      {
        message: 'Only an active cooperative can propose bulk orders; this one is not active yet.',
      },
    );
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
  const finalCents = finalUnitPriceCents(unitCents, discountHundredths / 100);
  const endDate = new Date(input.end_date);
  if (endDate <= new Date()) {
    throw invalidFields({ end_date: field('validation.future_date') });
  }
  const proposed = needsSellerAcceptance(finalCents, product.selling_price_cents);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(bulkOrders)
      .values({
        coop_id: input.coop_id,
        product_id: product.id,
        created_by: user.id,
        unit_price_cents: unitCents,
        bulk_discount_hundredths: discountHundredths,
        final_unit_price_cents: finalCents,
        minimum_quantity: input.minimum_quantity,
        current_quantity: 0,
        target_quantity: input.target_quantity,
        end_date: endDate,
        status: proposed ? 'proposed' : 'active',
      })
      .returning({ id: bulkOrders.id });
    const created = await bulkOrderById(tx, row!.id);
    if (proposed) {
      await notify(tx, {
        userId: product.seller_id,
        type: 'order',
        priority: 'high',
        title: 'notifications.bulk.proposed.title',
        message: 'notifications.bulk.proposed.message',
        params: { coop: created.coop_name, product: created.product_name },
        link: '/orders',
      });
    }
    return created;
  });
}

/** Locks a proposal for its seller's answer: 404 unknown, 403 not their product, 409 already answered. */
async function lockProposal(tx: Tx, user: Caller, id: number) {
  const [order] = await tx.select().from(bulkOrders).where(eq(bulkOrders.id, id)).for('update');
  if (!order) throw fail('bulk_order.not_found');
  const product = (await productsForSale(tx, [order.product_id])).get(order.product_id);
  if (!product || product.seller_id !== user.id) {
    throw fail('bulk_order.product_seller_only');
  }
  if (order.status !== 'proposed') {
    throw fail('bulk_order.already_answered');
  }
  return { order, product };
}

/**
 * POST /api/bulk-orders/{id}/accept: the seller commits a quantity (at least the order's minimum, at
 * most their stock) and the order opens; its target becomes at most the commitment.
 */
export async function acceptBulkOrder(
  db: Db,
  user: Caller,
  id: number,
  committed: number,
): Promise<BulkOrder> {
  return db.transaction(async (tx) => {
    const { order, product } = await lockProposal(tx, user, id);
    if (order.end_date <= new Date()) throw fail('bulk_order.ended');
    if (committed > product.stock_quantity) {
      throw invalidFields({
        committed_quantity: field('validation.too_big', { maximum: product.stock_quantity }),
      });
    }
    if (committed < order.minimum_quantity) {
      throw invalidFields({
        committed_quantity: field('validation.too_small', { minimum: order.minimum_quantity }),
      });
    }
    const now = new Date();
    await tx
      .update(bulkOrders)
      .set({
        status: 'active',
        committed_quantity: committed,
        target_quantity: Math.min(order.target_quantity, committed),
        reviewed_at: now,
      })
      .where(eq(bulkOrders.id, id));
    const accepted = await bulkOrderById(tx, id);
    await notify(tx, {
      userId: order.created_by,
      type: 'cooperative',
      priority: 'medium',
      title: 'notifications.bulk.accepted.title',
      message: 'notifications.bulk.accepted.message',
      params: { product: accepted.product_name, quantity: committed },
      link: '/bulk-orders',
    });
    return accepted;
  });
}

/** POST /api/bulk-orders/{id}/decline: the seller refuses the proposal with a reason the coordinator sees. */
export async function declineBulkOrder(db: Db, user: Caller, id: number, reason: string): Promise<BulkOrder> {
  return db.transaction(async (tx) => {
    const { order } = await lockProposal(tx, user, id);
    await tx
      .update(bulkOrders)
      .set({ status: 'declined', decline_reason: reason, reviewed_at: new Date() })
      .where(eq(bulkOrders.id, id));
    const declined = await bulkOrderById(tx, id);
    await notify(tx, {
      userId: order.created_by,
      type: 'cooperative',
      priority: 'high',
      title: 'notifications.bulk.declined.title',
      message: 'notifications.bulk.declined.message',
      params: { product: declined.product_name, reason },
      link: '/bulk-orders',
    });
    return declined;
  });
}

/**
 * DELETE /api/bulk-orders/participations/{id}, one transaction: the participation and then its order are
 * locked; only its member leaves (403), only an unpaid participation of an order that is still active and
 * unexpired (409), and the order's quantity is lowered by what was freed. Nothing is written on a refusal.
 */
export async function leaveBulkOrder(db: Db, user: Caller, participationId: number): Promise<BulkOrder> {
  const left = await db.transaction(async (tx) => {
    const [participation] = await tx
      .select()
      .from(bulkOrderParticipations)
      .where(eq(bulkOrderParticipations.id, participationId))
      .for('update');
    if (!participation) throw fail('bulk_order.participation_not_found');
    if (participation.user_id !== user.id) throw fail('bulk_order.not_your_participation');
    const [order] = await tx
      .select()
      .from(bulkOrders)
      .where(eq(bulkOrders.id, participation.bulk_order_id))
      .for('update');
    if (
      !order ||
      order.status !== 'active' ||
      order.end_date <= new Date() ||
      participation.payment_status !== 'pending'
    ) {
      throw fail('bulk_order.cannot_leave');
    }
    await tx.delete(bulkOrderParticipations).where(eq(bulkOrderParticipations.id, participation.id));
    const [lowered] = await tx
      .update(bulkOrders)
      .set({
        current_quantity: sql`greatest(${bulkOrders.current_quantity} - ${participation.quantity_ordered}, 0)`,
      })
      .where(eq(bulkOrders.id, order.id))
      .returning();
    return lowered!;
  });
  return (await toBulkOrders(db, [left]))[0]!;
}

// ---------------------------------------------------------------------------------------------------
// Completion (issue 12 point 6; ADR 025)

export const COMPLETE_BULK_ORDERS_JOB = 'bulk_orders.complete';

/**
 * Completes or cancels one bulk order inside the caller's transaction, exactly once: the order's row is
 * locked and its status read again under the lock, so a second run (the job twice, two runners, the
 * coordinator's Close racing the job) finds it completed or cancelled and does nothing.
 *
 * Target met: every participation becomes an order from the seller through checkout's placeOrdersInTx,
 * priced by the one rule with the bulk price as an offer (list price less bulk price off each unit),
 * reserving the seller's stock. Each is placed in its own savepoint: when one cannot be placed (the stock
 * ran short, the product was withdrawn, the member's plan allows no more orders) only that participation
 * is marked with the reason and its member told; the others stand. Below target at the end date: the bulk
 * order is cancelled and every participant is told. Answers what it did.
 */
async function finishBulkOrder(
  tx: Tx,
  id: number,
  now: Date,
  closedBy: number | null,
): Promise<'completed' | 'cancelled' | 'none'> {
  const [order] = await tx.select().from(bulkOrders).where(eq(bulkOrders.id, id)).for('update');
  if (!order) return 'none';
  const outcome = bulkOrderOutcome(
    { ...order, status: order.status as BulkOrderStatus },
    now,
    closedBy !== null,
  );
  if (outcome === 'wait') return 'none';
  const participations = await tx
    .select()
    .from(bulkOrderParticipations)
    .where(eq(bulkOrderParticipations.bulk_order_id, id))
    .orderBy(asc(bulkOrderParticipations.id));
  const product = (await productsForSale(tx, [order.product_id])).get(order.product_id);
  const productName = product?.name ?? '';

  if (outcome === 'cancel') {
    await tx.update(bulkOrders).set({ status: 'cancelled', finished_at: now }).where(eq(bulkOrders.id, id));
    for (const p of participations) {
      await notify(tx, {
        userId: p.user_id,
        type: 'cooperative',
        priority: 'medium',
        title: 'notifications.bulk.cancelled.title',
        message: 'notifications.bulk.cancelled.message',
        params: { product: productName, quantity: order.current_quantity, target: order.target_quantity },
        link: '/bulk-orders',
      });
    }
    return 'cancelled';
  }

  const offer = product
    ? bulkPriceOffer({
        bulkOrderId: id,
        sellerId: product.seller_id,
        productId: product.id,
        listPriceCents: product.selling_price_cents,
        bulkPriceCents: order.final_unit_price_cents,
      })
    : null;
  for (const p of participations) {
    const buyer = await userRowById(tx, p.user_id);
    let orderId: number | null = null;
    let failure: string | null = null;
    try {
      if (!buyer) throw fail('bulk_order.participation_not_found');
      // A savepoint: a participation that cannot be placed leaves nothing of its own behind.
      const placed = await tx.transaction(async (sp) =>
        placeOrdersInTx(
          sp,
          buyer,
          {
            items: [{ product_id: order.product_id, quantity: p.quantity_ordered }],
            delivery_option: 'standard',
            notes: `Bulk order ${id}`,
          },
          { offers: offer ? [offer] : [], now },
        ),
      );
      orderId = placed.orderIds[0] ?? null;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      failure = error.code;
    }
    await tx
      .update(bulkOrderParticipations)
      .set({ order_id: orderId, failure_reason: failure })
      .where(eq(bulkOrderParticipations.id, p.id));
    await notify(tx, {
      userId: p.user_id,
      type: 'cooperative',
      priority: failure ? 'high' : 'medium',
      title: failure ? 'notifications.bulk.not_placed.title' : 'notifications.bulk.completed.title',
      message: failure ? 'notifications.bulk.not_placed.message' : 'notifications.bulk.completed.message',
      params: { product: productName, quantity: p.quantity_ordered },
      link: orderId === null ? '/bulk-orders' : `/orders?order=${orderId}`,
    });
  }
  await tx
    .update(bulkOrders)
    .set({ status: 'completed', finished_at: now, closed_by: closedBy })
    .where(eq(bulkOrders.id, id));
  return 'completed';
}

/**
 * The job: every open bulk order whose end date has passed is completed or cancelled, each in its own
 * savepoint of the job's transaction. Answers how many it finished.
 */
export async function completeEndedBulkOrders(tx: Tx, now: Date): Promise<number> {
  const due = await tx
    .select({ id: bulkOrders.id })
    .from(bulkOrders)
    .where(and(inArray(bulkOrders.status, ['active', 'target_reached']), lte(bulkOrders.end_date, now)))
    .orderBy(asc(bulkOrders.id))
    .limit(LIST_LIMIT);
  let finished = 0;
  for (const { id } of due) {
    if ((await finishBulkOrder(tx, id, now, null)) !== 'none') finished += 1;
  }
  return finished;
}

/**
 * POST /api/bulk-orders/{id}/close: a coordinator of the order's co-op closes it once its target is met;
 * it completes at once, as the job would at the end date (409 when not open or below target, nothing
 * written).
 */
export async function closeBulkOrder(db: Db, user: Caller, id: number, now = new Date()): Promise<BulkOrder> {
  const [order] = await db.select().from(bulkOrders).where(eq(bulkOrders.id, id));
  if (!order) throw fail('bulk_order.not_found');
  const standing = await membershipOf(db, order.coop_id, user.id);
  if (!standing?.is_coordinator) throw fail('bulk_order.close_coordinator_only');
  await db.transaction(async (tx) => {
    const done = await finishBulkOrder(tx, id, now, user.id);
    if (done === 'none') throw fail('bulk_order.cannot_close');
  });
  return bulkOrderById(db, id);
}
