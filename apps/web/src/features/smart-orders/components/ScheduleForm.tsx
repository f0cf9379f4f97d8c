import { useTranslation } from 'react-i18next';
import { Plus, Trash2 } from 'lucide-react';
import {
  ORDER_FREQUENCIES,
  SMART_ORDER_ITEMS_MAX,
  sastDate,
  scheduledOrderInputSchema,
  type ScheduledOrder,
  type ScheduledOrderInput,
} from '@tt/domain';
import { FormField, asNumber, useContractForm, useFormSubmit } from '../../../components/form';
import { Button } from '../../../components/ui/Button';
import { Select } from '../../../components/ui/Field';
import { Textarea } from '../../../components/ui/Textarea';
import { formatMoney } from '../../../lib/format';
import { useSaveSchedule } from '../api';
import { ProductPickerSearch, ProductPickerStatus, useProductPicker } from './ProductPicker';
import { SupplierSelect } from './SupplierSelect';

function valuesOf(s: ScheduledOrder | undefined): ScheduledOrderInput {
  return {
    order_name: s?.order_name ?? '',
    // Not chosen yet: the selects show their "Choose…" line (0 matched no option and showed a blank box).
    supplier_id: s?.supplier_id ?? '',
    frequency: s?.frequency ?? 'weekly',
    next_order_date: s?.next_order_date ?? sastDate(),
    auto_confirm: s?.auto_confirm ?? false,
    notes: s?.notes ?? '',
    items: s?.items.map((i) => ({ product_id: i.product_id, quantity: i.quantity })) ?? [
      { product_id: '', quantity: 1 },
    ],
    is_active: s?.is_active ?? true,
  };
}

/** The server's refusals of one line land on that line's fields. */
const itemFields = Array.from({ length: SMART_ORDER_ITEMS_MAX }, (_, i) => [
  `items.${i}.product_id`,
  `items.${i}.quantity`,
]).flat();

