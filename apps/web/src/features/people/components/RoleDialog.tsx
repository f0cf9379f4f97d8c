import { useTranslation } from 'react-i18next';
import { grantableRoles, isStaffRole, roleChangeSchema, type AdminUser } from '@tt/domain';
import {
  FormActions,
  FormField,
  fieldMessage,
  useContractForm,
  useFormSubmit,
} from '../../../components/form';
import { Dialog } from '../../../components/ui/Dialog';
import { Textarea } from '../../../components/ui/Textarea';
import { toastSuccess } from '../../../lib/toast';
import { useSetRole } from '../api';
import { Refusal, useRefusal } from './Refusal';

/** A staff role granted, or the business role restored, with the reason the security event records. */
export function RoleDialog({ account, onClose }: { account: AdminUser; onClose: () => void }) {
  const { t } = useTranslation('people');
  const setRole = useSetRole();
  const refusal = useRefusal(['role', 'reason']);
  const form = useContractForm(roleChangeSchema, { defaultValues: { reason: '' } });
  const submit = useFormSubmit(
    form,
    (values) => {
      refusal.clear();
      return setRole.mutateAsync({ id: account.id, ...values });
    },
    {
      keepValues: true,
      onError: refusal.show,
      onSuccess: (updated) => {
        toastSuccess(t('role.changed', { name: updated.name, role: t(`common:roles.${updated.role}`) }));
        onClose();
      },
    },
  );
  const roleError = fieldMessage(form.getFieldState('role', form.formState).error);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('role.title', { name: account.name })}
      description={t('role.now', { role: t(`common:roles.${account.role}`) })}
      closeLabel={t('common:common.close')}
      footer={
        <FormActions
          formId="role-change-form"
          submitLabel={t('role.save')}
          busy={form.formState.isSubmitting}
          onCancel={onClose}
          testId="save-role"
        />
      }
    >
      <form id="role-change-form" onSubmit={submit} noValidate className="space-y-4">
        <fieldset aria-describedby={roleError ? 'new-role-error' : undefined}>
          <legend className="mb-1 text-sm font-medium text-stone-700">{t('role.choose')}</legend>
          <div className="space-y-2">
            {grantableRoles(account).map((role) => (
              <label
                key={role}
                className="flex items-start gap-3 rounded-lg border border-stone-200 p-3 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  value={role}
                  {...form.register('role')}
                  className="mt-1 size-4 shrink-0 accent-brand-600"
                  data-testid={`role-option-${role}`}
                />
                <span className="min-w-0">
                  <span className="block text-sm font-medium break-words text-stone-900">
                    {t(`common:roles.${role}`)}
                  </span>
                  {!isStaffRole(role) && (
                    <span className="block text-sm text-stone-600" data-testid="restores">
                      {t('role.restores')}
                    </span>
                  )}
                </span>
              </label>
            ))}
          </div>
          {roleError && (
            <p role="alert" id="new-role-error" className="mt-1 text-xs text-red-600">
              {roleError}
            </p>
          )}
          <p className="mt-2 text-xs text-stone-600">{t('role.sellers')}</p>
        </fieldset>
        <FormField
          form={form}
          name="reason"
          id="role-reason"
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
