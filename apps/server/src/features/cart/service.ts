import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { canCheckOut, centsToRand, type CartLine } from '@tt/domain';
import type { Db, Tx } from '../../db/client.ts';
import { fail, field } from '../../platform/errors.ts';
import { userSummaries, type UserRow } from '../auth/service.ts';
import { productsForSale, type ProductForSale } from '../catalog/service.ts';
import { cartItems } from './tables.ts';

export function assertCanBuy(user: UserRow): void {
  if (!canCheckOut(user.role)) throw fail('cart.buyers_only');
}

const outOfStock = (product: ProductForSale) =>
  product.stock_quantity === 0
    ? fail('cart.out_of_stock', { product: product.name })
    : fail('cart.not_enough_stock', { product: product.name, left: product.stock_quantity });

export async function cartOf(db: Db, userId: number): Promise<CartLine[]> {
  const lines = await db
    .select()
    .from(cartItems)
    .where(eq(cartItems.user_id, userId))
    .orderBy(asc(cartItems.created_at), asc(cartItems.id))
    .limit(500);
  const catalogue = await productsForSale(
    db,
    lines.map((l) => l.product_id),
  );
  const sellers = await userSummaries(
    db,
    [...catalogue.values()].map((p) => p.seller_id),
  );
  return lines.flatMap((line) => {
    const p = catalogue.get(line.product_id);
    if (!p) return [];
    return [
      {
        id: line.id,
        product_id: p.id,
        name: p.name,
        sku: p.sku,
        image_url: p.image_url,
        selling_price: centsToRand(p.selling_price_cents),
        mrp: centsToRand(p.mrp_cents),
        quantity: line.quantity,
        stock_quantity: p.stock_quantity,
        minimum_order_quantity: p.minimum_order_quantity,
        seller_id: p.seller_id,
        seller_name: sellers.get(p.seller_id)?.display_name ?? '',
        is_active: p.is_active,
      },
    ];
  });
}

/**
 * Adds a product: a product already in the cart has its quantity raised; a first add below the
 * product's minimum order quantity stores the minimum. Never more than the stock.
 */
export async function addToCart(db: Db, user: UserRow, productId: number, quantity: number): Promise<void> {
  assertCanBuy(user);
  await db.transaction(async (tx) => {
    const product = (await productsForSale(tx, [productId])).get(productId);
    if (!product || !product.is_active) {
      throw fail(
        'cart.product_unavailable',
        {},
        { fields: { product_id: field('validation.product_unavailable') } },
      );
    }
    const [existing] = await tx
      .select({ quantity: cartItems.quantity })
      .from(cartItems)
      .where(and(eq(cartItems.user_id, user.id), eq(cartItems.product_id, productId)))
      .for('update');
    const wanted = existing
      ? existing.quantity + quantity
      : Math.max(quantity, product.minimum_order_quantity);
    if (wanted > product.stock_quantity) throw outOfStock(product);
    await tx
      .insert(cartItems)
      .values({ user_id: user.id, product_id: productId, quantity: wanted })
      .onConflictDoUpdate({
        target: [cartItems.user_id, cartItems.product_id],
        set: { quantity: wanted },
      });
  });
}

/** DECISIONS 4: the quantity is saved, between the product's minimum order quantity and its stock. */
export async function updateCartLine(db: Db, user: UserRow, lineId: number, quantity: number): Promise<void> {
  await db.transaction(async (tx) => {
    const line = await ownLine(tx, user.id, lineId);
    const product = (await productsForSale(tx, [line.product_id])).get(line.product_id);
    if (!product) throw fail('cart.line_not_found');
    if (quantity < product.minimum_order_quantity) {
      const minimum = product.minimum_order_quantity;
      throw fail(
        'cart.below_minimum',
        { product: product.name, minimum },
        { fields: { quantity: field('validation.too_small', { minimum }) } },
      );
    }
    if (quantity > product.stock_quantity) {
      const left = product.stock_quantity;
      throw fail(
        'cart.above_stock',
        { product: product.name, left },
        { fields: { quantity: field('validation.too_big', { maximum: left }) } },
      );
    }
    await tx.update(cartItems).set({ quantity }).where(eq(cartItems.id, lineId));
  });
}

export async function removeCartLine(db: Db, userId: number, lineId: number): Promise<void> {
  const rows = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, lineId), eq(cartItems.user_id, userId)))
    .returning({ id: cartItems.id });
  if (rows.length === 0) throw fail('cart.line_not_found');
}

/** Checkout empties the bought products from the cart, inside its own transaction. */
export async function removeFromCart(tx: Tx, userId: number, productIds: readonly number[]): Promise<void> {
  if (productIds.length === 0) return;
  await tx
    .delete(cartItems)
    .where(and(eq(cartItems.user_id, userId), inArray(cartItems.product_id, [...productIds])));
}

async function ownLine(tx: Tx, userId: number, lineId: number) {
  const [line] = await tx
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.id, lineId), eq(cartItems.user_id, userId)))
    .for('update');
  // Another user's line is reported as missing, so ids of other carts reveal nothing.
  if (!line) throw fail('cart.line_not_found');
  return line;
}

/** Empties a user's cart (closing an account). */
export async function clearCart(tx: Tx, userId: number): Promise<void> {
  await tx.delete(cartItems).where(eq(cartItems.user_id, userId));
}

export async function countCartLines(db: Db, userId: number): Promise<number> {
  return db.$count(cartItems, sql`${cartItems.user_id} = ${userId}`);
}
