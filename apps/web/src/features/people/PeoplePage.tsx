import { useTranslation } from 'react-i18next';
import { MailPlus, Users } from 'lucide-react';
import { PageHeader } from '../../components/ui/PageHeader';
import { TabPanel, Tabs, useTabParam } from '../../components/ui/Tabs';
import { useMe } from '../auth/api';
import { AccountsTab } from './components/AccountsTab';
import { InvitationsTab } from './components/InvitationsTab';

const TABS = ['accounts', 'invitations'] as const;
type Tab = (typeof TABS)[number];

/**
 * People (docs/accounts.md): the administrators' screen of every account. Staff roles are granted and revoked here
 * with a reason, accounts suspended and reactivated, password links and staff invitations made to pass on by
 * hand; the server refuses what the rules forbid and the dialog says why.
 */
export default function PeoplePage() {
  const { t } = useTranslation('people');
  const { data: viewer } = useMe();
  const [tab, setTab] = useTabParam<Tab>(TABS);
  if (!viewer) return null;
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Tabs
        label={t('tabs.label')}
        value={tab}
        onValueChange={setTab}
        items={[
          { value: 'accounts', label: t('tabs.accounts'), icon: Users },
          { value: 'invitations', label: t('tabs.invitations'), icon: MailPlus },
        ]}
      >
        <TabPanel value="accounts">
          <AccountsTab viewer={viewer} />
        </TabPanel>
        <TabPanel value="invitations">
          <InvitationsTab viewer={viewer} />
        </TabPanel>
      </Tabs>
    </>
  );
}
