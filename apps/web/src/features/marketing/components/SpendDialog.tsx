import { useTranslation } from 'react-i18next';
import { campaignSpendSchema, type Campaign } from '@tt/domain';
import { FormActions, FormField, toNumber, useContractForm, useFormSubmit } from '../../../components/form';
import { Dialog } from '../../../components/ui/Dialog';
import { formatMoney } from '../../../lib/format';
import { useRecordSpend } from '../api';

/** Record money spent on a campaign (no payment is made here, DECISIONS 17): it fills the budget bar. */
export function SpendDialog({
  campaign,
  onClose,
  onSaved,
}: {
  campaign: Campaign;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const { t } = useTranslation('marketing');
  const record = useRecordSpend(campaign.id);
  const form = useContractForm(campaignSpendSchema, { defaultValues: {} });
  const submit = useFormSubmit(form, record.mutateAsync, {
    keepValues: true,
    onSuccess: (saved) =>
      onSaved(t('spend.saved', { name: saved.name, spent: formatMoney(saved.spent_amount) })),
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('spend.title', { name: campaign.name })}
      description={t('spend.text', {
        spent: formatMoney(campaign.spent_amount),
        budget: formatMoney(campaign.budget_amount),
      })}
      closeLabel={t('close')}
      footer={
        <FormActions
          formId="spend-form"
          submitLabel={t('spend.save')}
          busy={record.isPending}
          onCancel={onClose}
          testId="save-spend"
        />
      }
    >
      <form id="spend-form" onSubmit={submit} noValidate className="space-y-4">
        <FormField
          form={form}
          name="amount"
          id="spend-amount"
          label={t('spend.amount')}
          type="number"
          required
          inputProps={{ inputMode: 'decimal', min: 0.01, step: 0.01, autoFocus: true }}
          registerOptions={{ setValueAs: toNumber }}
        />
      </form>
    </Dialog>
  );
}
