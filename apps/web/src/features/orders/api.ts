import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckoutInput, Order, OrderList, OrderStatus } from '@tt/domain';
import { api } from '../../lib/api';
import { invalidateAfter, queryRoots } from '../../lib/invalidation';

export interface OrderFilters {
  status?: OrderStatus;
  page: number;
}

export const orderKeys = {
  all: [queryRoots.orders] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (filters: OrderFilters) => [...orderKeys.lists(), filters] as const,
  details: () => [...orderKeys.all, 'detail'] as const,
  detail: (id: number) => [...orderKeys.details(), id] as const,
};

export const ORDER_PAGE_SIZE = 20;

export const ordersQuery = (filters: OrderFilters) =>
  queryOptions({
    queryKey: orderKeys.list(filters),
    queryFn: () => {
      const params = new URLSearchParams({ page: String(filters.page), page_size: String(ORDER_PAGE_SIZE) });
      if (filters.status) params.set('status', filters.status);
      return api.get<OrderList>(`/api/orders?${params}`);
    },
  });

export function useOrders(filters: OrderFilters) {
  return useQuery({ ...ordersQuery(filters), placeholderData: keepPreviousData });
}

export const orderQuery = (id: number) =>
  queryOptions({ queryKey: orderKeys.detail(id), queryFn: () => api.get<Order>(`/api/orders/${id}`) });

/** One order, starting from the copy the list already holds. */
export function useOrder(id: number, initial?: Order) {
  return useQuery({ ...orderQuery(id), initialData: initial, staleTime: 0 });
}

/** POST /api/orders: one order per seller. The key makes a retried attempt safe (DECISIONS 3). */
export function useCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CheckoutInput; idempotencyKey: string }) =>
      api.post<{ orders: Order[] }>('/api/orders', body, { 'Idempotency-Key': idempotencyKey }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      void invalidateAfter(queryClient, 'order.placed');
    },
  });
}

/** After a move, the order itself, every list (it may change filter), and what the event makes stale elsewhere. */
function useOrderChange<V>(
  mutationFn: (variables: V) => Promise<Order>,
  event: 'order.moved' | 'order.cancelled' | 'order.declined',
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.detail(order.id), order);
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
      void invalidateAfter(queryClient, event);
    },
  });
}

/** The seller moves the order one step on (SELLER_NEXT_STATUS). */
export function useMoveOrder() {
  return useOrderChange(
    ({ id, status }: { id: number; status: OrderStatus }) =>
      api.post<Order>(`/api/orders/${id}/status`, { status }),
    'order.moved',
  );
}

/** The buyer cancels within 24 hours while pending or confirmed; the stock goes back on sale. */
export function useCancelOrder() {
  return useOrderChange((id: number) => api.post<Order>(`/api/orders/${id}/cancel`), 'order.cancelled');
}

/** The seller declines a pending order with a reason the buyer sees; the stock goes back on sale. */
export function useDeclineOrder() {
  return useOrderChange(
    ({ id, reason }: { id: number; reason: string }) =>
      api.post<Order>(`/api/orders/${id}/decline`, { reason }),
    'order.declined',
  );
}
