import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  Award,
  BookOpen,
  Boxes,
  Lock,
  MessagesSquare,
  Package,
  Receipt,
  ShoppingBag,
  Users,
  Wallet,
} from 'lucide-react';
import { achievementsFor, orderScopeFor } from '@tt/domain';
import { Card, CardHeader } from '../../components/ui/Card';
import { EmptyState } from '../../components/ui/EmptyState';
import { LoadError } from '../../components/ui/LoadError';
import { Loading } from '../../components/ui/Loading';
import { OrderStatusBadge, statusColours } from '../../components/ui/OrderStatusBadge';
import { PageHeader } from '../../components/ui/PageHeader';
import { StatCard } from '../../components/ui/StatCard';
import { cn } from '../../components/ui/cn';
import { formatDate, formatMoney } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useMe } from '../auth/api';
import { useDashboard } from './api';
// Plain SVG, a few kilobytes: drawn with the page rather than after another download.
import { RevenueChart, StatusPie } from './Charts';

const subtitleRoles = ['retailer', 'trader', 'distributor', 'manufacturer', 'supplier', 'admin'];

export default function DashboardPage() {
  const { t, i18n } = useTranslation('dashboard');
  const { data: user } = useMe();
  const { data, isPending, isError, refetch } = useDashboard();
  if (!user) return null;
  // The heading does not wait for the figures: on a slow link it is the first thing read (and Lighthouse's
  // largest paint), so it shows with the screen and only the figures below it wait for their call.
  const header = (
    <PageHeader
      title={t('title')}
      subtitle={t(`subtitle.${subtitleRoles.includes(user.role) ? user.role : 'default'}`)}
    />
  );
  if (isPending)
    return (
      <>
        {header}
        <Loading label={t('common:common.loading')} />
      </>
    );
  if (isError)
    return (
      <>
        {header}
        <LoadError icon={Receipt} onRetry={() => void refetch()} />
      </>
    );

  const buyer = orderScopeFor(user.role) === 'buyer';
  const monthName = (yearMonth: string) => t(`common:months.${Number(yearMonth.slice(5, 7))}`);
  const trend = data.revenue_trend.map((d) => ({ label: monthName(d.label), value: d.value }));
  const pie = data.status_breakdown
    .filter((s) => s.count > 0)
    .map((s) => ({ ...s, label: t(`common:order_status.${s.status}`) }));
  const change = data.stats.revenue_change_percent;
  const delivered = data.status_breakdown.find((s) => s.status === 'delivered')?.count ?? 0;

  return (
    <>
      {header}

      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard
          label={t('stats.total_products')}
          value={String(data.stats.total_products)}
          icon={Package}
          hint={t(buyer ? 'stats.products_hint_buyer' : 'stats.products_hint_seller')}
        />
        <StatCard
          label={t('stats.total_orders')}
          value={String(data.stats.total_orders)}
          icon={Receipt}
          tone="bg-blue-100 text-blue-700"
          hint={t('stats.orders_delivered', { count: delivered })}
        />
        <StatCard
          label={t('stats.active_coops')}
          value={String(data.stats.active_coops)}
          icon={Users}
          tone="bg-purple-100 text-purple-700"
          hint={t('stats.memberships', { count: data.stats.my_memberships })}
        />
        <StatCard
          label={t(buyer ? 'stats.total_spend' : 'stats.total_revenue')}
          value={formatMoney(data.stats.total_revenue)}
          icon={Wallet}
          tone="bg-green-100 text-green-700"
          hint={
            change === null ? (
              t('stats.no_change')
            ) : (
              <span className={change >= 0 ? 'text-green-700' : 'text-red-600'}>
                {t('stats.change', { value: change > 0 ? `+${change}` : change })}
              </span>
            )
          }
        />
      </div>

      {/* Issue 9: the charts and lists below the figures are laid out and painted as they near the screen. */}
      <div className="mt-4 grid grid-cols-1 gap-4 [contain-intrinsic-size:auto_420px] [content-visibility:auto] lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader title={t(buyer ? 'spend_trend' : 'revenue_trend')} subtitle={t('last_six_months')} />
          <div className="p-2 sm:p-4" data-testid="revenue-chart">
            <RevenueChart data={trend} />
          </div>
        </Card>
        <Card>
          <CardHeader title={t('status_pie')} />
          <div className="p-4">
            {pie.length === 0 ? (
              <p className="py-10 text-center text-sm text-stone-500">{t('no_orders_chart')}</p>
            ) : (
              <>
                <StatusPie data={pie} />
                <ul className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
                  {data.status_breakdown.map((s) => (
                    <li key={s.status} className="flex items-center gap-2">
                      <span
                        className="size-2.5 shrink-0 rounded-full"
                        style={{ background: statusColours[s.status] }}
                      />
                      <span className="truncate text-stone-600">{t(`common:order_status.${s.status}`)}</span>
                      <span className="ml-auto font-medium">{s.count}</span>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        </Card>
      </div>

      <div className="mt-4 grid grid-cols-1 gap-4 [contain-intrinsic-size:auto_420px] [content-visibility:auto] lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader
            title={t('recent_orders')}
            action={
              <Link to={paths.orders} className="text-sm font-medium text-brand-700 hover:underline">
                {t('common:common.view_all')}
              </Link>
            }
          />
          {data.recent_orders.length === 0 ? (
            <EmptyState icon={Receipt} title={t('no_recent_orders')} message={t('no_recent_orders_text')} />
          ) : (
            <ul className="divide-y divide-stone-100" data-testid="recent-orders">
              {data.recent_orders.map((o) => (
                <li key={o.id} className="flex items-center gap-3 px-4 py-3 sm:px-5">
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium text-stone-900">{o.order_number}</p>
                    <p className="truncate text-sm text-stone-600">
                      {buyer ? t('from', { name: o.distributor_name }) : t('to', { name: o.retailer_name })}
                    </p>
                    <p className="text-xs text-stone-500">{formatDate(o.created_at, i18n.language)}</p>
                  </div>
                  <div className="flex shrink-0 flex-col items-end gap-1">
                    <span className="font-semibold">{formatMoney(o.total_amount)}</span>
                    <OrderStatusBadge status={o.status} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <div className="space-y-4">
          <QuickActions />
          <Achievements stats={data.stats} />
        </div>
      </div>
    </>
  );
}

function QuickActions() {
  const { t } = useTranslation('dashboard');
  const actions = [
    { to: paths.products, label: 'browse_products', icon: ShoppingBag, tone: 'bg-brand-100 text-brand-700' },
    { to: paths.bulkOrders, label: 'bulk_orders', icon: Boxes, tone: 'bg-blue-100 text-blue-700' },
    { to: paths.academy, label: 'learn', icon: BookOpen, tone: 'bg-green-100 text-green-700' },
    { to: paths.community, label: 'community', icon: MessagesSquare, tone: 'bg-purple-100 text-purple-700' },
  ];
  return (
    <Card>
      <CardHeader title={t('quick_actions')} />
      <div className="grid grid-cols-2 gap-2 p-3">
        {actions.map((a) => (
          <Link
            key={a.to}
            to={a.to}
            className="flex flex-col items-center gap-2 rounded-lg p-3 text-center text-sm font-medium text-stone-700 ring-1 ring-stone-200 hover:bg-stone-50"
          >
            <span className={cn('grid size-9 place-items-center rounded-lg', a.tone)}>
              <a.icon aria-hidden className="size-5" />
            </span>
            {t(`actions.${a.label}`)}
          </Link>
        ))}
      </div>
    </Card>
  );
}

function Achievements({ stats }: { stats: Parameters<typeof achievementsFor>[0] }) {
  const { t } = useTranslation('dashboard');
  return (
    <Card>
      <CardHeader title={t('achievements.title')} />
      <ul className="divide-y divide-stone-100">
        {achievementsFor(stats).map((a) => (
          <li key={a.key} className={cn('flex items-center gap-3 px-4 py-3', !a.earned && 'opacity-60')}>
            <span
              className={cn(
                'grid size-9 shrink-0 place-items-center rounded-full',
                a.earned ? 'bg-amber-100 text-amber-700' : 'bg-stone-100 text-stone-600',
              )}
            >
              {a.earned ? <Award aria-hidden className="size-5" /> : <Lock aria-hidden className="size-4" />}
            </span>
            <div className="min-w-0 flex-1">
              <p className="text-sm font-medium">{t(`achievements.${a.key}.title`)}</p>
              <p className="text-xs text-stone-500">{t(`achievements.${a.key}.text`)}</p>
            </div>
            <span className="sr-only">{t(a.earned ? 'achievements.earned' : 'achievements.locked')}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
