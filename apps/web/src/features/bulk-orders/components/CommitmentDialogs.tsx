import { useTranslation } from 'react-i18next';
import { formatRand, randToCents, type BulkOrder, type Participation } from '@tt/domain';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { formatDate, formatMoney } from '../../../lib/format';

/** One line of what the member commits to: a label and its figure. */
function Term({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-1.5">
      <dt className="text-sm text-stone-600">{label}</dt>
      <dd className="text-right font-medium whitespace-nowrap tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * Joining a bulk order commits quantity x price (issue 10 point 3): the member sees what, how much, when
 * it is paid and how to leave before anything is written.
 */
export function JoinBulkOrderDialog({
  order,
  open,
  onOpenChange,
  onConfirm,
  joining,
}: {
  order: BulkOrder;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  joining: boolean;
}) {
  const { t, i18n } = useTranslation('bulk_orders');
  const quantity = order.minimum_quantity;
  const total = formatRand(randToCents(order.final_unit_price) * quantity);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('confirm.title')}
      description={order.product_name}
      closeLabel={t('confirm.close')}
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={joining}>
            {t('common:common.cancel')}
          </Button>
          <Button onClick={onConfirm} loading={joining} data-testid="confirm-join-bulk">
            {t('confirm.submit', { amount: total })}
          </Button>
        </div>
      }
    >
      <div data-testid="join-bulk-dialog">
        <dl className="divide-y divide-stone-100">
          <Term label={t('confirm.quantity')} value={t('card.units', { count: quantity })} />
          <Term label={t('confirm.unit_price')} value={formatMoney(order.final_unit_price)} />
          <Term label={t('confirm.total')} value={total} testId="commit-total" />
        </dl>
        <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm text-stone-700">
          <li>{t('confirm.when_paid', { date: formatDate(order.end_date, i18n.language) })}</li>
          <li>{t('confirm.leave_terms')}</li>
          <li>{t('confirm.seller_terms', { coop: order.coop_name })}</li>
        </ul>
      </div>
    </Dialog>
  );
}

/** Leaving frees the participation's quantity; said before it happens. */
export function LeaveBulkOrderDialog({
  participation,
  open,
  onOpenChange,
  onConfirm,
  leaving,
}: {
  participation: Participation;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  leaving: boolean;
}) {
  const { t } = useTranslation('bulk_orders');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('leave.title')}
      description={participation.product_name}
      closeLabel={t('confirm.close')}
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={leaving}>
            {t('leave.keep')}
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={leaving} data-testid="confirm-leave-bulk">
            {t('leave.submit')}
          </Button>
        </div>
      }
    >
      <p className="text-sm text-stone-700" data-testid="leave-bulk-dialog">
        {t('leave.text', {
          count: participation.quantity_ordered,
          amount: formatMoney(participation.total_amount),
        })}
      </p>
    </Dialog>
  );
}
