import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Check, CheckCircle2, Crown } from 'lucide-react';
import { planRank, TRIAL_DAYS, type MySubscription, type SubscriptionPlan } from '@tt/domain';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { LoadError } from '../../../components/ui/LoadError';
import { Loading } from '../../../components/ui/Loading';
import { paths } from '../../../lib/paths';
import { useMySubscription, usePlans } from '../../subscriptions/api';
import { ChangePlanDialog, PlanCard } from '../../subscriptions';
import { ENTERPRISE_TIERS } from '../catalogue';

const PLUS = ['users', 'install', 'uptime', 'onboarding'] as const;

/**
 * The plans a large business chooses from: Professional and Enterprise as the plans table has them (prices and
 * limits, never copied here), chosen through /subscription's own confirmation with its trial; and Enterprise Plus,
 * priced by agreement, through Contact Sales.
 */
export function PricingTab({ onContactSales }: { onContactSales: () => void }) {
  const { t } = useTranslation('enterprise');
  const plans = usePlans();
  const mine = useMySubscription();
  const [choice, setChoice] = useState<SubscriptionPlan | null>(null);
  const [changed, setChanged] = useState<MySubscription | null>(null);
  if (plans.isPending || mine.isPending) return <Loading label={t('common:common.loading')} />;
  if (!plans.data || !mine.data)
    return <LoadError icon={Crown} onRetry={() => void Promise.all([plans.refetch(), mine.refetch()])} />;
  const current = mine.data;
  const offered = plans.data.filter((plan) => (ENTERPRISE_TIERS as readonly string[]).includes(plan.tier));
  return (
    <div className="grid gap-4">
      {changed && (
        <p
          role="status"
          className="flex items-start gap-2 rounded-lg bg-green-50 p-3 text-sm text-green-900"
          data-testid="plan-changed"
        >
          <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0" />
          {t('pricing.changed', { plan: t(`subscriptions:tiers.${changed.plan_tier}.name`) })}
        </p>
      )}
      <p className="text-sm text-stone-700">{t('pricing.trial', { days: TRIAL_DAYS })}</p>
      <ul className="grid grid-cols-1 gap-4 md:grid-cols-3" data-testid="enterprise-plans">
        {offered.map((plan) => (
          <li key={plan.id} className="min-w-0">
            <PlanCard
              plan={plan}
              period="monthly"
              current={current}
              rankAbove={planRank(plan.tier) > planRank(current.plan_tier)}
              onChoose={() => setChoice(plan)}
            />
          </li>
        ))}
        <li className="min-w-0">
          <Card className="flex h-full flex-col p-4" data-testid="enterprise-plus">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <h3 className="font-semibold text-stone-900">{t('pricing.plus.name')}</h3>
              <Badge tone="purple">{t('pricing.plus.badge')}</Badge>
            </div>
            <p className="mt-1 text-sm text-stone-600">{t('pricing.plus.text')}</p>
            <p className="mt-3 text-2xl font-bold text-stone-900">{t('pricing.plus.price')}</p>
            <ul className="mt-3 flex-1 space-y-1.5 text-sm text-stone-700">
              {PLUS.map((id) => (
                <li key={id} className="flex items-start gap-2">
                  <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-green-700" />
                  <span className="min-w-0">{t(`pricing.plus.items.${id}`)}</span>
                </li>
              ))}
            </ul>
            <Button className="mt-4 w-full" onClick={onContactSales} data-testid="plus-contact-sales">
              {t('sales.contact')}
            </Button>
          </Card>
        </li>
      </ul>
      <p className="text-sm">
        <Link to={paths.subscription} className="font-medium text-brand-700 underline underline-offset-2">
          {t('pricing.all_plans')}
        </Link>
      </p>
      {choice && (
        <ChangePlanDialog
          plan={choice}
          period="monthly"
          current={current}
          onClose={() => setChoice(null)}
          onChanged={setChanged}
        />
      )}
    </div>
  );
}
