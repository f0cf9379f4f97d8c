import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import {
  buyerCanCancel,
  centsToRand,
  formatOrderNumber,
  orderScopeFor,
  randToCents,
  sellerCanDecline,
  ORDER_STATUSES,
  SELLER_NEXT_STATUS,
  type DeliveryOption,
  type Offer,
  type OfferSource,
  type Order,
  type OrderList,
  type OrderStatus,
  type Quote,
  type QuoteRequest,
  type RecentOrder,
} from '@tt/domain';
import type { Db, Tx } from '../../db/client.ts';
import { fail } from '../../platform/errors.ts';
import { demoWorldAccountIds, userSummaries, type UserRow } from '../auth/service.ts';
import { productSummaries } from '../catalog/service.ts';
import { costOfGoods, receiveDelivery, releaseReservation, shipOrderLine } from '../inventory/service.ts';
import { postMarketplaceDelivery, postOrderPayment } from '../ledger/service.ts';
import { notify } from '../notifications/service.ts';
import { emitOrderEvent, ORDER_EVENTS } from './events.ts';
import { releaseOrderOffers } from './offers.ts';

// Areas that give discounts register through the orders area's service (ADR 020, 022).
export {
  offersFor,
  registerCreditProvider,
  registerOfferProvider,
  type CreditProvider,
  type OfferProvider,
  type OfferUse,
} from './offers.ts';
import { orderItems, orders } from './tables.ts';

/**
 * The next order number (DECISIONS 19): ORD-<Johannesburg date of `at`>-<serial>. The serial comes from
 * one database sequence, so concurrent checkouts never wait on each other nor collide.
 */
export async function nextOrderNumber(db: Db | Tx, at: Date): Promise<string> {
  const result = (await db.execute(sql`select nextval('order_number_seq')::text as serial`)) as unknown as {
    rows: { serial: string }[];
  };
  return formatOrderNumber(at, Number(result.rows[0]!.serial));
}

/** The buyers' and sellers' names of these orders, from the auth area (one query). */
async function partiesOf(db: Db | Tx, rows: readonly { buyer_id: number; seller_id: number }[]) {
  const parties = await userSummaries(
    db,
    rows.flatMap((r) => [r.buyer_id, r.seller_id]),
  );
  return (id: number) => parties.get(id)?.display_name ?? '';
}

/**
 * The orders a user may see (see orderScopeFor). A shared demo account that may see every order sees the demo
 * world's: anyone can sign in to it, so a real customer's order is never among them.
 */
export function visibleOrders(user: Pick<UserRow, 'id' | 'role'> & { is_demo?: boolean }): SQL | undefined {
  switch (orderScopeFor(user.role)) {
    case 'all':
      return user.is_demo
        ? and(inArray(orders.buyer_id, demoWorldAccountIds), inArray(orders.seller_id, demoWorldAccountIds))
        : undefined;
    case 'seller':
      return eq(orders.seller_id, user.id);
    case 'buyer':
      return eq(orders.buyer_id, user.id);
  }
}

// ---- The filters and sums every aggregate below shares (dashboard and reports), written once.

/** Cancelled orders count in no value, unit or buyer figure. */
const notCancelled = sql`${orders.status} <> 'cancelled'`;
/** A column summed over the orders that were not cancelled (0 when there are none). */
const sumNotCancelled = (column: AnyColumn) =>
  sql<string>`coalesce(sum(${column}) filter (where ${notCancelled}), 0)`;

/** Order count per status, every status present (0 where none), of the orders `where` selects. */
async function countsByStatus(
  db: Db | Tx,
  where: SQL | undefined,
): Promise<{ status: OrderStatus; count: number }[]> {
  const rows = await db
    .select({ status: orders.status, count: sql<number>`count(*)::int` })
    .from(orders)
    .where(where)
    .groupBy(orders.status);
  const byStatus = new Map(rows.map((r) => [r.status, Number(r.count)]));
  return ORDER_STATUSES.map((status) => ({ status, count: byStatus.get(status) ?? 0 }));
}

export async function recentOrders(db: Db, user: UserRow, limit: number): Promise<RecentOrder[]> {
  const rows = await db
    .select({
      id: orders.id,
      order_number: orders.order_number,
      status: orders.status,
      created_at: orders.created_at,
      total_cents: orders.total_cents,
      buyer_id: orders.buyer_id,
      seller_id: orders.seller_id,
    })
    .from(orders)
    .where(visibleOrders(user))
    .orderBy(desc(orders.created_at), desc(orders.id))
    .limit(limit);
  const nameOf = await partiesOf(db, rows);
  return rows.map((r) => ({
    id: r.id,
    order_number: r.order_number,
    status: r.status as OrderStatus,
    created_at: r.created_at.toISOString(),
    total_amount: centsToRand(r.total_cents),
    distributor_name: nameOf(r.seller_id),
    retailer_name: nameOf(r.buyer_id),
  }));
}

