import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../components/ui/PageHeader';
import { holdFirstPaint, removeFirstPaint } from '../../lib/first-paint';
import { useMe } from '../auth/api';
import { canBuy, cartQuery } from '../cart/api';
import { usePlanRestrictions, useProducts } from './api';
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
  // What the first paint drew from the head script's answers (the banner, View Cart's count, the cards): it stays
  // until this screen has the same answers, then goes in the frame this screen draws them.
  const plan = usePlanRestrictions();
  const buyer = user ? canBuy(user.role) : false;
  const cart = useQuery({ ...cartQuery(), enabled: buyer });
  const ready = !products.isPending && !plan.isPending && (!buyer || !cart.isPending);
  useLayoutEffect(() => {
    if (!ready) return holdFirstPaint();
    const typed = takeOverProductsFirstPaint();
    // Into the address too, as the box would after its pause (the box follows the address when it first renders).
    if (typed) {
      setText(typed.text);
      update({ q: typed.text.trim() || undefined }, true);
    }
    if (typed?.focused)
      document.querySelector<HTMLInputElement>('#root [data-testid="product-search"]')?.focus();
    // setText and update are rebuilt each render, the same in what they do.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);

  if (!user) return null;
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
        search={filters.search}
        products={products}
        filtered={Boolean(filters.search || filters.department_id || filters.price_band)}
        view={view}
        user={user}
      />
    </>
  );
}

/**
 * Takes the first paint away (the marketplace's, or only the shell's), and what was typed in its search box
 * before the app took over (the box is live there), so the app's box goes on with it.
 */
function takeOverProductsFirstPaint() {
  const box = document.querySelector<HTMLInputElement>('#first-paint [data-testid="product-search"]');
  const typed = box?.value ? { text: box.value, focused: document.activeElement === box } : undefined;
  removeFirstPaint();
  return typed;
}
