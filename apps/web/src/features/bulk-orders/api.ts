import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  bulkOrderContracts,
  catalogContracts,
  type BodyIn,
  type BulkOrder,
  type BulkOrderStatus,
} from '@tt/domain';
import { call } from '../../lib/api';
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
    queryFn: () => call(bulkOrderContracts.list, { query: { status: filters.status } }),
  });

export const useBulkOrders = (filters: BulkOrderFilters = {}) => useQuery(bulkOrdersQuery(filters));

export const participationsQuery = () =>
  queryOptions({
    queryKey: bulkOrderKeys.participations(),
    queryFn: () => call(bulkOrderContracts.myParticipations),
  });

export const useParticipations = () => useQuery(participationsQuery());

/** The catalogue's first page for the Create Order product picker (the marketplace's own search). */
export function useProductOptions(search: string, enabled: boolean) {
  return useQuery({
    queryKey: bulkOrderKeys.productOptions(search),
    queryFn: () =>
      call(catalogContracts.products, {
        query: { page_size: 100, sort: 'name', search: search || undefined },
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Joining raises the order's quantity (maybe to target_reached) and adds a participation. */
export function useParticipate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: Pick<BulkOrder, 'id' | 'minimum_quantity'>) =>
      call(bulkOrderContracts.participate, {
        body: { bulk_order_id: order.id, quantity: order.minimum_quantity },
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: bulkOrderKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: bulkOrderKeys.participations() });
    },
  });
}

/** Leaving frees the participation's quantity on its order (issue 10 point 3). */
export function useLeaveBulkOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (participationId: number) =>
      call(bulkOrderContracts.leave, { params: { id: participationId } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: bulkOrderKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: bulkOrderKeys.participations() });
    },
  });
}

export type CreateBulkOrder = BodyIn<typeof bulkOrderContracts.create>;

export function useCreateBulkOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateBulkOrder) => call(bulkOrderContracts.create, { body: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: bulkOrderKeys.lists() }),
  });
}

/** Bulk orders my cooperatives proposed (coordinator): their status, and the seller's reason if declined. */
export const useMyProposals = (enabled = true) =>
  useQuery({
    queryKey: bulkOrderKeys.myProposals(),
    queryFn: () => call(bulkOrderContracts.myProposals),
    enabled,
  });

/** Proposals on the seller's own products waiting for an answer (DECISIONS 22). */
export const useProposedToMe = (enabled = true) =>
  useQuery({
    queryKey: bulkOrderKeys.proposedToMe(),
    queryFn: () => call(bulkOrderContracts.proposedToMe),
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
    call(bulkOrderContracts.accept, { params: { id }, body: { committed_quantity } }),
  );

export const useDeclineProposal = () =>
  useProposalAnswer(({ id, reason }: { id: number; reason: string }) =>
    call(bulkOrderContracts.decline, { params: { id }, body: { reason } }),
  );

/** A coordinator closes a bulk order once its target is met: the members' orders are placed (ADR 025). */
export function useCloseBulkOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(bulkOrderContracts.close, { params: { id } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: bulkOrderKeys.all });
    },
  });
}
