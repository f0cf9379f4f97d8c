import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Copy, ExternalLink, Pause, Play, Wallet } from 'lucide-react';
import { budgetPercent, budgetTone, randToCents, type Campaign, type CampaignStatus } from '@tt/domain';
import { Badge, type Tone } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ProgressBar } from '../../../components/ui/ProgressBar';
import { formatDate, formatMoney } from '../../../lib/format';
import { useSetPaused } from '../api';

const STATUS_TONES: Record<CampaignStatus, Tone> = {
  active: 'green',
  scheduled: 'blue',
  paused: 'yellow',
  completed: 'grey',
  cancelled: 'red',
};

/** The text colour of the budget figure: the bar's colour, dark enough for AA contrast on white. */
const BUDGET_TEXT: Record<'red' | 'yellow' | 'green', string> = {
  red: 'text-red-700',
  yellow: 'text-yellow-800',
  green: 'text-green-700',
};

export const campaignLink = (code: string) => `${window.location.origin}/c/${code}`;

/** One campaign: status, dates, budget bar (spec 2 §9's colours), tracked link, figures and controls. */
export function CampaignCard({
  campaign,
  onSpend,
  onNotice,
}: {
  campaign: Campaign;
  onSpend: () => void;
  onNotice: (message: string) => void;
}) {
  const { t, i18n } = useTranslation('marketing');
  const setPaused = useSetPaused();
  const [copied, setCopied] = useState(false);
  const link = campaignLink(campaign.code);
  const spent = randToCents(campaign.spent_amount);
  const budget = randToCents(campaign.budget_amount);
  const tone = budgetTone(spent, budget);
  const canToggle = campaign.status === 'active' || campaign.status === 'paused';
  const pause = campaign.status === 'active';
  const m = campaign.metrics;
  const copy = () =>
    void navigator.clipboard?.writeText(link).then(() => {
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    });
  return (
    <Card
      className="flex h-full flex-col gap-3 p-4"
      data-testid="campaign-card"
      data-campaign={campaign.name}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold break-words text-stone-900">{campaign.name}</h3>
          <p className="text-sm text-stone-600">
            {t(`types.${campaign.campaign_type}`)}
            {campaign.target_audience ? ` · ${campaign.target_audience}` : ''}
          </p>
        </div>
        <Badge tone={STATUS_TONES[campaign.status]}>
          <span data-testid="campaign-status" data-status={campaign.status}>
            {t(`statuses.${campaign.status}`)}
          </span>
        </Badge>
      </div>
      {campaign.description && <p className="text-sm text-stone-700">{campaign.description}</p>}
      <p className="text-sm text-stone-600">
        {campaign.end_date
          ? t('dates.range', {
              start: formatDate(campaign.start_date, i18n.language),
              end: formatDate(campaign.end_date, i18n.language),
            })
          : t('dates.from', { start: formatDate(campaign.start_date, i18n.language) })}
      </p>

      <div>
        <div className="mb-1 flex flex-wrap justify-between gap-x-2 text-sm">
          <span className="text-stone-600">{t('budget.label')}</span>
          <span className={`font-medium tabular-nums ${BUDGET_TEXT[tone]}`} data-testid="campaign-budget">
            {t('budget.used', {
              spent: formatMoney(campaign.spent_amount),
              budget: formatMoney(campaign.budget_amount),
            })}
          </span>
        </div>
        <ProgressBar percent={budgetPercent(spent, budget)} tone={tone} label={t('budget.label')} />
      </div>

      <dl className="grid grid-cols-3 gap-2 rounded-lg bg-stone-50 p-3 text-center">
        <div>
          <dt className="text-xs text-stone-600">{t('metrics.clicks')}</dt>
          <dd className="text-lg font-bold tabular-nums" data-testid="campaign-clicks">
            {m.clicks}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-stone-600">{t('metrics.conversions')}</dt>
          <dd className="text-lg font-bold tabular-nums" data-testid="campaign-conversions">
            {m.conversions}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-stone-600">{t('metrics.conversion_rate')}</dt>
          <dd className="text-lg font-bold tabular-nums">
            {m.conversion_rate === null ? '—' : `${m.conversion_rate}%`}
          </dd>
        </div>
      </dl>
      <p className="text-xs text-stone-600">{t('metrics.impressions_not_tracked')}</p>

      <div className="rounded-lg border border-stone-200 p-2">
        <p className="text-xs font-medium text-stone-600">{t('link.label')}</p>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <a
            href={link}
            target="_blank"
            rel="noreferrer"
            className="min-w-0 flex-1 font-mono text-sm break-all text-brand-700 underline"
            data-testid="campaign-link"
          >
            {link}
          </a>
          <Button
            variant="outline"
            size="sm"
            onClick={copy}
            aria-label={t('link.copy_label', { name: campaign.name })}
          >
            {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
            {copied ? t('link.copied') : t('link.copy')}
          </Button>
        </div>
        <p className="mt-1 flex items-center gap-1 text-xs text-stone-600">
          <ExternalLink aria-hidden className="size-3" />
          {t('link.leads_to', { path: campaign.target_path })}
        </p>
      </div>

      <div className="mt-auto flex flex-wrap gap-2">
        {canToggle && (
          <Button
            variant={pause ? 'outline' : 'primary'}
            size="sm"
            loading={setPaused.isPending}
            data-testid={pause ? 'pause-campaign' : 'resume-campaign'}
            onClick={() =>
              setPaused.mutate(
                { id: campaign.id, pause },
                {
                  onSuccess: () =>
                    onNotice(t(pause ? 'notice.paused' : 'notice.resumed', { name: campaign.name })),
                },
              )
            }
          >
            {pause ? <Pause aria-hidden className="size-4" /> : <Play aria-hidden className="size-4" />}
            {pause ? t('pause') : t('resume')}
          </Button>
        )}
        <Button variant="ghost" size="sm" onClick={onSpend} data-testid="record-spend">
          <Wallet aria-hidden className="size-4" />
          {t('spend.record')}
        </Button>
      </div>
    </Card>
  );
}
