import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LayoutGrid, List, Search, X } from 'lucide-react';
import { PRICE_BAND_KEYS, PRODUCT_ORDERS, PRODUCT_SORTS, type ProductOrder } from '@tt/domain';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Input, Select } from '../../../components/ui/Field';
import { cn } from '../../../components/ui/cn';
import { useCategories, type ProductFilters } from '../api';
import type { ProductView } from './ProductCard';
import { formatTotal, type UpdateFilters } from './useProductFilters';

/**
 * The search box, department / category / price filters, the count, Clear, the order and the grid/list
 * switch. Every choice goes to the URL through `update`.
 */
export function ProductFilterBar({
  filters,
  view,
  update,
  text,
  onText,
  total,
  onClear,
}: {
  filters: ProductFilters;
  view: ProductView;
  update: UpdateFilters;
  text: string;
  onText: (text: string) => void;
  /** The listing's total once the first page is in. */
  total: { total: number; total_capped: boolean } | undefined;
  onClear: () => void;
}) {
  const { t, i18n } = useTranslation('products');
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
  const filtered = Boolean(filters.search || filters.department_id || filters.price_band);
  const anyFilter = filtered || text !== '' || filters.sort !== undefined;
  // The order shown: the chosen one, else the server's default (relevance while searching).
  const order: ProductOrder = filters.sort ?? (filters.search ? 'relevance' : 'name');
  const sorts: readonly ProductOrder[] = filters.search ? PRODUCT_ORDERS : PRODUCT_SORTS;

  return (
    <Card className="mb-4 space-y-3 p-3 sm:p-4">
      <div className="relative">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-400"
        />
        <Input
          type="search"
          value={text}
          onChange={(e) => onText(e.target.value)}
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
          {total
            ? total.total_capped
              ? t('count_capped', { total: formatTotal(total.total, i18n.resolvedLanguage) })
              : t('count', { count: total.total })
            : '\u00a0'}
        </p>
        {anyFilter && (
          <Button variant="ghost" size="sm" onClick={onClear} data-testid="clear-filters">
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
                sort: e.target.value === (filters.search ? 'relevance' : 'name') ? undefined : e.target.value,
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
        <ViewSwitch view={view} onView={(v) => update({ view: v === 'grid' ? undefined : v }, true)} />
      </div>
    </Card>
  );
}

function ViewSwitch({ view, onView }: { view: ProductView; onView: (view: ProductView) => void }) {
  const { t } = useTranslation('products');
  return (
    <div className="flex rounded-lg border border-stone-300 p-0.5" role="group" aria-label={t('view.label')}>
      {(['grid', 'list'] as const).map((v) => {
        const Icon = v === 'grid' ? LayoutGrid : List;
        return (
          <button
            key={v}
            type="button"
            aria-pressed={view === v}
            aria-label={t(`view.${v}`)}
            title={t(`view.${v}`)}
            onClick={() => onView(v)}
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
  );
}
