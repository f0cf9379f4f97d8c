import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import type { MethodInfo } from './methods';

/** The fee line, and the settlement time where the spec gives one. */
export function MethodFacts({ method }: { method: MethodInfo }) {
  const { t } = useTranslation('payments');
  const amount = method.fixedRand !== undefined ? formatMoney(method.fixedRand) : '';
  const fee =
    method.percent && method.fixedRand !== undefined
      ? t('fees.percent_plus', { percent: method.percent, amount })
      : method.percent
        ? t('fees.percent', { percent: method.percent })
        : t('fees.per_transaction', { amount });
  return (
    <dl className="mt-2 grid gap-0.5 text-sm">
      <div className="flex flex-wrap gap-x-1.5">
        <dt className="text-stone-600">{t('fees.label')}</dt>
        <dd className="font-semibold text-stone-900" data-testid="method-fee">
          {fee}
        </dd>
      </div>
      {method.timing && (
        <div className="flex flex-wrap gap-x-1.5">
          <dt className="text-stone-600">{t('timing.label')}</dt>
          <dd className="font-medium text-stone-900" data-testid="method-timing">
            {t(`timing.${method.timing}`)}
          </dd>
        </div>
      )}
    </dl>
  );
}
