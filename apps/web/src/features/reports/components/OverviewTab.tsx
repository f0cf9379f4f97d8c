import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart3, Package, Receipt, ShoppingBag, Users, Wallet } from 'lucide-react';
import type { ReportOverview, ReportPeriod } from '@tt/domain';
import { Card, CardHeader } from '../../../components/ui/Card';
import { EmptyState } from '../../../components/ui/EmptyState';
import { statusColours } from '../../../components/ui/OrderStatusBadge';
import { QueryState } from '../../../components/ui/QueryState';
import { StatCard } from '../../../components/ui/StatCard';
import { formatMoney } from '../../../lib/format';
import { useReportOverview } from '../api';
import { bucketLabel } from './labels';

const Bars = lazy(() => import('../../../components/ui/Charts').then((m) => ({ default: m.BarsChart })));

export function OverviewTab({ period }: { period: ReportPeriod }) {
  const { t } = useTranslation('reports');
  const overview = useReportOverview(period);
  return (
    <QueryState query={overview} icon={BarChart3} loading={t('loading')}>
      {(data) => <Overview data={data} />}
    </QueryState>
  );
}

function Change({ value }: { value: number | null }) {
  const { t } = useTranslation('reports');
  if (value === null) return <>{t('overview.no_change')}</>;
  return (
    <span className={value >= 0 ? 'text-green-700' : 'text-red-700'}>
      {t('overview.change', { value: value > 0 ? `+${value}` : value })}
    </span>
  );
}

function Overview({ data }: { data: ReportOverview }) {
  const { t } = useTranslation('reports');
  const f = data.figures;
  const series = data.revenue_series.map((p) => ({ ...p, label: bucketLabel(p.label, data.bucket, t) }));
  const maxCount = Math.max(1, ...data.status_breakdown.map((s) => s.count));
  return (
    <div className="space-y-4" data-testid="report-overview">
      <p className="text-sm text-stone-600" data-testid="report-scope">
        {data.scope.kind === 'all'
          ? t('scope.all')
          : data.scope.cooperatives.length === 0
            ? t('scope.none')
            : t('scope.coops', { names: data.scope.cooperatives.map((c) => c.name).join(', ') })}
      </p>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard
          label={t('overview.revenue')}
          value={formatMoney(f.revenue)}
          icon={Wallet}
          tone="bg-green-100 text-green-700"
          hint={<Change value={f.revenue_change_percent} />}
        />
        <StatCard
          label={t('overview.orders')}
          value={String(f.orders)}
          icon={Receipt}
          tone="bg-blue-100 text-blue-700"
          hint={<Change value={f.orders_change_percent} />}
        />
        <StatCard
          label={t('overview.average')}
          value={formatMoney(f.average_order_value)}
          icon={ShoppingBag}
          hint={t('overview.cancelled', { count: f.cancelled_orders })}
        />
        <StatCard
          label={t('overview.buyers')}
          value={String(f.active_buyers)}
          icon={Users}
          tone="bg-purple-100 text-purple-700"
          hint={t('overview.units', { count: f.units_sold })}
        />
      </div>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader title={t('overview.revenue_chart')} subtitle={t(`bucket.${data.bucket}`)} />
          <div className="p-2 sm:p-4" data-testid="report-revenue-chart">
            <Suspense fallback={<div className="h-60" />}>
              <Bars data={series} valueKey="revenue" money name={t('overview.revenue')} />
            </Suspense>
          </div>
        </Card>
        <Card>
          <CardHeader title={t('overview.status')} />
          <ul className="space-y-2 p-4 text-sm">
            {data.status_breakdown.map((s) => (
              <li key={s.status}>
                <div className="flex justify-between">
                  <span className="text-stone-700">{t(`common:order_status.${s.status}`)}</span>
                  <span className="font-medium tabular-nums">{s.count}</span>
                </div>
                <div className="mt-1 h-1.5 rounded-full bg-stone-100">
                  <div
                    className="h-1.5 rounded-full"
                    style={{ width: `${(s.count / maxCount) * 100}%`, background: statusColours[s.status] }}
                  />
                </div>
              </li>
            ))}
          </ul>
        </Card>
      </div>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader title={t('overview.top_products')} />
          {data.top_products.length === 0 ? (
            <EmptyState icon={Package} title={t('overview.no_sales')} />
          ) : (
            <ol className="divide-y divide-stone-100" data-testid="top-products">
              {data.top_products.map((p, i) => (
                <li key={p.product_id} className="flex items-center gap-3 px-4 py-3 sm:px-5">
                  <span className="grid size-7 shrink-0 place-items-center rounded-full bg-brand-100 text-xs font-bold text-brand-700">
                    {i + 1}
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="font-medium break-words text-stone-900">{p.name}</p>
                    <p className="text-xs text-stone-500">{t('overview.units', { count: p.units })}</p>
                  </div>
                  <span className="shrink-0 font-semibold tabular-nums">{formatMoney(p.revenue)}</span>
                </li>
              ))}
            </ol>
          )}
        </Card>
        <Card>
          <CardHeader title={t('overview.cooperatives')} subtitle={t('overview.cooperatives_hint')} />
          {data.cooperatives.length === 0 ? (
            <EmptyState icon={Users} title={t('overview.no_coops')} />
          ) : (
            <ul className="divide-y divide-stone-100" data-testid="report-coops">
              {data.cooperatives.map((c) => (
                <li key={c.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 sm:px-5">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium break-words text-stone-900">{c.name}</p>
                    <p className="text-xs text-stone-500">
                      {t(`coop_status.${c.status}`, { defaultValue: c.status })} ·{' '}
                      {t('overview.members', { count: c.members })} ·{' '}
                      {t('overview.coop_orders', { count: c.orders })}
                    </p>
                  </div>
                  <span className="shrink-0 font-semibold tabular-nums">{formatMoney(c.revenue)}</span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </div>
  );
}
