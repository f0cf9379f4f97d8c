import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Activity,
  Handshake,
  LayoutDashboard,
  ListChecks,
  Target,
  TrendingUp,
  UserPlus,
  Users,
  Wallet,
} from 'lucide-react';
import type { CrmClient } from '@tt/domain';
import { Button } from '../../components/ui/Button';
import { Loading } from '../../components/ui/Loading';
import { PageHeader } from '../../components/ui/PageHeader';
import { QueryState } from '../../components/ui/QueryState';
import { StatCard } from '../../components/ui/StatCard';
import { TabPanel, Tabs, useTabParam } from '../../components/ui/Tabs';
import { formatMoney, formatMonth } from '../../lib/format';
import { useCrmSummary } from './api';
import { ActivitiesTab } from './components/ActivitiesTab';
import { ActivityDialog } from './components/ActivityDialog';
import { ClientDetailsDialog } from './components/ClientDetailsDialog';
import { ClientDialog } from './components/ClientDialog';
import { ClientsTab } from './components/ClientsTab';
import { Notice } from './components/Notice';
import { OverviewTab } from './components/OverviewTab';
import { TargetsTab } from './components/TargetsTab';

const TABS = ['overview', 'clients', 'activities', 'targets'] as const;
type Tab = (typeof TABS)[number];

type Open =
  | { kind: 'add' }
  | { kind: 'edit'; client: CrmClient }
  | { kind: 'view'; id: number }
  | { kind: 'activity'; client?: { id: number; name: string } };

/** The CRM (spec 3 §2): summary cards computed from the data, and four tabs that work. */
export default function CrmPage() {
  const { t, i18n } = useTranslation('crm');
  const summary = useCrmSummary();
  const [tab, setTab] = useTabParam<Tab>(TABS);
  const [open, setOpen] = useState<Open | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const clearNotice = useCallback(() => setNotice(null), []);
  const saved = (message: string) => {
    setOpen(null);
    setNotice(message);
  };
  const view = (client: CrmClient) => setOpen({ kind: 'view', id: client.id });
  const edit = (client: CrmClient) => setOpen({ kind: 'edit', client });
  const logFor = (client?: CrmClient) =>
    setOpen({ kind: 'activity', ...(client ? { client: { id: client.id, name: client.client_name } } : {}) });

  const data = summary.data;
  const ready = (value: () => string) => (data ? value() : '…');
  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={data?.scope === 'all' ? t('subtitle_all') : t('subtitle_own')}
        action={
          <Button onClick={() => setOpen({ kind: 'add' })} data-testid="add-client">
            <UserPlus aria-hidden className="size-4" />
            {t('clients.add')}
          </Button>
        }
      />
      <Notice message={notice} onDone={clearNotice} />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="crm-summary">
        <StatCard
          label={t('summary.total')}
          value={ready(() => String(data!.total_clients))}
          icon={Users}
          tone="bg-blue-100 text-blue-700"
          hint={data ? t('summary.customers', { count: data.customers }) : undefined}
        />
        <StatCard
          label={t('summary.pipeline')}
          value={ready(() => formatMoney(data!.pipeline_value))}
          icon={Wallet}
          tone="bg-purple-100 text-purple-700"
          hint={t('summary.pipeline_hint')}
        />
        <StatCard
          label={t('summary.won')}
          value={ready(() => formatMoney(data!.won_this_month))}
          icon={TrendingUp}
          tone="bg-green-100 text-green-700"
          hint={data ? t('summary.won_hint', { month: formatMonth(data.month, i18n.language) }) : undefined}
        />
        <StatCard
          label={t('summary.activities')}
          value={ready(() => String(data!.activities_this_month))}
          icon={Activity}
          hint={t('summary.activities_hint')}
        />
      </div>

      <Tabs
        className="mt-5"
        label={t('tabs.label')}
        value={tab}
        onValueChange={setTab}
        items={[
          { value: 'overview', label: t('tabs.overview'), icon: LayoutDashboard },
          {
            value: 'clients',
            label: t('tabs.clients'),
            icon: Handshake,
            ...(data ? { count: data.total_clients } : {}),
          },
          { value: 'activities', label: t('tabs.activities'), icon: ListChecks },
          { value: 'targets', label: t('tabs.targets'), icon: Target },
        ]}
      >
        <TabPanel value="overview">
          <QueryState query={summary} icon={Handshake} loading={t('loading')}>
            {(loaded) => (
              <OverviewTab
                summary={loaded}
                onLogActivity={() => logFor()}
                onAddClient={() => setOpen({ kind: 'add' })}
                onView={view}
              />
            )}
          </QueryState>
        </TabPanel>
        <TabPanel value="clients">
          <ClientsTab
            showOwner={data?.scope === 'all'}
            onAdd={() => setOpen({ kind: 'add' })}
            onView={view}
            onEdit={edit}
          />
        </TabPanel>
        <TabPanel value="activities">
          <ActivitiesTab onLog={() => logFor()} canLog={(data?.total_clients ?? 0) > 0} />
        </TabPanel>
        <TabPanel value="targets">
          {data ? (
            <TargetsTab currentMonth={data.month} onSaved={setNotice} />
          ) : (
            <Loading label={t('loading')} />
          )}
        </TabPanel>
      </Tabs>

      {open?.kind === 'add' && (
        <ClientDialog onClose={() => setOpen(null)} onSaved={(message) => saved(message)} />
      )}
      {open?.kind === 'edit' && (
        <ClientDialog
          client={open.client}
          onClose={() => setOpen(null)}
          onSaved={(message) => saved(message)}
        />
      )}
      {open?.kind === 'view' && (
        <ClientDetailsDialog
          clientId={open.id}
          onClose={() => setOpen(null)}
          onEdit={edit}
          onLogActivity={(client) => logFor(client)}
        />
      )}
      {open?.kind === 'activity' && (
        <ActivityDialog client={open.client} onClose={() => setOpen(null)} onSaved={saved} />
      )}
    </>
  );
}
