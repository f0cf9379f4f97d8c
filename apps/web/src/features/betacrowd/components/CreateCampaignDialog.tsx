import { useTranslation } from 'react-i18next';
import {
  CAMPAIGN_LIMITS,
  CROWD_CAMPAIGN_TYPES,
  REPAYMENT_FREQUENCIES,
  RISK_LEVELS,
  createCrowdCampaignSchema,
  crowdToday,
} from '@tt/domain';
import {
  FormActions,
  FormField,
  SelectField,
  asNumber,
  toDecimal,
  useContractForm,
  useFormSubmit,
} from '../../../components/form';
import { Dialog } from '../../../components/ui/Dialog';
import { Textarea } from '../../../components/ui/Textarea';
import { toastSuccess } from '../../../lib/toast';
import { useCreateCampaign } from '../api';

const decimal = { setValueAs: toDecimal } as const;

/** Create Campaign (spec 3's placeholder made real): the domain's one schema checks it here and on the server. */
export function CreateCampaignDialog({ onClose, onCreated }: { onClose: () => void; onCreated: () => void }) {
  const { t } = useTranslation('betacrowd');
  const create = useCreateCampaign();
  const form = useContractForm(createCrowdCampaignSchema, {
    defaultValues: {
      campaign_type: 'business_loan',
      repayment_frequency: 'monthly',
      risk_level: 'medium',
      loan_term_months: 12,
      minimum_investment: CAMPAIGN_LIMITS.minimum_investment_min,
      end_date: crowdToday(new Date(Date.now() + 30 * 86_400_000)),
    },
  });
  const submit = useFormSubmit(form, create.mutateAsync, {
    keepValues: true,
    onSuccess: () => {
      toastSuccess(t('create.done'));
      onCreated();
    },
  });
  const option = (prefix: string) => (v: string) => ({ value: v, label: t(`${prefix}.${v}`) });
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('create.title')}
      description={t('create.text')}
      closeLabel={t('close')}
      footer={
        <FormActions
          formId="create-campaign-form"
          submitLabel={t('create.submit')}
          busy={create.isPending}
          onCancel={onClose}
          testId="submit-campaign"
        />
      }
    >
      <form id="create-campaign-form" onSubmit={submit} noValidate className="space-y-4">
        <FormField form={form} name="campaign_title" label={t('create.fields.title')} required />
        <FormField form={form} name="description" label={t('create.fields.description')} required>
          {(control) => <Textarea {...control} rows={3} />}
        </FormField>
        <SelectField
          form={form}
          name="campaign_type"
          label={t('create.fields.type')}
          required
          options={CROWD_CAMPAIGN_TYPES.map(option('types'))}
        />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField
            form={form}
            name="target_amount"
            label={t('create.fields.target')}
            hint={t('create.hints.target')}
            required
            inputProps={{ inputMode: 'decimal' }}
            registerOptions={decimal}
          />
          <FormField
            form={form}
            name="minimum_investment"
            label={t('create.fields.minimum')}
            hint={t('create.hints.minimum')}
            required
            inputProps={{ inputMode: 'decimal' }}
            registerOptions={decimal}
          />
          <FormField
            form={form}
            name="interest_rate"
            label={t('create.fields.rate')}
            hint={t('create.hints.rate')}
            required
            inputProps={{ inputMode: 'decimal' }}
            registerOptions={decimal}
          />
          <FormField
            form={form}
            name="loan_term_months"
            type="number"
            label={t('create.fields.term')}
            hint={t('create.hints.term')}
            required
            inputProps={{
              inputMode: 'numeric',
              min: CAMPAIGN_LIMITS.term_min,
              max: CAMPAIGN_LIMITS.term_max,
            }}
            registerOptions={asNumber}
          />
          <SelectField
            form={form}
            name="repayment_frequency"
            label={t('create.fields.frequency')}
            required
            options={REPAYMENT_FREQUENCIES.map(option('frequency'))}
          />
          <SelectField
            form={form}
            name="risk_level"
            label={t('create.fields.risk')}
            required
            options={RISK_LEVELS.map(option('risk'))}
          />
        </div>
        <FormField form={form} name="collateral_description" label={t('create.fields.collateral')} required>
          {(control) => <Textarea {...control} rows={2} />}
        </FormField>
        <FormField form={form} name="end_date" type="date" label={t('create.fields.end_date')} required />
        <p className="text-sm text-stone-600">{t('create.review_note')}</p>
      </form>
    </Dialog>
  );
}