export async function orderCountsByStatus(
  db: Db,
  user: UserRow,
): Promise<{ status: OrderStatus; count: number }[]> {
  return countsByStatus(db, visibleOrders(user));
}

/** The value of the orders the user sees placed from `since` up to `until`, by Johannesburg calendar month,
 * cancelled orders left out. */
export async function monthlyOrderValue(
  db: Db,
  user: UserRow,
  since: Date,
  until: Date,
): Promise<Map<string, number>> {
  const month = sql<string>`to_char(${orders.created_at} at time zone 'Africa/Johannesburg', 'YYYY-MM')`;
  const rows = await db
    .select({ month, cents: sql<string>`sum(${orders.total_cents})` })
    .from(orders)
    .where(
      and(visibleOrders(user), gte(orders.created_at, since), lte(orders.created_at, until), notCancelled),
    )
    .groupBy(month);
  return new Map(rows.map((r) => [r.month, Number(r.cents)]));
}

/** The value of the orders the user sees placed from `from` (inclusive) to `to` (exclusive), cancelled ones aside. */
export async function orderValueBetween(db: Db, user: UserRow, from: Date, to: Date): Promise<number> {
  const [row] = await db
    .select({ cents: sql<string>`coalesce(sum(${orders.total_cents}), 0)` })
    .from(orders)
    .where(and(visibleOrders(user), gte(orders.created_at, from), lt(orders.created_at, to), notCancelled));
  return Number(row?.cents ?? 0);
}

export async function totalOrderValue(db: Db, user: UserRow): Promise<number> {
  const [row] = await db
    .select({ cents: sql<string>`coalesce(sum(${orders.total_cents}), 0)` })
    .from(orders)
    .where(and(visibleOrders(user), notCancelled));
  return Number(row?.cents ?? 0);
}

const orderColumns = {
  id: orders.id,
  order_number: orders.order_number,
  status: orders.status,
  created_at: orders.created_at,
  updated_at: orders.updated_at,
  subtotal_cents: orders.subtotal_cents,
  tax_cents: orders.tax_cents,
  delivery_cents: orders.delivery_cents,
  discount_cents: orders.discount_cents,
  total_cents: orders.total_cents,
  delivery_option: orders.delivery_option,
  delivery_address: orders.delivery_address,
  notes: orders.notes,
  decline_reason: orders.decline_reason,
  paid_at: orders.paid_at,
  buyer_id: orders.buyer_id,
  seller_id: orders.seller_id,
};

/** Orders matching `where`, newest first, each with its items. */
async function selectOrders(
  db: Db | Tx,
  where: SQL | undefined,
  limit: number,
  offset = 0,
): Promise<Order[]> {
  const rows = await db
    .select(orderColumns)
    .from(orders)
    .where(where)
    .orderBy(desc(orders.created_at), desc(orders.id))
    .limit(limit)
    .offset(offset);
  if (rows.length === 0) return [];
  const items = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.order_id,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderItems.id));
  const catalogue = await productSummaries(
    db,
    items.map((i) => i.product_id),
  );
  const nameOf = await partiesOf(db, rows);
  return rows.map((r) => ({
    id: r.id,
    order_number: r.order_number,
    status: r.status as OrderStatus,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
    subtotal: centsToRand(r.subtotal_cents),
    tax_amount: centsToRand(r.tax_cents),
    delivery_fee: centsToRand(r.delivery_cents),
    discount_amount: centsToRand(r.discount_cents),
    total_amount: centsToRand(r.total_cents),
    delivery_option: r.delivery_option as DeliveryOption,
    delivery_address: r.delivery_address,
    notes: r.notes,
    decline_reason: r.decline_reason,
    paid_at: r.paid_at ? r.paid_at.toISOString() : null,
    buyer_id: r.buyer_id,
    seller_id: r.seller_id,
    distributor_name: nameOf(r.seller_id),
    retailer_name: nameOf(r.buyer_id),
    items: items
      .filter((i) => i.order_id === r.id)
      .map((i) => {
        const product = catalogue.get(i.product_id);
        return {
          product_id: i.product_id,
          name: product?.name ?? '',
          sku: product?.sku ?? '',
          image_url: product?.image_url ?? null,
          quantity: i.quantity,
          unit_price: centsToRand(i.unit_price_cents),
          total_price: centsToRand(i.total_price_cents),
          discount: centsToRand(i.discount_cents),
          offer_type: i.offer_type as OfferSource['type'] | null,
        };
      }),
  }));
}

