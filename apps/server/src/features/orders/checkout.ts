import { createHash } from 'node:crypto';
import { and, eq, gte, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  centsToRand,
  monthStartSast,
  priceCheckout,
  randToCents,
  type checkoutSchema,
  type DeliveryOption,
  type Offer,
  type OfferSource,
  type Order,
  type PricedCheckout,
  type PricedLine,
} from '@tt/domain';
import type { Db, Tx } from '../../db/client.ts';
import { fail, field, invalidFields } from '../../platform/errors.ts';
import type { UserRow } from '../auth/service.ts';
import { assertCanBuy, removeFromCart } from '../cart/service.ts';
import { productsForSale } from '../catalog/service.ts';
import { reserveForOrder } from '../inventory/service.ts';
import { notify } from '../notifications/service.ts';
import { enforcePlanLimit, registerUsageCounter } from '../subscriptions/service.ts';
import { nextOrderNumber, ordersByIds } from './service.ts';
import { emitOrderEvent, ORDER_EVENTS } from './events.ts';
import { checkoutKeys, orderItems, orders } from './tables.ts';

export type CheckoutRequest = z.output<typeof checkoutSchema>;

/** DECISIONS 16's orders a month: orders placed as a buyer in this calendar month, one per seller. */
registerUsageCounter('orders_monthly', (db, userId) =>
  db.$count(orders, and(eq(orders.buyer_id, userId), gte(orders.created_at, monthStartSast(new Date())))),
);

export interface CheckoutOutcome {
  status: number;
  body: { orders: Order[] };
  /** true when the Idempotency-Key had already been used: nothing was created. */
  replayed: boolean;
}

/** Quantities of the same product sent on two lines are one purchase. */
function mergeItems(items: readonly { product_id: number; quantity: number }[]) {
  const merged = new Map<number, { product_id: number; quantity: number; index: number }>();
  items.forEach((item, index) => {
    const line = merged.get(item.product_id);
    if (line) line.quantity += item.quantity;
    else merged.set(item.product_id, { product_id: item.product_id, quantity: item.quantity, index });
  });
  return [...merged.values()];
}

/**
 * What the checkout asks for: the items, the delivery option, address and notes. A key reused with any
 * of them changed is a different checkout (409), not a retry. The client's order number and totals are
 * left out: the server assigns the number (DECISIONS 19) and prices the order itself (DECISIONS 2).
 */
function requestHash(items: { product_id: number; quantity: number }[], input: CheckoutRequest): string {
  const canonical = items.map((i) => [i.product_id, i.quantity]).sort((a, b) => a[0]! - b[0]!);
  const meaningful = {
    canonical,
    delivery: input.delivery_option,
    address: input.delivery_address ?? null,
    notes: input.notes ?? null,
  };
  return createHash('sha256').update(JSON.stringify(meaningful)).digest('hex');
}

function clientCents(value: number, name: string): number {
  try {
    return randToCents(value);
  } catch {
    throw invalidFields({ [name]: field('validation.decimals') });
  }
}

const errorCode = (error: unknown): string | undefined => {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof e.code === 'string' ? e.code : e.cause?.code;
  return typeof code === 'string' ? code : undefined;
};
const constraintOf = (error: unknown): string | undefined => {
  const e = error as { constraint?: unknown; cause?: { constraint?: unknown } };
  const name = e.constraint ?? e.cause?.constraint;
  return typeof name === 'string' ? name : undefined;
};

/** Runs a transaction again when PostgreSQL aborted it for a deadlock or a serialization failure. */
async function withRetry<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const code = errorCode(error);
      if ((code === '40P01' || code === '40001') && attempt < 4) continue;
      throw error;
    }
  }
}

async function storedOutcome(
  db: Db | Tx,
  userId: number,
  key: string,
  hash: string,
): Promise<CheckoutOutcome | null> {
  const [row] = await db
    .select()
    .from(checkoutKeys)
    .where(and(eq(checkoutKeys.user_id, userId), eq(checkoutKeys.key, key)));
  if (!row) return null;
  if (row.request_hash !== hash) {
    throw fail('checkout.idempotency_key_reused');
  }
  return { status: row.status_code, body: row.response as { orders: Order[] }, replayed: true };
}

/**
 * POST /api/orders (DECISIONS 1-3): prices the items from the server's own current prices, refuses
 * totals that differ from the client's by more than a cent, and in one transaction writes one order per
 * seller with its items, takes the stock (refusing, with nothing written, when any item is short), empties
 * the bought products from the cart and notifies each seller. The Idempotency-Key is stored in the same
 * transaction, so a repeated or concurrent request with the key answers the first one's orders.
 */
