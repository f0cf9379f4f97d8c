import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { BookOpen, TrendingDown, TrendingUp, Wallet } from 'lucide-react';
import type { AnalyticsTimeframe, FinancialAnalytics } from '@tt/domain';
import { Card, CardHeader } from '../../../components/ui/Card';
import { Loading } from '../../../components/ui/Loading';
import { QueryState } from '../../../components/ui/QueryState';
import { ShowMore } from '../../../components/ui/ShowMore';
import { StatCard } from '../../../components/ui/StatCard';
import { TabPanel } from '../../../components/ui/Tabs';
import { formatBucket, formatDate } from '../../../lib/format';
import { useAnalyticsTransactions } from '../api';
import { Change, DataTable, ExportButton, fileName, money, PeriodLine, type Column } from './parts';

const Bars = lazy(() => import('../../../components/ui/Charts').then((m) => ({ default: m.BarsChart })));

type Data = FinancialAnalytics;

/** The five financial analytics tabs: four from /api/analytics/financial, the journal a page at a time. */
export function FinancialTabs({ data, timeframe }: { data: Data; timeframe: AnalyticsTimeframe }) {
  return (
    <>
      <TabPanel value="overview">
        <Overview data={data} />
      </TabPanel>
      <TabPanel value="transactions">
        <Transactions data={data} timeframe={timeframe} />
      </TabPanel>
      <TabPanel value="cash_flow">
        <CashFlow data={data} />
      </TabPanel>
      <TabPanel value="projections">
        <Projections data={data} />
      </TabPanel>
      <TabPanel value="expenses">
        <Expenses data={data} />
      </TabPanel>
    </>
  );
}

function Overview({ data }: { data: Data }) {
  const { t } = useTranslation('analytics');
  const o = data.overview;
  const rows = () => [
    [t('csv.figure'), t('csv.value')],
    [t('overview.income'), o.income],
    [t('overview.expenses'), o.expenses],
    [t('overview.profit'), o.profit],
  ];
  return (
    <div className="space-y-4" data-testid="analytics-financial-overview">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <PeriodLine period={data.period} />
        <ExportButton file={fileName('financial-overview', data.period)} rows={rows} />
      </div>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        <StatCard
          label={t('overview.income')}
          value={money(o.income)}
          icon={TrendingUp}
          tone="bg-green-100 text-green-700"
          hint={<Change compared={o.income_compared} />}
        />
        <StatCard
          label={t('overview.expenses')}
          value={money(o.expenses)}
          icon={TrendingDown}
          tone="bg-red-100 text-red-700"
          hint={<Change compared={o.expenses_compared} lowerIsBetter />}
        />
        <StatCard
          label={t('overview.profit')}
          value={money(o.profit)}
          icon={Wallet}
          hint={<Change compared={o.profit_compared} />}
        />
      </div>
    </div>
  );
}

function Transactions({ data, timeframe }: { data: Data; timeframe: AnalyticsTimeframe }) {
  const { t, i18n } = useTranslation('analytics');
  const journal = useAnalyticsTransactions(timeframe);
  return (
    <QueryState
      query={journal}
      icon={BookOpen}
      loading={t('loading')}
      isEmpty={(d) => d.entries.length === 0}
      empty={{ title: t('transactions.none') }}
    >
      {(shown) => {
        const rows = () => [
          [
            t('transactions.date'),
            t('transactions.reference'),
            t('transactions.description'),
            t('transactions.account'),
            t('transactions.debit'),
            t('transactions.credit'),
          ],
          ...shown.entries.flatMap((e) =>
            e.lines.map((l) => [
              e.entry_date,
              e.reference,
              e.description,
              `${l.account_code} ${l.account_name}`,
              l.debit,
              l.credit,
            ]),
          ),
        ];
        return (
          <div className="space-y-3" data-testid="analytics-transactions">
            <div className="flex justify-end">
              <ExportButton file={fileName('transactions', data.period)} rows={rows} />
            </div>
            <ul className="space-y-2">
              {shown.entries.map((e) => (
                <li key={e.id}>
                  <Card className="p-3 sm:p-4" data-testid="analytics-entry">
                    <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                      <p className="font-medium text-stone-900">
                        {e.reference} · {e.description}
                      </p>
                      <p className="text-sm text-stone-600">{formatDate(e.entry_date, i18n.language)}</p>
                    </div>
                    <dl className="mt-2 space-y-1 text-sm">
                      {e.lines.map((l) => (
                        <div key={l.id} className="flex justify-between gap-3">
                          <dt className="text-stone-700">
                            {l.account_code} {l.account_name}
                          </dt>
                          <dd className="whitespace-nowrap text-stone-900 tabular-nums">
                            {l.debit > 0
                              ? `${t('transactions.debit')} ${money(l.debit)}`
                              : `${t('transactions.credit')} ${money(l.credit)}`}
                          </dd>
                        </div>
                      ))}
                    </dl>
                  </Card>
                </li>
              ))}
            </ul>
            <ShowMore
              more={journal.hasNextPage}
              shown={shown.entries.length}
              total={shown.total}
              loading={journal.isFetchingNextPage}
              onMore={() => void journal.fetchNextPage()}
              testId="analytics-more-entries"
            />
          </div>
        );
      }}
    </QueryState>
  );
}

