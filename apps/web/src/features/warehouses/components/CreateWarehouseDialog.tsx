import { useTranslation } from 'react-i18next';
import { NEW_WAREHOUSE_DEFAULTS, WAREHOUSE_TYPES, createWarehouseSchema } from '@tt/domain';
import {
  FormActions,
  FormField,
  SelectField,
  asNumber,
  useContractForm,
  useFormSubmit,
} from '../../../components/form';
import { Dialog } from '../../../components/ui/Dialog';
import { Textarea } from '../../../components/ui/Textarea';
import { planLimitOf, type PlanLimitHit } from '../../subscriptions';
import { useCreateWarehouse } from '../api';

/** A coordinator opens a warehouse for the co-op; over the plan's warehouse count the upgrade dialog opens. */
export function CreateWarehouseDialog({
  coopId,
  onClose,
  onPlanLimit,
}: {
  coopId: number;
  onClose: () => void;
  onPlanLimit: (hit: PlanLimitHit) => void;
}) {
  const { t } = useTranslation('warehouses');
  const create = useCreateWarehouse(coopId);
  const form = useContractForm(createWarehouseSchema, {
    defaultValues: { name: '', description: '', location_description: '', ...NEW_WAREHOUSE_DEFAULTS },
  });
  const submit = useFormSubmit(
    form,
    (input) =>
      create.mutateAsync({
        ...input,
        description: input.description ? input.description : null,
        location_description: input.location_description ? input.location_description : null,
      }),
    {
      keepValues: true,
      onSuccess: onClose,
      onError: (error) => {
        const hit = planLimitOf(error);
        if (hit) onPlanLimit(hit);
      },
    },
  );
  const named = (form.watch('name') ?? '').trim().length > 0;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('create.title')}
      description={t('create.text')}
      closeLabel={t('close')}
      footer={
        <FormActions
          formId="create-warehouse-form"
          submitLabel={t('create.submit')}
          busy={create.isPending}
          disabled={!named}
          onCancel={onClose}
          testId="submit-warehouse"
        />
      }
    >
      <form id="create-warehouse-form" onSubmit={submit} noValidate className="space-y-4">
        <FormField
          form={form}
          name="name"
          id="wh-name"
          label={t('create.fields.name')}
          required
          inputProps={{ autoFocus: true }}
        />
        <FormField form={form} name="description" id="wh-description" label={t('create.fields.description')}>
          {(control) => <Textarea rows={2} {...control} />}
        </FormField>
        <div className="grid grid-cols-2 gap-4">
          <FormField
            form={form}
            name="total_capacity_cubic_meters"
            id="wh-capacity"
            type="number"
            label={t('create.fields.capacity')}
            required
            inputProps={{ inputMode: 'decimal', min: 1, step: 'any' }}
            registerOptions={asNumber}
          />
          <FormField
            form={form}
            name="cost_per_cubic_meter_monthly"
            id="wh-cost"
            type="number"
            label={t('create.fields.cost')}
            required
            inputProps={{ inputMode: 'decimal', min: 0, step: 0.01 }}
            registerOptions={asNumber}
          />
        </div>
        <SelectField
          form={form}
          name="warehouse_type"
          id="wh-type"
          label={t('create.fields.type')}
          options={WAREHOUSE_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
        />
        <FormField
          form={form}
          name="location_description"
          id="wh-location"
          label={t('create.fields.location')}
        />
      </form>
    </Dialog>
  );
}
