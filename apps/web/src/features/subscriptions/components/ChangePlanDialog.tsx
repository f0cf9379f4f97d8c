import { useTranslation } from 'react-i18next';
import { CalendarClock, Info } from 'lucide-react';
import {
  firstPaymentDate,
  formatRand,
  priceOf,
  randToCents,
  TRIAL_DAYS,
  type BillingPeriod,
  type MySubscription,
  type SubscriptionPlan,
} from '@tt/domain';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { formatDate } from '../../../lib/format';
import { useChangePlan } from '../api';

/**
 * The confirmation before a plan change (DECISIONS 17): what it costs, that a paid plan starts with a
 * 14-day trial and when the first payment falls due, and that nothing is charged here. On success the
 * subscription is reloaded and the dialog closes; a failure keeps it open and ends the processing state.
 */
export function ChangePlanDialog({
  plan,
  period,
  current,
  onClose,
  onChanged,
}: {
  plan: SubscriptionPlan;
  period: BillingPeriod;
  current: MySubscription;
  onClose: () => void;
  onChanged: (subscription: MySubscription) => void;
}) {
  const { t, i18n } = useTranslation('subscriptions');
  const change = useChangePlan();
  const cents = priceOf(
    { monthly_cents: randToCents(plan.price_monthly), yearly_cents: randToCents(plan.price_yearly) },
    period,
  );
  const paid = cents > 0;
  const name = t(`tiers.${plan.tier}.name`);
  const due = formatDate(`${firstPaymentDate(new Date())}T12:00:00Z`, i18n.language);
  const confirm = () =>
    change.mutate(
      { plan_id: plan.id, billing_period: period, coop_id: current.coop_id },
      {
        onSuccess: (subscription) => {
          onChanged(subscription);
          onClose();
        },
      },
    );
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !change.isPending && onClose()}
      title={t(paid ? 'confirm.title' : 'confirm.title_free', { plan: name })}
      closeLabel={t('upgrade.close')}
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={change.isPending}>
            {t('common:common.cancel')}
          </Button>
          <Button onClick={confirm} loading={change.isPending} data-testid="confirm-plan">
            {change.isPending
              ? t('confirm.processing')
              : t(paid ? 'confirm.start_trial' : 'confirm.downgrade')}
          </Button>
        </div>
      }
    >
      <div className="space-y-4 text-sm text-stone-700" data-testid="change-plan-dialog">
        {paid ? (
          <>
            <p data-testid="confirm-cost">
              {t('confirm.cost', {
                plan: name,
                price: formatRand(cents),
                period: t(`billing.per_${period}`),
              })}
            </p>
            <p
              className="flex items-start gap-2 rounded-lg bg-blue-50 p-3 text-blue-900"
              data-testid="confirm-when"
            >
              <CalendarClock aria-hidden className="mt-0.5 size-4 shrink-0" />
              {t('confirm.trial', { days: TRIAL_DAYS, date: due, price: formatRand(cents) })}
            </p>
          </>
        ) : (
          <p data-testid="confirm-cost">{t('confirm.free_text')}</p>
        )}
        <p className="flex items-start gap-2 rounded-lg bg-stone-50 p-3 text-stone-600">
          <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
          {t(paid ? 'confirm.not_charged' : 'confirm.nothing_deleted')}
        </p>
      </div>
    </Dialog>
  );
}
