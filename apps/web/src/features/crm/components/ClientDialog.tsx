import { useTranslation } from 'react-i18next';
import {
  CLIENT_STATUSES,
  CLIENT_TYPES,
  crmClientInputSchema,
  type CrmClient,
  type CrmClientForm,
} from '@tt/domain';
import { FormActions, FormField, toNumber, useContractForm, useFormSubmit } from '../../../components/form';
import { Dialog } from '../../../components/ui/Dialog';
import { Select } from '../../../components/ui/Field';
import { Textarea } from '../../../components/ui/Textarea';
import { useCreateClient, useUpdateClient } from '../api';

const blank: CrmClientForm = {
  client_name: '',
  company_name: '',
  client_email: '',
  client_phone: '',
  address: '',
  client_type: 'prospect',
  status: 'open',
  client_value: 0,
  notes: '',
};

const valuesOf = (client: CrmClient): CrmClientForm => ({
  client_name: client.client_name,
  company_name: client.company_name ?? '',
  client_email: client.client_email ?? '',
  client_phone: client.client_phone ?? '',
  address: client.address ?? '',
  client_type: client.client_type,
  status: client.status,
  client_value: client.client_value,
  notes: client.notes ?? '',
});

/**
 * Add Client (no client) or Edit (a client), checked by the domain's schema (name required, e-mail,
 * South African phone): saves, then closes with a message naming the client.
 */
export function ClientDialog({
  client,
  onClose,
  onSaved,
}: {
  client?: CrmClient | undefined;
  onClose: () => void;
  onSaved: (message: string, client: CrmClient) => void;
}) {
  const { t } = useTranslation('crm');
  const create = useCreateClient();
  const update = useUpdateClient(client?.id ?? 0);
  const saving = client ? update : create;
  const form = useContractForm(crmClientInputSchema, { defaultValues: client ? valuesOf(client) : blank });
  const submit = useFormSubmit(form, saving.mutateAsync, {
    keepValues: true,
    onSuccess: (saved) =>
      onSaved(t(client ? 'form.saved' : 'form.added', { name: saved.client_name }), saved),
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t(client ? 'form.edit_title' : 'form.add_title')}
      description={t('form.text')}
      closeLabel={t('close')}
      footer={
        <FormActions
          formId="crm-client-form"
          submitLabel={t('form.save')}
          busy={saving.isPending}
          onCancel={onClose}
          testId="save-client"
        />
      }
    >
      <form id="crm-client-form" onSubmit={submit} noValidate className="space-y-4">
        <FormField
          form={form}
          name="client_name"
          id="client-name"
          label={t('form.client_name')}
          required
          inputProps={{ autoFocus: true, autoComplete: 'off' }}
        />
        <FormField
          form={form}
          name="company_name"
          id="client-company"
          label={t('form.company_name')}
          inputProps={{ autoComplete: 'off' }}
        />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField
            form={form}
            name="client_email"
            id="client-email"
            label={t('form.client_email')}
            type="email"
            inputProps={{ inputMode: 'email', autoComplete: 'off' }}
          />
          <FormField
            form={form}
            name="client_phone"
            id="client-phone"
            label={t('form.client_phone')}
            hint={t('form.phone_hint')}
            type="tel"
            inputProps={{ inputMode: 'tel', autoComplete: 'off' }}
          />
        </div>
        <FormField
          form={form}
          name="address"
          id="client-address"
          label={t('form.address')}
          inputProps={{ autoComplete: 'off' }}
        />
        <div className="grid grid-cols-2 gap-4">
          <FormField form={form} name="client_type" id="client-type" label={t('form.client_type')}>
            {(control) => (
              <Select {...control}>
                {CLIENT_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`types.${type}`)}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField form={form} name="status" id="client-status" label={t('form.status')}>
            {(control) => (
              <Select {...control}>
                {CLIENT_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {t(`statuses.${status}`)}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        </div>
        <FormField
          form={form}
          name="client_value"
          id="client-value"
          label={t('form.client_value')}
          hint={t('form.status_hint')}
          type="number"
          inputProps={{ inputMode: 'decimal', min: 0, step: 0.01 }}
          registerOptions={{ setValueAs: toNumber }}
        />
        <FormField form={form} name="notes" id="client-notes" label={t('form.notes')}>
          {(control) => <Textarea rows={3} {...control} />}
        </FormField>
      </form>
    </Dialog>
  );
}
