import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, Crown } from 'lucide-react';
import {
  planRank,
  yearlySavingPercent,
  type BillingPeriod,
  type MySubscription,
  type SubscriptionPlan,
} from '@tt/domain';
import { Card } from '../../components/ui/Card';
import { LoadError } from '../../components/ui/LoadError';
import { Loading } from '../../components/ui/Loading';
import { PageHeader } from '../../components/ui/PageHeader';
import { useMySubscription, usePlans, useUsageStats } from './api';
import { BillingToggle } from './components/BillingToggle';
import { ChangePlanDialog } from './components/ChangePlanDialog';
import { CurrentPlanCard } from './components/CurrentPlanCard';
import { FeeCalculator } from './components/FeeCalculator';
import { PlanCard } from './components/PlanCard';
import { UsagePanel } from './components/UsagePanel';

/** Spec 2's /subscription: the plans with the billing toggle, the current plan and its usage, the fee calculator. */
export default function SubscriptionPage() {
  const { t } = useTranslation('subscriptions');
  const plans = usePlans();
  const mine = useMySubscription();
  const usage = useUsageStats();
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const [choice, setChoice] = useState<SubscriptionPlan | null>(null);
  const [changed, setChanged] = useState<MySubscription | null>(null);

  const list = plans.data ?? [];
  const saving = Math.max(
    0,
    ...list.map((p) => yearlySavingPercent(p.price_monthly * 100, p.price_yearly * 100)),
  );

  return (
    <>
      <PageHeader title={t('page.title')} subtitle={t('page.subtitle')} />
      {changed && (
        <p
          role="status"
          className="mb-4 flex items-start gap-2 rounded-lg bg-green-50 p-3 text-sm text-green-900"
          data-testid="plan-changed"
        >
          <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0" />
          {t('confirm.done', { plan: t(`tiers.${changed.plan_tier}.name`) })}
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        {mine.isPending ? (
          <Card className="p-4">
            <Loading label={t('common:common.loading')} />
          </Card>
        ) : mine.data ? (
          <CurrentPlanCard subscription={mine.data} />
        ) : (
          <LoadError icon={Crown} onRetry={() => void mine.refetch()} />
        )}
        {usage.isPending ? (
          <Card className="p-4">
            <Loading label={t('common:common.loading')} />
          </Card>
        ) : usage.data ? (
          <UsagePanel usage={usage.data} />
        ) : (
          <LoadError icon={Crown} onRetry={() => void usage.refetch()} />
        )}
      </div>

      <section className="mt-6" aria-labelledby="plans-heading">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h2 id="plans-heading" className="text-lg font-semibold text-stone-900">
            {t('plans.title')}
          </h2>
          <BillingToggle value={period} onChange={setPeriod} saving={saving} />
        </div>
        {plans.isPending ? (
          <Loading label={t('common:common.loading')} />
        ) : !plans.data ? (
          <LoadError icon={Crown} onRetry={() => void plans.refetch()} />
        ) : (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="plan-list">
            {list.map((plan) => (
              <li key={plan.id} className="min-w-0">
                <PlanCard
                  plan={plan}
                  period={period}
                  current={mine.data ?? null}
                  onChoose={() => setChoice(plan)}
                  rankAbove={mine.data ? planRank(plan.tier) > planRank(mine.data.plan_tier) : true}
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      <FeeCalculator className="mt-6" />

      {choice && mine.data && (
        <ChangePlanDialog
          plan={choice}
          period={period}
          current={mine.data}
          onClose={() => setChoice(null)}
          onChanged={setChanged}
        />
      )}
    </>
  );
}
