import { useTranslation } from 'react-i18next';
import { CircleAlert } from 'lucide-react';
import { formatRand, randToCents } from '@tt/domain';
import type { CheckoutProblem as Problem } from '../useCheckoutFlow';

export function CheckoutProblem({ problem }: { problem: Problem }) {
  const { t } = useTranslation('cart');
  return (
    <div
      role="alert"
      data-testid="checkout-problem"
      className="flex gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
    >
      <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
      <p>
        {problem.kind === 'prices'
          ? t('errors.prices_changed', { total: formatRand(randToCents(problem.total)) })
          : problem.text}
      </p>
    </div>
  );
}
