import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSupplierProducts } from '../api';
import { PickerSearch } from '../../../components/ui/PickerSearch';
import { PickerStatus, useRemembered, withChosen } from './Picker';

/** A product as a picker names it: an edited record knows its name (and sometimes its price), a page knows all. */
export interface ProductChoice {
  id: number;
  name: string;
  sku?: string | undefined;
  selling_price?: number | undefined;
}

/**
 * One supplier's products for a form: the first page by name, a search that asks the server once the
 * supplier has more than a page, and the products already chosen kept as options whatever it finds.
 */
export function useProductPicker(supplierId: number | undefined, initial: readonly ProductChoice[]) {
  const [find, setFind] = useState('');
  const found = useDeferredValue(find.trim());
  const products = useSupplierProducts(supplierId, found);
  const { known, remember } = useRemembered<ProductChoice>(initial);
  const page: ProductChoice[] = products.data?.products ?? [];
  return {
    find,
    setFind,
    found,
    products,
    searchable: find !== '' || (products.data ? products.data.total > page.length : false),
    /** The options of a select or list holding these chosen ids. */
    optionsFor: (chosen: readonly number[]) => withChosen(page, chosen, known),
    /** Keeps a product just chosen from the page, so a later search does not drop it. */
    remember: (id: number) => remember(page.find((p) => p.id === id)),
    known,
  };
}

export type ProductPicker = ReturnType<typeof useProductPicker>;

/** The search box above a supplier's products, shown once there are more than one page holds. */
export function ProductPickerSearch({ picker, id }: { picker: ProductPicker; id: string }) {
  const { t } = useTranslation('smart_orders');
  if (!picker.searchable) return null;
  return (
    <PickerSearch
      id={id}
      label={t('form.search_products')}
      placeholder={t('form.search_products_placeholder')}
      value={picker.find}
      onChange={picker.setFind}
    />
  );
}

/** Under a supplier's products: loading, a failed load, capped or nothing found. */
export function ProductPickerStatus({ picker, testId }: { picker: ProductPicker; testId: string }) {
  const { t } = useTranslation('smart_orders');
  return (
    <PickerStatus
      query={picker.products}
      shown={(data) => data.products.length}
      search={picker.found}
      noMatch={t('form.no_product_match', { search: picker.found })}
      testId={testId}
    />
  );
}