/** The given orders in id order (a checkout's orders, one per seller). */
export async function ordersByIds(db: Db | Tx, ids: number[]): Promise<Order[]> {
  const found = await selectOrders(db, inArray(orders.id, ids), ids.length);
  return found.sort((a, b) => a.id - b.id);
}

export async function listOrders(
  db: Db,
  user: UserRow,
  query: { status?: OrderStatus | undefined; page: number; page_size: number },
): Promise<OrderList> {
  const where = and(visibleOrders(user), query.status ? eq(orders.status, query.status) : undefined);
  const [list, total] = await Promise.all([
    selectOrders(db, where, query.page_size, (query.page - 1) * query.page_size),
    db.$count(orders, where),
  ]);
  return { orders: list, total, page: query.page, page_size: query.page_size };
}

export async function getOrder(db: Db | Tx, user: Pick<UserRow, 'id' | 'role'>, id: number): Promise<Order> {
  const [order] = await selectOrders(db, and(eq(orders.id, id), visibleOrders(user)), 1);
  if (!order) throw fail('order.not_found');
  return order;
}

/** An order's buyer and seller, for the routes' record rules; undefined when there is no such order. */
export async function orderParties(
  db: Db,
  id: number,
): Promise<{ buyer_id: number; seller_id: number } | undefined> {
  const [row] = await db
    .select({ buyer_id: orders.buyer_id, seller_id: orders.seller_id })
    .from(orders)
    .where(eq(orders.id, id));
  return row;
}

/** The order's own seller (never an admin: DECISIONS 11) moves it one step along SELLER_NEXT_STATUS; the buyer is told. */
export async function moveOrder(db: Db, user: UserRow, id: number, to: OrderStatus): Promise<Order> {
  return db.transaction(async (tx) => {
    const order = await getOrder(tx, user, id);
    if (order.seller_id !== user.id) throw fail('order.seller_only');
    const from = order.status;
    if (SELLER_NEXT_STATUS[from] !== to) throw fail('order.invalid_transition', { from, to });
    // Conditional on the status read, so two simultaneous moves cannot both succeed.
    const now = new Date();
    const moved = await tx
      .update(orders)
      .set({ status: to, updated_at: now, ...(to === 'delivered' ? { delivered_at: now } : {}) })
      .where(and(eq(orders.id, id), eq(orders.status, from)))
      .returning({ id: orders.id });
    if (moved.length === 0) throw fail('order.invalid_transition', { from, to });
    await moveStock(tx, order, to, user.id);
    if (to === 'delivered') {
      // Both parties' books post the purchase and the sale in the delivery's transaction, at what
      // checkout charged, and the seller's cost of sales at the goods' weighted-average cost.
      await postMarketplaceDelivery(tx, {
        orderId: id,
        orderNumber: order.order_number,
        buyerId: order.buyer_id,
        sellerId: order.seller_id,
        totalCents: randToCents(order.total_amount),
        costCents: await costOfGoods(
          tx,
          order.seller_id,
          order.items.map((item) => ({ productId: item.product_id, quantity: item.quantity })),
        ),
      });
    }
    await emitOrderEvent(tx, ORDER_EVENTS.updated, {
      order_id: id,
      order_number: order.order_number,
      buyer_id: order.buyer_id,
      seller_id: order.seller_id,
      status: to,
      previous_status: from,
    });
    await notify(tx, {
      userId: order.buyer_id,
      type: 'order',
      priority: 'medium',
      title: 'notifications.order.status.title',
      message: 'notifications.order.status.message',
      params: { number: order.order_number, status: to },
      link: `/orders?order=${order.id}`,
    });
    return getOrder(tx, user, id);
  });
}

/**
 * DECISIONS 20: shipping takes the goods out of the seller's default location and ends their reservation;
 * delivery brings them into the buyer's default location at the price paid. Items in product order, so two
 * orders of the same products lock the stock rows in the same order.
 */
async function moveStock(tx: Tx, order: Order, to: OrderStatus, performedBy: number): Promise<void> {
  const items = [...order.items].sort((a, b) => a.product_id - b.product_id);
  if (to === 'shipped') {
    for (const item of items) {
      await shipOrderLine(tx, {
        sellerId: order.seller_id,
        productId: item.product_id,
        quantity: item.quantity,
        performedBy,
        reference: order.order_number,
      });
    }
  }
  if (to === 'delivered') {
    for (const item of items) {
      await receiveDelivery(tx, {
        buyerId: order.buyer_id,
        productId: item.product_id,
        quantity: item.quantity,
        unitPriceCents: randToCents(item.unit_price),
        performedBy,
        reference: order.order_number,
      });
    }
  }
}

/**
 * A cancelled or declined order's reservations are let go (it had not shipped), and the offers' uses and
 * the rewards credit it took are given back (DECISIONS 21).
 */
