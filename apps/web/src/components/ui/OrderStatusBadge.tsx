import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '@tt/domain';
import { Badge, type Tone } from './Badge';

const tones: Record<OrderStatus, Tone> = {
  pending: 'yellow',
  confirmed: 'blue',
  processing: 'purple',
  shipped: 'orange',
  delivered: 'green',
  cancelled: 'red',
};

/** Chart colours matching the badge tones. */
export const statusColours: Record<OrderStatus, string> = {
  pending: '#eab308',
  confirmed: '#3b82f6',
  processing: '#8b5cf6',
  shipped: '#f97316',
  delivered: '#10b981',
  cancelled: '#ef4444',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return <Badge tone={tones[status]}>{t(`order_status.${status}`)}</Badge>;
}
