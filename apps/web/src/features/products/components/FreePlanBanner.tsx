import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Crown } from 'lucide-react';
import { FREE_PLAN_BROWSE_LIMIT } from '@tt/domain';
import { buttonClass } from '../../../components/ui/Button';
import { paths } from '../../../lib/paths';
import { usePlanRestrictions } from '../api';

/** Spec 1 §2: on the free plan, or with no plan data, the browsing limit and a way to upgrade. */
export function FreePlanBanner() {
  const { t } = useTranslation('products');
  const plan = usePlanRestrictions();
  if (plan.isPending) return null;
  const data = plan.data;
  if (data && data.plan_type !== 'free') return null;
  const limit = data && data.max_products_browse > 0 ? data.max_products_browse : FREE_PLAN_BROWSE_LIMIT;
  return (
    <div
      data-testid="free-plan-banner"
      className="mb-4 flex flex-wrap items-center gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3"
    >
      <Crown aria-hidden className="size-5 shrink-0 text-amber-600" />
      <p className="min-w-0 flex-1 text-sm text-amber-900">
        <span className="font-semibold">{t('free_plan.title')}</span> {t('free_plan.message', { limit })}
      </p>
      <Link to={paths.subscription} className={buttonClass('primary', 'sm')}>
        {t('free_plan.upgrade')}
      </Link>
    </div>
  );
}