async function releaseOrderStock(tx: Tx, order: Order): Promise<void> {
  await releaseOrderOffers(tx, [order.id]);
  for (const item of [...order.items].sort((a, b) => a.product_id - b.product_id)) {
    await releaseReservation(tx, order.seller_id, item.product_id, item.quantity);
  }
}

/** The buyer cancels within 24 hours while pending or confirmed; the stock comes back; the seller is told. */
export async function cancelOrder(db: Db, user: UserRow, id: number, now = new Date()): Promise<Order> {
  return db.transaction(async (tx) => {
    const order = await getOrder(tx, user, id);
    if (order.buyer_id !== user.id) throw fail('order.buyer_only');
    if (!buyerCanCancel(order.status, new Date(order.created_at), now)) {
      throw order.status === 'pending' || order.status === 'confirmed'
        ? fail('order.cancel_window_passed')
        : fail('order.not_cancellable', { status: order.status });
    }
    const cancelled = await tx
      .update(orders)
      .set({ status: 'cancelled', updated_at: now })
      .where(and(eq(orders.id, id), inArray(orders.status, ['pending', 'confirmed'])))
      .returning({ id: orders.id });
    if (cancelled.length === 0) throw fail('order.no_longer_cancellable');
    await emitOrderEvent(tx, ORDER_EVENTS.cancelled, {
      order_id: id,
      order_number: order.order_number,
      buyer_id: order.buyer_id,
      seller_id: order.seller_id,
      status: 'cancelled',
      previous_status: order.status,
    });
    await releaseOrderStock(tx, order);
    await notify(tx, {
      userId: order.seller_id,
      type: 'order',
      priority: 'high',
      title: 'notifications.order.cancelled.title',
      message: 'notifications.order.cancelled.message',
      params: { number: order.order_number },
      link: `/orders?order=${order.id}`,
    });
    return getOrder(tx, user, id);
  });
}

/**
 * The buyer marks a delivered order paid (POST /api/orders/:id/mark-paid): one transaction records when,
 * and posts the payment in both parties' books (the buyer's payable from the bank, the seller's
 * receivable into it). Nothing is charged (DECISIONS 17); an order is marked paid once.
 */
export async function markOrderPaid(db: Db, user: UserRow, id: number, now = new Date()): Promise<Order> {
  return db.transaction(async (tx) => {
    const order = await getOrder(tx, user, id);
    if (order.buyer_id !== user.id) throw fail('order.buyer_only');
    if (order.paid_at !== null) throw fail('order.already_paid');
    if (order.status !== 'delivered') throw fail('order.not_delivered');
    // Conditional on the state read, so two simultaneous marks cannot both post.
    const marked = await tx
      .update(orders)
      .set({ paid_at: now, updated_at: now })
      .where(and(eq(orders.id, id), eq(orders.status, 'delivered'), isNull(orders.paid_at)))
      .returning({ id: orders.id });
    if (marked.length === 0) throw fail('order.already_paid');
    await postOrderPayment(tx, {
      orderId: id,
      orderNumber: order.order_number,
      buyerId: order.buyer_id,
      sellerId: order.seller_id,
      totalCents: randToCents(order.total_amount),
    });
    return getOrder(tx, user, id);
  });
}

/**
 * The seller declines a pending order with a reason (issue 10): one transaction cancels it, stores the
 * reason the buyer is shown, returns the stock and tells the buyer. Only the order's own seller may:
 * an admin oversees orders but does not act for a seller (DECISIONS 11).
 */
export async function declineOrder(db: Db, user: UserRow, id: number, reason: string): Promise<Order> {
  return db.transaction(async (tx) => {
    const order = await getOrder(tx, user, id);
    if (order.seller_id !== user.id) throw fail('order.decline_seller_only');
    if (!sellerCanDecline(order.status)) {
      throw fail('order.not_declinable', { status: order.status });
    }
    const declined = await tx
      .update(orders)
      .set({ status: 'cancelled', decline_reason: reason, updated_at: new Date() })
      .where(and(eq(orders.id, id), eq(orders.status, 'pending')))
      .returning({ id: orders.id });
    if (declined.length === 0) throw fail('order.not_declinable', { status: order.status });
    await releaseOrderStock(tx, order);
    await notify(tx, {
      userId: order.buyer_id,
      type: 'order',
      priority: 'high',
      title: 'notifications.order.declined.title',
      message: 'notifications.order.declined.message',
      params: { number: order.order_number, reason },
      link: `/orders?order=${order.id}`,
    });
    return getOrder(tx, user, id);
  });
}

/** Every order a user placed, for their personal-data export (bounded: a shop's lifetime of orders). */
export async function ordersPlacedBy(db: Db | Tx, userId: number): Promise<Order[]> {
  return selectOrders(db, eq(orders.buyer_id, userId), 10_000);
}

