import { useTranslation } from 'react-i18next';
import {
  sellerProductCreateSchema,
  sellerProductUpdateSchema,
  type Category,
  type SellerProduct,
  type SellerProductCreateForm,
} from '@tt/domain';
import { FormActions, FormField, toNumber, useContractForm, useFormSubmit } from '../../../components/form';
import { Dialog } from '../../../components/ui/Dialog';
import { Select } from '../../../components/ui/Field';
import { Textarea } from '../../../components/ui/Textarea';
import { useCategories } from '../../products/api';
import { useCreateProduct, useUpdateProduct } from '../api';

const blank: SellerProductCreateForm = {
  name: '',
  brand: '',
  category_id: '' as unknown as number,
  sku: '',
  description: '',
  image_url: '',
  selling_price: undefined as unknown as number,
  mrp: undefined as unknown as number,
  minimum_order_quantity: 1,
  opening_stock: 0,
  is_active: true,
};

const valuesOf = (p: SellerProduct): SellerProductCreateForm => ({
  name: p.name,
  brand: p.brand,
  category_id: p.category_id,
  sku: p.sku,
  description: p.description ?? '',
  image_url: p.image_url ?? '',
  selling_price: p.selling_price,
  mrp: p.mrp,
  minimum_order_quantity: p.minimum_order_quantity,
  opening_stock: 0,
  is_active: p.is_active,
});

/** Departments as groups of their categories, so a seller picks where buyers will look. */
function CategoryOptions({ categories }: { categories: Category[] }) {
  const departments = categories.filter((c) => c.parent_id === null);
  return (
    <>
      {departments.map((department) => {
        const children = categories.filter((c) => c.parent_id === department.id);
        return children.length === 0 ? (
          <option key={department.id} value={department.id}>
            {department.name}
          </option>
        ) : (
          <optgroup key={department.id} label={department.name}>
            {children.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </optgroup>
        );
      })}
    </>
  );
}

/**
 * Add product (no product) or Edit (a product): the domain's schema checks first (prices, mrp not below
 * the price, a SKU of letters and digits). The stock is not a field: a new product may bring its opening
 * stock (an inventory "in" movement); after that, stock changes on the inventory screen.
 */
export function ProductDialog({
  product,
  onClose,
  onSaved,
}: {
  product?: SellerProduct | undefined;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const { t } = useTranslation('suppliers');
  const categories = useCategories();
  const create = useCreateProduct();
  const update = useUpdateProduct(product?.id ?? 0);
  const saving = product ? update : create;
  // Edit checks with the update schema, which drops the create-only fields (SKU, opening stock, listing).
  const schema = (
    product ? sellerProductUpdateSchema : sellerProductCreateSchema
  ) as typeof sellerProductCreateSchema;
  const form = useContractForm(schema, {
    defaultValues: product ? valuesOf(product) : blank,
  });
  const submit = useFormSubmit(
    form,
    (values) => (product ? update.mutateAsync(values) : create.mutateAsync(values)),
    {
      keepValues: true,
      onSuccess: (saved) => onSaved(t(product ? 'products.saved' : 'products.added', { name: saved.name })),
    },
  );
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={product ? t('products.edit_title', { name: product.name }) : t('products.add_title')}
      description={t(product ? 'products.edit_text' : 'products.add_text')}
      closeLabel={t('close')}
      footer={
        <FormActions
          formId="product-form"
          submitLabel={t('products.save')}
          busy={saving.isPending}
          onCancel={onClose}
          testId="save-product"
        />
      }
    >
      <form id="product-form" onSubmit={submit} noValidate className="space-y-4">
        <FormField
          form={form}
          name="name"
          id="product-name"
          label={t('products.fields.name')}
          required
          inputProps={{ autoComplete: 'off' }}
        />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField
            form={form}
            name="brand"
            id="product-brand"
            label={t('products.fields.brand')}
            required
            inputProps={{ autoComplete: 'off' }}
          />
          <FormField
            form={form}
            name="category_id"
            id="product-category"
            label={t('products.fields.category')}
            required
            registerOptions={{ setValueAs: toNumber }}
          >
            {(control) => (
              <Select {...control}>
                <option value="">{t('products.choose_category')}</option>
                {categories.data && <CategoryOptions categories={categories.data} />}
              </Select>
            )}
          </FormField>
        </div>
        {product ? (
          <p className="text-sm text-stone-600">{t('products.sku_fixed', { sku: product.sku })}</p>
        ) : (
          <FormField
            form={form}
            name="sku"
            id="product-sku"
            label={t('products.fields.sku')}
            hint={t('products.sku_hint')}
            required
            inputProps={{ autoComplete: 'off', autoCapitalize: 'characters' }}
          />
        )}
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          <FormField
            form={form}
            name="selling_price"
            id="product-price"
            label={t('products.fields.selling_price')}
            required
            type="number"
            inputProps={{ inputMode: 'decimal', min: 0, step: 0.01 }}
            registerOptions={{ setValueAs: toNumber }}
          />
          <FormField
            form={form}
            name="mrp"
            id="product-mrp"
            label={t('products.fields.mrp')}
            required
            type="number"
            inputProps={{ inputMode: 'decimal', min: 0, step: 0.01 }}
            registerOptions={{ setValueAs: toNumber }}
          />
          <FormField
            form={form}
            name="minimum_order_quantity"
            id="product-moq"
            label={t('products.fields.minimum_order_quantity')}
            type="number"
            inputProps={{ inputMode: 'numeric', min: 1, step: 1 }}
            registerOptions={{ setValueAs: toNumber }}
          />
        </div>
        <p className="-mt-2 text-xs text-stone-600">{t('products.price_hint')}</p>
        {!product && (
          <FormField
            form={form}
            name="opening_stock"
            id="product-opening-stock"
            label={t('products.fields.opening_stock')}
            hint={t('products.opening_stock_hint')}
            type="number"
            inputProps={{ inputMode: 'numeric', min: 0, step: 1 }}
            registerOptions={{ setValueAs: (v: unknown) => toNumber(v) ?? 0 }}
          />
        )}
        <FormField
          form={form}
          name="image_url"
          id="product-image"
          label={t('products.fields.image_url')}
          hint={t('products.image_hint')}
          inputProps={{ autoComplete: 'off', inputMode: 'url' }}
        />
        <FormField
          form={form}
          name="description"
          id="product-description"
          label={t('products.fields.description')}
        >
          {(control) => <Textarea rows={3} {...control} />}
        </FormField>
        {!product && (
          <label className="flex items-center gap-2 text-sm text-stone-800">
            <input type="checkbox" {...form.register('is_active')} data-testid="product-active" />
            {t('products.list_now')}
          </label>
        )}
      </form>
    </Dialog>
  );
}
