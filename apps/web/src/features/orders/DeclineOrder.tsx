import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Ban } from 'lucide-react';
import { declineOrderSchema, sellerCanDecline, type Order } from '@tt/domain';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { Textarea } from '../../components/ui/Textarea';
import { useDeclineOrder } from './api';

/** Issue 10: the seller declines a pending order, saying why; the buyer is told and the stock returns. */
export function DeclineOrderAction({
  order,
  open,
  onOpenChange: setOpen,
}: {
  order: Order;
  /** While the form is open the screen hides its other actions, so one choice is in front of the seller. */
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('order_decline');
  const decline = useDeclineOrder();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  if (!sellerCanDecline(order.status)) return null;
  if (!open) {
    return (
      <Button
        variant="outline"
        className="w-full text-red-700 sm:w-auto"
        onClick={() => setOpen(true)}
        data-testid="decline-order"
      >
        <Ban aria-hidden className="size-4" />
        {t('decline')}
      </Button>
    );
  }
  const submit = () => {
    const parsed = declineOrderSchema.safeParse({ reason });
    if (!parsed.success) return setError(t('reason_required'));
    setError(undefined);
    decline.mutate({ id: order.id, reason: parsed.data.reason }, { onSuccess: () => setOpen(false) });
  };
  return (
    <div role="group" aria-label={t('title')} className="w-full space-y-2" data-testid="decline-form">
      <p className="text-sm text-stone-700">{t('text')}</p>
      <Field label={t('reason')} htmlFor="decline-reason" required error={error}>
        <Textarea
          id="decline-reason"
          value={reason}
          maxLength={500}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            setReason(e.target.value);
            if (error) setError(undefined);
          }}
          placeholder={t('reason_placeholder')}
        />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={() => setOpen(false)} disabled={decline.isPending}>
          {t('keep')}
        </Button>
        <Button variant="danger" loading={decline.isPending} onClick={submit} data-testid="confirm-decline">
          {t('confirm')}
        </Button>
      </div>
    </div>
  );
}

/** What the buyer (and the seller) read on a declined order. */
export function DeclineReason({ reason }: { reason: string }) {
  const { t } = useTranslation('order_decline');
  return (
    <div
      className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900"
      data-testid="decline-reason"
    >
      <p className="font-semibold">{t('declined_title')}</p>
      <p className="break-words">{reason}</p>
    </div>
  );
}
