import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cooperativeContracts, type BodyIn, type CooperativeStatus, type JoinAnswer } from '@tt/domain';
import { call } from '../../lib/api';
import { invalidateAfter, queryRoots } from '../../lib/invalidation';

export interface CooperativeFilters {
  status?: CooperativeStatus;
  search?: string;
}

export const cooperativeKeys = {
  all: [queryRoots.cooperatives] as const,
  lists: () => [...cooperativeKeys.all, 'list'] as const,
  list: (filters: CooperativeFilters) => [...cooperativeKeys.lists(), filters] as const,
  details: () => [...cooperativeKeys.all, 'detail'] as const,
  detail: (id: number) => [...cooperativeKeys.details(), id] as const,
  memberships: () => [...cooperativeKeys.all, 'my-memberships'] as const,
};

export const cooperativesQuery = (filters: CooperativeFilters = {}) =>
  queryOptions({
    queryKey: cooperativeKeys.list(filters),
    queryFn: () => call(cooperativeContracts.list, { query: filters }),
  });

export function useCooperatives(filters: CooperativeFilters = {}) {
  return useQuery(cooperativesQuery(filters));
}

export const cooperativeQuery = (id: number) =>
  queryOptions({
    queryKey: cooperativeKeys.detail(id),
    queryFn: () => call(cooperativeContracts.get, { params: { id } }),
  });

export function useCooperative(id: number) {
  return useQuery({ ...cooperativeQuery(id), enabled: Number.isInteger(id) && id > 0 });
}

export const membershipsQuery = () =>
  queryOptions({
    queryKey: cooperativeKeys.memberships(),
    queryFn: () => call(cooperativeContracts.myMemberships),
  });

/** The caller's memberships: who is a member where, and where a coordinator. */
export function useMemberships() {
  return useQuery(membershipsQuery());
}

/** The caller's membership of one cooperative, if any. */
export function useMembershipOf(coopId: number) {
  const memberships = useMemberships();
  return { ...memberships, membership: memberships.data?.find((m) => m.coop_id === coopId) };
}

/** Joining or founding changes the co-op lists (member counts, status), my memberships and the dashboard's co-op count. */
function useMembershipChange<V>(mutationFn: (variables: V) => Promise<JoinAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: ({ cooperative }) => {
      queryClient.setQueryData(cooperativeKeys.detail(cooperative.id), cooperative);
      void queryClient.invalidateQueries({ queryKey: cooperativeKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: cooperativeKeys.memberships() });
      void invalidateAfter(queryClient, 'membership.changed');
    },
  });
}

export function useJoinCooperative() {
  return useMembershipChange((coopId: number) =>
    call(cooperativeContracts.join, { body: { coop_id: coopId } }),
  );
}

export type RegisterCooperative = BodyIn<typeof cooperativeContracts.register>;

/** Start Registration (DECISIONS 13): a pending co-op with the caller as founder and first member. */
export function useRegisterCooperative() {
  return useMembershipChange((input: RegisterCooperative) =>
    call(cooperativeContracts.register, { body: input }),
  );
}
