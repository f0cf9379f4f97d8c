import { z } from 'zod';

export const ORDER_STATUSES = [
  'pending',
  'confirmed',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** Orders that count towards revenue: everything that was not cancelled. */
export function countsAsRevenue(status: OrderStatus): boolean {
  return status !== 'cancelled';
}

export const DELIVERY_OPTIONS = {
  standard: { fee_cents: 3999, days: '3-5' },
  express: { fee_cents: 8999, days: '1' },
} as const;
export type DeliveryOption = keyof typeof DELIVERY_OPTIONS;

export type OrderScope = 'buyer' | 'seller' | 'all';

/** Which orders a role sees: sellers what was bought from them, admins everything, everyone else their own purchases. */
export function orderScopeFor(role: string): OrderScope {
  if (role === 'admin') return 'all';
  if (role === 'supplier' || role === 'distributor' || role === 'manufacturer') return 'seller';
  return 'buyer';
}