/**
 * Closing an account: the orders keep their figures (the seller's books need them) but lose the
 * delivery address and notes, which describe the person.
 */
export async function forgetBuyerDetails(tx: Tx, userId: number): Promise<void> {
  await tx.update(orders).set({ delivery_address: null, notes: null }).where(eq(orders.buyer_id, userId));
}

// ---- Aggregates for reports (issue 13 point 6). `buyers` is the scope: null for every order on the
// platform (an admin), or the ids of the buyers whose orders count (a coordinator's co-op members).

const placedBy = (buyers: readonly number[] | null): SQL | undefined =>
  buyers === null ? undefined : buyers.length === 0 ? sql`false` : inArray(orders.buyer_id, [...buyers]);
const placedBetween = (from: Date, to: Date) =>
  and(gte(orders.created_at, from), sql`${orders.created_at} < ${to.toISOString()}`);
/** Whose orders a party's figures count: those it bought, those it sold, or (null) every order. */
export type OrderParty = { side: 'buyer' | 'seller'; id: number } | null;
const ofParty = (party: OrderParty) =>
  party === null ? undefined : eq(party.side === 'buyer' ? orders.buyer_id : orders.seller_id, party.id);
/** The orders placed in [from, to) by the buyers in scope: what every report figure counts. */
const inWindow = (buyers: readonly number[] | null, from: Date, to: Date) =>
  and(placedBy(buyers), placedBetween(from, to));

export type OrderBucket = 'hour' | 'day' | 'week' | 'month';
const localTime = sql`(${orders.created_at} at time zone 'Africa/Johannesburg')`;
const BUCKET_SQL: Record<OrderBucket, SQL<string>> = {
  hour: sql<string>`to_char(${localTime}, 'HH24')`,
  day: sql<string>`to_char(${localTime}, 'YYYY-MM-DD')`,
  week: sql<string>`to_char(date_trunc('week', ${localTime}), 'YYYY-MM-DD')`,
  month: sql<string>`to_char(${localTime}, 'YYYY-MM')`,
};

export interface OrderTotals {
  orders: number;
  cancelled: number;
  /** Value of the orders that were not cancelled (VAT and delivery included). */
  total_cents: number;
  tax_cents: number;
  delivery_cents: number;
  discount_cents: number;
  buyers: number;
}

const totalsColumns = {
  orders: sql<number>`count(*)::int`,
  cancelled: sql<number>`(count(*) filter (where ${orders.status} = 'cancelled'))::int`,
  total_cents: sumNotCancelled(orders.total_cents),
  tax_cents: sumNotCancelled(orders.tax_cents),
  delivery_cents: sumNotCancelled(orders.delivery_cents),
  discount_cents: sumNotCancelled(orders.discount_cents),
  buyers: sql<number>`(count(distinct ${orders.buyer_id}) filter (where ${notCancelled}))::int`,
};
const toTotals = (r: {
  orders: number;
  cancelled: number;
  total_cents: string;
  tax_cents: string;
  delivery_cents: string;
  discount_cents: string;
  buyers: number;
}): OrderTotals => ({
  orders: Number(r.orders),
  cancelled: Number(r.cancelled),
  total_cents: Number(r.total_cents),
  tax_cents: Number(r.tax_cents),
  delivery_cents: Number(r.delivery_cents),
  discount_cents: Number(r.discount_cents),
  buyers: Number(r.buyers),
});

/** The orders placed in [from, to) by the buyers in scope, summed. */
export async function orderTotals(
  db: Db | Tx,
  buyers: readonly number[] | null,
  from: Date,
  to: Date,
): Promise<OrderTotals> {
  const [row] = await db
    .select(totalsColumns)
    .from(orders)
    .where(inWindow(buyers, from, to));
  return toTotals(row!);
}

/** The same sums per hour, day, week (its Monday) or month of Johannesburg time. */
export async function orderTotalsBy(
  db: Db | Tx,
  bucket: OrderBucket,
  buyers: readonly number[] | null,
  from: Date,
  to: Date,
): Promise<Map<string, OrderTotals>> {
  const label = BUCKET_SQL[bucket];
  const rows = await db
    .select({ label, ...totalsColumns })
    .from(orders)
    .where(inWindow(buyers, from, to))
    .groupBy(label);
  return new Map(rows.map((r) => [r.label, toTotals(r)]));
}

/**
 * The report figures of one party's orders placed in [from, to) (the public API's sales, ADR 050): the totals
 * and the same sums per bucket, as the reports count them.
 */
