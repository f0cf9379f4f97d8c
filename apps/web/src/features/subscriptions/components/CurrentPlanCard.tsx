import { useTranslation } from 'react-i18next';
import { CalendarClock, Crown } from 'lucide-react';
import { randToCents, formatRand, type MySubscription } from '@tt/domain';
import { Badge } from '../../../components/ui/Badge';
import { Card } from '../../../components/ui/Card';
import { formatDate } from '../../../lib/format';

/** The plan in force, its trial and when (and how much) the next payment falls due. */
export function CurrentPlanCard({ subscription: s }: { subscription: MySubscription }) {
  const { t, i18n } = useTranslation('subscriptions');
  const trialing = s.status === 'trialing' && s.trial_ends_at;
  return (
    <Card className="p-4 sm:p-5" data-testid="current-plan">
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-100 text-brand-700">
          <Crown aria-hidden className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-xs font-medium text-stone-600">{t('current.label')}</p>
          <p className="text-xl font-bold break-words text-stone-900" data-testid="current-plan-name">
            {t(`tiers.${s.plan_tier}.name`)}
          </p>
        </div>
        <Badge tone={trialing ? 'blue' : 'green'}>{t(`status.${s.status}`)}</Badge>
      </div>
      <dl className="mt-4 space-y-2 text-sm">
        {s.plan_tier !== 'free' && (
          <div className="flex justify-between gap-3">
            <dt className="text-stone-600">{t('current.billing')}</dt>
            <dd className="text-right font-medium" data-testid="current-billing">
              {t('current.price', {
                price: formatRand(randToCents(s.amount)),
                period: t(`billing.per_${s.billing_period}`),
              })}
            </dd>
          </div>
        )}
        {trialing && (
          <div className="flex justify-between gap-3">
            <dt className="text-stone-600">{t('current.trial_until')}</dt>
            <dd className="text-right font-medium">{formatDate(s.trial_ends_at!, i18n.language)}</dd>
          </div>
        )}
        <div className="flex justify-between gap-3">
          <dt className="flex items-center gap-1.5 text-stone-600">
            <CalendarClock aria-hidden className="size-4" />
            {t('current.next_payment')}
          </dt>
          <dd className="text-right font-medium" data-testid="next-payment">
            {s.next_payment_date
              ? formatDate(`${s.next_payment_date}T12:00:00Z`, i18n.language)
              : t('current.no_payment')}
          </dd>
        </div>
      </dl>
      {s.plan_tier !== 'free' && (
        <p className="mt-3 rounded-lg bg-stone-50 p-3 text-xs text-stone-600">{t('current.not_charged')}</p>
      )}
    </Card>
  );
}
