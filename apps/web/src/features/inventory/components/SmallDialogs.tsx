import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { InventoryItem } from '@tt/domain';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { Field, Input } from '../../../components/ui/Field';
import { applyServerErrors } from '../../../lib/form-errors';
import { useCreateLocation, useCreateProduct, useUpdateItem } from '../api';

/** A whole number from a text box, or null when left empty. */
const wholeOrNull = (text: string): number | null | 'invalid' => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d{1,7}$/.test(trimmed) ? Number(trimmed) : 'invalid';
};

function FormDialog({
  id,
  title,
  description,
  submitLabel,
  canSubmit,
  pending,
  onClose,
  onSubmit,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  submitLabel: string;
  canSubmit: boolean;
  pending: boolean;
  onClose: () => void;
  onSubmit: (e: React.FormEvent) => void;
  children: React.ReactNode;
}) {
  const { t } = useTranslation('inventory');
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      {...(description ? { description } : {})}
      closeLabel={t('close')}
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={pending}>
            {t('common:common.cancel')}
          </Button>
          <Button
            type="submit"
            form={id}
            disabled={!canSubmit}
            loading={pending}
            data-testid={`submit-${id}`}
          >
            {submitLabel}
          </Button>
        </div>
      }
    >
      <form id={id} onSubmit={onSubmit} noValidate className="space-y-4">
        {children}
      </form>
    </Dialog>
  );
}

/** The shop's own item, not on the marketplace: to count it here and sell it at the till. */
export function AddItemDialog({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('inventory');
  const create = useCreateProduct();
  const { register, handleSubmit, watch, setError, formState } = useForm({
    defaultValues: { name: '', sku: '', reorder_point: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    const reorder = wholeOrNull(values.reorder_point);
    if (reorder === 'invalid') {
      setError('reorder_point', { type: 'server', message: t('invalid_whole') });
      return;
    }
    await create
      .mutateAsync({ name: values.name.trim(), sku: values.sku.trim(), reorder_point: reorder })
      .then(onSaved, (error: unknown) =>
        applyServerErrors(error, setError, t, ['name', 'sku', 'reorder_point']),
      );
  });
  const { errors } = formState;
  return (
    <FormDialog
      id="add-item"
      title={t('item_dialog.title')}
      description={t('item_dialog.text')}
      submitLabel={t('item_dialog.submit')}
      canSubmit={watch('name').trim() !== '' && watch('sku').trim() !== ''}
      pending={create.isPending}
      onClose={onClose}
      onSubmit={(e) => void onSubmit(e)}
    >
      <Field label={t('item_dialog.name')} htmlFor="item-name" required error={errors.name?.message}>
        <Input id="item-name" autoFocus maxLength={120} {...register('name')} />
      </Field>
      <Field
        label={t('item_dialog.sku')}
        htmlFor="item-sku"
        required
        error={errors.sku?.message}
        hint={t('item_dialog.sku_hint')}
      >
        <Input id="item-sku" maxLength={60} {...register('sku')} />
      </Field>
      <Field label={t('columns.reorder_point')} htmlFor="item-reorder" error={errors.reorder_point?.message}>
        <Input id="item-reorder" inputMode="numeric" {...register('reorder_point')} />
      </Field>
    </FormDialog>
  );
}

export function AddLocationDialog({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('inventory');
  const create = useCreateLocation();
  const { register, handleSubmit, watch, setError, formState } = useForm({ defaultValues: { name: '' } });
  const onSubmit = handleSubmit(async (values) => {
    await create
      .mutateAsync({ name: values.name.trim() })
      .then(onSaved, (error: unknown) => applyServerErrors(error, setError, t, ['name']));
  });
  return (
    <FormDialog
      id="add-location"
      title={t('location_dialog.title')}
      description={t('location_dialog.text')}
      submitLabel={t('location_dialog.submit')}
      canSubmit={watch('name').trim() !== ''}
      pending={create.isPending}
      onClose={onClose}
      onSubmit={(e) => void onSubmit(e)}
    >
      <Field
        label={t('location_dialog.name')}
        htmlFor="location-name"
        required
        error={formState.errors.name?.message}
      >
        <Input id="location-name" autoFocus maxLength={80} {...register('name')} />
      </Field>
    </FormDialog>
  );
}

/** An item's reorder point (low stock at or below it) and overstock level. */
export function ThresholdsDialog({
  item,
  onClose,
  onSaved,
}: {
  item: InventoryItem;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('inventory');
  const update = useUpdateItem();
  const { register, handleSubmit, setError, formState } = useForm({
    defaultValues: {
      reorder_point: item.reorder_point?.toString() ?? '',
      overstock_level: item.overstock_level?.toString() ?? '',
    },
  });
  const onSubmit = handleSubmit(async (values) => {
    const reorder = wholeOrNull(values.reorder_point);
    const overstock = wholeOrNull(values.overstock_level);
    if (reorder === 'invalid') setError('reorder_point', { type: 'server', message: t('invalid_whole') });
    if (overstock === 'invalid' || overstock === 0)
      setError('overstock_level', { type: 'server', message: t('invalid_whole') });
    if (reorder === 'invalid' || overstock === 'invalid' || overstock === 0) return;
    await update
      .mutateAsync({ id: item.id, body: { reorder_point: reorder, overstock_level: overstock } })
      .then(onSaved, (error: unknown) =>
        applyServerErrors(error, setError, t, ['reorder_point', 'overstock_level']),
      );
  });
  return (
    <FormDialog
      id="thresholds"
      title={t('thresholds.title')}
      description={`${item.product_name} · ${item.location_name}`}
      submitLabel={t('thresholds.submit')}
      canSubmit
      pending={update.isPending}
      onClose={onClose}
      onSubmit={(e) => void onSubmit(e)}
    >
      <Field
        label={t('columns.reorder_point')}
        htmlFor="reorder-point"
        error={formState.errors.reorder_point?.message}
        hint={t('thresholds.reorder_hint')}
      >
        <Input id="reorder-point" inputMode="numeric" autoFocus {...register('reorder_point')} />
      </Field>
      <Field
        label={t('thresholds.overstock')}
        htmlFor="overstock-level"
        error={formState.errors.overstock_level?.message}
        hint={t('thresholds.overstock_hint')}
      >
        <Input id="overstock-level" inputMode="numeric" {...register('overstock_level')} />
      </Field>
    </FormDialog>
  );
}