export async function checkout(
  db: Db,
  user: UserRow,
  input: CheckoutRequest,
  key: string,
): Promise<CheckoutOutcome> {
  assertCanBuy(user);
  const lines = mergeItems(input.items);
  const hash = requestHash(lines, input);
  const earlier = await storedOutcome(db, user.id, key, hash);
  if (earlier) return earlier;

  try {
    return await withRetry(() =>
      db.transaction(async (tx): Promise<CheckoutOutcome> => {
        const claimed = await tx
          .insert(checkoutKeys)
          .values({ user_id: user.id, key, request_hash: hash })
          .onConflictDoNothing()
          .returning({ key: checkoutKeys.key });
        if (claimed.length === 0) {
          // Another request with this key committed while this one waited on the key's row.
          const replay = await storedOutcome(tx, user.id, key, hash);
          if (replay) return replay;
          throw fail('checkout.in_progress');
        }
        const placed = await placeOrders(tx, user, input, lines, {
          expected: {
            total_cents: clientCents(input.total_amount, 'total_amount'),
            tax_cents: clientCents(input.tax_amount, 'tax_amount'),
          },
        });
        const body = { orders: placed.orders };
        await tx
          .update(checkoutKeys)
          .set({ status_code: 201, response: body })
          .where(and(eq(checkoutKeys.user_id, user.id), eq(checkoutKeys.key, key)));
        return { status: 201, body, replayed: false };
      }),
    );
  } catch (error) {
    if (errorCode(error) === '23505' && constraintOf(error) === 'orders_order_number_unique') {
      throw fail('checkout.order_number_taken');
    }
    throw error;
  }
}

/** What an order is for, whoever asks for it: the buyer at checkout, or a job acting for the buyer. */
export interface OrderRequest {
  items: { product_id: number; quantity: number }[];
  delivery_option: DeliveryOption;
  delivery_address?: string | null | undefined;
  notes?: string | null | undefined;
}

export interface PlaceOrdersOptions {
  /** Offers that hold only for this request (a co-op bulk price), besides the registered providers'. */
  offers?: readonly Offer[];
  /**
   * The totals the buyer saw and agreed to: a difference of more than a cent refuses the order
   * (`checkout.prices_changed`, with the server's totals) before anything is written.
   */
  expected?: { total_cents: number; tax_cents: number };
  now?: Date;
}

export interface PlacedOrders {
  orderIds: number[];
  orders: Order[];
  pricing: PricedCheckout;
}

/**
 * An area that gives discounts (trade promotions, trade offers) registers where its live offers come
 * from, so every checkout prices them through the one rule (DECISIONS 21), and is told, inside the
 * order's transaction, which of its offers an order used (to count uses).
 */
export interface OfferProvider {
  offers(tx: Tx, sellerIds: number[], now: Date): Promise<Offer[]>;
  used?(tx: Tx, uses: { order_id: number; buyer_id: number; source: OfferSource }[]): Promise<void>;
}
const offerProviders = new Map<OfferSource['type'], OfferProvider>();
/** One provider per kind of offer (its source type); registering again replaces it. */
export function registerOfferProvider(type: OfferSource['type'], provider: OfferProvider): void {
  offerProviders.set(type, provider);
}

/** The live offers of every registered provider for these sellers, then the request's own. */
export async function offersFor(
  tx: Db | Tx,
  sellerIds: number[],
  extra: readonly Offer[] = [],
  now = new Date(),
): Promise<Offer[]> {
  const found: Offer[] = [];
  for (const provider of offerProviders.values())
    found.push(...(await provider.offers(tx as Tx, sellerIds, now)));
  return [...found, ...extra];
}

/**
 * Places a buyer's orders inside the caller's transaction (DECISIONS 1-3, 20, 21): prices the items from
 * the server's own current prices through the one pricing rule with every live offer, checks the buyer's
 * plan (orders a month) and the minimum orders, refuses when `expected` totals differ, reserves the stock
 * (refusing, with nothing written, when any item is short), writes one order per seller with its items,
 * empties the bought products from the cart and notifies each seller. Used by the checkout and by jobs
 * that order for a buyer (scheduled orders, re-order rules, completed bulk orders).
 */
export async function placeOrdersInTx(
  tx: Tx,
  user: UserRow,
  request: OrderRequest,
  options: PlaceOrdersOptions = {},
): Promise<PlacedOrders> {
  return placeOrders(tx, user, request, mergeItems(request.items), options);
}

