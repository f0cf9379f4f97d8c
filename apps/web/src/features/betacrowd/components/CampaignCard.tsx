import { useTranslation } from 'react-i18next';
import { randToCents, type CrowdCampaign } from '@tt/domain';
import { Badge, type Tone } from '../../../components/ui/Badge';
import { Card } from '../../../components/ui/Card';
import { ProgressBar } from '../../../components/ui/ProgressBar';
import { formatDate, formatMoney } from '../../../lib/format';

const riskTone: Record<CrowdCampaign['risk_level'], Tone> = { low: 'green', medium: 'yellow', high: 'red' };
export const statusTone: Record<CrowdCampaign['campaign_status'], Tone> = {
  pending_review: 'yellow',
  active: 'blue',
  funded: 'green',
  repaying: 'purple',
  completed: 'grey',
  rejected: 'red',
  cancelled: 'grey',
  expired: 'grey',
};

/** Raised of target, in whole percent (cents, so 99.995% never shows as 100%). */
export function raisedPercent(c: Pick<CrowdCampaign, 'raised_amount' | 'target_amount'>): number {
  const target = randToCents(c.target_amount);
  return target <= 0 ? 0 : Math.floor((randToCents(c.raised_amount) * 100) / target);
}

export function CampaignCard({
  campaign,
  showStatus = false,
  children,
}: {
  campaign: CrowdCampaign;
  showStatus?: boolean;
  children?: React.ReactNode;
}) {
  const { t, i18n } = useTranslation('betacrowd');
  const c = campaign;
  const percent = raisedPercent(c);
  return (
    <Card className="flex h-full flex-col gap-3 p-4" data-testid="campaign-card">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="blue">{t(`types.${c.campaign_type}`)}</Badge>
        <Badge tone={riskTone[c.risk_level]}>{t(`risk.${c.risk_level}`)}</Badge>
        {showStatus && <Badge tone={statusTone[c.campaign_status]}>{t(`status.${c.campaign_status}`)}</Badge>}
      </div>
      <div className="min-w-0">
        <h3 className="font-semibold break-words text-stone-900">{c.campaign_title}</h3>
        <p className="text-sm text-stone-600">{t('card.by', { name: c.entrepreneur_name })}</p>
      </div>
      <p className="line-clamp-3 text-sm text-stone-700">{c.description}</p>
      <div>
        <div className="flex flex-wrap justify-between gap-x-3 text-sm">
          <span className="font-semibold tabular-nums" data-testid="campaign-raised">
            {formatMoney(c.raised_amount)}
          </span>
          <span className="text-stone-600 tabular-nums">
            {t('card.of_target', { target: formatMoney(c.target_amount), percent })}
          </span>
        </div>
        <ProgressBar
          className="mt-1"
          percent={percent}
          label={t('card.progress', { percent })}
          tone={percent >= 100 ? 'green' : 'brand'}
        />
      </div>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        <dt className="text-stone-600">{t('card.rate')}</dt>
        <dd className="text-right font-medium tabular-nums">
          {t('card.rate_value', { rate: c.interest_rate })}
        </dd>
        <dt className="text-stone-600">{t('card.term')}</dt>
        <dd className="text-right font-medium">
          {t('card.term_value', {
            months: c.loan_term_months,
            frequency: t(`frequency.${c.repayment_frequency}`),
          })}
        </dd>
        <dt className="text-stone-600">{t('card.minimum')}</dt>
        <dd className="text-right font-medium tabular-nums">{formatMoney(c.minimum_investment)}</dd>
        <dt className="text-stone-600">{t('card.investors')}</dt>
        <dd className="text-right font-medium tabular-nums">{c.investor_count}</dd>
        <dt className="text-stone-600">{t('card.ends')}</dt>
        <dd className="text-right font-medium">{formatDate(c.end_date, i18n.language)}</dd>
      </dl>
      {c.review_note && (
        <p className="rounded-lg bg-stone-50 p-2 text-sm text-stone-700">
          {t('card.review_note', { note: c.review_note })}
        </p>
      )}
      {children && <div className="mt-auto flex flex-wrap gap-2 pt-1">{children}</div>}
    </Card>
  );
}