export async function partyOrderTotals(
  db: Db | Tx,
  party: OrderParty,
  bucket: OrderBucket,
  from: Date,
  to: Date,
): Promise<{ totals: OrderTotals; byBucket: Map<string, OrderTotals> }> {
  const where = and(ofParty(party), placedBetween(from, to));
  const label = BUCKET_SQL[bucket];
  const [[total], rows] = await Promise.all([
    db.select(totalsColumns).from(orders).where(where),
    db
      .select({ label, ...totalsColumns })
      .from(orders)
      .where(where)
      .groupBy(label),
  ]);
  return { totals: toTotals(total!), byBucket: new Map(rows.map((r) => [r.label, toTotals(r)])) };
}

/** Order count per status (every status present) in [from, to). */
export async function orderStatusCounts(
  db: Db | Tx,
  buyers: readonly number[] | null,
  from: Date,
  to: Date,
): Promise<{ status: OrderStatus; count: number }[]> {
  return countsByStatus(db, inWindow(buyers, from, to));
}

export interface ProductSales {
  product_id: number;
  name: string;
  sku: string;
  units: number;
  orders: number;
  revenue_cents: number;
}

/** The products sold most by value in [from, to) (cancelled orders left out), at most `limit`. */
export async function productSales(
  db: Db | Tx,
  buyers: readonly number[] | null,
  from: Date,
  to: Date,
  limit: number,
): Promise<ProductSales[]> {
  return productSalesWhere(db, inWindow(buyers, from, to), limit);
}

/** The same for one party's orders (a seller's products sold, for Advanced Analytics, ADR 056). */
export async function partyProductSales(
  db: Db | Tx,
  party: OrderParty,
  from: Date,
  to: Date,
  limit: number,
): Promise<ProductSales[]> {
  return productSalesWhere(db, and(ofParty(party), placedBetween(from, to)), limit);
}

async function productSalesWhere(
  db: Db | Tx,
  where: SQL | undefined,
  limit: number,
): Promise<ProductSales[]> {
  const revenue = sql<string>`sum(${orderItems.total_price_cents})`;
  const rows = await db
    .select({
      product_id: orderItems.product_id,
      units: sql<string>`sum(${orderItems.quantity})`,
      orders: sql<number>`count(distinct ${orders.id})::int`,
      revenue,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.order_id))
    .where(and(where, notCancelled))
    .groupBy(orderItems.product_id)
    .orderBy(desc(revenue), asc(orderItems.product_id))
    .limit(limit);
  const catalogue = await productSummaries(
    db,
    rows.map((r) => r.product_id),
  );
  return rows.map((r) => ({
    product_id: r.product_id,
    name: catalogue.get(r.product_id)?.name ?? '',
    sku: catalogue.get(r.product_id)?.sku ?? '',
    units: Number(r.units),
    orders: Number(r.orders),
    revenue_cents: Number(r.revenue),
  }));
}

export interface SellerCustomer {
  buyer_id: number;
  orders: number;
  cents: number;
  /** When the buyer first ordered from this seller, ever (cancelled orders left out). */
  first_order_at: Date;
}

/**
 * A seller's buyers with orders in [from, to) (cancelled left out): their orders and value there, and their first
 * order from this seller ever, so Advanced Analytics can tell new buyers from returning ones. At most `limit`
 * buyers, the biggest first.
 */
export async function sellerCustomers(
  db: Db | Tx,
  sellerId: number,
  from: Date,
  to: Date,
  limit: number,
): Promise<SellerCustomer[]> {
  const inPeriod = and(placedBetween(from, to), notCancelled);
  const cents = sql<string>`coalesce(sum(${orders.total_cents}) filter (where ${inPeriod}), 0)`;
  const rows = await db
    .select({
      buyer_id: orders.buyer_id,
      orders: sql<number>`(count(*) filter (where ${inPeriod}))::int`,
      cents,
      first: sql<string>`min(${orders.created_at})`,
    })
    .from(orders)
    .where(and(eq(orders.seller_id, sellerId), notCancelled, sql`${orders.created_at} < ${to.toISOString()}`))
    .groupBy(orders.buyer_id)
    .having(sql`count(*) filter (where ${inPeriod}) > 0`)
    .orderBy(desc(cents), asc(orders.buyer_id))
    .limit(limit);
  return rows.map((r) => ({
    buyer_id: r.buyer_id,
    orders: Number(r.orders),
    cents: Number(r.cents),
    first_order_at: new Date(r.first),
  }));
}

/** Units sold in [from, to), cancelled orders left out. */
export async function unitsSold(
  db: Db | Tx,
  buyers: readonly number[] | null,
  from: Date,
  to: Date,
): Promise<number> {
  const [row] = await db
    .select({ units: sql<string>`coalesce(sum(${orderItems.quantity}), 0)` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.order_id))
    .where(and(inWindow(buyers, from, to), notCancelled));
  return Number(row?.units ?? 0);
}

