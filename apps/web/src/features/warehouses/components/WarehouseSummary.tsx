import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import { Boxes, PackageOpen, Wallet, Warehouse as WarehouseIcon } from 'lucide-react';
import {
  formatRand,
  randToCents,
  spaceHundredths,
  type VirtualWarehouse,
  type WarehouseOwnership,
} from '@tt/domain';
import { StatCard } from '../../../components/ui/StatCard';
import type { VirtualInventoryItem } from '../api';
import { withFreeSpace } from '../plan-space';
import { cubicMetres } from '../units';

type Loaded<T> = Pick<UseQueryResult<T>, 'data' | 'isSuccess'>;

/** The four tiles over the tabs: space owned, monthly fees, stock value, warehouses (with room). */
export function WarehouseSummary({
  warehouses,
  ownership,
  inventory,
}: {
  warehouses: Loaded<VirtualWarehouse[]>;
  ownership: Loaded<WarehouseOwnership[]>;
  inventory: Loaded<VirtualInventoryItem[]>;
}) {
  const { t } = useTranslation('warehouses');
  const owned = ownership.data ?? [];
  const ownedHundredths = owned.reduce((sum, o) => sum + spaceHundredths(o.allocated_space_cubic_meters), 0);
  const feesCents = owned.reduce((sum, o) => sum + randToCents(o.monthly_fee), 0);
  const inventoryCents = (inventory.data ?? []).reduce((sum, i) => sum + randToCents(i.total_value), 0);
  const list = warehouses.data ?? [];
  const withRoom = list.filter(withFreeSpace);
  const ready = (ok: boolean, value: string) => (ok ? value : '…');
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="warehouse-summary">
      <StatCard
        label={t('summary.space')}
        value={ready(ownership.isSuccess, cubicMetres(ownedHundredths / 100))}
        icon={Boxes}
        tone="bg-blue-100 text-blue-700"
      />
      <StatCard
        label={t('summary.fees')}
        value={ready(ownership.isSuccess, formatRand(feesCents))}
        icon={Wallet}
        tone="bg-purple-100 text-purple-700"
        hint={t('summary.per_month')}
      />
      <StatCard
        label={t('summary.inventory')}
        value={ready(inventory.isSuccess, formatRand(inventoryCents))}
        icon={PackageOpen}
        tone="bg-green-100 text-green-700"
      />
      <StatCard
        label={t('summary.available')}
        value={ready(warehouses.isSuccess, String(list.length))}
        icon={WarehouseIcon}
        hint={warehouses.isSuccess ? t('summary.with_room', { count: withRoom.length }) : undefined}
      />
    </div>
  );
}
