import { useTranslation } from 'react-i18next';
import {
  sastDate,
  TRADE_OFFER_TYPES,
  tradeOfferInputSchema,
  type TradeOffer,
  type TradeOfferInput,
} from '@tt/domain';
import {
  DiscountField,
  DiscountLimitFields,
  FormField,
  asNumber,
  useContractForm,
  useFormSubmit,
} from '../../../components/form';
import { Select } from '../../../components/ui/Field';
import { Textarea } from '../../../components/ui/Textarea';
import { useMe } from '../../auth/api';
import { useSaveOffer } from '../api';
import {
  ProductPickerSearch,
  ProductPickerStatus,
  useProductPicker,
  type ProductChoice,
} from './ProductPicker';

function valuesOf(o: TradeOffer | undefined): TradeOfferInput {
  const today = sastDate();
  return {
    offer_name: o?.offer_name ?? '',
    offer_type: o?.offer_type ?? 'percentage_discount',
    discount_value: o?.discount_value ?? 0,
    start_date: o?.start_date ?? today,
    end_date: o?.end_date ?? today,
    minimum_order_value: o?.minimum_order_value ?? 0,
    max_uses: o?.max_uses ?? null,
    description: o?.description ?? '',
    is_active: o?.is_active ?? true,
    products: o?.products.map((p) => p.id) ?? [],
    min_quantity: o?.min_quantity ?? 10,
    buy_quantity: o?.buy_quantity ?? 1,
    get_quantity: o?.get_quantity ?? 1,
  };
}

