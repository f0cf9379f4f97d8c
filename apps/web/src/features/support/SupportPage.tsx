import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleHelp, Clock, Inbox, MessageCircle, Plus, Smile, Ticket as TicketIcon } from 'lucide-react';
import { can } from '@tt/domain';
import { Button } from '../../components/ui/Button';
import { PageHeader } from '../../components/ui/PageHeader';
import { StatCard } from '../../components/ui/StatCard';
import { TabPanel, Tabs, useTabParam } from '../../components/ui/Tabs';
import { useMe } from '../auth/api';
import { useSupportSummary } from './api';
import { ChatTab } from './components/ChatTab';
import { CreateTicketDialog } from './components/CreateTicketDialog';
import { FaqTab } from './components/FaqTab';
import { TicketDialog } from './components/TicketDialog';
import { TicketsTab } from './components/TicketsTab';
import { formatMinutes } from './format';
import { useQueryParams } from '../../lib/query-params';

const TABS = ['tickets', 'faq', 'chat'] as const;
type Tab = (typeof TABS)[number];

/** The Support Center (spec 2): figures computed from the tickets, tickets, the FAQ and Live Chat. */
export default function SupportPage() {
  const { t } = useTranslation('support');
  const { data: user } = useMe();
  const summary = useSupportSummary();
  const [tab, setTab] = useTabParam<Tab>(TABS);
  const [creating, setCreating] = useState(false);
  const [params, setParams] = useQueryParams();
  const openId = Number(params.get('ticket')) || null;
  const openTicket = (id: number | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === null) next.delete('ticket');
        else next.set('ticket', String(id));
        return next;
      },
      { replace: id === null },
    );
  if (!user) return null;
  const staff = can(user.role, 'support.manage');
  const data = summary.data;
  const ready = (value: () => string) => (data ? value() : '…');

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={staff ? t('subtitle_staff') : t('subtitle')}
        action={
          <Button onClick={() => setCreating(true)} data-testid="new-ticket">
            <Plus aria-hidden className="size-4" />
            {t('tickets.new')}
          </Button>
        }
      />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="support-summary">
        <StatCard
          label={t('summary.response')}
          value={ready(() =>
            data!.average_first_response_minutes === null
              ? t('summary.none')
              : formatMinutes(data!.average_first_response_minutes, t),
          )}
          icon={Clock}
          tone="bg-blue-100 text-blue-700"
          hint={data ? t('summary.response_hint', { count: data.responded_tickets }) : undefined}
        />
        <StatCard
          label={t('summary.satisfaction')}
          value={ready(() =>
            data!.satisfaction_average === null
              ? t('summary.none')
              : t('summary.out_of_five', { value: data!.satisfaction_average.toFixed(1) }),
          )}
          icon={Smile}
          tone="bg-green-100 text-green-700"
          hint={data ? t('summary.satisfaction_hint', { count: data.rated_tickets }) : undefined}
        />
        <StatCard
          label={staff ? t('summary.open_all') : t('summary.open')}
          value={ready(() => String(data!.open_tickets))}
          icon={Inbox}
          tone="bg-orange-100 text-orange-800"
        />
        <StatCard
          label={staff ? t('summary.total_all') : t('summary.total')}
          value={ready(() => String(data!.total_tickets))}
          icon={TicketIcon}
        />
      </div>

      <Tabs
        className="mt-5"
        label={t('tabs.label')}
        value={tab}
        onValueChange={setTab}
        items={[
          { value: 'tickets', label: t('tabs.tickets'), icon: TicketIcon },
          { value: 'faq', label: t('tabs.faq'), icon: CircleHelp },
          { value: 'chat', label: t('tabs.chat'), icon: MessageCircle },
        ]}
      >
        <TabPanel value="tickets">
          <TicketsTab
            staff={staff}
            onOpen={(ticket) => openTicket(ticket.id)}
            onCreate={() => setCreating(true)}
          />
        </TabPanel>
        <TabPanel value="faq">
          <FaqTab />
        </TabPanel>
        <TabPanel value="chat">
          <ChatTab staff={staff} />
        </TabPanel>
      </Tabs>

      {creating && (
        <CreateTicketDialog
          onClose={() => setCreating(false)}
          onCreated={(ticket) => {
            setCreating(false);
            openTicket(ticket.id);
          }}
        />
      )}
      {openId !== null && (
        <TicketDialog id={openId} userId={user.id} staff={staff} onClose={() => openTicket(null)} />
      )}
    </>
  );
}
