import { useTranslation } from 'react-i18next';
import type { AlertLevel, MovementType, StockStatus } from '@tt/domain';
import { Badge, type Tone } from '../../../components/ui/Badge';

const statusTones: Record<StockStatus, Tone> = {
  in_stock: 'green',
  low_stock: 'yellow',
  out_of_stock: 'red',
  overstock: 'blue',
};
const levelTones: Record<AlertLevel, Tone> = {
  critical: 'red',
  high: 'orange',
  medium: 'yellow',
  low: 'blue',
};
const movementTones: Record<MovementType, Tone> = {
  in: 'green',
  out: 'orange',
  transfer: 'blue',
  adjustment: 'purple',
};

export function StatusBadge({ status }: { status: StockStatus }) {
  const { t } = useTranslation('inventory');
  return <Badge tone={statusTones[status]}>{t(`status.${status}`)}</Badge>;
}

export function LevelBadge({ level }: { level: AlertLevel }) {
  const { t } = useTranslation('inventory');
  return <Badge tone={levelTones[level]}>{t(`level.${level}`)}</Badge>;
}

export function MovementBadge({ type }: { type: MovementType }) {
  const { t } = useTranslation('inventory');
  return <Badge tone={movementTones[type]}>{t(`type.${type}`)}</Badge>;
}
