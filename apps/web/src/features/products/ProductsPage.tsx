import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Crown, LayoutGrid, List, PackageSearch, Search, ShoppingCart, X } from 'lucide-react';
import {
  FREE_PLAN_BROWSE_LIMIT,
  PRICE_BAND_KEYS,
  PRODUCT_ORDERS,
  PRODUCT_SORTS,
  type AppUser,
  type PriceBand,
  type ProductOrder,
} from '@tt/domain';
import { Button, buttonClass } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { EmptyState } from '../../components/ui/EmptyState';
import { Input, Select } from '../../components/ui/Field';
import { Loading } from '../../components/ui/Loading';
import { PageHeader } from '../../components/ui/PageHeader';
import { cn } from '../../components/ui/cn';
import { paths } from '../../lib/paths';
import { useMe } from '../auth/api';
import { canBuy, useCartCount } from '../cart/api';
import { useCategories, usePlanRestrictions, useProducts, type ProductFilters } from './api';
import { useProductTradeOffers } from '../smart-orders/api';
import { useProductPromotions } from '../promotions/api';
import { ProductCard, type ProductView } from './ProductCard';

const SEARCH_DEBOUNCE_MS = 300;
/** The cards of the widest grid's first row (four columns): the ones in view when the screen opens. */
const FIRST_ROW_CARDS = 4;

const positiveInt = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** The filters live in the URL, so back, refresh and a shared link keep them. */
function useFilterParams() {
  const [params, setParams] = useSearchParams();
  const price = params.get('price');
  const sort = params.get('sort');
  const department = positiveInt(params.get('department'));
  const filters: ProductFilters = {
    search: params.get('q')?.trim() || undefined,
    department_id: department,
    category_id: department ? positiveInt(params.get('category')) : undefined,
    price_band: PRICE_BAND_KEYS.includes(price as PriceBand) ? (price as PriceBand) : undefined,
    sort: PRODUCT_ORDERS.includes(sort as ProductOrder) ? (sort as ProductOrder) : undefined,
  };
  const view: ProductView = params.get('view') === 'list' ? 'list' : 'grid';
  const update = (changes: Record<string, string | undefined>, replace = false) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { replace },
    );
  return { filters, view, update };
}

