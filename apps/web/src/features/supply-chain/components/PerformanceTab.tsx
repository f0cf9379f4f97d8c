import { useTranslation } from 'react-i18next';
import { deliveryBarPercent, SLOW_DELIVERY_DAYS, type SupplyChain } from '@tt/domain';
import { Card } from '../../../components/ui/Card';
import { ProgressBar } from '../../../components/ui/ProgressBar';
import { NoOrders } from './NoOrders';

/**
 * How each supplier delivers: spec 2's delivery bar (the longer, the faster: max(20, 100 - 10 a day)) and the share
 * of its orders that were delivered rather than cancelled.
 */
export function PerformanceTab({ chain }: { chain: SupplyChain }) {
  const { t } = useTranslation('supply_chain');
  if (chain.totals.orders === 0) return <NoOrders />;
  return (
    <div className="grid gap-3 md:grid-cols-2" data-testid="supplier-performance">
      {chain.suppliers.map((s) => {
        const ended = s.delivered + s.cancelled;
        const kept = ended === 0 ? null : s.delivered / ended;
        return (
          <Card key={s.seller_id} className="p-4" data-testid="performance-card" data-seller-id={s.seller_id}>
            <h3 className="font-semibold break-words text-stone-900">{s.name}</h3>
            <div className="mt-3">
              <div className="flex justify-between gap-2 text-sm">
                <span className="text-stone-600">{t('performance.speed')}</span>
                <span className="font-medium text-stone-900 tabular-nums">
                  {s.average_delivery_days === null
                    ? t('performance.not_delivered')
                    : t('days', { count: s.average_delivery_days })}
                </span>
              </div>
              {s.average_delivery_days !== null && (
                <ProgressBar
                  className="mt-1"
                  percent={deliveryBarPercent(s.average_delivery_days)}
                  label={t('performance.speed')}
                  tone={s.average_delivery_days > SLOW_DELIVERY_DAYS ? 'yellow' : 'green'}
                  testId="delivery-bar"
                />
              )}
            </div>
            <div className="mt-3">
              <div className="flex justify-between gap-2 text-sm">
                <span className="text-stone-600">{t('performance.kept')}</span>
                <span className="font-medium text-stone-900 tabular-nums">
                  {kept === null
                    ? t('performance.none_ended')
                    : t('performance.kept_value', { delivered: s.delivered, ended })}
                </span>
              </div>
              {kept !== null && (
                <ProgressBar
                  className="mt-1"
                  percent={Math.round(kept * 100)}
                  label={t('performance.kept')}
                  tone={kept < 0.75 ? 'red' : 'green'}
                  testId="kept-bar"
                />
              )}
            </div>
          </Card>
        );
      })}
    </div>
  );
}
