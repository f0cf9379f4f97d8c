import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  orderContracts,
  type CheckoutInput,
  type Order,
  type OrderStatus,
  type QuoteInput,
} from '@tt/domain';
import { call, errorDetails, type ApiError } from '../../lib/api';
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
    queryFn: () =>
      call(orderContracts.list, {
        query: { page: filters.page, page_size: ORDER_PAGE_SIZE, status: filters.status },
      }),
  });

export function useOrders(filters: OrderFilters) {
  return useQuery({ ...ordersQuery(filters), placeholderData: keepPreviousData });
}

export const orderQuery = (id: number) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: () => call(orderContracts.get, { params: { id } }),
  });

/** One order, starting from the copy the list already holds. */
export function useOrder(id: number, initial?: Order) {
  return useQuery({ ...orderQuery(id), initialData: initial, staleTime: 0 });
}

/**
 * POST /api/orders/quote: the server's priced checkout (offers, rewards, VAT) that the review shows and
 * whose totals the checkout sends as the expected ones (ADR 022). null asks for nothing.
 */
export function useCheckoutQuote(input: QuoteInput | null) {
  return useQuery({
    queryKey: [...orderKeys.all, 'quote', input] as const,
    queryFn: () => call(orderContracts.quote, { body: input! }),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  });
}

/** POST /api/orders: one order per seller. The key makes a retried attempt safe (DECISIONS 3). */
export function useCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CheckoutInput; idempotencyKey: string }) =>
      call(orderContracts.checkout, { body, headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      void invalidateAfter(queryClient, 'order.placed');
    },
  });
}

/** After a move, the order itself, every list (it may change filter), and what the event makes stale elsewhere. */
function useOrderChange<V>(
  mutationFn: (variables: V) => Promise<Order>,
  event: 'order.moved' | 'order.cancelled' | 'order.declined' | 'order.paid',
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

/** The fresh totals a refused checkout sends with its 409 (DECISIONS 2), typed by the checkout's contract. */
export const checkoutRefusal = (error: ApiError) => errorDetails(orderContracts.checkout, error);

/** The seller moves the order one step on (SELLER_NEXT_STATUS). */
export function useMoveOrder() {
  return useOrderChange(
    ({ id, status }: { id: number; status: OrderStatus }) =>
      call(orderContracts.move, { params: { id }, body: { status } }),
    'order.moved',
  );
}

/** The buyer cancels within 24 hours while pending or confirmed; the stock goes back on sale. */
export function useCancelOrder() {
  return useOrderChange((id: number) => call(orderContracts.cancel, { params: { id } }), 'order.cancelled');
}

/** The seller declines a pending order with a reason the buyer sees; the stock goes back on sale. */
export function useDeclineOrder() {
  return useOrderChange(
    ({ id, reason }: { id: number; reason: string }) =>
      call(orderContracts.decline, { params: { id }, body: { reason } }),
    'order.declined',
  );
}

/** The buyer records paying for a delivered order; both parties' books post the payment. */
export function useMarkOrderPaid() {
  return useOrderChange((id: number) => call(orderContracts.markPaid, { params: { id } }), 'order.paid');
}
