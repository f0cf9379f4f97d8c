import { useTranslation } from 'react-i18next';
import { BILLING_PERIODS, type BillingPeriod } from '@tt/domain';
import { cn } from '../../../components/ui/cn';

/** Monthly or yearly prices; yearly carries spec 2's "Save 17%". */
export function BillingToggle({
  value,
  onChange,
  saving,
}: {
  value: BillingPeriod;
  onChange: (period: BillingPeriod) => void;
  saving: number;
}) {
  const { t } = useTranslation('subscriptions');
  return (
    <div
      role="radiogroup"
      aria-label={t('billing.label')}
      className="inline-flex rounded-lg border border-stone-300 bg-white p-1"
      data-testid="billing-toggle"
    >
      {BILLING_PERIODS.map((period) => (
        <button
          key={period}
          type="button"
          role="radio"
          aria-checked={value === period}
          onClick={() => onChange(period)}
          data-testid={`billing-${period}`}
          className={cn(
            'inline-flex h-9 items-center gap-2 rounded-md px-3 text-sm font-medium',
            value === period ? 'bg-stone-900 text-white' : 'text-stone-700 hover:bg-stone-100',
          )}
        >
          {t(`billing.${period}`)}
          {period === 'yearly' && saving > 0 && (
            <span
              className={cn(
                'rounded-full px-2 py-0.5 text-xs font-semibold',
                value === period ? 'bg-green-100 text-green-900' : 'bg-green-100 text-green-800',
              )}
              data-testid="yearly-saving"
            >
              {t('billing.save', { percent: saving })}
            </span>
          )}
        </button>
      ))}
    </div>
  );
}
