import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banknote, Download, FileText, HandCoins, Target, Users, XCircle } from 'lucide-react';
import {
  formatRand,
  instalmentCount,
  isClosable,
  randToCents,
  rateBasisPoints,
  repaymentSchedule,
  scheduleCsv,
  type CrowdCampaign,
  type FundingMethod,
} from '@tt/domain';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { QueryState } from '../../../components/ui/QueryState';
import { StatCard } from '../../../components/ui/StatCard';
import { formatDate, formatMoney } from '../../../lib/format';
import { toastSuccess } from '../../../lib/toast';
import { useCancelCampaign, useInvestorRelations, useMyCampaigns, useRecordRepayment } from '../api';
import { CampaignCard } from './CampaignCard';
import { ScheduleTable } from './ScheduleTable';
import { MethodSelect } from './MethodSelect';
import { saveBlob } from '../../../lib/download';

const scheduleOf = (c: CrowdCampaign) =>
  repaymentSchedule(
    randToCents(c.target_amount),
    rateBasisPoints(c.interest_rate),
    c.loan_term_months,
    c.repayment_frequency,
  );
const repayable = (c: CrowdCampaign) => c.campaign_status === 'funded' || c.campaign_status === 'repaying';

export function DashboardTab() {
  const { t } = useTranslation('betacrowd');
  const mine = useMyCampaigns();
  const list = mine.data ?? [];
  const sum = (pick: (c: CrowdCampaign) => number) => list.reduce((s, c) => s + pick(c), 0);
  const raised = sum((c) => randToCents(c.raised_amount));
  const live = list.filter((c) => c.campaign_status === 'active');
  const target = live.reduce((s, c) => s + randToCents(c.target_amount), 0);
  const investors = sum((c) => c.investor_count);
  const repaid = sum((c) => randToCents(c.repaid_amount));
  return (
    <QueryState
      query={mine}
      icon={Target}
      empty={{ title: t('mine.empty_title'), message: t('mine.empty_text') }}
    >
      {() => (
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="entrepreneur-dashboard">
          <StatCard label={t('dashboard.raised')} value={formatRand(raised)} icon={HandCoins} />
          <StatCard
            label={t('dashboard.open_target')}
            value={formatRand(target)}
            icon={Target}
            hint={t('dashboard.open_count', { count: live.length })}
          />
          <StatCard label={t('dashboard.investors')} value={String(investors)} icon={Users} />
          <StatCard label={t('dashboard.repaid')} value={formatRand(repaid)} icon={Banknote} />
        </div>
      )}
    </QueryState>
  );
}

function RepaymentDialog({ campaign, onClose }: { campaign: CrowdCampaign; onClose: () => void }) {
  const { t } = useTranslation('betacrowd');
  const record = useRecordRepayment();
  const [method, setMethod] = useState<FundingMethod>('eft');
  const number = campaign.repaid_instalments + 1;
  const instalment = scheduleOf(campaign)[number - 1];
  if (!instalment) return null;
  return (
    <ConfirmDialog
      title={t('repay.title', { title: campaign.campaign_title })}
      confirmLabel={t('repay.confirm', { amount: formatRand(instalment.payment_cents) })}
      danger={false}
      busy={record.isPending}
      onClose={onClose}
      onConfirm={() =>
        record.mutate(
          { id: campaign.id, instalment_number: number, method },
          {
            onSuccess: () => {
              toastSuccess(t('repay.done', { number }));
              onClose();
            },
          },
        )
      }
    >
      <p className="text-sm text-stone-800">
        {t('repay.text', {
          number,
          count: instalmentCount(campaign.loan_term_months, campaign.repayment_frequency),
          amount: formatRand(instalment.payment_cents),
        })}
      </p>
      <div className="mt-3">
        <MethodSelect id="repay-method" label={t('repay.method')} value={method} onChange={setMethod} />
      </div>
      <p className="mt-3 text-sm text-stone-600">{t('repay.no_money')}</p>
    </ConfirmDialog>
  );
}

/** Cancel before funding: the dialog says what goes back to whom before anything is refunded. */
function CancelCampaignDialog({ campaign, onClose }: { campaign: CrowdCampaign; onClose: () => void }) {
  const { t } = useTranslation('betacrowd');
  const cancel = useCancelCampaign();
  const raised = randToCents(campaign.raised_amount);
  return (
    <ConfirmDialog
      title={t('close_campaign.title', { title: campaign.campaign_title })}
      message={
        raised > 0
          ? t('close_campaign.text', { amount: formatRand(raised), count: campaign.investor_count })
          : t('close_campaign.text_none')
      }
      confirmLabel={t('close_campaign.confirm')}
      cancelLabel={t('close_campaign.keep')}
      busy={cancel.isPending}
      onClose={onClose}
      onConfirm={() =>
        cancel.mutate(campaign.id, {
          onSuccess: (result) => {
            const refunded = result.refunds.reduce((sum, r) => sum + randToCents(r.amount), 0);
            toastSuccess(
              refunded > 0
                ? t('close_campaign.done', { amount: formatRand(refunded) })
                : t('close_campaign.done_none'),
            );
            onClose();
          },
        })
      }
    />
  );
}