export default function ProductsPage() {
  const { t, i18n } = useTranslation('products');
  const { data: user } = useMe();
  const { filters, view, update } = useFilterParams();
  const [text, setText] = useState(filters.search ?? '');

  // The URL follows the box after a pause; the box follows the URL when back/forward changes it.
  useEffect(() => {
    const search = filters.search ?? '';
    setText((current) => (current.trim() === search ? current : search));
  }, [filters.search]);
  useEffect(() => {
    if (text.trim() === (filters.search ?? '')) return;
    const timer = window.setTimeout(() => update({ q: text.trim() || undefined }, true), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- update is rebuilt each render; text drives this
  }, [text, filters.search]);

  const categories = useCategories();
  const departments = useMemo(
    () => (categories.data ?? []).filter((c) => c.parent_id === null),
    [categories.data],
  );
  const subcategories = useMemo(
    () =>
      (categories.data ?? []).filter((c) => c.parent_id !== null && c.parent_id === filters.department_id),
    [categories.data, filters.department_id],
  );

  const products = useProducts(filters);
  const first = products.data?.pages[0];
  const items = products.data?.pages.flatMap((p) => p.products) ?? [];
  // Trade offers running on the products shown (smart orders; priced at checkout, DECISIONS 21).
  const offers = useProductTradeOffers(items.slice(0, 500).map((p) => p.id));
  // Running promotions by the page's product ids, after the listing (the listing's query is untouched).
  const promotions = useProductPromotions(items.map((p) => p.id));
  const filtered = Boolean(filters.search || filters.department_id || filters.price_band);
  const anyFilter = filtered || text !== '' || filters.sort !== undefined;
  // The order shown: the chosen one, else the server's default (relevance while searching).
  const order: ProductOrder = filters.sort ?? (filters.search ? 'relevance' : 'name');
  const sorts: readonly ProductOrder[] = filters.search ? PRODUCT_ORDERS : PRODUCT_SORTS;
  const totalText = (total: number) => new Intl.NumberFormat(i18n.resolvedLanguage).format(total);

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

      <Card className="mb-4 space-y-3 p-3 sm:p-4">
        <div className="relative">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-400"
          />
          <Input
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('search_placeholder')}
            aria-label={t('search_label')}
            className="pl-9"
            maxLength={100}
            data-testid="product-search"
          />
        </div>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-3 sm:gap-3">
          <Select
            aria-label={t('filters.department')}
            value={filters.department_id ?? ''}
            onChange={(e) => update({ department: e.target.value || undefined, category: undefined })}
            data-testid="filter-department"
          >
            <option value="">{t('filters.all_departments')}</option>
            {departments.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </Select>
          <Select
            aria-label={t('filters.category')}
            value={filters.category_id ?? ''}
            disabled={!filters.department_id}
            onChange={(e) => update({ category: e.target.value || undefined })}
            data-testid="filter-category"
          >
            <option value="">
              {t(filters.department_id ? 'filters.all_categories' : 'filters.choose_department_first')}
            </option>
            {subcategories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
          <Select
            aria-label={t('filters.price')}
            value={filters.price_band ?? ''}
            onChange={(e) => update({ price: e.target.value || undefined })}
            data-testid="filter-price"
          >
            <option value="">{t('filters.all_prices')}</option>
            {PRICE_BAND_KEYS.map((band) => (
              <option key={band} value={band}>
                {t(`price_bands.${band}`)}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <p
            className="w-full text-sm font-medium text-stone-700 sm:mr-auto sm:w-auto"
            data-testid="product-count"
            aria-live="polite"
          >
            {first
              ? first.total_capped
                ? t('count_capped', { total: totalText(first.total) })
                : t('count', { count: first.total })
              : '\u00a0'}
          </p>
          {anyFilter && (
            <Button variant="ghost" size="sm" onClick={clear} data-testid="clear-filters">
              <X aria-hidden className="size-4" />
              {t('filters.clear')}
            </Button>
          )}
          {/* At least as wide as its longest choice: a squeezed box once showed "Na" for "Name". */}
          <label className="flex min-w-[11rem] flex-1 items-center gap-2 text-sm text-stone-600 sm:flex-none">
            <span className="hidden sm:inline">{t('sort.label')}</span>
            <Select
              aria-label={t('sort.label')}
              value={order}
              onChange={(e) =>
                update({
                  sort:
                    e.target.value === (filters.search ? 'relevance' : 'name') ? undefined : e.target.value,
                })
              }
              className="h-8 w-full py-1 sm:w-56"
              data-testid="product-sort"
            >
              {sorts.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`sort.${sort}`)}
                </option>
              ))}
            </Select>
          </label>
          <div
            className="flex rounded-lg border border-stone-300 p-0.5"
            role="group"
            aria-label={t('view.label')}
          >
            {(['grid', 'list'] as const).map((v) => {
              const Icon = v === 'grid' ? LayoutGrid : List;
              return (
                <button
                  key={v}
                  type="button"
                  aria-pressed={view === v}
                  aria-label={t(`view.${v}`)}
                  title={t(`view.${v}`)}
                  onClick={() => update({ view: v === 'grid' ? undefined : v }, true)}
                  className={cn(
                    'grid size-7 place-items-center rounded-md',
                    view === v ? 'bg-brand-600 text-white' : 'text-stone-500 hover:bg-stone-100',
                  )}
                >
                  <Icon aria-hidden className="size-4" />
                </button>
              );
            })}
          </div>
        </div>
      </Card>

      {products.isPending ? (
        <Loading label={t('common:common.loading')} />
      ) : products.isError && items.length === 0 ? (
        <Card>
          <EmptyState
            icon={PackageSearch}
            title={t('common:errors.screen_title')}
            action={
              <Button variant="outline" onClick={() => void products.refetch()}>
                {t('common:common.reload')}
              </Button>
            }
          />
        </Card>
      ) : items.length === 0 ? (
        <Card>
          {filtered ? (
            <EmptyState
              icon={PackageSearch}
              title={t('empty.no_results')}
              message={t('empty.no_results_text')}
            />
          ) : (
            <EmptyState icon={PackageSearch} title={t('empty.none_available')} />
          )}
        </Card>
      ) : (
        <>
          <ul
            data-testid="product-list"
            data-view={view}
            className={cn(
              view === 'grid'
                ? 'grid grid-cols-2 gap-2.5 sm:grid-cols-3 sm:gap-4 xl:grid-cols-4'
                : 'flex flex-col gap-2.5',
            )}
          >
            {items.map((product, index) => (
              <li key={product.id} className="min-w-0">
                <ProductCard
                  priority={index < FIRST_ROW_CARDS}
                  product={product}
                  view={view}
                  user={user}
                  offers={offers.data?.filter((o) => o.product_id === product.id)}
                  promotions={promotions.get(product.id)}
                />
              </li>
            ))}
          </ul>
          <div className="mt-5 flex flex-col items-center gap-2">
            <p className="text-sm text-stone-500">
              {t('showing', {
                shown: items.length,
                total: first?.total_capped ? `${totalText(first.total)}+` : (first?.total ?? items.length),
              })}
            </p>
            {products.hasNextPage && (
              <Button
                variant="outline"
                loading={products.isFetchingNextPage}
                onClick={() => void products.fetchNextPage()}
                data-testid="load-more"
              >
                {t('load_more')}
              </Button>
            )}
          </div>
        </>
      )}
    </>
  );
}

function ViewCartButton({ user }: { user: AppUser }) {
  const { t } = useTranslation('products');
  const count = useCartCount(user.role);
  return (
    <Link to={paths.cart} className={buttonClass('outline')} data-testid="view-cart">
      <ShoppingCart aria-hidden className="size-4" />
      {t('view_cart')}
      <span
        className="min-w-5 rounded-full bg-brand-600 px-1.5 text-center text-xs leading-5 font-semibold text-white"
        aria-label={t('cart_lines', { count })}
        data-testid="view-cart-count"
      >
        {count}
      </span>
    </Link>
  );
}

/** Spec 1 §2: on the free plan, or with no plan data, the browsing limit and a way to upgrade. */
function FreePlanBanner() {
  const { t } = useTranslation('products');
  const plan = usePlanRestrictions();
  if (plan.isPending) return null;
  const data = plan.data;
  if (data && data.plan_type !== 'free') return null;
  const limit = data && data.max_products_browse > 0 ? data.max_products_browse : FREE_PLAN_BROWSE_LIMIT;
  return (
    <div
      data-testid="free-plan-banner"
      className="mb-4 flex flex-wrap items-center gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3"
    >
      <Crown aria-hidden className="size-5 shrink-0 text-amber-600" />
      <p className="min-w-0 flex-1 text-sm text-amber-900">
        <span className="font-semibold">{t('free_plan.title')}</span> {t('free_plan.message', { limit })}
      </p>
      <Link to={paths.subscription} className={buttonClass('primary', 'sm')}>
        {t('free_plan.upgrade')}
      </Link>
    </div>
  );
}
