import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CalendarClock, CircleCheck, Clock, PackageX, type LucideIcon } from 'lucide-react';
import { formatRandAmount, type AdviceKind, type SupplyChain } from '@tt/domain';
import { buttonClass } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { EmptyState } from '../../../components/ui/EmptyState';
import { paths } from '../../../lib/paths';
import { NoOrders } from './NoOrders';

const KIND: Record<AdviceKind, { icon: LucideIcon; tone: string; action: string; to: string }> = {
  // A scheduled order goes out once on its day, so the week's needs travel in one delivery.
  combine_deliveries: {
    icon: CalendarClock,
    tone: 'bg-green-100 text-green-800',
    action: 'schedule',
    to: `${paths.smartOrders}?tab=scheduled`,
  },
  slow_delivery: {
    icon: Clock,
    tone: 'bg-yellow-100 text-yellow-800',
    action: 'compare',
    to: paths.products,
  },
  cancellations: { icon: PackageX, tone: 'bg-red-100 text-red-800', action: 'compare', to: paths.products },
};

/** What the figures suggest (the domain's supplyChainAdvice), each with the screen that acts on it. */
export function OptimizationTab({ chain }: { chain: SupplyChain }) {
  const { t } = useTranslation('supply_chain');
  if (chain.totals.orders === 0) return <NoOrders />;
  if (chain.advice.length === 0)
    return (
      <Card>
        <EmptyState
          icon={CircleCheck}
          title={t('advice.none_title')}
          message={t('advice.none_message')}
          testId="no-advice"
        />
      </Card>
    );
  return (
    <ul className="grid gap-3" data-testid="supply-chain-advice">
      {chain.advice.map((a) => {
        const { icon: Icon, tone, action, to } = KIND[a.kind];
        return (
          <li key={`${a.kind}-${a.seller_id}`}>
            <Card
              className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start"
              data-testid="advice"
              data-kind={a.kind}
            >
              <span className={`grid size-10 shrink-0 place-items-center rounded-lg ${tone}`}>
                <Icon aria-hidden className="size-5" />
              </span>
              <div className="min-w-0 flex-1">
                <h3 className="font-semibold text-stone-900">
                  {t(`advice.${a.kind}.title`, { name: a.name })}
                </h3>
                <p className="mt-1 text-sm text-stone-700">
                  {t(`advice.${a.kind}.text`, {
                    name: a.name,
                    count: a.orders,
                    fees: formatRandAmount(a.delivery_fees ?? 0),
                    saving: formatRandAmount(a.saving ?? 0),
                    days: a.average_delivery_days ?? 0,
                    cancelled: a.cancelled ?? 0,
                  })}
                </p>
              </div>
              <Link to={to} className={buttonClass('outline', 'sm', 'shrink-0 self-start')}>
                {t(`advice.action.${action}`)}
              </Link>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
