import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { setSalesTargetSchema, type SalesTarget, type SetSalesTarget } from '@tt/domain';
import type { z } from 'zod';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { Field, Input, Select } from '../../../components/ui/Field';
import { applyServerErrors } from '../../../lib/form-errors';
import { useSetTarget } from '../api';
import { fieldMessage } from '../format';

type TargetForm = z.input<typeof setSalesTargetSchema>;
const toNumber = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v));

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
  const { t } = useTranslation(['crm', 'errors']);
  const save = useSetTarget();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TargetForm, unknown, SetSalesTarget>({
    resolver: zodResolver(setSalesTargetSchema),
    defaultValues: {
      ...(initial ? { rep_id: initial.rep_id } : {}),
      month,
      ...(initial?.target_amount ? { target_amount: initial.target_amount } : {}),
    },
  });
  const onSubmit = handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: (saved) => onSaved(t('targets.saved', { name: saved.rep_name })),
      onError: (error) => void applyServerErrors(error, setError, t, ['rep_id', 'month', 'target_amount']),
    }),
  );
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('targets.dialog_title')}
      description={t('targets.dialog_text')}
      closeLabel={t('close')}
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={save.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" form="crm-target-form" loading={save.isPending} data-testid="save-target">
            {t('targets.save')}
          </Button>
        </div>
      }
    >
      <form id="crm-target-form" onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
        <Field
          label={t('targets.rep')}
          htmlFor="target-rep"
          required
          error={fieldMessage(errors.rep_id, t, t('targets.invalid_rep'))}
        >
          <Select
            id="target-rep"
            aria-invalid={errors.rep_id ? true : undefined}
            {...register('rep_id', { setValueAs: toNumber })}
          >
            {!initial && <option value="">{t('targets.invalid_rep')}</option>}
            {reps.map((rep) => (
              <option key={rep.rep_id} value={rep.rep_id}>
                {rep.rep_name}
              </option>
            ))}
          </Select>
        </Field>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field
            label={t('targets.month')}
            htmlFor="target-month"
            required
            error={fieldMessage(errors.month, t)}
          >
            <Input
              id="target-month"
              type="month"
              aria-invalid={errors.month ? true : undefined}
              {...register('month')}
            />
          </Field>
          <Field
            label={t('targets.amount')}
            htmlFor="target-amount"
            required
            error={fieldMessage(errors.target_amount, t, t('targets.invalid_amount'))}
          >
            <Input
              id="target-amount"
              type="number"
              inputMode="decimal"
              min={0.01}
              step={0.01}
              autoFocus
              aria-invalid={errors.target_amount ? true : undefined}
              {...register('target_amount', { setValueAs: toNumber })}
            />
          </Field>
        </div>
      </form>
    </Dialog>
  );
}
