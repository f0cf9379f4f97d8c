import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PosTransaction } from '@tt/domain';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { Field, Input } from '../../../components/ui/Field';
import { formatMoney } from '../../../lib/format';
import { useRefund } from '../api';

/** Refund or void a whole sale: the amount is shown before confirming, and a reason is required. */
export function RefundDialog({
  sale,
  onClose,
  onDone,
}: {
  sale: PosTransaction;
  onClose: () => void;
  onDone: (number: string) => void;
}) {
  const { t } = useTranslation('pos');
  const refund = useRefund();
  const [reason, setReason] = useState('');
  const ok = reason.trim().length >= 3;
  const amount = formatMoney(sale.total_amount);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !refund.isPending && onClose()}
      title={t('refund.title', { number: sale.transaction_number })}
      description={t('refund.hint', { amount })}
      closeLabel={t('close')}
      footer={
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onClose} disabled={refund.isPending}>
            {t('cancel')}
          </Button>
          <Button
            variant="danger"
            data-testid="confirm-refund"
            disabled={!ok}
            loading={refund.isPending}
            onClick={() =>
              refund.mutate(
                { id: sale.id, reason: reason.trim() },
                { onSuccess: () => onDone(sale.transaction_number) },
              )
            }
          >
            {t('refund.confirm', { amount })}
          </Button>
        </div>
      }
    >
      <Field label={t('refund.reason')} htmlFor="pos-refund-reason" required hint={t('refund.reason_hint')}>
        <Input
          id="pos-refund-reason"
          data-testid="refund-reason"
          maxLength={240}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Field>
    </Dialog>
  );
}
