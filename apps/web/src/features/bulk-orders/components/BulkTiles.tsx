import { useTranslation } from 'react-i18next';
import { Boxes, PiggyBank, ShoppingBasket } from 'lucide-react';
import { formatRand, totalSavingsCents, type BulkOrder, type Participation } from '@tt/domain';
import { StatCard } from '../../../components/ui/StatCard';

/** The three figures above the tabs: open orders, my participations, what they saved. */
export function BulkTiles({
  active,
  participations,
}: {
  active: BulkOrder[] | undefined;
  participations: Participation[] | undefined;
}) {
  const { t } = useTranslation('bulk_orders');
  const savings = participations ? totalSavingsCents(participations) : null;
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-3" data-testid="bulk-tiles">
      <StatCard
        label={t('tiles.active')}
        value={active ? String(active.length) : '…'}
        icon={Boxes}
        tone="bg-blue-100 text-blue-700"
      />
      <StatCard
        label={t('tiles.participations')}
        value={participations ? String(participations.length) : '…'}
        icon={ShoppingBasket}
        tone="bg-purple-100 text-purple-700"
      />
      <div className="col-span-2 lg:col-span-1" data-testid="savings-tile">
        <StatCard
          label={t('tiles.savings')}
          value={savings === null ? '…' : formatRand(savings)}
          icon={PiggyBank}
          tone="bg-green-100 text-green-700"
        />
      </div>
    </div>
  );
}
