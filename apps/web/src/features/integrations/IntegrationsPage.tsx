import { useTranslation } from 'react-i18next';
import { LayoutDashboard, ListTree, PlugZap, Store } from 'lucide-react';
import { PageHeader } from '../../components/ui/PageHeader';
import { TabPanel, Tabs, useTabParam } from '../../components/ui/Tabs';
import { useIntegrations } from './api';
import { ActivityTab } from './components/ActivityTab';
import { ConnectionsTab } from './components/ConnectionsTab';
import { MarketplaceTab } from './components/MarketplaceTab';
import { OverviewTab } from './components/OverviewTab';
import { useOfflineTill } from './offline';

const TABS = ['overview', 'integrations', 'activity', 'marketplace'] as const;
type Tab = (typeof TABS)[number];

/**
 * Integrations (spec 2; DECISIONS 11, 12, 17; ADR 055): what this deployment really connects to, each with a status
 * worked out from what is true now and a link to the screen that manages it; the public API's real activity; and
 * the marketplace's showcase of services it does not connect to, where a user may ask for one.
 */
export default function IntegrationsPage() {
  const { t } = useTranslation('integrations');
  const [tab, setTab] = useTabParam<Tab>(TABS);
  const overview = useIntegrations();
  const offline = useOfflineTill();
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Tabs
        label={t('tabs.label')}
        value={tab}
        onValueChange={setTab}
        items={[
          { value: 'overview', label: t('tabs.overview'), icon: LayoutDashboard },
          { value: 'integrations', label: t('tabs.integrations'), icon: PlugZap },
          { value: 'activity', label: t('tabs.activity'), icon: ListTree },
          { value: 'marketplace', label: t('tabs.marketplace'), icon: Store },
        ]}
      >
        <TabPanel value="overview">
          <OverviewTab
            query={overview}
            offline={offline}
            onConnections={() => setTab('integrations')}
            onActivity={() => setTab('activity')}
          />
        </TabPanel>
        <TabPanel value="integrations">
          <ConnectionsTab query={overview} offline={offline} />
        </TabPanel>
        <TabPanel value="activity">
          <ActivityTab />
        </TabPanel>
        <TabPanel value="marketplace">
          <MarketplaceTab />
        </TabPanel>
      </Tabs>
    </>
  );
}
