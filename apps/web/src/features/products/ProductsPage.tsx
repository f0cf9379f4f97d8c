import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/PageHeader';
import { useMe } from '../auth/api';
import { canBuy } from '../cart/api';
import { useProducts } from './api';
import { FreePlanBanner } from './components/FreePlanBanner';
import { ProductFilterBar } from './components/ProductFilterBar';
import { ProductResults } from './components/ProductResults';
import { useFilterParams, useSearchText } from './components/useProductFilters';
import { ViewCartButton } from './components/ViewCartButton';

/** The marketplace (spec 1 §2): search and filters in the URL, the listing with its offers, Load more. */
export default function ProductsPage() {
  const { t } = useTranslation('products');
  const { data: user } = useMe();
  const { filters, view, update } = useFilterParams();
  const [text, setText] = useSearchText(filters.search, update);
  const products = useProducts(filters);
  const first = products.data?.pages[0];

  if (!user) return null;
  const buyer = canBuy(user.role);
  const clear = () => {
    setText('');
    update({ q: undefined, department: undefined, category: undefined, price: undefined, sort: undefined });
  };

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t(buyer ? 'subtitle' : 'subtitle_seller')}
        action={buyer && <ViewCartButton user={user} />}
      />
      <FreePlanBanner />
      <ProductFilterBar
        filters={filters}
        view={view}
        update={update}
        text={text}
        onText={setText}
        total={first}
        onClear={clear}
      />
      <ProductResults
        products={products}
        filtered={Boolean(filters.search || filters.department_id || filters.price_band)}
        view={view}
        user={user}
      />
    </>
  );
}
