import { useTranslation } from 'react-i18next';
import {
  createTicketSchema,
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  type CreateTicketForm,
  type Ticket,
} from '@tt/domain';
import { FormField, useContractForm, useFormSubmit } from '../../../components/form';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { Select } from '../../../components/ui/Field';
import { Textarea } from '../../../components/ui/Textarea';
import { useCreateTicket } from '../api';

/** The spec's defaults: general_inquiry, medium; subject and description required. */
const blank: CreateTicketForm = {
  category: 'general_inquiry',
  priority: 'medium',
  subject: '',
  description: '',
};

/**
 * Create Ticket: checked by the domain's schema; on success the dialog closes and the ticket opens. Another
 * screen may open it with a subject already written (the enterprise page's Contact Sales).
 */
export function CreateTicketDialog({
  onClose,
  onCreated,
  initial,
}: {
  onClose: () => void;
  onCreated: (ticket: Ticket) => void;
  initial?: Partial<CreateTicketForm>;
}) {
  const { t } = useTranslation('support');
  const create = useCreateTicket();
  const form = useContractForm(createTicketSchema, { defaultValues: { ...blank, ...initial } });
  const subject = form.watch('subject');
  const description = form.watch('description');
  const filled = Boolean(subject?.trim() && description?.trim());
  const submit = useFormSubmit(form, create.mutateAsync, { keepValues: true, onSuccess: onCreated });
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('create.title')}
      description={t('create.text')}
      closeLabel={t('close')}
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={create.isPending}>
            {t('cancel')}
          </Button>
          <Button
            type="submit"
            form="support-ticket-form"
            loading={create.isPending}
            disabled={!filled}
            data-testid="create-ticket"
          >
            {t('create.submit')}
          </Button>
        </div>
      }
    >
      <form id="support-ticket-form" onSubmit={submit} noValidate className="space-y-4">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField form={form} name="category" id="ticket-category" label={t('create.category')}>
            {(control) => (
              <Select {...control}>
                {TICKET_CATEGORIES.map((value) => (
                  <option key={value} value={value}>
                    {t(`category.${value}`)}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField form={form} name="priority" id="ticket-priority" label={t('create.priority')}>
            {(control) => (
              <Select {...control}>
                {TICKET_PRIORITIES.map((value) => (
                  <option key={value} value={value}>
                    {t(`priority.${value}`)}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        </div>
        <FormField
          form={form}
          name="subject"
          id="ticket-subject"
          label={t('create.subject')}
          required
          inputProps={{ autoFocus: !initial?.subject, autoComplete: 'off', maxLength: 160 }}
        />
        <FormField
          form={form}
          name="description"
          id="ticket-description"
          label={t('create.description')}
          required
        >
          {(control) => <Textarea rows={4} autoFocus={Boolean(initial?.subject)} {...control} />}
        </FormField>
      </form>
    </Dialog>
  );
}
