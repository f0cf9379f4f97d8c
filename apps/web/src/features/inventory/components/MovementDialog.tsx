import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MOVEMENT_TYPES, recordMovementSchema, type MovementType } from '@tt/domain';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { Field, Input, Select } from '../../../components/ui/Field';
import { loadErrorTranslations, translateCode } from '../../../lib/errors';
import { applyServerErrors } from '../../../lib/form-errors';
import { useInventoryProducts, useLocations, useRecordMovement } from '../api';

interface MovementForm {
  movement_type: MovementType;
  product_id: string;
  location_id: string;
  to_location_id: string;
  quantity: number;
  unit_cost: string;
  reason: string;
}

/** Spec 2 §4: after a save the form starts again at type in, quantity 0, empty fields. */
const blank = (type: MovementType): MovementForm => ({
  movement_type: type,
  product_id: '',
  location_id: '',
  to_location_id: '',
  quantity: 0,
  unit_cost: '',
  reason: '',
});

const FIELDS = [
  'movement_type',
  'product_id',
  'location_id',
  'to_location_id',
  'quantity',
  'unit_cost',
  'reason',
] as const;

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
  const form = useForm<MovementForm>({ defaultValues: blank(initialType) });
  const { register, handleSubmit, watch, reset, setError, formState } = form;
  const { errors } = formState;

  useEffect(() => {
    if (open) reset(blank(initialType));
  }, [open, initialType, reset]);

  const type = watch('movement_type');
  const quantity = Number(watch('quantity'));
  const ready =
    watch('product_id') !== '' && watch('location_id') !== '' && Number.isFinite(quantity) && quantity !== 0;

  const onSubmit = handleSubmit(async (values) => {
    const body = {
      product_id: Number(values.product_id),
      location_id: Number(values.location_id),
      movement_type: values.movement_type,
      quantity: Number(values.quantity),
      reason: values.reason.trim() || null,
      ...(values.movement_type === 'transfer' && values.to_location_id
        ? { to_location_id: Number(values.to_location_id) }
        : {}),
      ...(values.movement_type === 'in' && values.unit_cost.trim() !== ''
        ? { unit_cost: Number(values.unit_cost.replace(',', '.')) }
        : {}),
    };
    const checked = recordMovementSchema.safeParse(body);
    if (!checked.success) {
      await loadErrorTranslations();
      checked.error.issues.forEach((issue, index) => {
        const name = String(issue.path[0]) as keyof MovementForm;
        const text = translateCode(issue.message, undefined, t) ?? t('invalid_value');
        setError(name, { type: 'server', message: text }, { shouldFocus: index === 0 });
      });
      return;
    }
    await record.mutateAsync(body).then(
      () => {
        reset(blank('in'));
        onSaved();
      },
      (error: unknown) => applyServerErrors(error, setError, t, FIELDS),
    );
  });

  const error = (name: keyof MovementForm) => errors[name]?.message;
  const noProducts = products.data?.length === 0;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t(initialType === 'adjustment' ? 'dialog.title_adjustment' : 'dialog.title')}
      description={t('dialog.text')}
      closeLabel={t('close')}
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={record.isPending}>
            {t('common:common.cancel')}
          </Button>
          <Button
            type="submit"
            form="movement-form"
            disabled={!ready}
            loading={record.isPending}
            data-testid="submit-movement"
          >
            {t('record_movement')}
          </Button>
        </div>
      }
    >
      <form id="movement-form" onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
        {noProducts && (
          <p className="rounded-lg bg-yellow-50 p-3 text-sm text-yellow-900">{t('dialog.no_products')}</p>
        )}
        <Field label={t('dialog.type')} htmlFor="mv-type" required error={error('movement_type')}>
          <Select id="mv-type" {...register('movement_type')} data-testid="movement-type">
            {MOVEMENT_TYPES.map((m) => (
              <option key={m} value={m}>
                {t(`type.${m}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('dialog.product')} htmlFor="mv-product" required error={error('product_id')}>
          <Select
            id="mv-product"
            aria-invalid={errors.product_id ? true : undefined}
            {...register('product_id')}
            data-testid="movement-product"
          >
            <option value="">{t('dialog.choose_product')}</option>
            {(products.data ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} ({p.sku})
              </option>
            ))}
          </Select>
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t(type === 'transfer' ? 'dialog.from_location' : 'dialog.location')}
            htmlFor="mv-location"
            required
            error={error('location_id')}
          >
            <Select id="mv-location" {...register('location_id')} data-testid="movement-location">
              <option value="">{t('dialog.choose_location')}</option>
              {(locations.data ?? []).map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </Select>
          </Field>
          {type === 'transfer' && (
            <Field label={t('dialog.to_location')} htmlFor="mv-to" required error={error('to_location_id')}>
              <Select id="mv-to" {...register('to_location_id')} data-testid="movement-to-location">
                <option value="">{t('dialog.choose_location')}</option>
                {(locations.data ?? []).map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name}
                  </option>
                ))}
              </Select>
            </Field>
          )}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t('dialog.quantity')}
            htmlFor="mv-quantity"
            required
            error={error('quantity')}
            hint={t(type === 'adjustment' ? 'dialog.quantity_hint_adjustment' : 'dialog.quantity_hint')}
          >
            <Input
              id="mv-quantity"
              type="number"
              inputMode="numeric"
              step={1}
              aria-invalid={errors.quantity ? true : undefined}
              {...register('quantity', { valueAsNumber: true })}
              data-testid="movement-quantity"
            />
          </Field>
          {type === 'in' && (
            <Field
              label={t('dialog.unit_cost')}
              htmlFor="mv-cost"
              error={error('unit_cost')}
              hint={t('dialog.unit_cost_hint')}
            >
              <Input
                id="mv-cost"
                type="text"
                inputMode="decimal"
                {...register('unit_cost')}
                data-testid="movement-cost"
              />
            </Field>
          )}
        </div>
        <Field
          label={t('dialog.reason')}
          htmlFor="mv-reason"
          required={type === 'adjustment'}
          error={error('reason')}
        >
          <Input
            id="mv-reason"
            maxLength={240}
            placeholder={t('dialog.reason_placeholder')}
            {...register('reason')}
            data-testid="movement-reason"
          />
        </Field>
      </form>
    </Dialog>
  );
}
