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
  type Quote,
  type QuoteRequest,
} from '@tt/domain';
import type { Db, Tx } from '../../db/client.ts';
import { fail, field, invalidFields } from '../../platform/errors.ts';
import { userSummaries, type UserRow } from '../auth/service.ts';
import { assertCanBuy, removeFromCart } from '../cart/service.ts';
import { productsForSale } from '../catalog/service.ts';
import { reserveForOrder } from '../inventory/service.ts';
import { notify } from '../notifications/service.ts';
import { enforcePlanLimit, registerUsageCounter } from '../subscriptions/service.ts';
import { nextOrderNumber, ordersByIds, registerOrderPlacer, registerOrderQuoter } from './service.ts';
import { emitOrderEvent, ORDER_EVENTS } from './events.ts';
import { offersFor, registeredCreditProvider, registeredOfferProviders, type OfferUse } from './offers.ts';
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
          use_rewards: input.use_rewards,
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
  /** Spend the buyer's rewards balance (ADR 022), as much of it as the goods take. */
  use_rewards?: boolean;
  now?: Date;
}

export interface PlacedOrders {
  orderIds: number[];
  orders: Order[];
  pricing: PricedCheckout;
}

export {
  offersFor,
  registerCreditProvider,
  registerOfferProvider,
  type CreditProvider,
  type OfferProvider,
  type OfferUse,
} from './offers.ts';

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

registerOrderPlacer(placeOrdersInTx);

/** The request priced as checkout would charge it now: the server's prices, live offers, rewards. */
async function priceRequest(
  tx: Db | Tx,
  user: UserRow,
  delivery: DeliveryOption,
  lines: { product_id: number; quantity: number; index: number }[],
  options: PlaceOrdersOptions & { lock: boolean },
) {
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
  const offers = await offersFor(tx, sellerIds, options.offers, now, {
    lock: options.lock,
    buyerId: user.id,
  });
  // The rewards balance is read (and, in a checkout, locked) only when the buyer chose to spend it.
  const credits = registeredCreditProvider();
  const balance = credits ? await credits.balance(tx, user.id, options.lock && !!options.use_rewards) : 0;
  const pricing = priceCheckout(priced, delivery, offers, options.use_rewards ? balance : 0);
  return { now, catalogue, priced, offers, balance, pricing };
}

async function placeOrders(
  tx: Tx,
  user: UserRow,
  input: OrderRequest,
  lines: { product_id: number; quantity: number; index: number }[],
  options: PlaceOrdersOptions,
): Promise<PlacedOrders> {
  const { now, catalogue, priced, pricing } = await priceRequest(tx, user, input.delivery_option, lines, {
    ...options,
    lock: true,
  });
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
            ...(options.use_rewards ? { rewards_used: centsToRand(pricing.credit_cents) } : {}),
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
  const uses = new Map<OfferSource['type'], OfferUse[]>();
  const spends: { order_id: number; cents: number }[] = [];
  const noteUse = (orderId: number, source: OfferSource | null, cents: number) => {
    if (!source) return;
    const list = uses.get(source.type) ?? [];
    const use = list.find((u) => u.order_id === orderId && u.source.id === source.id);
    if (use) use.discount_cents += cents;
    else list.push({ order_id: orderId, buyer_id: user.id, source, discount_cents: cents });
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
        // The rewards credit is a discount on the goods too (ADR 022), so the order's figures add up.
        discount_cents: order.discount_cents + order.credit_cents,
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
    for (const line of order.lines) noteUse(row!.id, line.offer, line.discount_cents);
    noteUse(row!.id, order.free_shipping, 0);
    if (order.credit_cents > 0) spends.push({ order_id: row!.id, cents: order.credit_cents });
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
  for (const [type, provider] of registeredOfferProviders()) {
    const own = uses.get(type);
    if (own?.length && provider.used) await provider.used(tx, own);
  }
  // The credit leaves the ledger in this transaction, under the lock taken when it was priced.
  const credits = registeredCreditProvider();
  if (spends.length > 0 && credits) await credits.spend(tx, user.id, spends);
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

/**
 * POST /api/orders/quote (ADR 022): the request priced exactly as checkout would price it now (the same
 * function, without the locks), with each line's offer and its name, writing nothing. The review shows it
 * and sends its totals as the expected ones.
 */
export async function quoteCheckout(
  db: Db | Tx,
  user: UserRow,
  input: QuoteRequest,
  now = new Date(),
): Promise<Quote> {
  assertCanBuy(user);
  const lines = mergeItems(input.items);
  const { catalogue, offers, balance, pricing } = await priceRequest(db, user, input.delivery_option, lines, {
    use_rewards: input.use_rewards,
    lock: false,
    now,
  });
  const names = new Map(offers.map((o) => [`${o.source.type}:${o.source.id}`, o.name ?? '']));
  const named = (source: OfferSource | null) =>
    source ? { ...source, name: names.get(`${source.type}:${source.id}`) ?? '' } : null;
  const sellers = await userSummaries(
    db,
    pricing.orders.map((o) => o.seller_id),
  );
  return {
    orders: pricing.orders.map((o) => ({
      seller_id: o.seller_id,
      seller_name: sellers.get(o.seller_id)?.display_name ?? '',
      lines: o.lines.map((l) => ({
        product_id: l.product_id,
        name: catalogue.get(l.product_id)?.name ?? '',
        quantity: l.quantity,
        unit_price: centsToRand(l.unit_price_cents),
        total_price: centsToRand(l.total_price_cents),
        discount: centsToRand(l.discount_cents),
        offer: named(l.offer),
      })),
      subtotal: centsToRand(o.subtotal_cents),
      discount_amount: centsToRand(o.discount_cents),
      rewards_used: centsToRand(o.credit_cents),
      tax_amount: centsToRand(o.tax_cents),
      delivery_fee: centsToRand(o.delivery_cents),
      delivery_waived_by: named(o.free_shipping),
      total_amount: centsToRand(o.total_cents),
    })),
    subtotal: centsToRand(pricing.subtotal_cents),
    discount_amount: centsToRand(pricing.discount_cents),
    rewards_used: centsToRand(pricing.credit_cents),
    tax_amount: centsToRand(pricing.tax_cents),
    delivery_fee: centsToRand(pricing.delivery_cents),
    total_amount: centsToRand(pricing.total_cents),
    rewards_balance: centsToRand(balance),
  };
}

registerOrderQuoter(quoteCheckout);
