import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_TYPES, crmActivityInputSchema } from '@tt/domain';
import { z } from 'zod';
import { FormField, toNumber, useContractForm, useFormSubmit } from '../../../components/form';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { Select } from '../../../components/ui/Field';
import { PickerSearch } from '../../../components/ui/PickerSearch';
import { Textarea } from '../../../components/ui/Textarea';
import { useCrmClientPicker, useLogActivity } from '../api';
import { localInputToIso, nextHourLocal } from '../format';

/**
 * The domain's schema, read from a datetime-local field: the field holds South African wall-clock time
 * ("2026-11-24T10:00"), which becomes the instant the API takes before the domain's rule checks it.
 */
const activityFormSchema = crmActivityInputSchema.extend({
  activity_date: z
    .string()
    .transform((value) => localInputToIso(value) ?? '')
    .pipe(crmActivityInputSchema.shape.activity_date),
});

/**
 * Log Activity: with the client it was opened from, or a client chosen from the caller's list. The date
 * is South African wall-clock time; a past date records a contact, a future one plans it.
 */
export function ActivityDialog({
  client,
  onClose,
  onSaved,
}: {
  client?: { id: number; name: string } | undefined;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const { t } = useTranslation('crm');
  const log = useLogActivity();
  const [find, setFind] = useState('');
  const found = useDeferredValue(find.trim());
  const clients = useCrmClientPicker(found, !client);
  const form = useContractForm(activityFormSchema, {
    defaultValues: {
      ...(client ? { client_id: client.id } : {}),
      activity_type: 'call',
      subject: '',
      description: '',
      activity_date: nextHourLocal(),
    },
  });
  const submit = useFormSubmit(form, log.mutateAsync, {
    keepValues: true,
    onSuccess: () => onSaved(t('activity_form.saved')),
  });
  const options = clients.data?.clients ?? [];
  // A rep with more clients than the picker lists finds the others by searching.
  const searchable = find !== '' || (clients.data ? clients.data.matching > options.length : false);
  const noClients = !client && clients.isSuccess && found === '' && options.length === 0;
  const pickerHint = noClients
    ? t('activity_form.no_clients')
    : searchable
      ? options.length === 0
        ? t('clients.no_match')
        : t('clients.shown', { count: options.length })
      : null;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={client ? t('activity_form.title_for', { name: client.name }) : t('activity_form.title')}
      description={t('activity_form.text')}
      closeLabel={t('close')}
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={log.isPending}>
            {t('cancel')}
          </Button>
          <Button
            type="submit"
            form="crm-activity-form"
            loading={log.isPending}
            disabled={noClients}
            data-testid="save-activity"
          >
            {t('activity_form.save')}
          </Button>
        </div>
      }
    >
      <form id="crm-activity-form" onSubmit={submit} noValidate className="space-y-4">
        {!client && searchable && (
          <PickerSearch
            id="activity-client-search"
            label={t('clients.search')}
            placeholder={t('clients.search_placeholder')}
            value={find}
            onChange={setFind}
          />
        )}
        {!client && (
          <FormField
            form={form}
            name="client_id"
            id="activity-client"
            label={t('activity_form.client')}
            required
            {...(pickerHint ? { hint: pickerHint } : {})}
            registerOptions={{ setValueAs: toNumber }}
          >
            {(control) => (
              <Select defaultValue="" {...control}>
                <option value="" disabled>
                  {t('activity_form.choose_client')}
                </option>
                {options.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.company_name ? `${c.client_name} (${c.company_name})` : c.client_name}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        )}
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField form={form} name="activity_type" id="activity-type" label={t('activity_form.type')}>
            {(control) => (
              <Select {...control}>
                {ACTIVITY_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`activity_types.${type}`)}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField
            form={form}
            name="activity_date"
            id="activity-date"
            label={t('activity_form.date')}
            type="datetime-local"
            required
          />
        </div>
        <FormField
          form={form}
          name="subject"
          id="activity-subject"
          label={t('activity_form.subject')}
          required
          inputProps={{ autoComplete: 'off', autoFocus: !!client }}
        />
        <FormField
          form={form}
          name="description"
          id="activity-description"
          label={t('activity_form.description')}
        >
          {(control) => <Textarea rows={3} {...control} />}
        </FormField>
      </form>
    </Dialog>
  );
}