async function placeOrders(
  tx: Tx,
  user: UserRow,
  input: OrderRequest,
  lines: { product_id: number; quantity: number; index: number }[],
  options: PlaceOrdersOptions,
): Promise<PlacedOrders> {
  const now = options.now ?? new Date();
  const catalogue = await productsForSale(
    tx,
    lines.map((l) => l.product_id),
  );
  const priced: PricedLine[] = [];
  for (const line of lines) {
    const product = catalogue.get(line.product_id);
    if (!product || !product.is_active) {
      throw fail(
        'checkout.product_unavailable',
        {},
        { fields: { [`items.${line.index}.product_id`]: field('validation.product_unavailable') } },
      );
    }
    if (line.quantity < product.minimum_order_quantity) {
      const minimum = product.minimum_order_quantity;
      throw fail(
        'checkout.below_minimum',
        { product: product.name, minimum },
        { fields: { [`items.${line.index}.quantity`]: field('validation.too_small', { minimum }) } },
      );
    }
    priced.push({
      product_id: product.id,
      seller_id: product.seller_id,
      quantity: line.quantity,
      unit_price_cents: product.selling_price_cents,
    });
  }

  const sellerIds = [...new Set(priced.map((l) => l.seller_id))];
  const offers = await offersFor(tx, sellerIds, options.offers, now);
  const pricing = priceCheckout(priced, input.delivery_option, offers);
  // One order per seller counts against the buyer's orders a month; checked under the account's plan lock
  // before any stock is taken, so the refusal leaves everything as it was.
  await enforcePlanLimit(tx, user.id, 'orders_monthly', pricing.orders.length);
  const expected = options.expected;
  if (
    expected &&
    (Math.abs(expected.total_cents - pricing.total_cents) > 1 ||
      Math.abs(expected.tax_cents - pricing.tax_cents) > 1)
  ) {
    throw fail(
      'checkout.prices_changed',
      {},
      {
        details: {
          totals: {
            subtotal: centsToRand(pricing.subtotal_cents),
            discount_amount: centsToRand(pricing.discount_cents),
            tax_amount: centsToRand(pricing.tax_cents),
            delivery_fee: centsToRand(pricing.delivery_cents),
            total_amount: centsToRand(pricing.total_cents),
          },
        },
      },
    );
  }

  // Rows are locked in product order, so two checkouts of the same products cannot deadlock each other.
  // The seller's stock at its default location is reserved (DECISIONS 20): shipping takes it out,
  // cancelling lets it go; the listing's stock_quantity drops by as much in this transaction.
  for (const line of [...priced].sort((a, b) => a.product_id - b.product_id)) {
    const held = await reserveForOrder(tx, line.seller_id, line.product_id, line.quantity);
    if (!held.ok) {
      const product = catalogue.get(line.product_id)!;
      const left = held.available;
      throw left === 0
        ? fail('checkout.out_of_stock', { product: product.name })
        : fail('checkout.not_enough_stock', { product: product.name, left });
    }
  }

  const orderIds: number[] = [];
  const uses = new Map<OfferSource['type'], { order_id: number; buyer_id: number; source: OfferSource }[]>();
  const noteUse = (orderId: number, source: OfferSource | null) => {
    if (!source) return;
    const list = uses.get(source.type) ?? [];
    if (!list.some((u) => u.order_id === orderId && u.source.id === source.id)) {
      list.push({ order_id: orderId, buyer_id: user.id, source });
    }
    uses.set(source.type, list);
  };
  for (const order of pricing.orders) {
    const orderNumber = await nextOrderNumber(tx, now);
    const [row] = await tx
      .insert(orders)
      .values({
        order_number: orderNumber,
        buyer_id: user.id,
        seller_id: order.seller_id,
        status: 'pending',
        subtotal_cents: order.subtotal_cents,
        tax_cents: order.tax_cents,
        delivery_cents: order.delivery_cents,
        discount_cents: order.discount_cents,
        total_cents: order.total_cents,
        delivery_option: input.delivery_option,
        delivery_address: input.delivery_address ?? defaultAddress(user),
        notes: input.notes ?? null,
        created_at: now,
        updated_at: now,
      })
      .returning({ id: orders.id });
    orderIds.push(row!.id);
    await tx.insert(orderItems).values(
      order.lines.map((l) => ({
        order_id: row!.id,
        product_id: l.product_id,
        quantity: l.quantity,
        unit_price_cents: l.unit_price_cents,
        total_price_cents: l.total_price_cents,
        discount_cents: l.discount_cents,
        offer_type: l.offer?.type ?? null,
        offer_id: l.offer?.id ?? null,
      })),
    );
    for (const line of order.lines) noteUse(row!.id, line.offer);
    noteUse(row!.id, order.free_shipping);
    await emitOrderEvent(tx, ORDER_EVENTS.created, {
      order_id: row!.id,
      order_number: orderNumber,
      buyer_id: user.id,
      seller_id: order.seller_id,
      status: 'pending',
      total_cents: order.total_cents,
    });
    await notify(tx, {
      userId: order.seller_id,
      type: 'order',
      priority: 'high',
      title: 'notifications.order.new.title',
      message: 'notifications.order.new.message',
      params: { number: orderNumber },
      link: `/orders?order=${row!.id}`,
    });
  }
  // Each provider counts the uses of its own offers in this transaction (max_uses, DECISIONS 21).
  for (const [type, provider] of offerProviders) {
    const own = uses.get(type);
    if (own?.length && provider.used) await provider.used(tx, own);
  }
  await removeFromCart(
    tx,
    user.id,
    priced.map((l) => l.product_id),
  );

  return { orderIds, orders: await ordersByIds(tx, orderIds), pricing };
}

/** An order is delivered to the buyer's shop unless the checkout names another address. */
function defaultAddress(user: UserRow): string | null {
  const parts = [user.address, user.city, user.state].filter((p): p is string => !!p && p.trim() !== '');
  return parts.length ? parts.join(', ') : null;
}

export async function countCheckoutKeys(db: Db, userIds: number[]): Promise<number> {
  return db.$count(checkoutKeys, inArray(checkoutKeys.user_id, userIds));
}
