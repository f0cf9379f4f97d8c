import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_TYPES, crmActivityInputSchema, type CrmActivityInput } from '@tt/domain';
import { z } from 'zod';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { Field, Input, Select } from '../../../components/ui/Field';
import { Textarea } from '../../../components/ui/Textarea';
import { applyServerErrors } from '../../../lib/form-errors';
import { useCrmClients, useLogActivity } from '../api';
import { fieldMessage, localInputToIso, nextHourLocal } from '../format';

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
type ActivityForm = z.input<typeof activityFormSchema>;
const toId = (v: unknown) => (v === '' || v === undefined ? undefined : Number(v));

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
  const { t } = useTranslation(['crm', 'errors']);
  const log = useLogActivity();
  const clients = useCrmClients({ limit: 200 });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ActivityForm, unknown, CrmActivityInput>({
    resolver: zodResolver(activityFormSchema),
    defaultValues: {
      ...(client ? { client_id: client.id } : {}),
      activity_type: 'call',
      subject: '',
      description: '',
      activity_date: nextHourLocal(),
    },
  });
  const onSubmit = handleSubmit((input) =>
    log.mutate(input, {
      onSuccess: () => onSaved(t('activity_form.saved')),
      onError: (error) =>
        void applyServerErrors(error, setError, t, [
          'client_id',
          'activity_type',
          'subject',
          'description',
          'activity_date',
        ]),
    }),
  );
  const options = clients.data ?? [];
  const noClients = !client && clients.isSuccess && options.length === 0;
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
      <form id="crm-activity-form" onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
        {!client && (
          <Field
            label={t('activity_form.client')}
            htmlFor="activity-client"
            required
            hint={noClients ? t('activity_form.no_clients') : undefined}
            error={fieldMessage(errors.client_id, t, t('activity_form.invalid_client'))}
          >
            <Select
              id="activity-client"
              defaultValue=""
              aria-invalid={errors.client_id ? true : undefined}
              {...register('client_id', { setValueAs: toId })}
            >
              <option value="" disabled>
                {t('activity_form.choose_client')}
              </option>
              {options.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.company_name ? `${c.client_name} (${c.company_name})` : c.client_name}
                </option>
              ))}
            </Select>
          </Field>
        )}
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field label={t('activity_form.type')} htmlFor="activity-type">
            <Select id="activity-type" {...register('activity_type')}>
              {ACTIVITY_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`activity_types.${type}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field
            label={t('activity_form.date')}
            htmlFor="activity-date"
            required
            error={fieldMessage(errors.activity_date, t, t('activity_form.invalid_date'))}
          >
            <Input
              id="activity-date"
              type="datetime-local"
              aria-invalid={errors.activity_date ? true : undefined}
              {...register('activity_date')}
            />
          </Field>
        </div>
        <Field
          label={t('activity_form.subject')}
          htmlFor="activity-subject"
          required
          error={fieldMessage(errors.subject, t)}
        >
          <Input
            id="activity-subject"
            autoComplete="off"
            autoFocus={!!client}
            aria-invalid={errors.subject ? true : undefined}
            {...register('subject')}
          />
        </Field>
        <Field label={t('activity_form.description')} htmlFor="activity-description">
          <Textarea id="activity-description" rows={3} {...register('description')} />
        </Field>
      </form>
    </Dialog>
  );
}
