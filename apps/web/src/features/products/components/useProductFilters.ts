import { useEffect, useState } from 'react';
import { PRICE_BAND_KEYS, PRODUCT_ORDERS, type PriceBand, type ProductOrder } from '@tt/domain';
import { formatCount } from '../../../lib/format';
import type { ProductFilters } from '../api';
import type { ProductView } from './ProductCard';
import { useQueryParams } from '../../../lib/query-params';

const SEARCH_DEBOUNCE_MS = 300;

const positiveInt = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

export type UpdateFilters = (changes: Record<string, string | undefined>, replace?: boolean) => void;

/** The filters live in the URL, so back, refresh and a shared link keep them. */
export function useFilterParams() {
  const [params, setParams] = useQueryParams();
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
  const update: UpdateFilters = (changes, replace = false) =>
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

/** The search box's text: the URL follows it after a pause; it follows the URL when back/forward changes it. */
export function useSearchText(search: string | undefined, update: UpdateFilters) {
  const [text, setText] = useState(search ?? '');
  useEffect(() => {
    const current = search ?? '';
    setText((typed) => (typed.trim() === current ? typed : current));
  }, [search]);
  useEffect(() => {
    if (text.trim() === (search ?? '')) return;
    const timer = window.setTimeout(() => update({ q: text.trim() || undefined }, true), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- update is rebuilt each render; text drives this
  }, [text, search]);
  return [text, setText] as const;
}

/** A listing's total in the user's number format ("1 234"). */
export const formatTotal = (total: number, language: string | undefined) => formatCount(total, language);
