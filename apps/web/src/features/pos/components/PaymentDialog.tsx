import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banknote, CreditCard, Nfc, QrCode, Smartphone, type LucideIcon } from 'lucide-react';
import { centsToRand, changeDue, PAYMENT_METHODS, randToCents, type PaymentMethod } from '@tt/domain';
import { Button } from '../../../components/ui/Button';
import { cn } from '../../../components/ui/cn';
import { Dialog } from '../../../components/ui/Dialog';
import { Field, Input } from '../../../components/ui/Field';
import { formatMoney } from '../../../lib/format';

const ICONS: Record<PaymentMethod, LucideIcon> = {
  cash: Banknote,
  card: CreditCard,
  mobile: Smartphone,
  qr_code: QrCode,
  tap_pay: Nfc,
};

/** Tendered cash as cents, or null when the text is not an amount. */
function tenderedCents(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(trimmed)) return null;
  return randToCents(trimmed);
}

/**
 * The payment-method modal: the amount due, the five methods (DECISIONS 17: recorded as paid by the chosen
 * method, nothing is charged), and for cash the amount tendered with the change. Confirming records it.
 */
export function PaymentDialog({
  open,
  totalCents,
  processing,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  totalCents: number;
  processing: boolean;
  onCancel: () => void;
  onConfirm: (method: PaymentMethod, tenderedCents: number | null) => void;
}) {
  const { t } = useTranslation('pos');
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [tendered, setTendered] = useState('');
  const cash = method === 'cash';
  const cents = tendered.trim() === '' ? null : tenderedCents(tendered);
  const tooLittle = cash && cents !== null && cents < totalCents;
  const invalid = cash && tendered.trim() !== '' && cents === null;
  const ready = !cash || (cents !== null && !tooLittle);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !processing && onCancel()}
      title={t('payment.title')}
      description={t('payment.due', { amount: formatMoney(centsToRand(totalCents)) })}
      closeLabel={t('close')}
      footer={
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onCancel} disabled={processing}>
            {t('cancel')}
          </Button>
          <Button
            data-testid="confirm-payment"
            loading={processing}
            disabled={!ready}
            onClick={() => onConfirm(method, cash ? cents : null)}
          >
            {processing
              ? t('payment.processing')
              : t('payment.confirm', { amount: formatMoney(centsToRand(totalCents)) })}
          </Button>
        </div>
      }
    >
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-stone-700">{t('payment.method')}</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {PAYMENT_METHODS.map((m) => {
            const Icon = ICONS[m];
            return (
              <label
                key={m}
                className={cn(
                  'flex cursor-pointer items-center gap-2 rounded-lg border p-3 text-sm',
                  method === m ? 'border-brand-600 bg-brand-50 font-medium' : 'border-stone-200',
                )}
              >
                <input
                  type="radio"
                  name="pos-method"
                  value={m}
                  data-testid={`method-${m}`}
                  checked={method === m}
                  onChange={() => setMethod(m)}
                  className="accent-brand-600"
                />
                <Icon aria-hidden className="size-4 shrink-0" />
                <span className="break-words">{t(`methods.${m}`)}</span>
              </label>
            );
          })}
        </div>
      </fieldset>
      {cash ? (
        <div className="mt-4 space-y-2">
          <Field
            label={t('payment.tendered')}
            htmlFor="pos-tendered"
            required
            error={
              invalid ? t('payment.tendered_invalid') : tooLittle ? t('payment.tendered_short') : undefined
            }
          >
            <Input
              id="pos-tendered"
              data-testid="pos-tendered"
              inputMode="decimal"
              autoFocus
              value={tendered}
              aria-invalid={invalid || tooLittle ? true : undefined}
              onChange={(e) => setTendered(e.target.value)}
            />
          </Field>
          {cents !== null && !tooLittle && (
            <p className="text-base font-semibold text-stone-900" data-testid="pos-change">
              {t('payment.change', { amount: formatMoney(centsToRand(changeDue(cents, totalCents))) })}
            </p>
          )}
        </div>
      ) : (
        <p className="mt-4 text-sm text-stone-600">{t('payment.not_charged')}</p>
      )}
    </Dialog>
  );
}
