import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, CloudOff, Printer } from 'lucide-react';
import type { PosTransaction } from '@tt/domain';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { Field, Select } from '../../../components/ui/Field';
import { formatMoney } from '../../../lib/format';
import { Receipt, type Paper } from './Receipt';

const PAPER_KEY = 'tt-pos-paper';

/** The success modal: transaction number, amount, method (and change); Print Receipt prints it. */
export function SuccessDialog({
  sale,
  queued,
  onClose,
}: {
  sale: PosTransaction;
  queued: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('pos');
  const [paper, setPaper] = useState<Paper>(() => (localStorage.getItem(PAPER_KEY) === '58' ? '58' : '80'));
  const choosePaper = (value: Paper) => {
    setPaper(value);
    localStorage.setItem(PAPER_KEY, value);
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('success.title')}
      closeLabel={t('close')}
      footer={
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" data-testid="print-receipt" onClick={() => window.print()}>
            <Printer aria-hidden className="size-4" />
            {t('success.print')}
          </Button>
          <Button data-testid="new-sale" onClick={onClose}>
            {t('success.new_sale')}
          </Button>
        </div>
      }
    >
      <div className="flex flex-col items-center gap-2 text-center" data-testid="pos-success">
        <CheckCircle2 aria-hidden className="size-10 text-green-700" />
        <p className="text-sm text-stone-600">{t('success.number')}</p>
        <p className="text-xl font-bold break-all text-stone-900" data-testid="transaction-number">
          {sale.transaction_number}
        </p>
        <p className="text-2xl font-bold text-brand-700">{formatMoney(sale.total_amount)}</p>
        <p className="text-sm text-stone-700">{t(`methods.${sale.payment_method}`)}</p>
        {sale.change_due !== null && (
          <p className="font-semibold text-stone-900">
            {t('payment.change', { amount: formatMoney(sale.change_due) })}
          </p>
        )}
        {queued && (
          <Badge tone="yellow" className="whitespace-normal">
            <CloudOff aria-hidden className="mr-1 size-3.5" />
            {t('success.queued')}
          </Badge>
        )}
      </div>
      <div className="mt-4 max-w-48">
        <Field label={t('success.paper')} htmlFor="pos-paper">
          <Select id="pos-paper" value={paper} onChange={(e) => choosePaper(e.target.value as Paper)}>
            <option value="80">{t('success.paper_mm', { mm: 80 })}</option>
            <option value="58">{t('success.paper_mm', { mm: 58 })}</option>
          </Select>
        </Field>
      </div>
      <Receipt sale={sale} paper={paper} />
    </Dialog>
  );
}
