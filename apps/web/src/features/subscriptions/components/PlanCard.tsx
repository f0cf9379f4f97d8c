import { useTranslation } from 'react-i18next';
import { Check } from 'lucide-react';
import {
  formatRand,
  isEarlyAdopterTier,
  priceOf,
  randToCents,
  type BillingPeriod,
  type MySubscription,
  type SubscriptionPlan,
} from '@tt/domain';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { cn } from '../../../components/ui/cn';

const limit = (n: number) => (n < 0 ? '∞' : String(n));

/** One plan: its price for the chosen period, its limits, and what choosing it does from the current plan. */
export function PlanCard({
  plan,
  period,
  current,
  rankAbove,
  onChoose,
}: {
  plan: SubscriptionPlan;
  period: BillingPeriod;
  current: MySubscription | null;
  rankAbove: boolean;
  onChoose: () => void;
}) {
  const { t } = useTranslation('subscriptions');
  const isCurrentTier = current?.plan_tier === plan.tier;
  const free = plan.tier === 'free';
  // Spec 2 §4: the plan held (in this billing period) is Current Plan; any other can be chosen.
  const isCurrent = isCurrentTier && (free || current?.billing_period === period);
  const cents = priceOf(
    { monthly_cents: randToCents(plan.price_monthly), yearly_cents: randToCents(plan.price_yearly) },
    period,
  );
  const action = isCurrent
    ? t('plans.current')
    : !plan.available
      ? t('plans.closed')
      : free
        ? t('plans.downgrade')
        : isCurrentTier
          ? t(`plans.switch_${period}`)
          : rankAbove
            ? t('plans.upgrade')
            : t('plans.switch');
  const limits = [
    ['coop_members', plan.max_members],
    ['listed_products', plan.max_products],
    ['orders_monthly', plan.max_orders_monthly],
    ['warehouses', plan.max_warehouses],
    ['warehouse_space', plan.max_virtual_warehouse_space],
  ] as const;
  return (
    <Card
      className={cn('flex h-full flex-col p-4', isCurrentTier && 'border-brand-500 ring-2 ring-brand-200')}
      data-testid="plan-card"
      data-tier={plan.tier}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 font-semibold break-words text-stone-900">{t(`tiers.${plan.tier}.name`)}</h3>
        {isCurrentTier && <Badge tone="green">{t('plans.current')}</Badge>}
        {!isCurrentTier && isEarlyAdopterTier(plan.tier) && plan.available && (
          <Badge tone="orange">{t('plans.early_badge')}</Badge>
        )}
      </div>
      <p className="mt-1 text-sm text-stone-600">{t(`tiers.${plan.tier}.description`)}</p>
      <p className="mt-3 flex flex-wrap items-baseline gap-x-1">
        <span
          className="text-2xl font-bold whitespace-nowrap text-stone-900 tabular-nums"
          data-testid="plan-price"
        >
          {formatRand(cents)}
        </span>
        <span className="text-sm text-stone-600">{t(`billing.per_${period}`)}</span>
      </p>
      <ul className="mt-3 flex-1 space-y-1.5 text-sm text-stone-700">
        {limits.map(([key, value]) => (
          <li key={key} className="flex items-start gap-2">
            <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-green-700" />
            <span className="min-w-0">{t(`plans.limits.${key}`, { value: limit(value) })}</span>
          </li>
        ))}
      </ul>
      <Button
        className="mt-4 w-full"
        variant={isCurrent || free ? 'outline' : 'primary'}
        disabled={isCurrent || !plan.available}
        onClick={onChoose}
        data-testid="choose-plan"
      >
        {action}
      </Button>
    </Card>
  );
}
