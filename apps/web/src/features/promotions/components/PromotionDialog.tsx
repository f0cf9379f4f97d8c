import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PROMOTION_TYPES,
  promotionInputSchema,
  sastDate,
  type Promotion,
  type PromotionInput,
} from '@tt/domain';
import {
  DiscountField,
  DiscountLimitFields,
  FormActions,
  FormField,
  useContractForm,
  useFormSubmit,
  type DiscountKind,
} from '../../../components/form';
import { Dialog } from '../../../components/ui/Dialog';
import { Select } from '../../../components/ui/Field';
import { Textarea } from '../../../components/ui/Textarea';
import { useSavePromotion } from '../api';
import { PromotionTargetsField } from './PromotionTargetsField';

function valuesOf(p: Promotion | undefined): PromotionInput {
  const today = sastDate();
  if (!p) {
    return {
      promotion_name: '',
      promotion_type: 'volume_discount',
      description: '',
      start_date: today,
      end_date: today,
      minimum_order_value: 0,
      discount_percentage: 0,
      discount_amount: 0,
      target_products: [],
      terms_conditions: '',
      max_uses: null,
      publish: false,
    };
  }
  return {
    promotion_name: p.promotion_name,
    promotion_type: p.promotion_type,
    description: p.description,
    start_date: p.start_date,
    end_date: p.end_date,
    minimum_order_value: p.minimum_order_value,
    discount_percentage: p.discount_percentage,
    discount_amount: p.discount_amount,
    target_products: p.target_products.map((t) => t.id),
    terms_conditions: p.terms_conditions ?? '',
    max_uses: p.max_uses,
    publish: p.status !== 'draft',
  };
}

/** Create Promotion or Edit (spec 3 §5's form; DECISIONS 21: a percentage or an amount off each unit). */
export function PromotionDialog({
  promotion,
  onClose,
  onSaved,
}: {
  promotion?: Promotion | undefined;
  onClose: () => void;
  onSaved: (saved: Promotion) => void;
}) {
  const { t } = useTranslation('promotions');
  const save = useSavePromotion(promotion?.id);
  const form = useContractForm(promotionInputSchema, { defaultValues: valuesOf(promotion) });
  const [kind, setKind] = useState<DiscountKind>(
    promotion && promotion.discount_amount > 0 ? 'amount' : 'percentage',
  );
  const submit = useFormSubmit(form, save.mutateAsync, { keepValues: true, onSuccess: onSaved });
  const targets = form.watch('target_products') ?? [];
  const published = promotion !== undefined && promotion.status !== 'draft';

  const chooseKind = (next: DiscountKind) => {
    setKind(next);
    // Only one discount travels: the other is zero (the server refuses both).
    form.setValue(next === 'percentage' ? 'discount_amount' : 'discount_percentage', 0);
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t(promotion ? 'form.edit_title' : 'form.create_title')}
      description={t('form.text')}
      closeLabel={t('close')}
      footer={
        <FormActions
          formId="promotion-form"
          submitLabel={t('form.save')}
          busy={save.isPending}
          onCancel={onClose}
          testId="save-promotion"
        />
      }
    >
      <form id="promotion-form" onSubmit={submit} noValidate className="space-y-4">
        <FormField
          form={form}
          name="promotion_name"
          id="promotion-name"
          label={t('form.name')}
          required
          inputProps={{ autoFocus: true, autoComplete: 'off' }}
        />
        <FormField form={form} name="promotion_type" id="promotion-type" label={t('form.type')} required>
          {(control) => (
            <Select {...control}>
              {PROMOTION_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`types.${type}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField
          form={form}
          name="description"
          id="promotion-description"
          label={t('form.description')}
          required
        >
          {(control) => <Textarea rows={2} {...control} />}
        </FormField>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField
            form={form}
            name="start_date"
            id="promotion-start"
            label={t('form.start_date')}
            type="date"
            required
          />
          <FormField
            form={form}
            name="end_date"
            id="promotion-end"
            label={t('form.end_date')}
            type="date"
            required
          />
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-stone-800">{t('form.discount')}</legend>
          <div className="mt-1 flex flex-wrap gap-4 text-sm">
            {(['percentage', 'amount'] as const).map((k) => (
              <label key={k} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="discount-kind"
                  checked={kind === k}
                  onChange={() => chooseKind(k)}
                  className="size-4 accent-brand-700"
                />
                {t(`form.kind.${k}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <DiscountField
            key={kind}
            form={form}
            name={kind === 'percentage' ? 'discount_percentage' : 'discount_amount'}
            id={kind === 'percentage' ? 'promotion-percentage' : 'promotion-amount'}
            kind={kind}
            required={false}
          />
          <DiscountLimitFields
            form={form}
            idPrefix="promotion"
            minimumName="minimum_order_value"
            maxUsesName="max_uses"
          />
        </div>
        <div>
          <PromotionTargetsField
            selected={targets.map(Number)}
            initial={promotion?.target_products ?? []}
            onChange={(ids) => form.setValue('target_products', ids, { shouldDirty: true })}
          />
          {form.formState.errors.target_products && (
            <p className="mt-1 text-sm text-red-700" role="alert">
              {t('form.targets_refused')}
            </p>
          )}
        </div>
        <FormField form={form} name="terms_conditions" id="promotion-terms" label={t('form.terms')}>
          {(control) => <Textarea rows={2} {...control} />}
        </FormField>
        {!published && (
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" className="mt-0.5 size-4 accent-brand-700" {...form.register('publish')} />
            <span>
              <span className="font-medium text-stone-900">{t('form.publish')}</span>
              <span className="block text-stone-600">{t('form.publish_hint')}</span>
            </span>
          </label>
        )}
      </form>
    </Dialog>
  );
}
