import { can } from './permissions.ts';

// The orders' rules the first screens use, without the orders' schemas: zod-free (ADR 024, fourth pass).

export type OrderScope = 'buyer' | 'seller' | 'all';

/** Which orders a role sees: sellers what was bought from them, admins everything, everyone else their own purchases. */
export function orderScopeFor(role: string): OrderScope {
  if (can(role, 'orders.view_all')) return 'all';
  if (can(role, 'orders.sell')) return 'seller';
  return 'buyer';
}
