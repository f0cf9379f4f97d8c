import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import {
  CLIENT_PAGE_SIZE_MAX,
  crmContracts as c,
  type BodyIn,
  type CrmClientList,
  type QueryIn,
} from '@tt/domain';
import { call } from '../../lib/api';
import { queryRoots } from '../../lib/invalidation';
import { nextPage, rowsOnce } from '../../lib/pages';

/** What the client list is narrowed by; the page is the infinite query's own. */
export type ClientFilters = Omit<NonNullable<QueryIn<typeof c.clients>>, 'page' | 'page_size'>;

/** One key factory for the CRM: a write invalidates exactly what it changed. */
export const crmKeys = {
  all: [queryRoots.crm] as const,
  summary: () => [...crmKeys.all, 'summary'] as const,
  clients: () => [...crmKeys.all, 'clients'] as const,
  clientList: (filters: ClientFilters) => [...crmKeys.clients(), 'list', filters] as const,
  clientPicker: (search: string) => [...crmKeys.clients(), 'picker', search] as const,
  client: (id: number) => [...crmKeys.clients(), 'detail', id] as const,
  activities: () => [...crmKeys.all, 'activities'] as const,
  targets: () => [...crmKeys.all, 'targets'] as const,
  targetMonth: (month: string) => [...crmKeys.targets(), month] as const,
};

/** GET /api/crm/summary: the cards, the next five activities and the five top clients. */
export const useCrmSummary = () => useQuery({ queryKey: crmKeys.summary(), queryFn: () => call(c.summary) });

/** The pages shown so far as one list, with the count over all pages. */
function pagesShown({ pages }: InfiniteData<CrmClientList>) {
  return { matching: pages[0]!.matching, clients: rowsOnce(pages.map((page) => page.clients)) };
}

/**
 * GET /api/crm/clients with the search and filters, a page at a time ("Show more"); the last answer stays on
 * screen while typing.
 */
export const useCrmClients = (filters: ClientFilters) =>
  useInfiniteQuery({
    queryKey: crmKeys.clientList(filters),
    queryFn: ({ pageParam }) => call(c.clients, { query: { ...filters, page: pageParam } }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    placeholderData: keepPreviousData,
    select: pagesShown,
  });

/** The activity form's client picker: the first CLIENT_PAGE_SIZE_MAX clients the search finds. */
export const useCrmClientPicker = (search: string, enabled: boolean) =>
  useQuery({
    queryKey: crmKeys.clientPicker(search),
    queryFn: () =>
      call(c.clients, { query: { page_size: CLIENT_PAGE_SIZE_MAX, ...(search ? { search } : {}) } }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** GET /api/crm/clients/:id: View Details. */
export const useCrmClient = (id: number | null) =>
  useQuery({
    queryKey: crmKeys.client(id ?? 0),
    queryFn: () => call(c.client, { params: { id: id! } }),
    enabled: id !== null,
  });

/** GET /api/crm/activities: the latest 50. */
export const useCrmActivities = () =>
  useQuery({ queryKey: crmKeys.activities(), queryFn: () => call(c.activities, { query: { limit: 50 } }) });

/** GET /api/crm/sales-targets for a month. */
export const useSalesTargets = (month: string) =>
  useQuery({
    queryKey: crmKeys.targetMonth(month),
    queryFn: () => call(c.targets, { query: { month } }),
    placeholderData: keepPreviousData,
  });

export type ClientInput = BodyIn<typeof c.createClient>;

/** A client changed: its lists, its details, the cards and (a won client) the targets are stale. */
function useClientChanged() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: crmKeys.clients() });
    void queryClient.invalidateQueries({ queryKey: crmKeys.summary() });
    void queryClient.invalidateQueries({ queryKey: crmKeys.targets() });
    void queryClient.invalidateQueries({ queryKey: crmKeys.activities() });
  };
}

export function useCreateClient() {
  const changed = useClientChanged();
  return useMutation({
    mutationFn: (input: ClientInput) => call(c.createClient, { body: input }),
    onSuccess: changed,
  });
}

export function useUpdateClient(id: number) {
  const changed = useClientChanged();
  return useMutation({
    mutationFn: (input: ClientInput) => call(c.updateClient, { params: { id }, body: input }),
    onSuccess: changed,
  });
}

export type ActivityInput = BodyIn<typeof c.createActivity>;

export function useLogActivity() {
  const changed = useClientChanged();
  return useMutation({
    mutationFn: (input: ActivityInput) => call(c.createActivity, { body: input }),
    onSuccess: changed,
  });
}

export type TargetInput = BodyIn<typeof c.setTarget>;

export function useSetTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TargetInput) => call(c.setTarget, { body: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: crmKeys.targets() }),
  });
}
