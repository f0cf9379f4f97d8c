import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  BarChart3,
  BookOpen,
  LineChart,
  MapPin,
  Package,
  PieChart,
  Receipt,
  TrendingUp,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { ANALYTICS_TIMEFRAMES, can, type AnalyticsTimeframe, type Role } from '@tt/domain';
import { buttonClass } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { cn } from '../../components/ui/cn';
import { EmptyState } from '../../components/ui/EmptyState';
import { PageHeader } from '../../components/ui/PageHeader';
import { PeriodSelect } from '../../components/ui/PeriodSelect';
import { QueryState } from '../../components/ui/QueryState';
import { Tabs, useTabParam } from '../../components/ui/Tabs';
import { paths } from '../../lib/paths';
import { useQueryChoice } from '../../lib/query-params';
import { useMe } from '../auth/api';
import { useBusinessAnalytics, useFinancialAnalytics } from './api';
import { BusinessTabs } from './components/BusinessTabs';
import { FinancialTabs } from './components/FinancialTabs';

const AREAS = ['business', 'financial'] as const;
type Area = (typeof AREAS)[number];
const BUSINESS_TABS = ['overview', 'sales', 'customers', 'products', 'regions'] as const;
const FINANCIAL_TABS = ['overview', 'transactions', 'cash_flow', 'projections', 'expenses'] as const;

/** The two areas' tabs differ: a change of area starts at its overview. */
const AREA_CLEARS = ['tab'];
/** This month first: the default, left out of the address. */
const TIMEFRAMES_MONTH_FIRST = [
  'month',
  'week',
  'quarter',
  'year',
] as const satisfies readonly AnalyticsTimeframe[];

/**
 * Advanced Analytics (spec 2; DECISIONS 12; ADR 056): business intelligence from the caller's own sales and
 * financial analytics from its own books, over this week, month, quarter or year, compared like with like.
 */
export default function AnalyticsPage() {
  const { t } = useTranslation('analytics');
  const { data: user } = useMe();
  const [timeframe, setTimeframe] = useQueryChoice<AnalyticsTimeframe>('timeframe', TIMEFRAMES_MONTH_FIRST);
  const [area, setArea] = useQueryChoice<Area>('area', AREAS, AREA_CLEARS);
  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        action={
          <PeriodSelect
            label={t('timeframe.label')}
            value={timeframe}
            periods={ANALYTICS_TIMEFRAMES}
            periodLabel={(p) => t(`timeframe.${p}`)}
            onChange={setTimeframe}
            testId="analytics-timeframe"
          />
        }
      />
      <div role="group" aria-label={t('area.label')} className="mb-4 grid grid-cols-2 gap-2 sm:inline-grid">
        {AREAS.map((a) => (
          <button
            key={a}
            type="button"
            aria-pressed={area === a}
            onClick={() => setArea(a)}
            data-testid={`analytics-area-${a}`}
            className={cn(
              'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border px-3 text-sm font-semibold',
              'focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none',
              area === a
                ? 'border-brand-600 bg-brand-50 text-brand-800'
                : 'border-stone-200 bg-white text-stone-700 hover:bg-stone-50',
            )}
          >
            {a === 'business' ? (
              <BarChart3 aria-hidden className="size-4" />
            ) : (
              <BookOpen aria-hidden className="size-4" />
            )}
            {t(`area.${a}`)}
          </button>
        ))}
      </div>
      {area === 'business' ? (
        <Business timeframe={timeframe} role={user?.role ?? null} />
      ) : (
        <Financial timeframe={timeframe} role={user?.role ?? null} />
      )}
    </>
  );
}

/** What fills the screen for this role, and the screen that does it. */
function NoFigures({ role, books = false }: { role: Role | null; books?: boolean }) {
  const { t } = useTranslation('analytics');
  const seller = role !== null && can(role, 'orders.sell');
  const business = role !== null && can(role, 'inventory.manage');
  const [message, link, label] = books
    ? [t('empty.books'), paths.financialCenter, t('empty.open_books')]
    : seller
      ? [t('empty.seller'), paths.bulkUpload, t('empty.open_products')]
      : business
        ? [t('empty.shop'), paths.pos, t('empty.open_till')]
        : [t('empty.staff'), paths.dashboard, t('common:common.go_to_dashboard')];
  return (
    <Card>
      <EmptyState
        icon={LineChart}
        title={t('empty.title')}
        message={message}
        testId="analytics-empty"
        action={
          <div className="flex flex-wrap justify-center gap-2">
            <Link to={link} className={buttonClass('primary', 'md')}>
              {label}
            </Link>
            {!books && business && !seller && (
              <Link to={paths.products} className={buttonClass('outline', 'md')}>
                {t('empty.shop_marketplace')}
              </Link>
            )}
          </div>
        }
      />
    </Card>
  );
}

const BUSINESS_ICONS: Record<(typeof BUSINESS_TABS)[number], LucideIcon> = {
  overview: PieChart,
  sales: TrendingUp,
  customers: Users,
  products: Package,
  regions: MapPin,
};
const FINANCIAL_ICONS: Record<(typeof FINANCIAL_TABS)[number], LucideIcon> = {
  overview: PieChart,
  transactions: Receipt,
  cash_flow: Wallet,
  projections: TrendingUp,
  expenses: BookOpen,
};

/** One area: its answer loading, failing or empty (what fills it, and where), else its tabs. */
function AreaTabs<T extends string, D extends { has_data: boolean }>({
  query,
  tabs,
  icons,
  icon,
  empty,
  children,
}: {
  query: Pick<UseQueryResult<D>, 'data' | 'isPending' | 'refetch'>;
  tabs: readonly T[];
  icons: Record<T, LucideIcon>;
  icon: LucideIcon;
  empty: React.ReactNode;
  children: (data: D) => React.ReactNode;
}) {
  const { t } = useTranslation('analytics');
  const [tab, setTab] = useTabParam(tabs);
  return (
    <QueryState query={query} icon={icon} loading={t('loading')}>
      {(data) =>
        !data.has_data ? (
          empty
        ) : (
          <Tabs
            label={t('tabs.label')}
            value={tab}
            onValueChange={setTab}
            items={tabs.map((value) => ({ value, label: t(`tabs.${value}`), icon: icons[value] }))}
          >
            {children(data)}
          </Tabs>
        )
      }
    </QueryState>
  );
}

function Business({ timeframe, role }: { timeframe: AnalyticsTimeframe; role: Role | null }) {
  return (
    <AreaTabs
      query={useBusinessAnalytics(timeframe)}
      tabs={BUSINESS_TABS}
      icons={BUSINESS_ICONS}
      icon={BarChart3}
      empty={<NoFigures role={role} />}
    >
      {(data) => <BusinessTabs data={data} />}
    </AreaTabs>
  );
}

function Financial({ timeframe, role }: { timeframe: AnalyticsTimeframe; role: Role | null }) {
  return (
    <AreaTabs
      query={useFinancialAnalytics(timeframe)}
      tabs={FINANCIAL_TABS}
      icons={FINANCIAL_ICONS}
      icon={Wallet}
      empty={<NoFigures role={role} books />}
    >
      {(data) => <FinancialTabs data={data} timeframe={timeframe} />}
    </AreaTabs>
  );
}
