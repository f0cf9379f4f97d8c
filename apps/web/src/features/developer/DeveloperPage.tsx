import { useTranslation } from 'react-i18next';
import { BookOpen, KeyRound, LayoutDashboard, ListTree, Webhook } from 'lucide-react';
import { PageHeader } from '../../components/ui/PageHeader';
import { TabPanel, Tabs, useTabParam } from '../../components/ui/Tabs';
import { useApiKeys } from './api';
import { ApiDocsTab } from './components/ApiDocsTab';
import { ApiKeysTab } from './components/ApiKeysTab';
import { OverviewTab } from './components/OverviewTab';
import { RequestLogsTab } from './components/RequestLogsTab';
import { WebhooksTab } from './components/WebhooksTab';

const TABS = ['overview', 'keys', 'webhooks', 'docs', 'logs'] as const;
type Tab = (typeof TABS)[number];

/**
 * Developer tools (spec 2; DECISIONS 11; ADR 050): the user's own API keys, which really authenticate the public
 * API, what they were used for, and the public API as the server has it. Admins and coordinators (reports.view).
 */
export default function DeveloperPage() {
  const { t } = useTranslation('developer');
  const [tab, setTab] = useTabParam<Tab>(TABS);
  const keys = useApiKeys();
  const live = keys.data?.keys.length;
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Tabs
        label={t('tabs.label')}
        value={tab}
        onValueChange={setTab}
        items={[
          { value: 'overview', label: t('tabs.overview'), icon: LayoutDashboard },
          { value: 'keys', label: t('tabs.keys'), icon: KeyRound, ...(live ? { count: live } : {}) },
          { value: 'webhooks', label: t('tabs.webhooks'), icon: Webhook },
          { value: 'docs', label: t('tabs.docs'), icon: BookOpen },
          { value: 'logs', label: t('tabs.logs'), icon: ListTree },
        ]}
      >
        <TabPanel value="overview">
          <OverviewTab onKeys={() => setTab('keys')} onDocs={() => setTab('docs')} />
        </TabPanel>
        <TabPanel value="keys">
          <ApiKeysTab />
        </TabPanel>
        <TabPanel value="webhooks">
          <WebhooksTab />
        </TabPanel>
        <TabPanel value="docs">
          <ApiDocsTab />
        </TabPanel>
        <TabPanel value="logs">
          <RequestLogsTab />
        </TabPanel>
      </Tabs>
    </>
  );
}
