import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CalendarClock, ClipboardCheck, Landmark, Lock, Vote as VoteIcon, Wallet } from 'lucide-react';
import { formatRand, governanceTiles } from '@tt/domain';
import { buttonClass } from '../../components/ui/Button';
import { PageHeader } from '../../components/ui/PageHeader';
import { StatCard } from '../../components/ui/StatCard';
import { TabPanel, Tabs, useTabParam } from '../../components/ui/Tabs';
import { ApiError } from '../../lib/api';
import { paths } from '../../lib/paths';
import { useMe } from '../auth/api';
import { useCooperative, useMembershipOf } from '../cooperatives/api';
import { useMeetings, useTransactions, useVotes } from './api';
import { FinancesTab } from './FinancesTab';
import { MeetingsTab } from './MeetingsTab';
import { VotingTab } from './VotingTab';
import { BackToCooperatives, CoopAccessPanel } from '../cooperatives';

const TABS = ['voting', 'meetings', 'finances'] as const;
type Tab = (typeof TABS)[number];

export default function GovernancePage() {
  const { t } = useTranslation('governance');
  const params = useParams();
  const coopId = Number(params.id);
  const valid = Number.isInteger(coopId) && coopId > 0;
  const { data: user } = useMe();
  const coop = useCooperative(coopId);
  const { membership } = useMembershipOf(coopId);
  const votes = useVotes(coopId);
  const meetings = useMeetings(coopId);
  const transactions = useTransactions(coopId);
  const [tab, setTab] = useTabParam<Tab>(TABS);

  const back = <BackToCooperatives label={t('back')} />;

  const status = (error: unknown) => (error instanceof ApiError ? error.status : null);
  const refused = [votes.error, meetings.error, transactions.error].some((e) => status(e) === 403);
  const missing = !valid || status(coop.error) === 404;

  if (!user) return null;
  if (missing || refused) {
    return (
      <CoopAccessPanel
        forbidden={!missing}
        icon={Lock}
        title={t(missing ? 'not_found.title' : 'forbidden.title')}
        text={t(missing ? 'not_found.text' : 'forbidden.text')}
        browseLabel={t('forbidden.browse')}
        backLabel={t('back')}
      />
    );
  }

  const tiles = governanceTiles({
    votes: votes.data ?? [],
    meetings: meetings.data ?? [],
    transactions: transactions.data ?? [],
  });
  const figure = (ready: boolean, value: string) => (ready ? value : '…');
  const isCoordinator = membership?.is_coordinator ?? false;

  return (
    <>
      {back}
      <PageHeader
        title={coop.data?.name ?? t('title')}
        subtitle={t('subtitle')}
        action={
          <Link to={paths.virtualWarehouses(coopId)} className={buttonClass('outline', 'sm')}>
            {t('warehouses_link')}
          </Link>
        }
      />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="governance-tiles">
        <StatCard
          label={t('tiles.active_votes')}
          value={figure(votes.isSuccess, String(tiles.active_votes))}
          icon={VoteIcon}
          tone="bg-green-100 text-green-700"
        />
        <StatCard
          label={t('tiles.upcoming_meetings')}
          value={figure(meetings.isSuccess, String(tiles.upcoming_meetings))}
          icon={CalendarClock}
          tone="bg-blue-100 text-blue-700"
        />
        <StatCard
          label={t('tiles.total_transactions')}
          value={figure(transactions.isSuccess, formatRand(tiles.total_transactions_cents))}
          icon={Wallet}
          tone="bg-purple-100 text-purple-700"
        />
        <StatCard
          label={t('tiles.pending_approvals')}
          value={figure(transactions.isSuccess, String(tiles.pending_approvals))}
          icon={ClipboardCheck}
          tone="bg-yellow-100 text-yellow-800"
        />
      </div>

      <Tabs
        className="mt-5"
        label={t('tabs.label')}
        value={tab}
        onValueChange={setTab}
        items={[
          { value: 'voting', label: t('tabs.voting'), icon: VoteIcon },
          { value: 'meetings', label: t('tabs.meetings'), icon: CalendarClock },
          { value: 'finances', label: t('tabs.finances'), icon: Landmark },
        ]}
      >
        <TabPanel value="voting">
          <VotingTab coopId={coopId} query={votes} userId={user.id} isCoordinator={isCoordinator} />
        </TabPanel>
        <TabPanel value="meetings">
          <MeetingsTab coopId={coopId} query={meetings} />
        </TabPanel>
        <TabPanel value="finances">
          <FinancesTab
            coopId={coopId}
            query={transactions}
            isCoordinator={isCoordinator || user.role === 'admin'}
            isMember={Boolean(membership)}
            userId={user.id}
          />
        </TabPanel>
      </Tabs>
    </>
  );
}
