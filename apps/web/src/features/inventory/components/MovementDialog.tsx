import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MOVEMENT_TYPES,
  recordMovementSchema,
  type MovementType,
  type RecordMovementInput,
} from '@tt/domain';
import type { DefaultValues } from 'react-hook-form';
import {
  FormActions,
  FormField,
  asNumber,
  toDecimal,
  useContractForm,
  useFormSubmit,
} from '../../../components/form';
import { Dialog } from '../../../components/ui/Dialog';
import { Input, Select } from '../../../components/ui/Field';
import { useInventoryProducts, useLocations, useRecordMovement } from '../api';

/** Spec 2 §4: after a save the form starts again at type in, quantity 0, empty fields. */
const blank = (type: MovementType): DefaultValues<RecordMovementInput> => ({
  movement_type: type,
  quantity: 0,
  reason: '',
});

const FIELDS = {
  movement_type: 'movement_type',
  product_id: 'product_id',
  location_id: 'location_id',
  to_location_id: 'to_location_id',
  quantity: 'quantity',
  unit_cost: 'unit_cost',
  reason: 'reason',
} as const;

/**
 * Record Movement (from Record Movement or Record Adjustment). Spec 2 §5: product, location and a non-zero
 * quantity are needed before the button works; the domain's schema checks the rest (a transfer's
 * destination, an adjustment's reason) here and on the server, and a refusal is shown under its field.
 */
export function MovementDialog({
  open,
  initialType,
  onClose,
  onSaved,
}: {
  open: boolean;
  initialType: MovementType;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('inventory');
  const products = useInventoryProducts();
  const locations = useLocations();
  const record = useRecordMovement();
  const form = useContractForm(recordMovementSchema, { defaultValues: blank(initialType) });
  const { reset, watch } = form;

  useEffect(() => {
    if (open) reset(blank(initialType));
  }, [open, initialType, reset]);

  const type = watch('movement_type');
  const quantity = Number(watch('quantity'));
  const ready =
    watch('product_id') !== undefined &&
    watch('location_id') !== undefined &&
    Number.isFinite(quantity) &&
    quantity !== 0;

  const submit = useFormSubmit(
    form,
    (values) =>
      record.mutateAsync({
        product_id: values.product_id,
        location_id: values.location_id,
        movement_type: values.movement_type,
        quantity: values.quantity,
        reason: values.reason || null,
        ...(values.movement_type === 'transfer' && values.to_location_id
          ? { to_location_id: values.to_location_id }
          : {}),
        ...(values.movement_type === 'in' && values.unit_cost != null ? { unit_cost: values.unit_cost } : {}),
      }),
    {
      keepValues: true,
      onSuccess: () => {
        reset(blank('in'));
        onSaved();
      },
      fields: FIELDS,
    },
  );

  const noProducts = products.data?.length === 0;
  const locationOptions = (locations.data ?? []).map((l) => (
    <option key={l.id} value={l.id}>
      {l.name}
    </option>
  ));

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t(initialType === 'adjustment' ? 'dialog.title_adjustment' : 'dialog.title')}
      description={t('dialog.text')}
      closeLabel={t('close')}
      footer={
        <FormActions
          formId="movement-form"
          submitLabel={t('record_movement')}
          busy={record.isPending}
          onCancel={onClose}
          disabled={!ready}
          testId="submit-movement"
        />
      }
    >
      <form id="movement-form" onSubmit={submit} noValidate className="space-y-4">
        {noProducts && (
          <p className="rounded-lg bg-yellow-50 p-3 text-sm text-yellow-900">{t('dialog.no_products')}</p>
        )}
        <FormField form={form} name="movement_type" id="mv-type" label={t('dialog.type')} required>
          {(control) => (
            <Select {...control} data-testid="movement-type">
              {MOVEMENT_TYPES.map((m) => (
                <option key={m} value={m}>
                  {t(`type.${m}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField
          form={form}
          name="product_id"
          id="mv-product"
          label={t('dialog.product')}
          required
          registerOptions={asNumber}
        >
          {(control) => (
            <Select {...control} data-testid="movement-product">
              <option value="">{t('dialog.choose_product')}</option>
              {(products.data ?? []).map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name} ({p.sku})
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            form={form}
            name="location_id"
            id="mv-location"
            label={t(type === 'transfer' ? 'dialog.from_location' : 'dialog.location')}
            required
            registerOptions={asNumber}
          >
            {(control) => (
              <Select {...control} data-testid="movement-location">
                <option value="">{t('dialog.choose_location')}</option>
                {locationOptions}
              </Select>
            )}
          </FormField>
          {type === 'transfer' && (
            <FormField
              form={form}
              name="to_location_id"
              id="mv-to"
              label={t('dialog.to_location')}
              required
              // Only a transfer names a destination: another type forgets it.
              registerOptions={{ ...asNumber, shouldUnregister: true }}
            >
              {(control) => (
                <Select {...control} data-testid="movement-to-location">
                  <option value="">{t('dialog.choose_location')}</option>
                  {locationOptions}
                </Select>
              )}
            </FormField>
          )}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            form={form}
            name="quantity"
            id="mv-quantity"
            label={t('dialog.quantity')}
            required
            hint={t(type === 'adjustment' ? 'dialog.quantity_hint_adjustment' : 'dialog.quantity_hint')}
            registerOptions={asNumber}
          >
            {(control) => (
              <Input
                type="number"
                inputMode="numeric"
                step={1}
                {...control}
                data-testid="movement-quantity"
              />
            )}
          </FormField>
          {type === 'in' && (
            <FormField
              form={form}
              name="unit_cost"
              id="mv-cost"
              label={t('dialog.unit_cost')}
              hint={t('dialog.unit_cost_hint')}
              // Only stock coming in carries a cost: another type forgets it.
              registerOptions={{ setValueAs: toDecimal, shouldUnregister: true }}
            >
              {(control) => (
                <Input type="text" inputMode="decimal" {...control} data-testid="movement-cost" />
              )}
            </FormField>
          )}
        </div>
        <FormField
          form={form}
          name="reason"
          id="mv-reason"
          label={t('dialog.reason')}
          required={type === 'adjustment'}
        >
          {(control) => (
            <Input
              maxLength={240}
              placeholder={t('dialog.reason_placeholder')}
              {...control}
              data-testid="movement-reason"
            />
          )}
        </FormField>
      </form>
    </Dialog>
  );
}
