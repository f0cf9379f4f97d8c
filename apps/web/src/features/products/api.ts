import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Category, PlanRestrictions, PriceBand, ProductList, ProductOrder } from '@tt/domain';
import { api } from '../../lib/api';
import { queryRoots } from '../../lib/invalidation';

/** What the marketplace filters by; the page number is the infinite query's own. */
export interface ProductFilters {
  search?: string;
  department_id?: number;
  category_id?: number;
  price_band?: PriceBand;
  /** None chosen: the server orders a search by relevance, anything else by name. */
  sort?: ProductOrder;
}

export const productKeys = {
  all: [queryRoots.products] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  list: (filters: ProductFilters) => [...productKeys.lists(), filters] as const,
  detail: (id: number) => [...productKeys.all, 'detail', id] as const,
  categories: () => [...productKeys.all, 'categories'] as const,
  plan: () => [...productKeys.all, 'plan-restrictions'] as const,
};

function productSearch(filters: ProductFilters, page: number) {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  if (filters.department_id) params.set('department_id', String(filters.department_id));
  if (filters.category_id) params.set('category_id', String(filters.category_id));
  if (filters.price_band) params.set('price_band', filters.price_band);
  if (filters.sort) params.set('sort', filters.sort);
  params.set('page', String(page));
  return params.toString();
}

export const productsQuery = (filters: ProductFilters) =>
  infiniteQueryOptions({
    queryKey: productKeys.list(filters),
    queryFn: ({ pageParam }) => api.get<ProductList>(`/api/products?${productSearch(filters, pageParam)}`),
    initialPageParam: 1,
    // A capped total ("1,000+") has more pages than it says: keep going while pages come back full.
    getNextPageParam: (last) =>
      last.page * last.page_size < last.total ||
      (last.total_capped && last.products.length === last.page_size)
        ? last.page + 1
        : undefined,
  });

export function useProducts(filters: ProductFilters) {
  return useInfiniteQuery(productsQuery(filters));
}

export const categoriesQuery = () =>
  queryOptions({
    queryKey: productKeys.categories(),
    queryFn: () => api.get<Category[]>('/api/categories'),
    staleTime: 10 * 60 * 1000,
  });

export function useCategories() {
  return useQuery(categoriesQuery());
}

export const planRestrictionsQuery = () =>
  queryOptions({
    queryKey: productKeys.plan(),
    queryFn: () => api.get<PlanRestrictions | null>('/api/user-plan-restrictions'),
  });

export function usePlanRestrictions() {
  return useQuery(planRestrictionsQuery());
}
