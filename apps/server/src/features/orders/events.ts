import type { OrderStatus } from '@tt/domain';
import type { Tx } from '../../db/client.ts';
import { emit } from '../../platform/jobs/runner.ts';

/**
 * The order events other areas can subscribe to (platform/jobs: the outbox turns each into one job per
 * subscriber). Written in the transaction of the change, so an event exists exactly when its change does.
 */
export const ORDER_EVENTS = {
  created: 'order.created',
  updated: 'order.updated',
  cancelled: 'order.cancelled',
} as const;

export interface OrderEvent {
  order_id: number;
  order_number: string;
  buyer_id: number;
  seller_id: number;
  status: OrderStatus;
  /** order.updated: the status before the change. */
  previous_status?: OrderStatus;
  total_cents?: number;
}

export function emitOrderEvent(
  tx: Tx,
  topic: (typeof ORDER_EVENTS)[keyof typeof ORDER_EVENTS],
  event: OrderEvent,
) {
  return emit(tx, topic, { ...event });
}