export function MyCampaignsTab({ onCreate }: { onCreate: () => void }) {
  const { t } = useTranslation('betacrowd');
  const mine = useMyCampaigns();
  const [repaying, setRepaying] = useState<CrowdCampaign | null>(null);
  const [cancelling, setCancelling] = useState<CrowdCampaign | null>(null);
  return (
    <>
      <QueryState
        query={mine}
        icon={Target}
        empty={{
          title: t('mine.empty_title'),
          message: t('mine.empty_text'),
          action: <Button onClick={onCreate}>{t('create.open')}</Button>,
        }}
      >
        {(list) => (
          <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3" data-testid="my-campaigns">
            {list.map((c) => (
              <li key={c.id} className="min-w-0">
                <CampaignCard campaign={c} showStatus>
                  {repayable(c) && (
                    <Button variant="outline" onClick={() => setRepaying(c)} data-testid="record-repayment">
                      <Banknote aria-hidden className="size-4" />
                      {t('repay.open', {
                        number: c.repaid_instalments + 1,
                        count: instalmentCount(c.loan_term_months, c.repayment_frequency),
                      })}
                    </Button>
                  )}
                  {isClosable(c.campaign_status) && (
                    <Button variant="outline" onClick={() => setCancelling(c)} data-testid="cancel-campaign">
                      <XCircle aria-hidden className="size-4" />
                      {t('close_campaign.open')}
                    </Button>
                  )}
                  {c.campaign_status === 'expired' && (
                    <p className="text-sm text-stone-700">{t('close_campaign.expired_note')}</p>
                  )}
                </CampaignCard>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {repaying && <RepaymentDialog campaign={repaying} onClose={() => setRepaying(null)} />}
      {cancelling && <CancelCampaignDialog campaign={cancelling} onClose={() => setCancelling(null)} />}
    </>
  );
}

export function InvestorRelationsTab() {
  const { t, i18n } = useTranslation('betacrowd');
  const relations = useInvestorRelations();
  return (
    <QueryState
      query={relations}
      icon={Users}
      empty={{ title: t('relations.empty_title'), message: t('relations.empty_text') }}
    >
      {(list) => (
        <Card>
          <ul className="divide-y divide-stone-100" data-testid="investor-relations">
            {list.map((r) => (
              <li
                key={`${r.campaign_id}-${r.investor_id}`}
                className="flex items-start justify-between gap-3 p-3 text-sm"
              >
                <div className="min-w-0">
                  <p className="font-medium break-words text-stone-900">{r.investor_name}</p>
                  <p className="break-words text-stone-600">
                    {r.campaign_title} · {formatDate(r.invested_at, i18n.language)}
                  </p>
                </div>
                <div className="shrink-0 text-right">
                  <p className="font-semibold whitespace-nowrap tabular-nums">{formatMoney(r.amount)}</p>
                  <p className="text-xs whitespace-nowrap text-stone-600">
                    {t('relations.repaid', { amount: formatMoney(r.repaid) })}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </QueryState>
  );
}

/** Documents: what the product really holds for a campaign, its collateral and its schedule as a CSV download. */
export function DocumentsTab() {
  const { t } = useTranslation('betacrowd');
  const mine = useMyCampaigns();
  const download = (c: CrowdCampaign) => {
    const csv = scheduleCsv(scheduleOf(c), [
      t('schedule.number'),
      t('schedule.payment'),
      t('schedule.interest'),
      t('schedule.principal'),
      t('schedule.balance'),
    ]);
    saveBlob(`repayment-schedule-${c.id}.csv`, new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  };
  return (
    <QueryState
      query={mine}
      icon={FileText}
      empty={{ title: t('mine.empty_title'), message: t('mine.empty_text') }}
    >
      {(list) => (
        <ul className="space-y-3" data-testid="documents">
          {list.map((c) => (
            <li key={c.id}>
              <Card className="space-y-3 p-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="font-semibold break-words text-stone-900">{c.campaign_title}</h3>
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => download(c)}
                    data-testid="download-schedule"
                  >
                    <Download aria-hidden className="size-4" />
                    {t('documents.download')}
                  </Button>
                </div>
                <div className="text-sm">
                  <p className="font-medium text-stone-900">{t('documents.collateral')}</p>
                  <p className="break-words text-stone-700">{c.collateral_description}</p>
                </div>
                <details>
                  <summary className="cursor-pointer text-sm font-medium text-brand-800">
                    {t('documents.schedule', { total: formatRand(randToCents(c.target_amount)) })}
                  </summary>
                  <div className="mt-2">
                    <ScheduleTable schedule={scheduleOf(c)} />
                  </div>
                </details>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}
