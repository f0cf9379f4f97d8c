import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { crmContracts as c, type BodyIn, type QueryIn } from '@tt/domain';
import { call } from '../../lib/api';
import { queryRoots } from '../../lib/invalidation';

export type ClientFilters = NonNullable<QueryIn<typeof c.clients>>;

/** One key factory for the CRM: a write invalidates exactly what it changed. */
export const crmKeys = {
  all: [queryRoots.crm] as const,
  summary: () => [...crmKeys.all, 'summary'] as const,
  clients: () => [...crmKeys.all, 'clients'] as const,
  clientList: (filters: ClientFilters) => [...crmKeys.clients(), 'list', filters] as const,
  client: (id: number) => [...crmKeys.clients(), 'detail', id] as const,
  activities: () => [...crmKeys.all, 'activities'] as const,
  targets: () => [...crmKeys.all, 'targets'] as const,
  targetMonth: (month: string) => [...crmKeys.targets(), month] as const,
};

/** GET /api/crm/summary: the cards, the next five activities and the five top clients. */
export const useCrmSummary = () => useQuery({ queryKey: crmKeys.summary(), queryFn: () => call(c.summary) });

/** GET /api/crm/clients with the search and filters; the last answer stays on screen while typing. */
export const useCrmClients = (filters: ClientFilters) =>
  useQuery({
    queryKey: crmKeys.clientList(filters),
    queryFn: () => call(c.clients, { query: filters }),
    placeholderData: keepPreviousData,
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
