import type { Order, Quote } from '@tt/domain';
import type { Db, Tx } from '../../db/client.ts';
import type { UserRow } from '../auth/service.ts';
import { productsForSale } from '../catalog/service.ts';
// Checkout's core for jobs that order for a buyer, through the orders area's service (its only door).
import { placeOrdersInTx, quoteOrder } from '../orders/service.ts';

type Items = { product_id: number; quantity: number }[];

/**
 * What the items would cost the buyer now: checkout's own quote (POST /api/orders/quote's function, ADR 022
 * and 023), so a proposed order shows exactly what checkout charges: the server's prices, every live offer
 * (promotions, trade offers, a waived delivery), VAT, standard delivery. Rewards are never in it: a
 * proposed or job-placed order does not spend them (ADR 023). Lines checkout would refuse (a product gone
 * or now below its minimum) are left out of the figure; Confirm then answers checkout's own refusal.
 */
export async function quote(db: Db | Tx, buyer: UserRow, items: Items, now = new Date()): Promise<Quote> {
  const products = await productsForSale(
    db,
    items.map((i) => i.product_id),
  );
  const orderable = items.filter((i) => {
    const p = products.get(i.product_id);
    return p && p.is_active && i.quantity >= p.minimum_order_quantity;
  });
  if (orderable.length === 0) return emptyQuote;
  return quoteOrder(db, buyer, { items: orderable, delivery_option: 'standard', use_rewards: false }, now);
}

const emptyQuote: Quote = {
  orders: [],
  subtotal: 0,
  discount_amount: 0,
  rewards_used: 0,
  tax_amount: 0,
  delivery_fee: 0,
  total_amount: 0,
  rewards_balance: 0,
};

/**
 * Places one order for smart orders through checkout's core, in the caller's transaction: priced by the
 * server with the one pricing rule, plan limit and stock checked, stock reserved, standard delivery to the
 * buyer's shop, no rewards spent. expected: the total (and VAT) the buyer was shown; a difference refuses
 * it with checkout.prices_changed (409, the new totals).
 */
export async function placeSmartOrder(
  tx: Tx,
  buyer: UserRow,
  input: { items: Items; notes?: string | null },
  expected?: { total_cents: number; tax_cents: number },
  now = new Date(),
): Promise<Order[]> {
  const placed = await placeOrdersInTx(
    tx,
    buyer,
    { items: input.items, delivery_option: 'standard', notes: input.notes ?? null },
    { ...(expected ? { expected } : {}), now },
  );
  return placed.orders;
}
