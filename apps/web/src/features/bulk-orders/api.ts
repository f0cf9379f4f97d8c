import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BulkOrder,
  BulkOrderStatus,
  Participation,
  ProductList,
  createBulkOrderSchema,
} from '@tt/domain';
import type { z } from 'zod';
import { api } from '../../lib/api';
import { queryRoots } from '../../lib/invalidation';

export interface BulkOrderFilters {
  status?: BulkOrderStatus;
}

export const bulkOrderKeys = {
  all: [queryRoots['bulk-orders']] as const,
  lists: () => [...bulkOrderKeys.all, 'list'] as const,
  list: (filters: BulkOrderFilters) => [...bulkOrderKeys.lists(), filters] as const,
  detail: (id: number) => [...bulkOrderKeys.all, 'detail', id] as const,
  participations: () => [...bulkOrderKeys.all, 'my-participations'] as const,
  productOptions: (search: string) => [...bulkOrderKeys.all, 'product-options', search] as const,
  myProposals: () => [...bulkOrderKeys.lists(), 'my-proposals'] as const,
  proposedToMe: () => [...bulkOrderKeys.lists(), 'proposed-to-me'] as const,
};

export const bulkOrdersQuery = (filters: BulkOrderFilters = {}) =>
  queryOptions({
    queryKey: bulkOrderKeys.list(filters),
    queryFn: () =>
      api.get<BulkOrder[]>(`/api/bulk-orders${filters.status ? `?status=${filters.status}` : ''}`),
  });

export const useBulkOrders = (filters: BulkOrderFilters = {}) => useQuery(bulkOrdersQuery(filters));

export const participationsQuery = () =>
  queryOptions({
    queryKey: bulkOrderKeys.participations(),
    queryFn: () => api.get<Participation[]>('/api/bulk-orders/my-participations'),
  });

export const useParticipations = () => useQuery(participationsQuery());

/** The catalogue's first page for the Create Order product picker (the marketplace's own search). */
export function useProductOptions(search: string, enabled: boolean) {
  return useQuery({
    queryKey: bulkOrderKeys.productOptions(search),
    queryFn: () => {
      const params = new URLSearchParams({ page_size: '100', sort: 'name' });
      if (search) params.set('search', search);
      return api.get<ProductList>(`/api/products?${params}`);
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Joining raises the order's quantity (maybe to target_reached) and adds a participation. */
export function useParticipate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: Pick<BulkOrder, 'id' | 'minimum_quantity'>) =>
      api.post<{ participation: Participation; bulk_order: BulkOrder }>('/api/bulk-orders/participate', {
        bulk_order_id: order.id,
        quantity: order.minimum_quantity,
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: bulkOrderKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: bulkOrderKeys.participations() });
    },
  });
}

export type CreateBulkOrder = z.output<typeof createBulkOrderSchema>;

export function useCreateBulkOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateBulkOrder) => api.post<BulkOrder>('/api/bulk-orders', input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: bulkOrderKeys.lists() }),
  });
}

/** Bulk orders my cooperatives proposed (coordinator): their status, and the seller's reason if declined. */
export const useMyProposals = (enabled = true) =>
  useQuery({
    queryKey: bulkOrderKeys.myProposals(),
    queryFn: () => api.get<BulkOrder[]>('/api/bulk-orders/my-proposals'),
    enabled,
  });

/** Proposals on the seller's own products waiting for an answer (DECISIONS 22). */
export const useProposedToMe = (enabled = true) =>
  useQuery({
    queryKey: bulkOrderKeys.proposedToMe(),
    queryFn: () => api.get<BulkOrder[]>('/api/bulk-orders/proposed-to-me'),
    enabled,
  });

/** The seller's answer changes the proposal lists and, on acceptance, the available orders. */
function useProposalAnswer<V>(mutationFn: (variables: V) => Promise<BulkOrder>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: bulkOrderKeys.lists() }),
  });
}

export const useAcceptProposal = () =>
  useProposalAnswer(({ id, committed_quantity }: { id: number; committed_quantity: number }) =>
    api.post<BulkOrder>(`/api/bulk-orders/${id}/accept`, { committed_quantity }),
  );

export const useDeclineProposal = () =>
  useProposalAnswer(({ id, reason }: { id: number; reason: string }) =>
    api.post<BulkOrder>(`/api/bulk-orders/${id}/decline`, { reason }),
  );
