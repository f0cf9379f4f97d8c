import { useCallback } from 'react';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { supplierContracts as c, type BodyIn, type QueryIn, type SellerProductList } from '@tt/domain';
import { call } from '../../lib/api';
import { invalidateAfter, queryRoots } from '../../lib/invalidation';
import { nextPage, rowsOnce } from '../../lib/pages';

/** What My products is narrowed by; the page number is the infinite query's own. */
export type ProductFilters = Omit<NonNullable<QueryIn<typeof c.myProducts>>, 'page'>;

/** One key factory for supplier applications and My products. */
export const supplierKeys = {
  all: [queryRoots.suppliers] as const,
  applications: () => [...supplierKeys.all, 'applications'] as const,
  mine: () => [...supplierKeys.applications(), 'mine'] as const,
  review: () => [...supplierKeys.applications(), 'review'] as const,
  products: () => [...supplierKeys.all, 'products'] as const,
  productList: (filters: ProductFilters) => [...supplierKeys.products(), filters] as const,
};

/** GET /api/supplier-applications: the caller's own application (the first, if any). */
export const useMyApplication = () =>
  useQuery({
    queryKey: supplierKeys.mine(),
    queryFn: async () => (await call(c.myApplications))[0] ?? null,
  });

/** GET /api/supplier-applications/review: every application with the open counts (reviewers). */
export const useReviewList = (enabled: boolean) =>
  useQuery({ queryKey: supplierKeys.review(), queryFn: () => call(c.reviewList), enabled });

export type ApplicationInput = BodyIn<typeof c.apply>;

export function useApply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApplicationInput) => call(c.apply, { body: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: supplierKeys.applications() }),
  });
}

export type ReviewInput = BodyIn<typeof c.review>;

export function useReview(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewInput) => call(c.review, { params: { id }, body: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: supplierKeys.applications() }),
  });
}

/** The applicant's session still holds the old role after an approval: read it again. */
export function useApprovalSeen() {
  const queryClient = useQueryClient();
  return useCallback(() => void invalidateAfter(queryClient, 'application.approved'), [queryClient]);
}

/** The pages shown so far as one list, with the counts of the first page's answer. */
function pagesShown({ pages }: InfiniteData<SellerProductList>) {
  const { total, active, matching } = pages[0]!;
  return { total, active, matching, products: rowsOnce(pages.map((page) => page.products)) };
}

/**
 * GET /api/my-products, a page at a time ("Show more"); the last answer stays on screen while the search is
 * typed. A change to a listing refetches the pages shown.
 */
export const useMyProducts = (filters: ProductFilters) =>
  useInfiniteQuery({
    queryKey: supplierKeys.productList(filters),
    queryFn: ({ pageParam }) => call(c.myProducts, { query: { ...filters, page: pageParam } }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    placeholderData: keepPreviousData,
    select: pagesShown,
  });

function useListingChanged() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: supplierKeys.products() });
    void invalidateAfter(queryClient, 'listing.changed');
  };
}

export type NewProductInput = BodyIn<typeof c.createProduct>;
export type ProductUpdateInput = BodyIn<typeof c.updateProduct>;

export function useCreateProduct() {
  const changed = useListingChanged();
  return useMutation({
    mutationFn: (input: NewProductInput) => call(c.createProduct, { body: input }),
    onSuccess: changed,
  });
}

export function useUpdateProduct(id: number) {
  const changed = useListingChanged();
  return useMutation({
    mutationFn: (input: ProductUpdateInput) => call(c.updateProduct, { params: { id }, body: input }),
    onSuccess: changed,
  });
}

export function useSetProductStatus() {
  const changed = useListingChanged();
  return useMutation({
    mutationFn: ({ id, is_active }: { id: number; is_active: boolean }) =>
      call(c.setProductStatus, { params: { id }, body: { is_active } }),
    onSuccess: changed,
  });
}