function CashFlow({ data }: { data: Data }) {
  const { t, i18n } = useTranslation('analytics');
  type Row = Data['cash_flow'][number];
  const label = (l: string) => formatBucket(l, i18n.language);
  const columns: Column<Row>[] = [
    { label: t('cash_flow.label'), cell: (r) => label(r.label) },
    { label: t('cash_flow.in'), cell: (r) => money(r.cash_in), numeric: true },
    { label: t('cash_flow.out'), cell: (r) => money(r.cash_out), numeric: true },
    { label: t('cash_flow.net'), cell: (r) => money(r.net), numeric: true },
  ];
  const sum = (key: 'cash_in' | 'cash_out' | 'net') =>
    Math.round(data.cash_flow.reduce((n, r) => n + r[key] * 100, 0)) / 100;
  const rows = () => [
    columns.map((c) => c.label),
    ...data.cash_flow.map((r) => [r.label, r.cash_in, r.cash_out, r.net]),
    [t('expenses.total'), sum('cash_in'), sum('cash_out'), sum('net')],
  ];
  return (
    <Card data-testid="analytics-cash-flow">
      <CardHeader
        title={t('cash_flow.chart', { bucket: t(`bucket.${data.period.bucket}`) })}
        subtitle={t('cash_flow.explain')}
        action={<ExportButton file={fileName('cash-flow', data.period)} rows={rows} />}
      />
      <div className="p-3 sm:p-4">
        <Suspense fallback={<Loading label={t('loading')} />}>
          <Bars
            data={data.cash_flow.map((r) => ({ ...r, label: label(r.label) }))}
            valueKey="cash_in"
            name={t('cash_flow.in')}
            second={{ valueKey: 'cash_out', name: t('cash_flow.out') }}
            money
          />
        </Suspense>
      </div>
      <DataTable
        label={t('tabs.cash_flow')}
        columns={columns}
        rows={data.cash_flow}
        rowKey={(r) => r.label}
        testId="analytics-cash-table"
        footer={[t('expenses.total'), money(sum('cash_in')), money(sum('cash_out')), money(sum('net'))]}
      />
    </Card>
  );
}

function Projections({ data }: { data: Data }) {
  const { t } = useTranslation('analytics');
  const p = data.projections;
  const parts = [
    ['income', p.income],
    ['expenses', p.expenses],
  ] as const;
  const steps = ['rest', 'period_total', 'next'] as const;
  const figure = (x: NonNullable<Data['projections']['income']>, step: (typeof steps)[number]) =>
    step === 'rest' ? x.rest_of_period : step === 'period_total' ? x.period_total : x.next_period;
  const rows = () => [
    [t('csv.figure'), t('projections.rest'), t('projections.period_total'), t('projections.next')],
    ...parts.flatMap(([key, x]) =>
      x ? [[t(`projections.${key}`), ...steps.map((s) => figure(x, s).expected)]] : [],
    ),
  ];
  if (!p.income && !p.expenses)
    return (
      <Card className="p-4 text-sm text-stone-700" data-testid="analytics-projections">
        {t('projections.none')}
      </Card>
    );
  return (
    <div className="space-y-4" data-testid="analytics-projections">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="max-w-2xl text-sm text-stone-600">{t('projections.how', { days: p.days })}</p>
        <ExportButton file={fileName('projections', data.period)} rows={rows} />
      </div>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        {parts.map(([key, x]) =>
          x ? (
            <Card key={key} data-testid={`analytics-projection-${key}`}>
              <CardHeader title={t(`projections.${key}`)} />
              <dl className="divide-y divide-stone-100">
                {steps.map((step) => {
                  const f = figure(x, step);
                  return (
                    <div key={step} className="flex items-baseline justify-between gap-3 px-4 py-3">
                      <dt className="text-sm text-stone-700">{t(`projections.${step}`)}</dt>
                      <dd className="text-right">
                        <span className="font-semibold text-stone-900 tabular-nums">{money(f.expected)}</span>
                        <span className="block text-xs text-stone-600">
                          {t('projections.range', { low: money(f.low), high: money(f.high) })}
                        </span>
                      </dd>
                    </div>
                  );
                })}
              </dl>
            </Card>
          ) : null,
        )}
      </div>
    </div>
  );
}

function Expenses({ data }: { data: Data }) {
  const { t } = useTranslation('analytics');
  type Row = Data['expenses'][number];
  const columns: Column<Row>[] = [
    { label: t('expenses.account'), cell: (r) => `${r.code} ${r.name}` },
    { label: t('expenses.amount'), cell: (r) => money(r.amount), numeric: true },
    { label: t('expenses.share'), cell: (r) => `${r.share}%`, numeric: true },
  ];
  const rows = () => [
    columns.map((c) => c.label),
    ...data.expenses.map((r) => [`${r.code} ${r.name}`, r.amount, `${r.share}%`]),
    [t('expenses.total'), data.overview.expenses, '100%'],
  ];
  return (
    <Card data-testid="analytics-expenses">
      <CardHeader
        title={t('tabs.expenses')}
        action={<ExportButton file={fileName('expenses', data.period)} rows={rows} />}
      />
      {data.expenses.length === 0 ? (
        <p className="px-4 py-6 text-sm text-stone-600">{t('expenses.none')}</p>
      ) : (
        <DataTable
          label={t('tabs.expenses')}
          columns={columns}
          rows={data.expenses}
          rowKey={(r) => r.code}
          testId="analytics-expenses-table"
          footer={[t('expenses.total'), money(data.overview.expenses), '']}
        />
      )}
    </Card>
  );
}
