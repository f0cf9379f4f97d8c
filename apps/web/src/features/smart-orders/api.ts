import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReorderRuleInput, ScheduledOrderInput, smartOrderContracts, TradeOfferInput } from '@tt/domain';
import { call, endpoints } from '../../lib/api';
import { invalidateAfter, queryRoots } from '../../lib/invalidation';

// Named by method and path, typed by the contracts, without their schemas: zod stays out of the first screens
// (the product cards use this module; ADR 024, fourth pass).
const c = endpoints<typeof smartOrderContracts>({
  suppliers: ['GET', '/api/suppliers'],
  supplierProducts: ['GET', '/api/suppliers/:id/products'],
  rules: ['GET', '/api/reorder-rules'],
  createRule: ['POST', '/api/reorder-rules'],
  updateRule: ['PUT', '/api/reorder-rules/:id'],
  removeRule: ['DELETE', '/api/reorder-rules/:id'],
  schedules: ['GET', '/api/scheduled-orders'],
  createSchedule: ['POST', '/api/scheduled-orders'],
  updateSchedule: ['PUT', '/api/scheduled-orders/:id'],
  removeSchedule: ['DELETE', '/api/scheduled-orders/:id'],
  proposals: ['GET', '/api/smart-orders/proposed'],
  confirmProposal: ['POST', '/api/smart-orders/proposed/:id/confirm'],
  dismissProposal: ['DELETE', '/api/smart-orders/proposed/:id'],
  offers: ['GET', '/api/trade-offers'],
  createOffer: ['POST', '/api/trade-offers'],
  updateOffer: ['PUT', '/api/trade-offers/:id'],
  removeOffer: ['DELETE', '/api/trade-offers/:id'],
  productOffers: ['GET', '/api/trade-offers/for-products'],
});

export const smartOrderKeys = {
  all: [queryRoots['smart-orders']] as const,
  suppliers: (search: string) => [...smartOrderKeys.all, 'suppliers', search] as const,
  supplierProducts: (id: number, search: string) =>
    [...smartOrderKeys.all, 'supplier-products', id, search] as const,
  rules: () => [...smartOrderKeys.all, 'rules'] as const,
  schedules: () => [...smartOrderKeys.all, 'schedules'] as const,
  proposals: () => [...smartOrderKeys.all, 'proposals'] as const,
  offers: () => [...smartOrderKeys.all, 'offers'] as const,
  productOffers: (ids: readonly number[]) =>
    [...smartOrderKeys.all, 'product-offers', ids.join(',')] as const,
};

/**
 * GET /api/suppliers (spec 3 §7): the first page of sellers whose name contains the search, and how many
 * match. The last answer stays on screen while the next search loads.
 */
export function useSuppliers(search: string) {
  return useQuery({
    queryKey: smartOrderKeys.suppliers(search),
    queryFn: () => call(c.suppliers, { query: search ? { search } : {} }),
    placeholderData: keepPreviousData,
  });
}

/**
 * One supplier's active products, for the forms: the first page matching the search (name, brand or
 * SKU), and how many match. The last answer stays while the next search of the same supplier loads;
 * another supplier's never stands in.
 */
export function useSupplierProducts(id: number | undefined, search = '') {
  return useQuery({
    queryKey: smartOrderKeys.supplierProducts(id ?? 0, search),
    queryFn: () => call(c.supplierProducts, { params: { id: id! }, query: search ? { search } : {} }),
    enabled: id !== undefined && id > 0,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === (id ?? 0) ? previous : undefined,
  });
}

export function useReorderRules(enabled: boolean) {
  return useQuery({ queryKey: smartOrderKeys.rules(), queryFn: () => call(c.rules), enabled });
}

export function useScheduledOrders(enabled: boolean) {
  return useQuery({ queryKey: smartOrderKeys.schedules(), queryFn: () => call(c.schedules), enabled });
}

export function useProposedOrders(enabled: boolean) {
  return useQuery({ queryKey: smartOrderKeys.proposals(), queryFn: () => call(c.proposals), enabled });
}

export function useTradeOffers(enabled: boolean) {
  return useQuery({ queryKey: smartOrderKeys.offers(), queryFn: () => call(c.offers), enabled });
}

/** The trade offers running on these products (the marketplace shows them on the cards). */
export function useProductTradeOffers(ids: readonly number[]) {
  return useQuery({
    queryKey: smartOrderKeys.productOffers(ids),
    queryFn: () => call(c.productOffers, { query: { ids: ids.join(',') } }),
    enabled: ids.length > 0,
    staleTime: 60_000,
  });
}

function useRefresh(key: readonly unknown[]) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: key });
}

export function useSaveRule(id: number | undefined) {
  const refresh = useRefresh(smartOrderKeys.rules());
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReorderRuleInput) =>
      id === undefined
        ? call(c.createRule, { body: input })
        : call(c.updateRule, { params: { id }, body: input }),
    onSuccess: () => {
      void refresh();
      // The rule sets the inventory item's reorder point.
      void invalidateAfter(queryClient, 'reorder_rule.saved');
    },
  });
}

export function useDeleteRule() {
  const refresh = useRefresh(smartOrderKeys.rules());
  return useMutation({
    mutationFn: (id: number) => call(c.removeRule, { params: { id } }),
    onSuccess: refresh,
  });
}

export function useSaveSchedule(id: number | undefined) {
  const refresh = useRefresh(smartOrderKeys.schedules());
  return useMutation({
    mutationFn: (input: ScheduledOrderInput) =>
      id === undefined
        ? call(c.createSchedule, { body: input })
        : call(c.updateSchedule, { params: { id }, body: input }),
    onSuccess: refresh,
  });
}

export function useDeleteSchedule() {
  const refresh = useRefresh(smartOrderKeys.schedules());
  return useMutation({
    mutationFn: (id: number) => call(c.removeSchedule, { params: { id } }),
    onSuccess: refresh,
  });
}

export function useSaveOffer(id: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TradeOfferInput) =>
      id === undefined
        ? call(c.createOffer, { body: input })
        : call(c.updateOffer, { params: { id }, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: smartOrderKeys.all }),
  });
}

export function useDeleteOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(c.removeOffer, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: smartOrderKeys.all }),
  });
}

/** Confirm: placed through checkout at the total shown (a 409 carries the new totals). */
export function useConfirmProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, total }: { id: number; total: number }) =>
      call(c.confirmProposal, { params: { id }, body: { total_amount: total } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: smartOrderKeys.all });
      void invalidateAfter(queryClient, 'smart_order.placed');
    },
  });
}

export function useDismissProposal() {
  const refresh = useRefresh(smartOrderKeys.proposals());
  return useMutation({
    mutationFn: (id: number) => call(c.dismissProposal, { params: { id } }),
    onSuccess: refresh,
  });
}
