import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Activity, Clock, Receipt, Truck, Wallet } from 'lucide-react';
import { Card, CardHeader } from '../../../components/ui/Card';
import { EmptyState } from '../../../components/ui/EmptyState';
import { OrderStatusBadge } from '../../../components/ui/OrderStatusBadge';
import { QueryState } from '../../../components/ui/QueryState';
import { StatCard } from '../../../components/ui/StatCard';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { LIVE_REFRESH_MS, useLiveAnalytics } from '../api';

const Bars = lazy(() => import('../../../components/ui/Charts').then((m) => ({ default: m.BarsChart })));

/** Today as it happens: asked again every 30 seconds while the tab is open. */
export function LiveTab() {
  const { t, i18n } = useTranslation('reports');
  const live = useLiveAnalytics();
  return (
    <QueryState query={live} icon={Activity} loading={t('loading')}>
      {(data) => (
        <div className="space-y-4" data-testid="report-live">
          <p className="flex items-center gap-2 text-sm text-stone-600">
            <span aria-hidden className="size-2 rounded-full bg-green-600" />
            {t('live.updated', {
              time: formatDateTime(data.generated_at, i18n.language),
              seconds: LIVE_REFRESH_MS / 1000,
            })}
          </p>
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <StatCard label={t('live.today_orders')} value={String(data.today.orders)} icon={Receipt} />
            <StatCard
              label={t('live.today_revenue')}
              value={formatMoney(data.today.revenue)}
              icon={Wallet}
              tone="bg-green-100 text-green-700"
            />
            <StatCard
              label={t('live.last_hour')}
              value={String(data.last_hour_orders)}
              icon={Clock}
              tone="bg-blue-100 text-blue-700"
            />
            <StatCard
              label={t('live.open_orders')}
              value={String(data.open_orders)}
              icon={Truck}
              tone="bg-purple-100 text-purple-700"
              hint={t('live.open_hint')}
            />
          </div>
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <Card>
              <CardHeader title={t('live.hourly')} />
              <div className="p-2 sm:p-4">
                <Suspense fallback={<div className="h-52" />}>
                  <Bars
                    data={data.hourly.map((h) => ({ ...h, label: `${h.hour}:00` }))}
                    valueKey="orders"
                    name={t('overview.orders')}
                    height={210}
                  />
                </Suspense>
              </div>
            </Card>
            <Card>
              <CardHeader title={t('live.latest')} />
              {data.latest_orders.length === 0 ? (
                <EmptyState icon={Receipt} title={t('live.no_orders')} />
              ) : (
                <ul className="divide-y divide-stone-100" data-testid="live-orders">
                  {data.latest_orders.map((o) => (
                    <li key={o.id} className="flex items-center gap-3 px-4 py-2.5 sm:px-5">
                      <div className="min-w-0 flex-1">
                        <p className="text-sm font-medium break-all text-stone-900">{o.order_number}</p>
                        <p className="text-xs break-words text-stone-600">
                          {t('live.from_to', { buyer: o.retailer_name, seller: o.distributor_name })}
                        </p>
                        <p className="text-xs text-stone-500">
                          {formatDateTime(o.created_at, i18n.language)}
                        </p>
                      </div>
                      <div className="flex shrink-0 flex-col items-end gap-1">
                        <span className="text-sm font-semibold tabular-nums">
                          {formatMoney(o.total_amount)}
                        </span>
                        <OrderStatusBadge status={o.status} />
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          </div>
        </div>
      )}
    </QueryState>
  );
}
