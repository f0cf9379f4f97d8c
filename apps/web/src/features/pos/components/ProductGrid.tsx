import { useTranslation } from 'react-i18next';
import { PackageSearch, Search } from 'lucide-react';
import { POS_GRID_LIMIT, type PosProduct } from '@tt/domain';
import { Card } from '../../../components/ui/Card';
import { EmptyState } from '../../../components/ui/EmptyState';
import { Input } from '../../../components/ui/Field';
import { formatMoney } from '../../../lib/format';
import { searchProducts } from '../cart';

/** The product grid: search by name, SKU or brand, at most 20 shown; a tap adds one to the cart. */
export function ProductGrid({
  products,
  search,
  onSearch,
  pending,
  onAdd,
}: {
  products: readonly PosProduct[];
  search: string;
  onSearch: (text: string) => void;
  /** Units sold on this device and not yet synced, by product. */
  pending: ReadonlyMap<number, number>;
  onAdd: (product: PosProduct) => void;
}) {
  const { t } = useTranslation('pos');
  const shown = searchProducts(products, search, POS_GRID_LIMIT);
  return (
    <Card className="p-3 sm:p-4">
      <label htmlFor="pos-search" className="sr-only">
        {t('search_label')}
      </label>
      <div className="relative">
        <Search aria-hidden className="pointer-events-none absolute top-2.5 left-3 size-4 text-stone-500" />
        <Input
          id="pos-search"
          type="search"
          className="pl-9"
          placeholder={t('search_placeholder')}
          value={search}
          onChange={(e) => onSearch(e.target.value)}
        />
      </div>
      {shown.length === 0 ? (
        <EmptyState
          icon={PackageSearch}
          title={products.length === 0 ? t('empty.title') : t('empty.no_match')}
          message={products.length === 0 ? t('empty.message') : undefined}
        />
      ) : (
        <ul className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3 xl:grid-cols-4" data-testid="pos-grid">
          {shown.map((p) => {
            const available = p.available - (pending.get(p.id) ?? 0);
            const unpriced = p.price <= 0;
            return (
              <li key={p.id}>
                <button
                  type="button"
                  data-testid={`pos-product-${p.sku}`}
                  disabled={unpriced}
                  onClick={() => onAdd(p)}
                  className="flex h-full w-full flex-col rounded-lg border border-stone-200 bg-white p-3 text-left hover:border-brand-500 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-60"
                >
                  <span className="line-clamp-2 text-sm font-medium break-words text-stone-900">
                    {p.name}
                  </span>
                  <span className="mt-0.5 text-xs break-all text-stone-600">
                    {p.brand ? `${p.brand} · ` : ''}
                    {p.sku}
                  </span>
                  <span className="mt-auto pt-2 font-semibold text-brand-700">
                    {unpriced ? t('no_price') : formatMoney(p.price)}
                  </span>
                  <span className={available > 0 ? 'text-xs text-stone-600' : 'text-xs text-red-700'}>
                    {t('in_stock', { count: available })}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
