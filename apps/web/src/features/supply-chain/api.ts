import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { supplyChainContracts, SupplyChainPeriod } from '@tt/domain';
import { call, endpoints } from '../../lib/api';
import { queryRoots } from '../../lib/invalidation';

const c = endpoints<typeof supplyChainContracts>({
  suppliers: ['GET', '/api/supply-chain'],
});

export const supplyChainKeys = {
  all: [queryRoots['supply-chain']] as const,
  suppliers: (period: SupplyChainPeriod, search: string) => [...supplyChainKeys.all, period, search] as const,
};

/** GET /api/supply-chain: the last answer stays on screen while another period or search is asked for. */
export function useSupplyChain(period: SupplyChainPeriod, search: string) {
  return useQuery({
    queryKey: supplyChainKeys.suppliers(period, search),
    queryFn: () => call(c.suppliers, { query: search ? { period, search } : { period } }),
    placeholderData: keepPreviousData,
  });
}
