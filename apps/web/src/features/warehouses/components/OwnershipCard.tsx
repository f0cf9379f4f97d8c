import { useTranslation } from 'react-i18next';
import type { WarehouseOwnership } from '@tt/domain';
import { Badge, type Tone } from '../../../components/ui/Badge';
import { Card } from '../../../components/ui/Card';
import { formatDate, formatMoney } from '../../../lib/format';
import { cubicMetres } from '../units';

const ownershipTones: Record<WarehouseOwnership['status'], Tone> = {
  active: 'green',
  pending_payment: 'yellow',
  suspended: 'red',
};

/** The member's share of one warehouse: space, share, monthly fee, since when. */
export function OwnershipCard({ ownership: o }: { ownership: WarehouseOwnership }) {
  const { t, i18n } = useTranslation('warehouses');
  return (
    <Card className="p-4" data-testid="ownership-card" data-status={o.status}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold break-words text-stone-900">{o.warehouse_name}</h3>
          <p className="text-xs text-stone-500">{t('ownership.owner', { name: o.owner_name })}</p>
        </div>
        <Badge tone={ownershipTones[o.status] ?? 'grey'}>{t(`ownership.status.${o.status}`)}</Badge>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
        <div>
          <dt className="text-xs text-stone-500">{t('ownership.space')}</dt>
          <dd className="font-medium tabular-nums">{cubicMetres(o.allocated_space_cubic_meters)}</dd>
        </div>
        <div>
          <dt className="text-xs text-stone-500">{t('ownership.share')}</dt>
          <dd className="font-medium tabular-nums">{o.ownership_percentage}%</dd>
        </div>
        <div>
          <dt className="text-xs text-stone-500">{t('ownership.fee')}</dt>
          <dd className="font-medium whitespace-nowrap tabular-nums">{formatMoney(o.monthly_fee)}</dd>
        </div>
        <div>
          <dt className="text-xs text-stone-500">{t('ownership.start')}</dt>
          <dd className="font-medium">{formatDate(o.start_date, i18n.language)}</dd>
        </div>
      </dl>
    </Card>
  );
}
