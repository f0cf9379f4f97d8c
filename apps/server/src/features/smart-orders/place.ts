import { priceCheckout, type Order, type PricedCheckout } from '@tt/domain';
import type { Db, Tx } from '../../db/client.ts';
import type { UserRow } from '../auth/service.ts';
import { productsForSale } from '../catalog/service.ts';
// Checkout's exported core (placeOrdersInTx, offersFor), meant for jobs that order for a buyer; it lives
// in checkout.ts, which orders/service.ts cannot re-export without an import cycle.
// eslint-disable-next-line import-x/no-restricted-paths
import { offersFor, placeOrdersInTx } from '../orders/checkout.ts';

type Items = { product_id: number; quantity: number }[];

/**
 * What the items would cost from the supplier now, through the one pricing rule with every live offer
 * and standard delivery (what checkout will charge): the total a proposed order shows before Confirm.
 */
export async function quote(
  db: Db | Tx,
  supplierId: number,
  items: Items,
  now = new Date(),
): Promise<PricedCheckout> {
  const products = await productsForSale(
    db,
    items.map((i) => i.product_id),
  );
  const lines = items.flatMap((i) => {
    const p = products.get(i.product_id);
    return p
      ? [
          {
            product_id: p.id,
            seller_id: p.seller_id,
            quantity: i.quantity,
            unit_price_cents: p.selling_price_cents,
          },
        ]
      : [];
  });
  const offers = await offersFor(db, [supplierId], [], now);
  return priceCheckout(lines, 'standard', offers);
}

/**
 * Places one order for smart orders through checkout's core, in the caller's transaction: priced by the
 * server with the one pricing rule, plan limit and stock checked, stock reserved, standard delivery to the
 * buyer's shop. expected: the total (and VAT) the buyer was shown; a difference refuses it with
 * checkout.prices_changed (409, the new totals).
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
