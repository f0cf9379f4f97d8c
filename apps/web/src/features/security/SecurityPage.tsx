import { useTranslation } from 'react-i18next';
import { ClipboardCheck, LayoutDashboard, ListTree, Settings2, Shield } from 'lucide-react';
import { LoadError } from '../../components/ui/LoadError';
import { Loading } from '../../components/ui/Loading';
import { PageHeader } from '../../components/ui/PageHeader';
import { TabPanel, Tabs, useTabParam } from '../../components/ui/Tabs';
import { useSecurityOverview } from './api';
import { ComplianceTab } from './components/ComplianceTab';
import { EventsTab } from './components/EventsTab';
import { OverviewTab } from './components/OverviewTab';
import { SettingsTab } from './components/SettingsTab';

const TABS = ['overview', 'events', 'settings', 'compliance'] as const;
type Tab = (typeof TABS)[number];

/**
 * Security Center (spec 2; DECISIONS 11, 12; ADR 054): the account's real sign-ins and sessions (end one, or all
 * the others), its security events with Export Log, the deployment's measures as its configuration really has
 * them, and POPIA and PCI DSS statements that are true of this product with the personal-data register.
 */
export default function SecurityPage() {
  const { t } = useTranslation('security');
  const [tab, setTab] = useTabParam<Tab>(TABS);
  const overview = useSecurityOverview();
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Tabs
        label={t('tabs.label')}
        value={tab}
        onValueChange={setTab}
        items={[
          { value: 'overview', label: t('tabs.overview'), icon: LayoutDashboard },
          { value: 'events', label: t('tabs.events'), icon: ListTree },
          { value: 'settings', label: t('tabs.settings'), icon: Settings2 },
          { value: 'compliance', label: t('tabs.compliance'), icon: ClipboardCheck },
        ]}
      >
        {overview.isPending ? (
          <Loading label={t('loading')} />
        ) : !overview.data ? (
          <LoadError icon={Shield} onRetry={() => void overview.refetch()} />
        ) : (
          <>
            <TabPanel value="overview">
              <OverviewTab overview={overview.data} onSettings={() => setTab('settings')} />
            </TabPanel>
            <TabPanel value="events">
              <EventsTab days={overview.data.event_days} />
            </TabPanel>
            <TabPanel value="settings">
              <SettingsTab overview={overview.data} />
            </TabPanel>
            <TabPanel value="compliance">
              <ComplianceTab overview={overview.data} />
            </TabPanel>
          </>
        )}
      </Tabs>
    </>
  );
}
