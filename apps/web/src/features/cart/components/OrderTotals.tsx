import { useTranslation } from 'react-i18next';
import { formatRand } from '@tt/domain';

/** DECISIONS 18: goods before VAT, VAT on its own line, delivery, and the total the buyer pays. */
export function OrderTotals({
  subtotal,
  discount = 0,
  rewards = 0,
  vat,
  delivery,
  deliveryLabel,
  total,
  totalLabel,
  testPrefix = 'summary',
}: {
  subtotal: number;
  /** What the offers take off the goods (shown when there is some). */
  discount?: number;
  /** The rewards credit spent (shown when there is some). */
  rewards?: number;
  vat: number;
  delivery: number;
  deliveryLabel?: string;
  total: number;
  /** "Estimated total" while the server's quote is not there (the cart's own figures, before offers). */
  totalLabel?: string;
  testPrefix?: string;
}) {
  const { t } = useTranslation('cart');
  return (
    <dl className="space-y-2 text-sm">
      <Row label={t('summary.subtotal')} value={formatRand(subtotal)} testId={`${testPrefix}-subtotal`} />
      {discount > 0 && (
        <Row
          label={t('summary.discount')}
          value={`−${formatRand(discount)}`}
          testId={`${testPrefix}-discount`}
          tone="saving"
        />
      )}
      {rewards > 0 && (
        <Row
          label={t('summary.rewards')}
          value={`−${formatRand(rewards)}`}
          testId={`${testPrefix}-rewards`}
          tone="saving"
        />
      )}
      <Row label={t('summary.vat')} value={formatRand(vat)} testId={`${testPrefix}-vat`} />
      <Row
        label={deliveryLabel ?? t('summary.delivery')}
        value={formatRand(delivery)}
        testId={`${testPrefix}-delivery`}
      />
      <div className="flex items-baseline justify-between gap-3 border-t border-stone-200 pt-2 text-base font-bold">
        <dt>{totalLabel ?? t('summary.total')}</dt>
        <dd className="whitespace-nowrap tabular-nums" data-testid={`${testPrefix}-total`}>
          {formatRand(total)}
        </dd>
      </div>
    </dl>
  );
}

function Row({
  label,
  value,
  testId,
  tone,
}: {
  label: string;
  value: string;
  testId: string;
  tone?: 'saving';
}) {
  return (
    <div
      className={
        tone === 'saving'
          ? 'flex items-baseline justify-between gap-3 text-green-800'
          : 'flex items-baseline justify-between gap-3'
      }
    >
      <dt className={tone === 'saving' ? 'min-w-0' : 'min-w-0 text-stone-600'}>{label}</dt>
      <dd className="font-medium whitespace-nowrap tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
