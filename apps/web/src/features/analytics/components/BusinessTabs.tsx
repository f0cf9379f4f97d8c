import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Package, Receipt, ShoppingBag, ShoppingCart, Store, Users, Wallet } from 'lucide-react';
import type { BusinessAnalytics } from '@tt/domain';
import { Card, CardHeader } from '../../../components/ui/Card';
import { Loading } from '../../../components/ui/Loading';
import { StatCard } from '../../../components/ui/StatCard';
import { TabPanel } from '../../../components/ui/Tabs';
import { formatBucket } from '../../../lib/format';
import { Change, DataTable, ExportButton, fileName, money, PeriodLine, type Column } from './parts';

const Bars = lazy(() => import('../../../components/ui/Charts').then((m) => ({ default: m.BarsChart })));

type Data = BusinessAnalytics;
type Product = Data['products'][number];

/** The five business intelligence tabs, drawn from one answer of /api/analytics/business. */
export function BusinessTabs({ data }: { data: Data }) {
  return (
    <>
      <TabPanel value="overview">
        <Overview data={data} />
      </TabPanel>
      <TabPanel value="sales">
        <Sales data={data} />
      </TabPanel>
      <TabPanel value="customers">
        <Customers data={data} />
      </TabPanel>
      <TabPanel value="products">
        <Products data={data} />
      </TabPanel>
      <TabPanel value="regions">
        <Regions data={data} />
      </TabPanel>
    </>
  );
}

function Overview({ data }: { data: Data }) {
  const { t } = useTranslation('analytics');
  const o = data.overview;
  const has = (s: Data['sources'][number]) => data.sources.includes(s);
  const rows = () => [
    [t('csv.figure'), t('csv.value')],
    ...([
      [t('overview.revenue'), o.revenue],
      ...(has('marketplace') ? [[t('overview.marketplace_sales'), o.marketplace_sales]] : []),
      ...(has('till') ? [[t('overview.till_sales'), o.till_sales]] : []),
      ...(has('purchases') ? [[t('overview.purchases'), o.purchases]] : []),
    ] as [string, number][]),
    [t('overview.orders'), String(o.orders)],
    [t('overview.till_transactions'), String(o.till_transactions)],
    [t('overview.customers'), String(o.customers)],
  ];
  return (
    <div className="space-y-4" data-testid="analytics-business-overview">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <PeriodLine period={data.period} />
        <ExportButton file={fileName('overview', data.period)} rows={rows} />
      </div>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard
          label={t('overview.revenue')}
          value={money(o.revenue)}
          icon={Wallet}
          tone="bg-green-100 text-green-700"
          hint={<Change compared={o.revenue_compared} />}
        />
        {has('marketplace') && (
          <StatCard label={t('overview.marketplace_sales')} value={money(o.marketplace_sales)} icon={Store} />
        )}
        {has('till') && (
          <StatCard label={t('overview.till_sales')} value={money(o.till_sales)} icon={Receipt} />
        )}
        {has('purchases') && (
          <StatCard
            label={t('overview.purchases')}
            value={money(o.purchases)}
            icon={ShoppingCart}
            tone="bg-blue-100 text-blue-700"
          />
        )}
        {has('marketplace') && (
          <StatCard label={t('overview.orders')} value={String(o.orders)} icon={Package} />
        )}
        {has('till') && (
          <StatCard
            label={t('overview.till_transactions')}
            value={String(o.till_transactions)}
            icon={Receipt}
          />
        )}
        <StatCard
          label={t('overview.average_sale')}
          value={o.average_sale === null ? '–' : money(o.average_sale)}
          icon={ShoppingBag}
        />
        {has('marketplace') && (
          <StatCard
            label={t('overview.customers')}
            value={String(o.customers)}
            icon={Users}
            tone="bg-purple-100 text-purple-700"
          />
        )}
      </div>
    </div>
  );
}

