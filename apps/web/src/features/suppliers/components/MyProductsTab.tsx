import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PackageSearch, Pencil, Plus, Power, Warehouse } from 'lucide-react';
import type { SellerProduct } from '@tt/domain';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Input, Select } from '../../../components/ui/Field';
import { ProductImage } from '../../../components/ui/ProductImage';
import { QueryState } from '../../../components/ui/QueryState';
import { ShowMore } from '../../../components/ui/ShowMore';
import { formatMoney } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useMyProducts, useSetProductStatus, type ProductFilters } from '../api';
import { ProductDialog } from './ProductDialog';

type Status = ProductFilters['status'] & string;

/**
 * My products: the seller's own listings, active and inactive, with search and a status filter; add,
 * edit, activate or deactivate. Stock is shown, never typed: it changes on the inventory screen.
 */
export function MyProductsTab() {
  const { t } = useTranslation('suppliers');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<Status>('all');
  const deferred = useDeferredValue(search.trim());
  const list = useMyProducts({ status, ...(deferred ? { search: deferred } : {}) });
  const [open, setOpen] = useState<{ product?: SellerProduct } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const setActive = useSetProductStatus();

  return (
    <>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <label htmlFor="product-search" className="mb-1 block text-sm font-medium text-stone-700">
            {t('products.search')}
          </label>
          <Input
            id="product-search"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('products.search_placeholder')}
            data-testid="product-search"
          />
        </div>
        <div className="sm:w-44">
          <label htmlFor="product-status" className="mb-1 block text-sm font-medium text-stone-700">
            {t('products.status_filter')}
          </label>
          <Select
            id="product-status"
            value={status}
            onChange={(e) => setStatus(e.target.value as Status)}
            data-testid="product-status-filter"
          >
            {(['all', 'active', 'inactive'] as const).map((s) => (
              <option key={s} value={s}>
                {t(`products.filter.${s}`)}
              </option>
            ))}
          </Select>
        </div>
        <Button onClick={() => setOpen({})} data-testid="add-product">
          <Plus aria-hidden className="size-4" />
          {t('products.add')}
        </Button>
      </div>
      <div role="status" aria-live="polite">
        {notice && (
          <p
            className="mb-4 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm font-medium text-green-800"
            data-testid="products-notice"
          >
            {notice}
          </p>
        )}
      </div>
      <QueryState
        query={list}
        icon={PackageSearch}
        empty={{
          title: deferred || status !== 'all' ? t('products.none_found') : t('products.empty_title'),
          message: deferred || status !== 'all' ? t('products.none_found_text') : t('products.empty_text'),
        }}
        isEmpty={(data) => data.products.length === 0}
      >
        {(data) => (
          <>
            <p className="mb-2 text-sm text-stone-600" data-testid="products-count">
              {t('products.count', { count: data.total, active: data.active })}
            </p>
            <ul className="space-y-3">
              {data.products.map((product) => (
                <li key={product.id}>
                  <ProductRow
                    product={product}
                    busy={setActive.isPending && setActive.variables?.id === product.id}
                    onEdit={() => setOpen({ product })}
                    onToggle={() =>
                      setActive.mutate(
                        { id: product.id, is_active: !product.is_active },
                        {
                          onSuccess: (saved) =>
                            setNotice(
                              t(saved.is_active ? 'products.activated' : 'products.deactivated', {
                                name: saved.name,
                              }),
                            ),
                        },
                      )
                    }
                  />
                </li>
              ))}
            </ul>
            <ShowMore
              more={list.hasNextPage}
              shown={data.products.length}
              total={data.matching}
              loading={list.isFetchingNextPage}
              onMore={() => void list.fetchNextPage()}
              testId="more-products"
            />
          </>
        )}
      </QueryState>
      {open && (
        <ProductDialog
          product={open.product}
          onClose={() => setOpen(null)}
          onSaved={(message) => {
            setOpen(null);
            setNotice(message);
          }}
        />
      )}
    </>
  );
}

function ProductRow({
  product,
  busy,
  onEdit,
  onToggle,
}: {
  product: SellerProduct;
  busy: boolean;
  onEdit: () => void;
  onToggle: () => void;
}) {
  const { t } = useTranslation('suppliers');
  return (
    <Card className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center sm:p-4" data-testid="my-product">
      <div className="flex min-w-0 flex-1 gap-3">
        <ProductImage src={product.image_url} alt="" className="size-16 rounded-lg" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold break-words text-stone-900">{product.name}</h3>
            <Badge tone={product.is_active ? 'green' : 'grey'}>
              {t(product.is_active ? 'products.active' : 'products.inactive')}
            </Badge>
          </div>
          <p className="text-sm break-words text-stone-600">
            {product.brand} · {product.category_name} · {t('products.sku', { sku: product.sku })}
          </p>
          <p className="mt-1 text-sm text-stone-900">
            <span className="font-semibold">{formatMoney(product.selling_price)}</span>
            {product.mrp > product.selling_price && (
              <span className="ml-2 text-stone-500 line-through">{formatMoney(product.mrp)}</span>
            )}
            <span className="ml-2 text-stone-600">
              {t('products.min_order', { count: product.minimum_order_quantity })}
            </span>
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:flex-col sm:items-end">
        <p className="text-sm text-stone-700" data-testid="product-stock">
          {t('products.in_stock', { count: product.stock_quantity })}
        </p>
        <div className="flex flex-wrap gap-2">
          <Link
            to={paths.inventory}
            className="inline-flex h-8 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-brand-700 hover:bg-brand-50"
          >
            <Warehouse aria-hidden className="size-4" />
            {t('products.record_stock')}
          </Link>
          <Button variant="outline" size="sm" onClick={onEdit} data-testid="edit-product">
            <Pencil aria-hidden className="size-4" />
            {t('products.edit')}
          </Button>
          <Button variant="outline" size="sm" onClick={onToggle} loading={busy} data-testid="toggle-product">
            <Power aria-hidden className="size-4" />
            {t(product.is_active ? 'products.deactivate' : 'products.activate')}
          </Button>
        </div>
      </div>
    </Card>
  );
}