/** Create Trade Offer (spec 3 §7's fields), on the seller's own products (DECISIONS 21). */
export function OfferForm({
  offer,
  formId,
  onSaved,
  onPending,
}: {
  offer?: TradeOffer | undefined;
  formId: string;
  onSaved: (name: string) => void;
  onPending: (pending: boolean) => void;
}) {
  const { t } = useTranslation('smart_orders');
  const { data: me } = useMe();
  const picker = useProductPicker(me?.id, offer?.products ?? []);
  const save = useSaveOffer(offer?.id);
  const form = useContractForm(tradeOfferInputSchema, { defaultValues: valuesOf(offer) });
  const type = form.watch('offer_type');
  const chosen = (form.watch('products') ?? []).map(Number);
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
    { keepValues: true, onSuccess: (saved) => onSaved(saved.offer_name) },
  );
  const toggle = (id: number) => {
    if (!chosen.includes(id)) picker.remember(id);
    form.setValue('products', chosen.includes(id) ? chosen.filter((x) => x !== id) : [...chosen, id], {
      shouldDirty: true,
    });
  };
  const page = picker.products.data;
  // Once a search is open, the chosen products stay on top, ticked, whatever it finds; a list that fits
  // whole keeps its order, with only a chosen product it no longer holds (switched off since) on top.
  const onTop = picker.searchable ? chosen : chosen.filter((id) => !page?.products.some((p) => p.id === id));
  const listed = picker.optionsFor(onTop);
  const top = listed.filter((p) => onTop.includes(p.id));
  const rest = listed.filter((p) => !onTop.includes(p.id));
  const number = { type: 'number' as const, registerOptions: asNumber };
  const row = (p: ProductChoice) => (
    <li key={p.id}>
      <label className="flex min-h-9 items-start gap-2 py-1 text-sm">
        <input
          type="checkbox"
          checked={chosen.includes(p.id)}
          onChange={() => toggle(p.id)}
          className="mt-0.5 size-4 shrink-0 accent-brand-700"
        />
        <span className="min-w-0 flex-1 break-words">{p.name}</span>
        {p.sku && <span className="shrink-0 text-xs text-stone-600">{p.sku}</span>}
      </label>
    </li>
  );

  return (
    <form id={formId} onSubmit={submit} noValidate className="space-y-4" data-testid="offer-form">
      <FormField
        form={form}
        name="offer_name"
        id="offer-name"
        label={t('form.offer_name')}
        required
        inputProps={{ autoComplete: 'off' }}
      />
      <FormField form={form} name="offer_type" id="offer-type" label={t('form.offer_type')} required>
        {(control) => (
          <Select {...control}>
            {TRADE_OFFER_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`offer_types.${type}`)}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {type !== 'buy_x_get_y' && type !== 'free_shipping' && (
          <DiscountField
            key={type === 'fixed_discount' ? 'amount' : 'percentage'}
            form={form}
            name="discount_value"
            id="offer-value"
            kind={type === 'fixed_discount' ? 'amount' : 'percentage'}
          />
        )}
        {type === 'bulk_discount' && (
          <FormField
            form={form}
            name="min_quantity"
            id="offer-min-quantity"
            label={t('form.min_quantity')}
            inputProps={{ inputMode: 'numeric', min: 2, step: 1 }}
            {...number}
          />
        )}
        {type === 'buy_x_get_y' && (
          <>
            <FormField
              form={form}
              name="buy_quantity"
              id="offer-buy"
              label={t('form.buy_quantity')}
              inputProps={{ inputMode: 'numeric', min: 1, step: 1 }}
              {...number}
            />
            <FormField
              form={form}
              name="get_quantity"
              id="offer-get"
              label={t('form.get_quantity')}
              inputProps={{ inputMode: 'numeric', min: 1, step: 1 }}
              {...number}
            />
          </>
        )}
        <FormField
          form={form}
          name="start_date"
          id="offer-start"
          label={t('form.start_date')}
          type="date"
          required
        />
        <FormField
          form={form}
          name="end_date"
          id="offer-end"
          label={t('form.end_date')}
          type="date"
          required
        />
        <DiscountLimitFields
          form={form}
          idPrefix="offer"
          minimumName="minimum_order_value"
          maxUsesName="max_uses"
        />
      </div>
      <FormField form={form} name="description" id="offer-description" label={t('form.description')}>
        {(control) => <Textarea rows={2} {...control} />}
      </FormField>
      <fieldset className="min-w-0">
        <legend className="text-sm font-medium text-stone-800">{t('form.products')}</legend>
        <p className="text-xs text-stone-600">{t('form.products_hint')}</p>
        {me && (
          <div className="mt-2">
            <ProductPickerSearch picker={picker} id="offer-product-search" />
            <ProductPickerStatus picker={picker} testId="offer-products" />
          </div>
        )}
        {page && page.total === 0 && picker.found === '' && top.length === 0 ? (
          <p className="mt-2 text-sm text-stone-600">{t('form.no_products')}</p>
        ) : (
          (top.length > 0 || rest.length > 0) && (
            <div
              className="mt-2 max-h-48 min-w-0 overflow-y-auto overscroll-contain rounded-lg border border-stone-200 p-2"
              data-testid="offer-product-list"
            >
              {top.length > 0 && picker.searchable ? (
                <>
                  <p className="mb-1 text-xs font-medium text-stone-700">
                    {t('form.chosen', { count: top.length })}
                  </p>
                  <ul className="min-w-0 space-y-1" data-testid="offer-products-chosen">
                    {top.map(row)}
                  </ul>
                  {rest.length > 0 && <hr className="my-2 border-stone-200" />}
                  <ul className="min-w-0 space-y-1">{rest.map(row)}</ul>
                </>
              ) : (
                <ul className="min-w-0 space-y-1">{[...top, ...rest].map(row)}</ul>
              )}
            </div>
          )
        )}
        {form.formState.errors.products && (
          <p className="mt-1 text-sm text-red-700" role="alert">
            {t('form.products_refused')}
          </p>
        )}
      </fieldset>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4 accent-brand-700" {...form.register('is_active')} />
        <span className="font-medium text-stone-900">{t('form.offer_active')}</span>
      </label>
    </form>
  );
}
