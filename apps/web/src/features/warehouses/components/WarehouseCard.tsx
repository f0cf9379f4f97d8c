import { useTranslation } from 'react-i18next';
import { Building2, Crown, MapPin, Warehouse as WarehouseIcon, type LucideIcon } from 'lucide-react';
import { utilisationPercent, utilisationTone, warehouseFull, type VirtualWarehouse } from '@tt/domain';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ProgressBar } from '../../../components/ui/ProgressBar';
import { formatMoney } from '../../../lib/format';
import { cubicMetres } from '../units';

const typeIcons: Record<VirtualWarehouse['warehouse_type'], LucideIcon> = {
  shared: WarehouseIcon,
  dedicated: Building2,
  premium: Crown,
};

/** One warehouse: its size, rate, location and how full it is, with the way to take space in it. */
export function WarehouseCard({
  warehouse: w,
  onAllocate,
}: {
  warehouse: VirtualWarehouse;
  onAllocate: () => void;
}) {
  const { t } = useTranslation('warehouses');
  const Icon = typeIcons[w.warehouse_type] ?? WarehouseIcon;
  const tone = utilisationTone(w.allocated_capacity, w.total_capacity_cubic_meters);
  const full = warehouseFull(w.allocated_capacity, w.total_capacity_cubic_meters);
  const percent = utilisationPercent(w.allocated_capacity, w.total_capacity_cubic_meters);
  return (
    <Card className="flex h-full flex-col p-4" data-testid="warehouse-card" data-warehouse-id={w.id}>
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-brand-100 text-brand-700">
          <Icon aria-hidden className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold break-words text-stone-900">{w.name}</h3>
          <p className="text-xs text-stone-500">{t(`types.${w.warehouse_type}`)}</p>
        </div>
        <Badge tone={w.is_active ? 'green' : 'grey'}>
          {t(w.is_active ? 'overview.active' : 'overview.inactive')}
        </Badge>
      </div>
      {w.description && <p className="mt-3 line-clamp-2 text-sm text-stone-600">{w.description}</p>}
      <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
        <div>
          <dt className="text-xs text-stone-500">{t('overview.total')}</dt>
          <dd className="font-medium tabular-nums">{cubicMetres(w.total_capacity_cubic_meters)}</dd>
        </div>
        <div>
          <dt className="text-xs text-stone-500">{t('overview.allocated')}</dt>
          <dd className="font-medium tabular-nums">{cubicMetres(w.allocated_capacity)}</dd>
        </div>
        <div className="col-span-2">
          <dt className="text-xs text-stone-500">{t('overview.cost')}</dt>
          <dd className="font-medium tabular-nums">
            {t('overview.cost_value', { price: formatMoney(w.cost_per_cubic_meter_monthly) })}
          </dd>
        </div>
        {w.location_description && (
          <div className="col-span-2 flex items-start gap-1.5 text-stone-600">
            <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-stone-400" />
            <dt className="sr-only">{t('overview.location')}</dt>
            <dd className="min-w-0 break-words">{w.location_description}</dd>
          </div>
        )}
      </dl>
      <div className="mt-3">
        <div className="mb-1 flex justify-between text-xs text-stone-500">
          <span>{t('overview.utilisation')}</span>
          <span className="tabular-nums">{percent}%</span>
        </div>
        <ProgressBar
          percent={percent}
          tone={tone}
          label={t('overview.utilisation')}
          testId="utilisation-bar"
        />
      </div>
      <div className="mt-auto pt-4">
        <Button
          className="w-full"
          variant={full ? 'outline' : 'primary'}
          disabled={full || !w.is_active}
          onClick={onAllocate}
          data-testid="allocate-in-warehouse"
        >
          {full ? t('overview.full') : t('allocate.open')}
        </Button>
      </div>
    </Card>
  );
}
