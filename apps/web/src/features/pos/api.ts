import { useCallback, useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { posContracts as c, type PosCashUpInput, type PosSaleInput, type PosTransaction } from '@tt/domain';
import { ApiError, call, NETWORK_ERROR_CODE } from '../../lib/api';
import { invalidateAfter, queryRoots } from '../../lib/invalidation';
import { enqueue, queuedSales, retryRefused, syncQueue, type QueuedSale, type SendResult } from './offline';

/** One key factory for the till. */
export const posKeys = {
  all: [queryRoots.pos] as const,
  catalogue: () => [...posKeys.all, 'catalogue'] as const,
  transactions: () => [...posKeys.all, 'transactions'] as const,
  cashUp: () => [...posKeys.all, 'cash-up'] as const,
};

/** GET /api/pos/products: the shop, its markup and every product the till sells (searched on the device). */
export const useTillCatalogue = () =>
  useQuery({ queryKey: posKeys.catalogue(), queryFn: () => call(c.products) });

/** GET /api/pos/transactions: the latest sales. */
export const useTransactions = () =>
  useQuery({
    queryKey: posKeys.transactions(),
    queryFn: () => call(c.transactions, { query: { limit: 10 } }),
  });

export function useSaveMarkup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (markup: number) => call(c.settings, { body: { markup_percent: markup } }),
    onSuccess: (catalogue) => queryClient.setQueryData(posKeys.catalogue(), catalogue),
  });
}

export function useSavePrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; price: number | null }) =>
      call(c.setPrice, { params: { id: v.id }, body: { price: v.price } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: posKeys.catalogue() }),
  });
}

const isNetworkFailure = (error: unknown) => error instanceof ApiError && error.code === NETWORK_ERROR_CODE;

/** What happened to a sale: recorded by the server, or kept on the device until the network returns. */
export type SaleOutcome =
  { kind: 'recorded'; transaction: PosTransaction } | { kind: 'queued'; transaction: PosTransaction };

/**
 * The till's sales, online or not. Online, a sale is sent at once (a refusal keeps the cart and is shown);
 * without a network (or when the call cannot reach the server) it is kept on the device, marked offline,
 * and sent when the network returns. The queue is read from the device on every visit, so a reload
 * shows what still waits and sends it.
 */
export function useTill() {
  const queryClient = useQueryClient();
  const [queue, setQueue] = useState<QueuedSale[]>([]);
  const refresh = useCallback(async () => setQueue(await queuedSales()), []);
  const afterSales = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: posKeys.all });
    await invalidateAfter(queryClient, 'pos.sold');
  }, [queryClient]);

  const sync = useCallback(async () => {
    if (!navigator.onLine) return;
    const send = async (request: PosSaleInput): Promise<SendResult> => {
      try {
        await call(c.processPayment, { body: request });
        return 'sent';
      } catch (error) {
        if (isNetworkFailure(error)) return 'offline';
        return { refused: error instanceof Error ? error.message : String(error) };
      }
    };
    const sent = await syncQueue(send);
    await refresh();
    if (sent > 0) await afterSales();
  }, [afterSales, refresh]);

  useEffect(() => {
    void refresh().then(sync);
    const online = () => void sync();
    window.addEventListener('online', online);
    // A network that came back without an event (or a server that was down) is tried again now and then.
    const timer = window.setInterval(online, 30_000);
    return () => {
      window.removeEventListener('online', online);
      window.clearInterval(timer);
    };
  }, [refresh, sync]);

  const keep = async (request: PosSaleInput, receipt: PosTransaction): Promise<SaleOutcome> => {
    const offline = { ...request, offline: true };
    const transaction = { ...receipt, offline: true };
    await enqueue({ request: offline, receipt: transaction });
    await refresh();
    return { kind: 'queued', transaction };
  };

  const sell = useMutation({
    // Failures other than the network are shown by the query client's one error handler.
    mutationFn: async (v: { request: PosSaleInput; receipt: PosTransaction }): Promise<SaleOutcome> => {
      if (!navigator.onLine) return keep(v.request, v.receipt);
      try {
        const transaction = await call(c.processPayment, { body: v.request });
        return { kind: 'recorded', transaction };
      } catch (error) {
        if (isNetworkFailure(error)) return keep(v.request, v.receipt);
        throw error;
      }
    },
    onSuccess: (outcome) => {
      if (outcome.kind === 'recorded') void afterSales();
    },
  });

  const retry = async () => {
    await retryRefused();
    await refresh();
    await sync();
  };

  return { queue, sell, retry };
}

/** POST /api/pos/transactions/:id/refund: the whole sale, with a reason. */
export function useRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; reason: string }) =>
      call(c.refund, { params: { id: v.id }, body: { reason: v.reason } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: posKeys.all });
      await invalidateAfter(queryClient, 'pos.sold');
    },
  });
}

/** GET /api/pos/cash-up: the open session's totals per method and the latest cash-ups. */
export const useCashUpSummary = () =>
  useQuery({ queryKey: posKeys.cashUp(), queryFn: () => call(c.cashUpSummary) });

/** POST /api/pos/cash-up: closes the session; the difference is posted to the books. */
export function useCashUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PosCashUpInput) => call(c.cashUp, { body }),
    onSettled: async () => {
      // Refused as changed or already done: the screen reads the session again.
      await queryClient.invalidateQueries({ queryKey: posKeys.cashUp() });
    },
    onSuccess: async () => invalidateAfter(queryClient, 'pos.cashed_up'),
  });
}
