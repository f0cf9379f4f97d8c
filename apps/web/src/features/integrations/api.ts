import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import type {
  integrationsContracts,
  IntegrationLogList,
  IntegrationLogStatus,
  MarketplaceEntry,
  MarketplaceKey,
} from '@tt/domain';
import { call, endpoints } from '../../lib/api';
import { queryRoots } from '../../lib/invalidation';
import { nextPage, rowsOnce } from '../../lib/pages';

const c = endpoints<typeof integrationsContracts>({
  overview: ['GET', '/api/integrations'],
  activity: ['GET', '/api/integrations/activity'],
  marketplace: ['GET', '/api/integrations/marketplace'],
  request: ['PUT', '/api/integrations/marketplace/:key/request'],
  withdraw: ['DELETE', '/api/integrations/marketplace/:key/request'],
  demand: ['GET', '/api/integrations/marketplace/requests'],
});

/** One key factory for the integrations screen. */
export const integrationsKeys = {
  all: [queryRoots.integrations] as const,
  overview: () => [...integrationsKeys.all, 'overview'] as const,
  activity: (status: IntegrationLogStatus | '') => [...integrationsKeys.all, 'activity', status] as const,
  marketplace: () => [...integrationsKeys.all, 'marketplace'] as const,
  demand: () => [...integrationsKeys.all, 'demand'] as const,
};

/** GET /api/integrations: the deployment's real connections, the counts and the latest API requests. */
export const useIntegrations = () =>
  useQuery({ queryKey: integrationsKeys.overview(), queryFn: () => call(c.overview) });

function pagesShown({ pages }: InfiniteData<IntegrationLogList>) {
  return { matching: pages[0]!.matching, logs: rowsOnce(pages.map((page) => page.logs)) };
}

/** GET /api/integrations/activity, by status, a page at a time ("Show more", ADR 046). */
export const useIntegrationActivity = (status: IntegrationLogStatus | '', enabled: boolean) =>
  useInfiniteQuery({
    queryKey: integrationsKeys.activity(status),
    queryFn: ({ pageParam }) =>
      call(c.activity, { query: { page: pageParam, ...(status ? { status } : {}) } }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    placeholderData: keepPreviousData,
    select: pagesShown,
    enabled,
  });

export const useMarketplace = () =>
  useQuery({ queryKey: integrationsKeys.marketplace(), queryFn: () => call(c.marketplace) });

/** How many asked for each service: admins only (the server refuses the others). */
export const useMarketplaceDemand = (enabled: boolean) =>
  useQuery({ queryKey: integrationsKeys.demand(), queryFn: () => call(c.demand), enabled });

/** Ask for a service, or withdraw the request: the answer is the entry as it now stands. */
export function useIntegrationRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { key: MarketplaceKey; requested: boolean }) =>
      v.requested
        ? call(c.request, { params: { key: v.key } })
        : call(c.withdraw, { params: { key: v.key } }),
    onSuccess: (entry: MarketplaceEntry) => {
      queryClient.setQueryData<MarketplaceEntry[]>(integrationsKeys.marketplace(), (list) =>
        list?.map((e) => (e.key === entry.key ? entry : e)),
      );
      void queryClient.invalidateQueries({ queryKey: integrationsKeys.demand() });
    },
  });
}
