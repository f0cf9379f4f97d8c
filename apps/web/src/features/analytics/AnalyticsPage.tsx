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
        <Financial timeframe={timeframe} />
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

function Business({ timeframe, role }: { timeframe: AnalyticsTimeframe; role: Role | null }) {
  const { t } = useTranslation('analytics');
  const [tab, setTab] = useTabParam(BUSINESS_TABS);
  const query = useBusinessAnalytics(timeframe);
  return (
    <QueryState query={query} icon={BarChart3} loading={t('loading')}>
      {(data) =>
        !data.has_data ? (
          <NoFigures role={role} />
        ) : (
          <Tabs
            label={t('tabs.label')}
            value={tab}
            onValueChange={setTab}
            items={[
              { value: 'overview', label: t('tabs.overview'), icon: PieChart },
              { value: 'sales', label: t('tabs.sales'), icon: TrendingUp },
              { value: 'customers', label: t('tabs.customers'), icon: Users },
              { value: 'products', label: t('tabs.products'), icon: Package },
              { value: 'regions', label: t('tabs.regions'), icon: MapPin },
            ]}
          >
            <BusinessTabs data={data} />
          </Tabs>
        )
      }
    </QueryState>
  );
}

function Financial({ timeframe }: { timeframe: AnalyticsTimeframe }) {
  const { t } = useTranslation('analytics');
  const { data: user } = useMe();
  const [tab, setTab] = useTabParam(FINANCIAL_TABS);
  const query = useFinancialAnalytics(timeframe);
  return (
    <QueryState query={query} icon={Wallet} loading={t('loading')}>
      {(data) =>
        !data.has_data ? (
          <NoFigures role={user?.role ?? null} books />
        ) : (
          <Tabs
            label={t('tabs.label')}
            value={tab}
            onValueChange={setTab}
            items={[
              { value: 'overview', label: t('tabs.overview'), icon: PieChart },
              { value: 'transactions', label: t('tabs.transactions'), icon: Receipt },
              { value: 'cash_flow', label: t('tabs.cash_flow'), icon: Wallet },
              { value: 'projections', label: t('tabs.projections'), icon: TrendingUp },
              { value: 'expenses', label: t('tabs.expenses'), icon: BookOpen },
            ]}
          >
            <FinancialTabs data={data} timeframe={timeframe} />
          </Tabs>
        )
      }
    </QueryState>
  );
}
