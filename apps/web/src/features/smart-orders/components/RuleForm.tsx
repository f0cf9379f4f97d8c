import { useTranslation } from 'react-i18next';
import {
  DEFAULT_LEAD_TIME_DAYS,
  DEFAULT_SAFETY_STOCK,
  reorderRuleInputSchema,
  type ReorderRule,
  type ReorderRuleInput,
} from '@tt/domain';
import { FormField, asNumber, useContractForm, useFormSubmit } from '../../../components/form';
import { Select } from '../../../components/ui/Field';
import { useSaveRule } from '../api';
import { ProductPickerSearch, ProductPickerStatus, useProductPicker } from './ProductPicker';
import { SupplierSelect } from './SupplierSelect';

function valuesOf(r: ReorderRule | undefined): ReorderRuleInput {
  return {
    // Not chosen yet: the selects show their "Choose…" line (0 matched no option and showed a blank box).
    product_id: r?.product_id ?? '',
    supplier_id: r?.supplier_id ?? '',
    reorder_point: r?.reorder_point ?? 0,
    reorder_quantity: r?.reorder_quantity ?? 1,
    lead_time_days: r?.lead_time_days ?? DEFAULT_LEAD_TIME_DAYS,
    safety_stock: r?.safety_stock ?? DEFAULT_SAFETY_STOCK,
    auto_reorder_enabled: r?.auto_reorder_enabled ?? false,
    is_active: r?.is_active ?? true,
  };
}

/** Create Auto Re-order Rule (spec 3 §7's fields; lead time 7 and safety stock 0 by default). */
export function RuleForm({
  rule,
  formId,
  onSaved,
  onPending,
}: {
  rule?: ReorderRule | undefined;
  formId: string;
  onSaved: (name: string) => void;
  onPending: (pending: boolean) => void;
}) {
  const { t } = useTranslation('smart_orders');
  const save = useSaveRule(rule?.id);
  const form = useContractForm(reorderRuleInputSchema, { defaultValues: valuesOf(rule) });
  const supplierId = Number(form.watch('supplier_id')) || undefined;
  const productId = Number(form.watch('product_id')) || undefined;
  const picker = useProductPicker(supplierId, rule ? [{ id: rule.product_id, name: rule.product_name }] : []);
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
    { keepValues: true, onSuccess: (saved) => onSaved(saved.product_name) },
  );
  const number = { type: 'number' as const, registerOptions: asNumber };

  return (
    <form id={formId} onSubmit={submit} noValidate className="space-y-4" data-testid="rule-form">
      <FormField
        form={form}
        name="supplier_id"
        id="rule-supplier"
        label={t('form.supplier')}
        required
        registerOptions={asNumber}
      >
        {(control) => (
          <SupplierSelect
            control={control}
            value={supplierId}
            initial={rule ? { id: rule.supplier_id, name: rule.supplier_name } : undefined}
            // Another supplier's product is no choice here: it starts again, and so does its search.
            onPicked={() => {
              form.setValue('product_id', '');
              picker.setFind('');
            }}
          />
        )}
      </FormField>
      <FormField
        form={form}
        name="product_id"
        id="rule-product"
        label={t('form.product')}
        required
        registerOptions={asNumber}
      >
        {(control) => (
          <div className="space-y-2">
            {supplierId && <ProductPickerSearch picker={picker} id="rule-product-search" />}
            <Select
              {...control}
              // Held by the form's value: the options change with every search (see SupplierSelect).
              value={productId ?? ''}
              disabled={!supplierId}
              onChange={(e) => {
                picker.remember(Number(e.target.value));
                void control.onChange(e);
              }}
            >
              <option value="">{t(supplierId ? 'form.choose_product' : 'form.supplier_first')}</option>
              {supplierId &&
                picker.optionsFor(productId ? [productId] : []).map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.sku ? `${p.name} (${p.sku})` : p.name}
                  </option>
                ))}
            </Select>
            {supplierId && <ProductPickerStatus picker={picker} testId="rule-products" />}
          </div>
        )}
      </FormField>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField
          form={form}
          name="reorder_point"
          id="rule-point"
          label={t('form.reorder_point')}
          hint={t('form.reorder_point_hint')}
          required
          inputProps={{ inputMode: 'numeric', min: 0, step: 1 }}
          {...number}
        />
        <FormField
          form={form}
          name="reorder_quantity"
          id="rule-quantity"
          label={t('form.reorder_quantity')}
          required
          inputProps={{ inputMode: 'numeric', min: 1, step: 1 }}
          {...number}
        />
        <FormField
          form={form}
          name="lead_time_days"
          id="rule-lead"
          label={t('form.lead_time_days')}
          inputProps={{ inputMode: 'numeric', min: 0, step: 1 }}
          {...number}
        />
        <FormField
          form={form}
          name="safety_stock"
          id="rule-safety"
          label={t('form.safety_stock')}
          inputProps={{ inputMode: 'numeric', min: 0, step: 1 }}
          {...number}
        />
      </div>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-4 accent-brand-700"
          {...form.register('auto_reorder_enabled')}
        />
        <span>
          <span className="font-medium text-stone-900">{t('form.auto_reorder')}</span>
          <span className="block text-stone-600">{t('form.auto_reorder_hint')}</span>
          <span className="block text-stone-600">{t('form.rewards_hint')}</span>
        </span>
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4 accent-brand-700" {...form.register('is_active')} />
        <span className="font-medium text-stone-900">{t('form.is_active')}</span>
      </label>
    </form>
  );
}
