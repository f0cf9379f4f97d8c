import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import {
  CLIENT_STATUSES,
  CLIENT_TYPES,
  crmClientInputSchema,
  type CrmClient,
  type CrmClientForm,
  type CrmClientInput,
} from '@tt/domain';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { Field, Input, Select } from '../../../components/ui/Field';
import { Textarea } from '../../../components/ui/Textarea';
import { applyServerErrors } from '../../../lib/form-errors';
import { useCreateClient, useUpdateClient } from '../api';
import { fieldMessage } from '../format';

const toNumber = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v));

const FIELDS = Object.keys(crmClientInputSchema.shape);

/** Add Client (no client) or Edit (a client): saves, then closes with a message naming the client. */
export function ClientDialog({
  client,
  onClose,
  onSaved,
}: {
  client?: CrmClient | undefined;
  onClose: () => void;
  onSaved: (message: string, client: CrmClient) => void;
}) {
  const { t } = useTranslation(['crm', 'errors']);
  const create = useCreateClient();
  const update = useUpdateClient(client?.id ?? 0);
  const saving = client ? update : create;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CrmClientForm, unknown, CrmClientInput>({
    resolver: zodResolver(crmClientInputSchema),
    defaultValues: client
      ? {
          client_name: client.client_name,
          company_name: client.company_name ?? '',
          client_email: client.client_email ?? '',
          client_phone: client.client_phone ?? '',
          address: client.address ?? '',
          client_type: client.client_type,
          status: client.status,
          client_value: client.client_value,
          notes: client.notes ?? '',
        }
      : {
          client_name: '',
          company_name: '',
          client_email: '',
          client_phone: '',
          address: '',
          client_type: 'prospect',
          status: 'open',
          client_value: 0,
          notes: '',
        },
  });
  const onSubmit = handleSubmit((input) =>
    saving.mutate(input, {
      onSuccess: (saved) =>
        onSaved(t(client ? 'form.saved' : 'form.added', { name: saved.client_name }), saved),
      onError: (error) => void applyServerErrors(error, setError, t, FIELDS),
    }),
  );
  const message = (name: keyof CrmClientForm, hint?: string) => fieldMessage(errors[name], t, hint);
  const invalid = (name: keyof CrmClientForm) => (errors[name] ? true : undefined);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t(client ? 'form.edit_title' : 'form.add_title')}
      description={t('form.text')}
      closeLabel={t('close')}
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={saving.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" form="crm-client-form" loading={saving.isPending} data-testid="save-client">
            {t('form.save')}
          </Button>
        </div>
      }
    >
      <form id="crm-client-form" onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
        <Field label={t('form.client_name')} htmlFor="client-name" required error={message('client_name')}>
          <Input
            id="client-name"
            autoFocus
            autoComplete="off"
            aria-invalid={invalid('client_name')}
            {...register('client_name')}
          />
        </Field>
        <Field label={t('form.company_name')} htmlFor="client-company" error={message('company_name')}>
          <Input id="client-company" autoComplete="off" {...register('company_name')} />
        </Field>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field label={t('form.client_email')} htmlFor="client-email" error={message('client_email')}>
            <Input
              id="client-email"
              type="email"
              inputMode="email"
              autoComplete="off"
              aria-invalid={invalid('client_email')}
              {...register('client_email')}
            />
          </Field>
          <Field
            label={t('form.client_phone')}
            htmlFor="client-phone"
            hint={t('form.phone_hint')}
            error={message('client_phone')}
          >
            <Input
              id="client-phone"
              type="tel"
              inputMode="tel"
              autoComplete="off"
              aria-invalid={invalid('client_phone')}
              {...register('client_phone')}
            />
          </Field>
        </div>
        <Field label={t('form.address')} htmlFor="client-address" error={message('address')}>
          <Input id="client-address" autoComplete="off" {...register('address')} />
        </Field>
        <div className="grid grid-cols-2 gap-4">
          <Field label={t('form.client_type')} htmlFor="client-type">
            <Select id="client-type" {...register('client_type')}>
              {CLIENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`types.${type}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('form.status')} htmlFor="client-status">
            <Select id="client-status" {...register('status')}>
              {CLIENT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`statuses.${status}`)}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <Field
          label={t('form.client_value')}
          htmlFor="client-value"
          hint={t('form.status_hint')}
          error={message('client_value', t('form.invalid_value'))}
        >
          <Input
            id="client-value"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            aria-invalid={invalid('client_value')}
            {...register('client_value', { setValueAs: toNumber })}
          />
        </Field>
        <Field label={t('form.notes')} htmlFor="client-notes" error={message('notes')}>
          <Textarea id="client-notes" rows={3} {...register('notes')} />
        </Field>
      </form>
    </Dialog>
  );
}