/** Schedule Recurring Order (spec 3 §7's fields; weekly by default). */
export function ScheduleForm({
  schedule,
  formId,
  onSaved,
  onPending,
}: {
  schedule?: ScheduledOrder | undefined;
  formId: string;
  onSaved: (name: string) => void;
  onPending: (pending: boolean) => void;
}) {
  const { t } = useTranslation('smart_orders');
  const save = useSaveSchedule(schedule?.id);
  const form = useContractForm(scheduledOrderInputSchema, { defaultValues: valuesOf(schedule) });
  const supplierId = Number(form.watch('supplier_id')) || undefined;
  const items = form.watch('items') ?? [];
  const picker = useProductPicker(
    supplierId,
    schedule?.items.map((i) => ({
      id: i.product_id,
      name: i.product_name,
      selling_price: i.current_price,
    })) ?? [],
  );
  // Every line's product stays an option on every line, whatever the search shows.
  const chosen = items.map((i) => Number(i.product_id)).filter((id) => id > 0);
  const options = supplierId ? picker.optionsFor(chosen) : [];
  const submit = useFormSubmit(
    form,
    async (values) => {
      onPending(true);
      try {
        return await save.mutateAsync(values);
      } finally {
        onPending(false);
      }
    },
    {
      keepValues: true,
      onSuccess: (saved) => onSaved(saved.order_name),
      fields: Object.fromEntries(
        [...Object.keys(valuesOf(undefined)), ...itemFields].map((name) => [name, name]),
      ) as Record<string, never>,
    },
  );
  const itemsError = form.formState.errors.items?.root ?? form.formState.errors.items;
  const priceOf = (id: number) => options.find((p) => p.id === id)?.selling_price;

  return (
    <form id={formId} onSubmit={submit} noValidate className="space-y-4" data-testid="schedule-form">
      <FormField
        form={form}
        name="order_name"
        id="schedule-name"
        label={t('form.order_name')}
        required
        inputProps={{ autoComplete: 'off' }}
      />
      <FormField
        form={form}
        name="supplier_id"
        id="schedule-supplier"
        label={t('form.supplier')}
        required
        registerOptions={asNumber}
      >
        {(control) => (
          <SupplierSelect
            control={control}
            value={supplierId}
            initial={schedule ? { id: schedule.supplier_id, name: schedule.supplier_name } : undefined}
            // Another supplier's products are no choice here: the lines keep their quantities, not them.
            onPicked={() => {
              form.setValue(
                'items',
                items.map((i) => ({ ...i, product_id: '' })),
                { shouldDirty: true },
              );
              picker.setFind('');
            }}
          />
        )}
      </FormField>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField form={form} name="frequency" id="schedule-frequency" label={t('form.frequency')} required>
          {(control) => (
            <Select {...control}>
              {ORDER_FREQUENCIES.map((f) => (
                <option key={f} value={f}>
                  {t(`frequency.${f}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField
          form={form}
          name="next_order_date"
          id="schedule-next"
          label={t('form.next_order_date')}
          type="date"
          required
        />
      </div>
      <fieldset className="min-w-0">
        <legend className="text-sm font-medium text-stone-800">{t('form.items')}</legend>
        {supplierId && (
          <div className="mt-2">
            <ProductPickerSearch picker={picker} id="schedule-product-search" />
            <ProductPickerStatus picker={picker} testId="schedule-products" />
          </div>
        )}
        <ul className="mt-2 space-y-2">
          {items.map((item, index) => (
            <li key={index} className="flex items-end gap-2" data-testid="schedule-item">
              <div className="min-w-0 flex-1">
                <FormField
                  form={form}
                  name={`items.${index}.product_id`}
                  id={`schedule-item-${index}-product`}
                  label={t('form.product')}
                  registerOptions={asNumber}
                >
                  {(control) => (
                    <Select
                      {...control}
                      // Held by the line's value: the options change with every search.
                      value={Number(item.product_id) || ''}
                      disabled={!supplierId}
                      onChange={(e) => {
                        picker.remember(Number(e.target.value));
                        void control.onChange(e);
                      }}
                    >
                      <option value="">
                        {t(supplierId ? 'form.choose_product' : 'form.supplier_first')}
                      </option>
                      {options.map((p) => (
                        <option key={p.id} value={p.id}>
                          {p.selling_price === undefined
                            ? p.name
                            : `${p.name} · ${formatMoney(p.selling_price)}`}
                        </option>
                      ))}
                    </Select>
                  )}
                </FormField>
              </div>
              <div className="w-20 shrink-0">
                <FormField
                  form={form}
                  name={`items.${index}.quantity`}
                  id={`schedule-item-${index}-quantity`}
                  label={t('form.quantity')}
                  type="number"
                  inputProps={{ inputMode: 'numeric', min: 1, step: 1 }}
                  registerOptions={asNumber}
                />
              </div>
              <Button
                variant="ghost"
                size="sm"
                className="mb-0.5 shrink-0"
                aria-label={t('form.remove_item')}
                disabled={items.length <= 1}
                onClick={() =>
                  form.setValue(
                    'items',
                    items.filter((_, i) => i !== index),
                    { shouldDirty: true },
                  )
                }
              >
                <Trash2 aria-hidden className="size-4" />
              </Button>
            </li>
          ))}
        </ul>
        {items.length < SMART_ORDER_ITEMS_MAX && (
          <Button
            variant="outline"
            size="sm"
            className="mt-2"
            onClick={() =>
              form.setValue('items', [...items, { product_id: '', quantity: 1 }], { shouldDirty: true })
            }
          >
            <Plus aria-hidden className="size-4" />
            {t('form.add_item')}
          </Button>
        )}
        {itemsError && !Array.isArray(itemsError) && 'message' in itemsError && itemsError.message && (
          <p className="mt-1 text-sm text-red-700" role="alert">
            {t('form.items_required')}
          </p>
        )}
        {supplierId && items.some((i) => priceOf(Number(i.product_id)) !== undefined) && (
          <p className="mt-2 text-xs text-stone-600">{t('form.prices_hint')}</p>
        )}
      </fieldset>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-4 accent-brand-700"
          {...form.register('auto_confirm')}
        />
        <span>
          <span className="font-medium text-stone-900">{t('form.auto_confirm')}</span>
          <span className="block text-stone-600">{t('form.auto_confirm_hint')}</span>
          <span className="block text-stone-600">{t('form.rewards_hint')}</span>
        </span>
      </label>
      <FormField form={form} name="notes" id="schedule-notes" label={t('form.notes')}>
        {(control) => <Textarea rows={2} {...control} />}
      </FormField>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4 accent-brand-700" {...form.register('is_active')} />
        <span className="font-medium text-stone-900">{t('form.is_active')}</span>
      </label>
    </form>
  );
}
