import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createBulkOrderSchema,
  finalUnitPriceCents,
  formatRand,
  inSast,
  randToCents,
  type BulkOrder,
  type Membership,
} from '@tt/domain';
import { FormField, toNumber, useContractForm, useFormSubmit } from '../../../components/form';
import { Button } from '../../../components/ui/Button';
import { Card, CardHeader } from '../../../components/ui/Card';
import { Field, Input, Select } from '../../../components/ui/Field';
import { cn } from '../../../components/ui/cn';
import { formatMoney } from '../../../lib/format';
import { useCreateBulkOrder, useProductOptions } from '../api';

const DEFAULT_RUN_DAYS = 14;

/** A day in South African time, as the date field's YYYY-MM-DD. */
function dayInput(daysFromNow: number) {
  return inSast(new Date(Date.now() + daysFromNow * 24 * 60 * 60 * 1000))
    .toISOString()
    .slice(0, 10);
}

/** The order runs to the end of the chosen day, South African time (UTC+2, no daylight saving). */
const endOfDay = (value: unknown) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T23:59:59+02:00` : undefined;

/** What members will pay per unit, or nothing while the price or discount is not a number yet. */
function finalPriceOf(unitPrice: unknown, discount: unknown): string | null {
  if (typeof unitPrice !== 'number' || typeof discount !== 'number' || unitPrice <= 0 || discount < 0) {
    return null;
  }
  try {
    return formatRand(finalUnitPriceCents(randToCents(unitPrice), discount));
  } catch {
    return null;
  }
}

/** The catalogue search and the product picker; choosing a product fills in its price. */
function useProductSearch() {
  const [search, setSearch] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(search.trim()), 300);
    return () => window.clearTimeout(timer);
  }, [search]);
  return { search, setSearch, products: useProductOptions(debounced, true) };
}

export function CreateOrderForm({
  coordinated,
  onCreated,
}: {
  coordinated: Membership[];
  onCreated: (created: BulkOrder) => void;
}) {
  const { t } = useTranslation('bulk_orders');
  const create = useCreateBulkOrder();
  const { search, setSearch, products } = useProductSearch();
  const form = useContractForm(createBulkOrderSchema, {
    defaultValues: {
      coop_id: coordinated[0]?.coop_id,
      bulk_discount_percentage: 10,
      minimum_quantity: 1,
      target_quantity: 100,
      // end_date is read from the date field (its defaultValue) through setValueAs.
    },
  });
  const finalPrice = finalPriceOf(form.watch('unit_price'), form.watch('bulk_discount_percentage'));
  // On success the tab changes and this form goes; on failure it keeps what was typed.
  const onSubmit = useFormSubmit(form, (input) => create.mutateAsync(input), {
    onSuccess: onCreated,
    keepValues: true,
  });
  const number = (min: number, step: number, decimal = false) => ({
    type: 'number' as const,
    inputProps: { inputMode: decimal ? ('decimal' as const) : ('numeric' as const), min, step },
    registerOptions: { setValueAs: toNumber },
  });

  return (
    <Card>
      <CardHeader title={t('create.title')} subtitle={t('create.subtitle')} />
      <form onSubmit={onSubmit} noValidate className="space-y-4 p-4 sm:p-5" data-testid="bulk-order-form">
        <FormField
          form={form}
          name="coop_id"
          id="bo-coop"
          label={t('create.fields.coop')}
          required
          registerOptions={{ setValueAs: toNumber }}
        >
          {(control) => (
            <Select {...control}>
              {coordinated.map((m) => (
                <option key={m.coop_id} value={m.coop_id}>
                  {m.coop_name}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field label={t('create.fields.search')} htmlFor="bo-search">
            <Input
              id="bo-search"
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder={t('create.fields.search_placeholder')}
            />
          </Field>
          <FormField
            form={form}
            name="product_id"
            id="bo-product"
            label={t('create.fields.product')}
            required
            registerOptions={{
              setValueAs: toNumber,
              onChange: (e: React.ChangeEvent<HTMLSelectElement>) => {
                const product = products.data?.products.find((p) => p.id === Number(e.target.value));
                if (product) form.setValue('unit_price', product.selling_price, { shouldValidate: true });
              },
            }}
          >
            {(control) => (
              <Select {...control} className={cn(products.isFetching && 'opacity-70')}>
                <option value="">{t('create.fields.choose_product')}</option>
                {products.data?.products.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name} · {formatMoney(p.selling_price)}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        </div>
        <div className="grid grid-cols-2 gap-4">
          <FormField
            form={form}
            name="unit_price"
            id="bo-price"
            label={t('create.fields.unit_price')}
            hint={t('create.fields.unit_price_hint')}
            {...number(0.01, 0.01, true)}
          />
          <FormField
            form={form}
            name="bulk_discount_percentage"
            id="bo-discount"
            label={t('create.fields.discount')}
            required
            {...number(0, 0.5, true)}
          />
          <FormField
            form={form}
            name="minimum_quantity"
            id="bo-minimum"
            label={t('create.fields.minimum')}
            required
            {...number(1, 1)}
          />
          <FormField
            form={form}
            name="target_quantity"
            id="bo-target"
            label={t('create.fields.target')}
            required
            {...number(1, 1)}
          />
        </div>
        <FormField
          form={form}
          name="end_date"
          id="bo-end"
          label={t('create.fields.end_date')}
          required
          type="date"
          inputProps={{ min: dayInput(1), defaultValue: dayInput(DEFAULT_RUN_DAYS) }}
          registerOptions={{ setValueAs: endOfDay }}
        />
        {finalPrice && (
          <p className="rounded-lg bg-green-50 p-3 text-sm text-green-900" data-testid="final-price-preview">
            {t('create.preview', { price: finalPrice })}
          </p>
        )}
        <div className="flex justify-end">
          <Button
            type="submit"
            loading={create.isPending}
            className="w-full sm:w-auto"
            data-testid="create-bulk-order"
          >
            {t('create.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
