import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import type { BodyIn, catalogContracts, developerContracts, RequestLogList } from '@tt/domain';
import { call, endpoint, endpoints } from '../../lib/api';
import { invalidateAfter, queryRoots } from '../../lib/invalidation';
import { nextPage, rowsOnce } from '../../lib/pages';

const c = endpoints<typeof developerContracts>({
  keys: ['GET', '/api/developer/keys'],
  createKey: ['POST', '/api/developer/keys'],
  revokeKey: ['DELETE', '/api/developer/keys/:id'],
  logs: ['GET', '/api/developer/logs'],
  usage: ['GET', '/api/developer/usage'],
  endpoints: ['GET', '/api/developer/endpoints'],
});
/** The quick-start's example call: the catalogue, with the user's key. */
export const exampleCall = endpoint<typeof catalogContracts.products>('GET', '/api/products');

/** One key factory for developer tools: a write invalidates exactly what it changed. */
export const developerKeys = {
  all: [queryRoots.developer] as const,
  keys: () => [...developerKeys.all, 'keys'] as const,
  logs: () => [...developerKeys.all, 'logs'] as const,
  usage: () => [...developerKeys.all, 'usage'] as const,
  endpoints: () => [...developerKeys.all, 'endpoints'] as const,
};

export const useApiKeys = () => useQuery({ queryKey: developerKeys.keys(), queryFn: () => call(c.keys) });

export const useApiUsage = () => useQuery({ queryKey: developerKeys.usage(), queryFn: () => call(c.usage) });

/** The public API as the server has it: it changes only with a new server, so it is asked for once. */
export const useApiEndpoints = () =>
  useQuery({ queryKey: developerKeys.endpoints(), queryFn: () => call(c.endpoints), staleTime: Infinity });

function pagesShown({ pages }: InfiniteData<RequestLogList>) {
  return { matching: pages[0]!.matching, logs: rowsOnce(pages.map((page) => page.logs)) };
}

/** GET /api/developer/logs, a page at a time ("Show more", ADR 046), newest first. */
export const useRequestLogs = () =>
  useInfiniteQuery({
    queryKey: developerKeys.logs(),
    queryFn: ({ pageParam }) => call(c.logs, { query: { page: pageParam } }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    placeholderData: keepPreviousData,
    select: pagesShown,
  });

export type NewApiKey = BodyIn<(typeof developerContracts)['createKey']>;

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewApiKey) => call(c.createKey, { body: input }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: developerKeys.keys() });
      void queryClient.invalidateQueries({ queryKey: developerKeys.usage() });
      void invalidateAfter(queryClient, 'api_key.changed');
    },
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(c.revokeKey, { params: { id } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: developerKeys.keys() });
      void queryClient.invalidateQueries({ queryKey: developerKeys.usage() });
      void invalidateAfter(queryClient, 'api_key.changed');
    },
  });
}