/** Order count and value (cancelled left out) per buyer in [from, to): a co-op's figures are its members'. */
export async function orderTotalsByBuyer(
  db: Db | Tx,
  buyers: readonly number[] | null,
  from: Date,
  to: Date,
): Promise<Map<number, { orders: number; cents: number }>> {
  const rows = await db
    .select({
      buyer_id: orders.buyer_id,
      orders: sql<number>`(count(*) filter (where ${notCancelled}))::int`,
      cents: sumNotCancelled(orders.total_cents),
    })
    .from(orders)
    .where(inWindow(buyers, from, to))
    .groupBy(orders.buyer_id);
  return new Map(rows.map((r) => [r.buyer_id, { orders: Number(r.orders), cents: Number(r.cents) }]));
}

/** The order register of [from, to), oldest first, at most `limit` orders (items left out). */
export async function orderRegister(
  db: Db | Tx,
  buyers: readonly number[] | null,
  from: Date,
  to: Date,
  limit: number,
) {
  const rows = await db
    .select(orderColumns)
    .from(orders)
    .where(inWindow(buyers, from, to))
    .orderBy(asc(orders.created_at), asc(orders.id))
    .limit(limit);
  const nameOf = await partiesOf(db, rows);
  return rows.map((r) => ({
    order_number: r.order_number,
    created_at: r.created_at,
    status: r.status as OrderStatus,
    buyer: nameOf(r.buyer_id),
    seller: nameOf(r.seller_id),
    subtotal_cents: r.subtotal_cents,
    tax_cents: r.tax_cents,
    delivery_cents: r.delivery_cents,
    discount_cents: r.discount_cents,
    total_cents: r.total_cents,
  }));
}

/** The latest orders in scope, newest first. */
export async function latestOrdersOf(
  db: Db | Tx,
  buyers: readonly number[] | null,
  limit: number,
): Promise<RecentOrder[]> {
  const rows = await db
    .select(orderColumns)
    .from(orders)
    .where(placedBy(buyers))
    .orderBy(desc(orders.created_at), desc(orders.id))
    .limit(limit);
  const nameOf = await partiesOf(db, rows);
  return rows.map((r) => ({
    id: r.id,
    order_number: r.order_number,
    status: r.status as OrderStatus,
    created_at: r.created_at.toISOString(),
    total_amount: centsToRand(r.total_cents),
    distributor_name: nameOf(r.seller_id),
    retailer_name: nameOf(r.buyer_id),
  }));
}

/** Orders in scope that are still under way (neither delivered nor cancelled). */
export async function openOrderCount(db: Db | Tx, buyers: readonly number[] | null): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(placedBy(buyers), sql`${orders.status} not in ('delivered', 'cancelled')`));
  return Number(row?.n ?? 0);
}

/** The seller's orders still under way (neither delivered nor cancelled): a seller with them is still in business. */
export async function openOrdersAsSeller(db: Db | Tx, sellerId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.seller_id, sellerId), sql`${orders.status} not in ('delivered', 'cancelled')`));
  return Number(row?.n ?? 0);
}

/**
 * When these buyers placed orders from `since` on (cancelled ones left out), oldest first: what the
 * marketing area attributes to its tracked links' clicks. Bounded like every list.
 */
export async function orderTimesOf(
  db: Db | Tx,
  buyerIds: readonly number[],
  since: Date,
  limit = 10_000,
): Promise<{ buyer_id: number; created_at: Date }[]> {
  if (buyerIds.length === 0) return [];
  return db
    .select({ buyer_id: orders.buyer_id, created_at: orders.created_at })
    .from(orders)
    .where(and(inArray(orders.buyer_id, [...new Set(buyerIds)]), gte(orders.created_at, since), notCancelled))
    .orderBy(asc(orders.created_at))
    .limit(limit);
}

/**
 * Other areas place orders for a buyer (completed bulk orders, scheduled orders) through this: checkout's
 * placeOrdersInTx, which checkout.ts hands over when it loads (checkout imports this file, so it cannot be
 * imported back without a cycle).
 */
type OrderPlacer = (
  tx: Tx,
  user: UserRow,
  request: {
    items: { product_id: number; quantity: number }[];
    delivery_option: DeliveryOption;
    delivery_address?: string | null | undefined;
    notes?: string | null | undefined;
  },
  options?: {
    offers?: readonly Offer[];
    expected?: { total_cents: number; tax_cents: number };
    now?: Date;
  },
) => Promise<{ orderIds: number[]; orders: Order[] }>;
let orderPlacer: OrderPlacer | null = null;
export function registerOrderPlacer(placer: OrderPlacer): void {
  orderPlacer = placer;
}
export function placeOrdersInTx(...args: Parameters<OrderPlacer>): ReturnType<OrderPlacer> {
  if (!orderPlacer) throw new Error('Checkout is not loaded: no order placer registered');
  return orderPlacer(...args);
}

