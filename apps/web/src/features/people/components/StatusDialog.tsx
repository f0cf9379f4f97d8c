import { useTranslation } from 'react-i18next';
import { accountStatusChangeSchema, type AdminUser } from '@tt/domain';
import { FormField, useContractForm, useFormSubmit } from '../../../components/form';
import { Button } from '../../../components/ui/Button';
import { Dialog, DialogActions } from '../../../components/ui/Dialog';
import { Textarea } from '../../../components/ui/Textarea';
import { toastSuccess } from '../../../lib/toast';
import { useReactivate, useSuspend } from '../api';
import { Refusal, useRefusal } from './Refusal';

export type StatusChangeKind = 'suspend' | 'reactivate';

/** Suspending (its sessions and API keys end at once) or reactivating an account, always with a reason. */
export function StatusDialog({
  account,
  kind,
  onClose,
}: {
  account: AdminUser;
  kind: StatusChangeKind;
  onClose: () => void;
}) {
  const { t } = useTranslation('people');
  const suspend = useSuspend();
  const reactivate = useReactivate();
  const change = kind === 'suspend' ? suspend : reactivate;
  const refusal = useRefusal(['reason']);
  const form = useContractForm(accountStatusChangeSchema, { defaultValues: { reason: '' } });
  const submit = useFormSubmit(
    form,
    (values) => {
      refusal.clear();
      return change.mutateAsync({ id: account.id, ...values });
    },
    {
      keepValues: true,
      onError: refusal.show,
      onSuccess: (updated) => {
        toastSuccess(t(`${kind}.done`, { name: updated.name }));
        onClose();
      },
    },
  );
  const formId = `${kind}-account-form`;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t(`${kind}.title`, { name: account.name })}
      closeLabel={t('common:common.close')}
      footer={
        <DialogActions>
          <Button variant="outline" onClick={onClose} disabled={form.formState.isSubmitting}>
            {t('common:common.cancel')}
          </Button>
          <Button
            type="submit"
            form={formId}
            variant={kind === 'suspend' ? 'danger' : 'primary'}
            loading={form.formState.isSubmitting}
            data-testid={`confirm-${kind}`}
          >
            {t(`${kind}.confirm`)}
          </Button>
        </DialogActions>
      }
    >
      <p className="text-sm text-stone-700">{t(`${kind}.text`)}</p>
      {kind === 'reactivate' && account.suspended_reason && (
        <p className="mt-2 text-sm break-words text-stone-700">
          {t('account.suspended_reason', { reason: account.suspended_reason })}
        </p>
      )}
      <form id={formId} onSubmit={submit} noValidate className="mt-4">
        <FormField
          form={form}
          name="reason"
          id={`${kind}-reason`}
          label={t('reason')}
          hint={t('reason_hint')}
          required
        >
          {(control) => <Textarea {...control} rows={2} />}
        </FormField>
      </form>
      <Refusal error={refusal.error} />
    </Dialog>
  );
}
