import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { catalogContracts, PriceBand, ProductOrder, subscriptionContracts } from '@tt/domain';
import { call, endpoint, endpoints } from '../../lib/api';
import { queryRoots } from '../../lib/invalidation';

// Named by method and path, typed by the contracts, without their schemas: zod stays out of the first screens
// (this module is on them; ADR 024, fourth pass).
const catalog = endpoints<typeof catalogContracts>({
  products: ['GET', '/api/products'],
  categories: ['GET', '/api/categories'],
});
const planRestrictions = endpoint<(typeof subscriptionContracts)['planRestrictions']>(
  'GET',
  '/api/user-plan-restrictions',
);

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

export const productsQuery = (filters: ProductFilters) =>
  infiniteQueryOptions({
    queryKey: productKeys.list(filters),
    queryFn: ({ pageParam }) => call(catalog.products, { query: { ...filters, page: pageParam } }),
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
    queryFn: () => call(catalog.categories),
    staleTime: 10 * 60 * 1000,
  });

export function useCategories() {
  return useQuery(categoriesQuery());
}

export const planRestrictionsQuery = () =>
  queryOptions({
    queryKey: productKeys.plan(),
    queryFn: () => call(planRestrictions),
  });

export function usePlanRestrictions() {
  return useQuery(planRestrictionsQuery());
}