/**
 * What checkout would charge for a request now (POST /api/orders/quote's function, ADR 022), for areas
 * that show a total before a job or the buyer places it (smart orders' proposed orders, ADR 023): one
 * pricing path, so a proposal shows exactly what checkout charges. Handed over by checkout.ts like the
 * placer. Writes nothing; takes no locks.
 */
type OrderQuoter = (db: Db | Tx, user: UserRow, input: QuoteRequest, now?: Date) => Promise<Quote>;
let orderQuoter: OrderQuoter | null = null;
export function registerOrderQuoter(quoter: OrderQuoter): void {
  orderQuoter = quoter;
}
export function quoteOrder(...args: Parameters<OrderQuoter>): ReturnType<OrderQuoter> {
  if (!orderQuoter) throw new Error('Checkout is not loaded: no order quoter registered');
  return orderQuoter(...args);
}

/**
 * Units of a product a buyer has on order from a seller: its orders from that seller still under way
 * (neither delivered nor cancelled). Smart orders' re-order rules count them as already coming.
 */
export async function quantityOnOrder(
  db: Db | Tx,
  buyerId: number,
  sellerId: number,
  productId: number,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${orderItems.quantity}), 0)` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.order_id))
    .where(
      and(
        eq(orders.buyer_id, buyerId),
        eq(orders.seller_id, sellerId),
        eq(orderItems.product_id, productId),
        sql`${orders.status} not in ('delivered', 'cancelled')`,
      ),
    );
  return Number(row?.n ?? 0);
}

/** One supplier's orders from a buyer since a date, summed (supply chain analytics, ADR 048). */
export interface SupplierOrderFigures {
  seller_id: number;
  name: string;
  orders: number;
  delivered: number;
  cancelled: number;
  spend_cents: number;
  /** The orders not cancelled that paid delivery, their fees, and the distinct weeks they were placed in. */
  paid_deliveries: number;
  delivery_fee_cents: number;
  weeks_with_orders: number;
  /** Days from ordering to delivery over the delivered orders, unrounded; null when none was delivered. */
  average_delivery_days: number | null;
  last_order_at: Date;
}

/**
 * A buyer's suppliers since `since`: every seller the buyer ordered from, most spent first (then most orders), at
 * most `limit`. What was cancelled is counted but not spent.
 */
export async function supplierOrderFigures(
  db: Db | Tx,
  buyerId: number,
  since: Date,
  limit: number,
): Promise<SupplierOrderFigures[]> {
  const paid = sql`${notCancelled} and ${orders.delivery_cents} > 0`;
  const rows = await db
    .select({
      seller_id: orders.seller_id,
      orders: sql<number>`count(*)::int`,
      delivered: sql<number>`(count(*) filter (where ${orders.status} = 'delivered'))::int`,
      cancelled: sql<number>`(count(*) filter (where ${orders.status} = 'cancelled'))::int`,
      spend_cents: sumNotCancelled(orders.total_cents),
      paid_deliveries: sql<number>`(count(*) filter (where ${paid}))::int`,
      delivery_fee_cents: sql<string>`coalesce(sum(${orders.delivery_cents}) filter (where ${paid}), 0)`,
      weeks_with_orders: sql<number>`(count(distinct date_trunc('week', ${localTime})) filter (where ${paid}))::int`,
      average_delivery_days: sql<
        string | null
      >`avg(extract(epoch from ${orders.delivered_at} - ${orders.created_at}) / 86400) filter (where ${orders.status} = 'delivered' and ${orders.delivered_at} is not null)`,
      last_order_at: sql<Date>`max(${orders.created_at})`,
    })
    .from(orders)
    .where(and(eq(orders.buyer_id, buyerId), gte(orders.created_at, since)))
    .groupBy(orders.seller_id)
    .orderBy(desc(sumNotCancelled(orders.total_cents)), desc(sql`count(*)`), asc(orders.seller_id))
    .limit(limit);
  const names = await userSummaries(
    db,
    rows.map((r) => r.seller_id),
  );
  return rows.map((r) => ({
    seller_id: r.seller_id,
    name: names.get(r.seller_id)?.display_name ?? '',
    orders: Number(r.orders),
    delivered: Number(r.delivered),
    cancelled: Number(r.cancelled),
    spend_cents: Number(r.spend_cents),
    paid_deliveries: Number(r.paid_deliveries),
    delivery_fee_cents: Number(r.delivery_fee_cents),
    weeks_with_orders: Number(r.weeks_with_orders),
    average_delivery_days: r.average_delivery_days === null ? null : Number(r.average_delivery_days),
    last_order_at: new Date(r.last_order_at),
  }));
}