function Sales({ data }: { data: Data }) {
  const { t, i18n } = useTranslation('analytics');
  const has = (s: Data['sources'][number]) => data.sources.includes(s);
  const label = (l: string) => formatBucket(l, i18n.language);
  const series = data.sales.map((s) => ({ ...s, label: label(s.label) }));
  type Row = Data['sales'][number];
  // With one source of sales (a shop's till, a supplier's marketplace) that column is the total.
  const both = has('marketplace') && has('till');
  const columns: Column<Row>[] = [
    { label: t('sales.label'), cell: (r) => label(r.label) },
    ...(has('marketplace')
      ? [{ label: t('sales.marketplace'), cell: (r: Row) => money(r.marketplace), numeric: true }]
      : []),
    ...(has('till') ? [{ label: t('sales.till'), cell: (r: Row) => money(r.till), numeric: true }] : []),
    ...(both ? [{ label: t('sales.total'), cell: (r: Row) => money(r.total), numeric: true }] : []),
    ...(has('purchases')
      ? [{ label: t('sales.purchases'), cell: (r: Row) => money(r.purchases), numeric: true }]
      : []),
  ];
  const sum = (key: 'marketplace' | 'till' | 'total' | 'purchases') =>
    Math.round(data.sales.reduce((n, s) => n + s[key] * 100, 0)) / 100;
  const keys = [
    ...(has('marketplace') ? (['marketplace'] as const) : []),
    ...(has('till') ? (['till'] as const) : []),
    ...(both ? (['total'] as const) : []),
    ...(has('purchases') ? (['purchases'] as const) : []),
  ];
  const rows = () => [
    columns.map((c) => c.label),
    ...data.sales.map((s) => [s.label, ...keys.map((k) => s[k])]),
    [t('sales.total'), ...keys.map(sum)],
  ];
  return (
    <Card data-testid="analytics-sales">
      <CardHeader
        title={t('sales.chart', { bucket: t(`bucket.${data.period.bucket}`) })}
        action={<ExportButton file={fileName('sales', data.period)} rows={rows} />}
      />
      <div className="p-3 sm:p-4">
        <Suspense fallback={<Loading label={t('loading')} />}>
          <Bars data={series} valueKey="total" money name={t('sales.total')} />
        </Suspense>
      </div>
      <DataTable
        label={t('tabs.sales')}
        columns={columns}
        rows={data.sales}
        rowKey={(r) => r.label}
        testId="analytics-sales-table"
        footer={[t('sales.total'), ...keys.map((k) => money(sum(k)))]}
      />
    </Card>
  );
}

function Customers({ data }: { data: Data }) {
  const { t } = useTranslation('analytics');
  const c = data.customers;
  type Row = Data['customers']['top'][number];
  const columns: Column<Row>[] = [
    { label: t('customers.name'), cell: (r) => r.name },
    { label: t('customers.orders'), cell: (r) => r.orders, numeric: true },
    { label: t('customers.spent'), cell: (r) => money(r.spent), numeric: true },
    {
      label: t('customers.kind'),
      cell: (r) => (r.is_new ? t('customers.is_new') : t('customers.is_returning')),
    },
  ];
  const rows = () => [
    columns.map((col) => col.label),
    ...c.top.map((r) => [
      r.name,
      String(r.orders),
      r.spent,
      r.is_new ? t('customers.is_new') : t('customers.is_returning'),
    ]),
  ];
  return (
    <div className="space-y-4" data-testid="analytics-customers">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label={t('customers.total')} value={String(c.total)} icon={Users} />
        <StatCard
          label={t('customers.new')}
          value={String(c.new)}
          icon={Users}
          tone="bg-green-100 text-green-700"
        />
        <StatCard label={t('customers.returning')} value={String(c.returning)} icon={Users} />
        <StatCard
          label={t('customers.repeat_rate')}
          value={c.repeat_rate === null ? '–' : `${c.repeat_rate}%`}
          icon={Users}
          tone="bg-purple-100 text-purple-700"
        />
      </div>
      <Card>
        <CardHeader
          title={t('customers.top')}
          subtitle={t('customers.explain')}
          action={<ExportButton file={fileName('customers', data.period)} rows={rows} />}
        />
        {c.top.length === 0 ? (
          <p className="px-4 py-6 text-sm text-stone-600">{t('customers.none')}</p>
        ) : (
          <DataTable
            label={t('customers.top')}
            columns={columns}
            rows={c.top}
            rowKey={(r) => r.buyer_id}
            testId="analytics-customers-table"
          />
        )}
      </Card>
    </div>
  );
}

