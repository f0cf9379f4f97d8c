import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Gauge, Lightbulb, Truck, Users } from 'lucide-react';
import { can, SUPPLY_CHAIN_PERIODS, type SupplyChainPeriod } from '@tt/domain';
import { buttonClass } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { LoadError } from '../../components/ui/LoadError';
import { Loading } from '../../components/ui/Loading';
import { PageHeader } from '../../components/ui/PageHeader';
import { PeriodSelect } from '../../components/ui/PeriodSelect';
import { TabPanel, Tabs, useTabParam } from '../../components/ui/Tabs';
import { paths } from '../../lib/paths';
import { useMe } from '../auth/api';
import { useSupplyChain } from './api';
import { OptimizationTab } from './components/OptimizationTab';
import { OverviewTab } from './components/OverviewTab';
import { PerformanceTab } from './components/PerformanceTab';
import { SuppliersTab } from './components/SuppliersTab';

const TABS = ['overview', 'suppliers', 'performance', 'optimization'] as const;
type Tab = (typeof TABS)[number];

/**
 * Supply chain analytics (spec 2; ADR 048): the suppliers a business buys from, from its own orders. Spec 2 puts no
 * guard on the screen, so a visitor sees what it is for and how to start; a role that does not buy is told why it
 * has no suppliers here.
 */
export default function SupplyChainPage() {
  const { t } = useTranslation('supply_chain');
  const { data: user } = useMe();
  if (!user || !can(user.role, 'orders.place'))
    return (
      <>
        <PageHeader title={t('title')} subtitle={t('subtitle')} />
        <Card className="flex flex-col items-center px-6 py-12 text-center" data-testid="supply-chain-closed">
          <Truck aria-hidden className="size-10 text-stone-400" />
          <p className="mt-3 max-w-md text-sm text-stone-700">
            {user ? t('closed.not_a_buyer') : t('closed.visitor')}
          </p>
          <Link to={user ? paths.dashboard : paths.home} className={buttonClass('primary', 'md', 'mt-5')}>
            {user ? t('common:common.go_to_dashboard') : t('closed.sign_in')}
          </Link>
        </Card>
      </>
    );
  return <SupplyChain />;
}

function SupplyChain() {
  const { t } = useTranslation('supply_chain');
  const [tab, setTab] = useTabParam<Tab>(TABS);
  const [period, setPeriod] = useState<SupplyChainPeriod>('90d');
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const chain = useSupplyChain(period, deferred);
  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        action={
          <PeriodSelect
            label={t('period.label')}
            value={period}
            periods={SUPPLY_CHAIN_PERIODS}
            periodLabel={(p) => t(`period.${p}`)}
            onChange={setPeriod}
            testId="supply-chain-period"
          />
        }
      />
      <Tabs
        label={t('tabs.label')}
        value={tab}
        onValueChange={setTab}
        items={[
          { value: 'overview', label: t('tabs.overview'), icon: Truck },
          { value: 'suppliers', label: t('tabs.suppliers'), icon: Users },
          { value: 'performance', label: t('tabs.performance'), icon: Gauge },
          {
            value: 'optimization',
            label: t('tabs.optimization'),
            icon: Lightbulb,
            ...(chain.data?.advice.length ? { count: chain.data.advice.length } : {}),
          },
        ]}
      >
        {chain.isPending ? (
          <Loading label={t('loading')} />
        ) : !chain.data ? (
          <LoadError icon={Truck} onRetry={() => void chain.refetch()} />
        ) : (
          <>
            <TabPanel value="overview">
              <OverviewTab chain={chain.data} onSuppliers={() => setTab('suppliers')} />
            </TabPanel>
            <TabPanel value="suppliers">
              <SuppliersTab chain={chain.data} search={search} onSearch={setSearch} searched={deferred} />
            </TabPanel>
            <TabPanel value="performance">
              <PerformanceTab chain={chain.data} />
            </TabPanel>
            <TabPanel value="optimization">
              <OptimizationTab chain={chain.data} />
            </TabPanel>
          </>
        )}
      </Tabs>
    </>
  );
}
