import { useTranslation } from 'react-i18next';
import { setSalesTargetSchema, type SalesTarget } from '@tt/domain';
import { FormActions, FormField, toNumber, useContractForm, useFormSubmit } from '../../../components/form';
import { Dialog } from '../../../components/ui/Dialog';
import { Select } from '../../../components/ui/Field';
import { useSetTarget } from '../api';

/** Set Sales Target (managers): a rep's target for a month, replacing an earlier one. */
export function TargetDialog({
  reps,
  initial,
  month,
  onClose,
  onSaved,
}: {
  reps: SalesTarget[];
  /** The rep whose row it was opened from. */
  initial: SalesTarget | undefined;
  month: string;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const { t } = useTranslation('crm');
  const save = useSetTarget();
  const form = useContractForm(setSalesTargetSchema, {
    defaultValues: {
      ...(initial ? { rep_id: initial.rep_id } : {}),
      month,
      ...(initial?.target_amount ? { target_amount: initial.target_amount } : {}),
    },
  });
  const submit = useFormSubmit(form, save.mutateAsync, {
    keepValues: true,
    onSuccess: (saved) => onSaved(t('targets.saved', { name: saved.rep_name })),
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('targets.dialog_title')}
      description={t('targets.dialog_text')}
      closeLabel={t('close')}
      footer={
        <FormActions
          formId="crm-target-form"
          submitLabel={t('targets.save')}
          busy={save.isPending}
          onCancel={onClose}
          testId="save-target"
        />
      }
    >
      <form id="crm-target-form" onSubmit={submit} noValidate className="space-y-4">
        <FormField
          form={form}
          name="rep_id"
          id="target-rep"
          label={t('targets.rep')}
          required
          registerOptions={{ setValueAs: toNumber }}
        >
          {(control) => (
            <Select {...control}>
              {!initial && <option value="">{t('targets.invalid_rep')}</option>}
              {reps.map((rep) => (
                <option key={rep.rep_id} value={rep.rep_id}>
                  {rep.rep_name}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField
            form={form}
            name="month"
            id="target-month"
            label={t('targets.month')}
            type="month"
            required
          />
          <FormField
            form={form}
            name="target_amount"
            id="target-amount"
            label={t('targets.amount')}
            type="number"
            required
            inputProps={{ inputMode: 'decimal', min: 0.01, step: 0.01, autoFocus: true }}
            registerOptions={{ setValueAs: toNumber }}
          />
        </div>
      </form>
    </Dialog>
  );
}
