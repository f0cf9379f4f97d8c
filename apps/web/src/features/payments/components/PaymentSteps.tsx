import { useTranslation } from 'react-i18next';
import { Card, CardHeader } from '../../../components/ui/Card';
import { cn } from '../../../components/ui/cn';
import { PAYMENT_STEPS } from './methods';

/** Spec 1's four-step progress display; the first step (choosing a method) is the one on this page. */
export function PaymentSteps() {
  const { t } = useTranslation('payments');
  return (
    <Card data-testid="payment-steps">
      <CardHeader title={t('steps.title')} subtitle={t('steps.subtitle')} />
      <ol className="grid gap-3 p-4 sm:grid-cols-2 sm:p-5">
        {PAYMENT_STEPS.map((step, index) => (
          <li
            key={step}
            aria-current={index === 0 ? 'step' : undefined}
            className={cn(
              'flex gap-3 rounded-lg border p-3',
              index === 0 ? 'border-brand-600 bg-brand-50' : 'border-stone-200',
            )}
          >
            <span
              className={cn(
                'grid size-8 shrink-0 place-items-center rounded-full text-sm font-semibold',
                index === 0 ? 'bg-brand-700 text-white' : 'bg-stone-100 text-stone-700',
              )}
            >
              {index + 1}
            </span>
            <span className="min-w-0">
              <span className="block font-medium text-stone-900">{t(`steps.${step}.title`)}</span>
              <span className="block text-sm text-stone-600">{t(`steps.${step}.text`)}</span>
            </span>
          </li>
        ))}
      </ol>
    </Card>
  );
}
