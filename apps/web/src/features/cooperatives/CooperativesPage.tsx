import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, Compass, PlusCircle, Users } from 'lucide-react';
import { PageHeader } from '../../components/ui/PageHeader';
import { TabPanel, Tabs, useTabParam } from '../../components/ui/Tabs';
import { useMemberships } from './api';
import { BrowseTab } from './components/BrowseTab';
import { CreateTab } from './components/CreateTab';
import { MyCooperativesTab } from './components/MyCooperativesTab';

const TABS = ['browse', 'mine', 'create'] as const;
type Tab = (typeof TABS)[number];

export default function CooperativesPage() {
  const { t } = useTranslation('cooperatives');
  const [tab, setTab] = useTabParam<Tab>(TABS);
  const memberships = useMemberships();
  const [registered, setRegistered] = useState<string | null>(null);

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Tabs
        label={t('tabs.label')}
        value={tab}
        onValueChange={setTab}
        items={[
          { value: 'browse', label: t('tabs.browse'), icon: Compass },
          { value: 'mine', label: t('tabs.mine'), icon: Users, count: memberships.data?.length },
          { value: 'create', label: t('tabs.create'), icon: PlusCircle },
        ]}
      >
        <TabPanel value="browse">
          <BrowseTab memberships={memberships.data} />
        </TabPanel>
        <TabPanel value="mine">
          {registered && (
            <div
              role="status"
              data-testid="registered-banner"
              className="mb-4 flex items-center gap-2 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm font-medium text-green-800"
            >
              <CheckCircle2 aria-hidden className="size-5 shrink-0" />
              {t('create.registered', { name: registered })}
            </div>
          )}
          <MyCooperativesTab onBrowse={() => setTab('browse')} />
        </TabPanel>
        <TabPanel value="create">
          <CreateTab
            onRegistered={(name) => {
              setRegistered(name);
              setTab('mine');
            }}
          />
        </TabPanel>
      </Tabs>
    </>
  );
}