function Products({ data }: { data: Data }) {
  const { t } = useTranslation('analytics');
  const source = (p: Product) => t(`products.${p.source}`);
  const margin = (p: Product) =>
    p.margin_percent === null ? t('products.margin_unknown') : `${p.margin_percent}%`;
  const columns: Column<Product>[] = [
    { label: t('products.name'), cell: (p) => p.name },
    { label: t('products.source'), cell: source },
    { label: t('products.units'), cell: (p) => p.units, numeric: true },
    { label: t('products.revenue'), cell: (p) => money(p.revenue), numeric: true },
    { label: t('products.margin'), cell: margin, numeric: true },
  ];
  const best = data.products.slice(0, 5);
  // The least sold are the bottom five of those that sold, least first, never repeating a best one.
  const worst = data.products.slice(Math.max(5, data.products.length - 5)).reverse();
  const rows = () => [
    [
      t('products.name'),
      t('products.source'),
      t('products.units'),
      t('products.revenue'),
      t('products.margin'),
    ],
    ...data.products.map((p) => [p.name, source(p), String(p.units), p.revenue, margin(p)]),
  ];
  const key = (p: Product) => `${p.source}-${p.product_id}`;
  return (
    <div className="space-y-4" data-testid="analytics-products">
      <Card>
        <CardHeader
          title={t('products.best')}
          action={<ExportButton file={fileName('products', data.period)} rows={rows} />}
        />
        {best.length === 0 ? (
          <p className="px-4 py-6 text-sm text-stone-600">{t('products.none')}</p>
        ) : (
          <DataTable
            label={t('products.best')}
            columns={columns}
            rows={best}
            rowKey={key}
            testId="analytics-best"
          />
        )}
      </Card>
      {worst.length > 0 && (
        <Card>
          <CardHeader title={t('products.worst')} />
          <DataTable
            label={t('products.worst')}
            columns={columns}
            rows={worst}
            rowKey={key}
            testId="analytics-worst"
          />
        </Card>
      )}
    </div>
  );
}

function Regions({ data }: { data: Data }) {
  const { t } = useTranslation('analytics');
  type Row = Data['regions'][number];
  const place = (v: string | null) => v ?? t('regions.unknown');
  const columns: Column<Row>[] = [
    { label: t('regions.province'), cell: (r) => place(r.province) },
    { label: t('regions.city'), cell: (r) => place(r.city) },
    { label: t('regions.customers'), cell: (r) => r.customers, numeric: true },
    { label: t('regions.orders'), cell: (r) => r.orders, numeric: true },
    { label: t('regions.revenue'), cell: (r) => money(r.revenue), numeric: true },
  ];
  const rows = () => [
    columns.map((c) => c.label),
    ...data.regions.map((r) => [
      place(r.province),
      place(r.city),
      String(r.customers),
      String(r.orders),
      r.revenue,
    ]),
  ];
  return (
    <Card data-testid="analytics-regions">
      <CardHeader
        title={t('regions.title')}
        subtitle={t('regions.explain')}
        action={<ExportButton file={fileName('regions', data.period)} rows={rows} />}
      />
      {data.regions.length === 0 ? (
        <p className="px-4 py-6 text-sm text-stone-600">{t('regions.none')}</p>
      ) : (
        <DataTable
          label={t('regions.title')}
          columns={columns}
          rows={data.regions}
          rowKey={(r) => `${r.province ?? ''}|${r.city ?? ''}`}
          testId="analytics-regions-table"
        />
      )}
    </Card>
  );
}
