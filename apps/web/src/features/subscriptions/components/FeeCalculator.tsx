import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Calculator, Info } from 'lucide-react';
import { formatRand, TRANSACTION_FEE_PERCENT, transactionFees } from '@tt/domain';
import { Card, CardHeader } from '../../../components/ui/Card';
import { Field, Input } from '../../../components/ui/Field';

/** Spec 2 §9 / DECISIONS 17: the fee schedule (2.5% + 2.5%), saying that checkout charges none today. */
export function FeeCalculator({ className }: { className?: string }) {
  const { t } = useTranslation('subscriptions');
  const [amount, setAmount] = useState('1000');
  // Spec 2 §5: a value that is not a number counts as 0.
  const parsed = Number(amount.replace(',', '.'));
  const cents = Number.isFinite(parsed) && parsed > 0 ? Math.round(parsed * 100) : 0;
  const fees = transactionFees(cents);
  const rows = [
    ['trader_fee', fees.trader_fee_cents, { percent: TRANSACTION_FEE_PERCENT.trader }],
    ['supplier_fee', fees.supplier_fee_cents, { percent: TRANSACTION_FEE_PERCENT.supplier }],
    ['total_fee', fees.total_fee_cents, {}],
    ['trader_pays', fees.trader_pays_cents, {}],
    ['supplier_receives', fees.supplier_receives_cents, {}],
  ] as const;
  return (
    <Card className={className} data-testid="fee-calculator">
      <CardHeader title={t('fees.title')} subtitle={t('fees.subtitle')} />
      <div className="grid gap-4 px-4 py-4 sm:grid-cols-2 sm:px-5">
        <div>
          <Field label={t('fees.amount')} htmlFor="fee-amount">
            <Input
              id="fee-amount"
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
          </Field>
          <p className="mt-3 flex items-start gap-2 rounded-lg bg-yellow-50 p-3 text-sm text-yellow-900">
            <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span data-testid="fees-not-charged">{t('fees.not_charged')}</span>
          </p>
        </div>
        <dl className="space-y-2 text-sm">
          {rows.map(([key, value, params]) => (
            <div
              key={key}
              className={
                key === 'total_fee'
                  ? 'flex justify-between gap-3 border-t border-stone-200 pt-2 font-semibold'
                  : 'flex justify-between gap-3'
              }
            >
              <dt className="flex min-w-0 items-center gap-1.5 text-stone-700">
                {key === 'total_fee' && <Calculator aria-hidden className="size-4 shrink-0" />}
                {t(`fees.${key}`, params)}
              </dt>
              <dd className="shrink-0 text-stone-900 tabular-nums" data-testid={`fee-${key}`}>
                {formatRand(value)}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </Card>
  );
}
