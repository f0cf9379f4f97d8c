import { useTranslation } from 'react-i18next';
import { CAMPAIGN_TYPES, campaignInputSchema, type CampaignForm } from '@tt/domain';
import { FormActions, FormField, toNumber, useContractForm, useFormSubmit } from '../../../components/form';
import { Dialog } from '../../../components/ui/Dialog';
import { Select } from '../../../components/ui/Field';
import { Textarea } from '../../../components/ui/Textarea';
import { useCreateCampaign } from '../api';

/** Today in South African time, as the date input wants it. */
const today = () => new Date(Date.now() + 2 * 3600_000).toISOString().slice(0, 10);

/**
 * The create dialog (spec 2 §5): name and start date required, budget numeric (default 0), type email;
 * the end, if given, after the start; the page the tracked link leads to. Checked by the domain schema.
 */
export function CampaignDialog({
  onClose,
  onSaved,
}: {
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const { t } = useTranslation('marketing');
  const create = useCreateCampaign();
  const blank: CampaignForm = {
    name: '',
    description: '',
    campaign_type: 'email',
    target_audience: '',
    start_date: today(),
    end_date: '',
    budget_amount: 0,
    target_path: '/products',
  };
  const form = useContractForm(campaignInputSchema, { defaultValues: blank });
  const submit = useFormSubmit(form, create.mutateAsync, {
    keepValues: true,
    onSuccess: (saved) => onSaved(t('form.created', { name: saved.name })),
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('form.title')}
      description={t('form.text')}
      closeLabel={t('close')}
      footer={
        <FormActions
          formId="campaign-form"
          submitLabel={t('form.save')}
          busy={create.isPending}
          onCancel={onClose}
          testId="save-campaign"
        />
      }
    >
      <form id="campaign-form" onSubmit={submit} noValidate className="space-y-4">
        <FormField
          form={form}
          name="name"
          id="campaign-name"
          label={t('form.name')}
          required
          inputProps={{ autoFocus: true, autoComplete: 'off' }}
        />
        <FormField form={form} name="description" id="campaign-description" label={t('form.description')}>
          {(control) => <Textarea rows={2} {...control} />}
        </FormField>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField form={form} name="campaign_type" id="campaign-type" label={t('form.type')}>
            {(control) => (
              <Select {...control}>
                {CAMPAIGN_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`types.${type}`)}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField
            form={form}
            name="target_audience"
            id="campaign-audience"
            label={t('form.audience')}
            hint={t('form.audience_hint')}
            inputProps={{ autoComplete: 'off' }}
          />
        </div>
        <div className="grid grid-cols-2 gap-4">
          <FormField
            form={form}
            name="start_date"
            id="campaign-start"
            label={t('form.start')}
            type="date"
            required
          />
          <FormField form={form} name="end_date" id="campaign-end" label={t('form.end')} type="date" />
        </div>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField
            form={form}
            name="budget_amount"
            id="campaign-budget"
            label={t('form.budget')}
            type="number"
            inputProps={{ inputMode: 'decimal', min: 0, step: 0.01 }}
            registerOptions={{ setValueAs: toNumber }}
          />
          <FormField
            form={form}
            name="target_path"
            id="campaign-target"
            label={t('form.target')}
            hint={t('form.target_hint')}
            inputProps={{ autoComplete: 'off' }}
          />
        </div>
      </form>
    </Dialog>
  );
}
