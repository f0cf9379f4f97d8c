import { useTranslation } from 'react-i18next';
import { Clock, PackageCheck, Truck, Wallet } from 'lucide-react';
import { formatRandAmount, type SupplyChain } from '@tt/domain';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { StatCard } from '../../../components/ui/StatCard';
import { NoOrders } from './NoOrders';

/** The period's four figures and the suppliers most spent with. */
export function OverviewTab({ chain, onSuppliers }: { chain: SupplyChain; onSuppliers: () => void }) {
  const { t } = useTranslation('supply_chain');
  const { totals } = chain;
  if (totals.orders === 0) return <NoOrders />;
  const top = chain.suppliers.slice(0, 3);
  return (
    <div className="grid gap-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="supply-chain-totals">
        <StatCard
          label={t('totals.spend')}
          value={formatRandAmount(totals.spend)}
          icon={Wallet}
          tone="bg-brand-100 text-brand-700"
          hint={t('totals.orders', { count: totals.orders })}
        />
        <StatCard
          label={t('totals.delivery_fees')}
          value={formatRandAmount(totals.delivery_fees)}
          icon={Truck}
          tone="bg-blue-100 text-blue-700"
        />
        <StatCard
          label={t('totals.delivered_share')}
          value={totals.delivered_share === null ? t('none') : `${Math.round(totals.delivered_share * 100)}%`}
          icon={PackageCheck}
          tone="bg-green-100 text-green-700"
          hint={t('totals.delivered_hint')}
        />
        <StatCard
          label={t('totals.delivery_days')}
          value={
            totals.average_delivery_days === null
              ? t('none')
              : t('days', { count: totals.average_delivery_days })
          }
          icon={Clock}
          tone="bg-orange-100 text-orange-800"
        />
      </div>
      <Card className="p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="font-semibold text-stone-900">{t('overview.top', { count: totals.suppliers })}</h2>
          <Button variant="outline" size="sm" onClick={onSuppliers}>
            {t('overview.all')}
          </Button>
        </div>
        <ol className="mt-3 divide-y divide-stone-100" data-testid="top-suppliers">
          {top.map((s) => (
            <li key={s.seller_id} className="flex items-center justify-between gap-3 py-2 text-sm">
              <span className="min-w-0 truncate font-medium text-stone-900">{s.name}</span>
              <span className="shrink-0 font-semibold whitespace-nowrap text-stone-900 tabular-nums">
                {formatRandAmount(s.spend)}
              </span>
            </li>
          ))}
        </ol>
      </Card>
    </div>
  );
}
