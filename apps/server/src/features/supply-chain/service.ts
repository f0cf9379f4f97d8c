import {
  SUPPLY_CHAIN_SUPPLIERS_MAX,
  supplyChainAdvice,
  supplyChainSince,
  type SupplyChain,
  type SupplyChainPeriod,
} from '@tt/domain';
import type { Db } from '../../db/client.ts';
import { supplierOrderFigures } from '../orders/service.ts';

const rand = (cents: number) => cents / 100;
const oneDecimal = (days: number) => Math.round(days * 10) / 10;

/**
 * A buyer's suppliers over a period, from its own orders (ADR 048), with what they suggest. The search narrows the
 * list (a supplier's name, any case) but not the totals or the advice, which are about the whole supply.
 */
export async function supplyChainOf(
  db: Db,
  buyerId: number,
  period: SupplyChainPeriod,
  search: string | undefined,
  now = new Date(),
): Promise<SupplyChain> {
  const since = supplyChainSince(period, now);
  const figures = await supplierOrderFigures(db, buyerId, since, SUPPLY_CHAIN_SUPPLIERS_MAX);
  const delivered = figures.reduce((n, s) => n + s.delivered, 0);
  const ended = delivered + figures.reduce((n, s) => n + s.cancelled, 0);
  const deliveryDays = figures.reduce((n, s) => n + (s.average_delivery_days ?? 0) * s.delivered, 0);
  const needle = search?.trim().toLocaleLowerCase();
  return {
    period,
    since: since.toISOString(),
    totals: {
      suppliers: figures.length,
      orders: figures.reduce((n, s) => n + s.orders, 0),
      spend: rand(figures.reduce((n, s) => n + s.spend_cents, 0)),
      delivery_fees: rand(figures.reduce((n, s) => n + s.delivery_fee_cents, 0)),
      delivered_share: ended === 0 ? null : delivered / ended,
      average_delivery_days: delivered === 0 ? null : oneDecimal(deliveryDays / delivered),
    },
    suppliers: figures
      .filter((s) => !needle || s.name.toLocaleLowerCase().includes(needle))
      .map((s) => ({
        seller_id: s.seller_id,
        name: s.name,
        orders: s.orders,
        delivered: s.delivered,
        cancelled: s.cancelled,
        open: s.orders - s.delivered - s.cancelled,
        spend: rand(s.spend_cents),
        delivery_fees: rand(s.delivery_fee_cents),
        average_delivery_days: s.average_delivery_days === null ? null : oneDecimal(s.average_delivery_days),
        last_order_at: s.last_order_at.toISOString(),
      })),
    advice: supplyChainAdvice(
      figures.map((s) => ({
        ...s,
        average_delivery_days: s.average_delivery_days === null ? null : oneDecimal(s.average_delivery_days),
      })),
    ),
  };
}
