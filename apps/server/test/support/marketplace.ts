import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Order, Role } from '@tt/domain';
import type { Db } from '../../src/db/client.ts';
import { categories, products, users } from '../../src/db/schema.ts';

/** Fixtures for the marketplace tests: rows written straight into the test's own database. */

const unique = () => randomBytes(4).toString('hex');

export async function insertCategory(db: Db, name: string, parentId: number | null = null): Promise<number> {
  const [row] = await db
    .insert(categories)
    .values({ name, parent_id: parentId })
    .returning({ id: categories.id });
  return row!.id;
}

export interface ProductFixture {
  seller_id: number;
  category_id: number;
  name?: string;
  brand?: string;
  price_cents?: number;
  mrp_cents?: number;
  stock?: number;
  moq?: number;
  active?: boolean;
}

export async function insertProduct(db: Db, p: ProductFixture): Promise<number> {
  const [row] = await db
    .insert(products)
    .values({
      seller_id: p.seller_id,
      category_id: p.category_id,
      name: p.name ?? `Test product ${unique()}`,
      brand: p.brand ?? 'Testbrand',
      sku: `TEST-${unique()}`,
      selling_price_cents: p.price_cents ?? 1000,
      mrp_cents: p.mrp_cents ?? p.price_cents ?? 1000,
      minimum_order_quantity: p.moq ?? 1,
      stock_quantity: p.stock ?? 100,
      is_active: p.active ?? true,
    })
    .returning({ id: products.id });
  return row!.id;
}

/** One listing of `insertListings`: a name and SKU, the brand and whether it is active when they matter. */
export interface ListingFixture {
  name: string;
  sku: string;
  brand?: string;
  active?: boolean;
}

/**
 * A seller's listings written in one statement (a test of a list's cap tests the cap, not the upload), at
 * R10.00 with 10 in stock; answers their ids by SKU.
 */
export async function insertListings(
  db: Db,
  seller: { seller_id: number; category_id: number },
  listings: readonly ListingFixture[],
): Promise<Record<string, number>> {
  const rows = await db
    .insert(products)
    .values(
      listings.map((l) => ({
        ...seller,
        name: l.name,
        brand: l.brand ?? 'Plain Wholesale',
        sku: l.sku,
        selling_price_cents: 1000,
        mrp_cents: 1000,
        minimum_order_quantity: 1,
        stock_quantity: 10,
        is_active: l.active ?? true,
      })),
    )
    .returning({ id: products.id, sku: products.sku });
  return Object.fromEntries(rows.map((r) => [r.sku, r.id]));
}

export async function insertUser(db: Db, role: Role, name = `Buyer ${unique()}`): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({ email: `${unique()}-${unique()}@test.example`, name, role, company_name: `${name}'s Shop` })
    .returning({ id: users.id });
  return row!.id;
}

export async function stockOf(db: Db, productId: number): Promise<number> {
  const [row] = await db
    .select({ stock: products.stock_quantity })
    .from(products)
    .where(eq(products.id, productId));
  return row!.stock;
}

/** 15% VAT in whole cents, rounded half up, with integer arithmetic only (independent of the domain's code). */
export const vat15 = (cents: number) => Math.floor((cents * 15 + 50) / 100);

/** Cents as the API's rand number. */
export const rand = (cents: number) =>
  Number(`${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`);

let orderSerial = 0;
/** A fresh spec-style order number: ORD plus a timestamp (plus a counter, so parallel tests never collide). */
export function orderNumber(): string {
  orderSerial += 1;
  return `ORD${Date.now()}${String(orderSerial).padStart(4, '0')}${Math.floor(Math.random() * 1000)}`;
}

export const idempotencyKey = () => `key-${randomBytes(12).toString('hex')}`;

/** The standard delivery fee in cents (spec 1: R39.99), as a buyer's checkout states it. */
export const STANDARD_DELIVERY_CENTS = 3999;

export interface CheckoutLine {
  productId: number;
  quantity: number;
  /** The product's price; the fixtures' default is R10.00. */
  priceCents?: number;
}

/** A checkout body for one line at standard delivery, with the totals the server will compute. */
export function checkoutBody(line: CheckoutLine, extra: Record<string, unknown> = {}) {
  const price = line.priceCents ?? 1000;
  const subtotal = price * line.quantity;
  return {
    order_number: orderNumber(),
    total_amount: rand(subtotal + vat15(subtotal) + STANDARD_DELIVERY_CENTS),
    tax_amount: rand(vat15(subtotal)),
    items: [
      {
        product_id: line.productId,
        quantity: line.quantity,
        unit_price: rand(price),
        total_price: rand(subtotal),
      },
    ],
    ...extra,
  };
}

/** The buyer (by session cookie) checks one line out; the test fails unless the order is placed. */
export async function placeOrder(
  app: FastifyInstance,
  cookie: string,
  line: CheckoutLine,
  extra: Record<string, unknown> = {},
): Promise<Order> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie, 'idempotency-key': idempotencyKey() },
    payload: checkoutBody(line, extra),
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { orders: Order[] }).orders[0]!;
}
