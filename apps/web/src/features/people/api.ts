import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { adminUserContracts, BodyIn, QueryIn, StaffRole } from '@tt/domain';
import { call, endpoints } from '../../lib/api';
import { SHOWN_IN_PLACE } from '../../lib/errors';
import { invalidateAfter, queryRoots } from '../../lib/invalidation';
import { useMe } from '../auth/api';

const c = endpoints<typeof adminUserContracts>({
  list: ['GET', '/api/admin/users'],
  setRole: ['PUT', '/api/admin/users/:id/role'],
  suspend: ['POST', '/api/admin/users/:id/suspend'],
  reactivate: ['POST', '/api/admin/users/:id/reactivate'],
  passwordLink: ['POST', '/api/admin/users/:id/password-reset'],
  invitations: ['GET', '/api/admin/invitations'],
  invite: ['POST', '/api/admin/invitations'],
  revokeInvitation: ['DELETE', '/api/admin/invitations/:id'],
});

/** The list's search, filters and page, as the address holds them. */
export type PeopleQuery = NonNullable<QueryIn<(typeof adminUserContracts)['list']>>;
export type RoleChange = BodyIn<(typeof adminUserContracts)['setRole']>;
export type StatusChange = BodyIn<(typeof adminUserContracts)['suspend']>;

/** One key factory for People: a write invalidates exactly what it changed. */
export const peopleKeys = {
  all: [queryRoots.people] as const,
  users: () => [...peopleKeys.all, 'users'] as const,
  userList: (query: PeopleQuery) => [...peopleKeys.users(), query] as const,
  invitations: () => [...peopleKeys.all, 'invitations'] as const,
};

/** GET /api/admin/users, one page; the page before stays on screen while the next search or page loads. */
export const useAccounts = (query: PeopleQuery) =>
  useQuery({
    queryKey: peopleKeys.userList(query),
    queryFn: () => call(c.list, { query }),
    placeholderData: keepPreviousData,
  });

export const useInvitations = () =>
  useQuery({ queryKey: peopleKeys.invitations(), queryFn: () => call(c.invitations) });

/*
 * Every write here is asked from a dialog that says its refusal in place (Refusal.tsx), where the person deciding
 * what next is looking: a toast as well would say it twice.
 */

/**
 * A change to one account: any page or filter may hold it (a new role moves it between the role filter's lists), so
 * every list is fetched again, also after a refusal (a 409 says the screen was out of date). Each change is a
 * security event; a change to the administrator's own role changes what they may open.
 */
function useAccountChange<V extends { id: number }, R>(fn: (v: V) => Promise<R>, changesRole = false) {
  const queryClient = useQueryClient();
  const { data: me } = useMe();
  return useMutation({
    mutationFn: fn,
    meta: SHOWN_IN_PLACE,
    onSuccess: (_result, v) =>
      invalidateAfter(
        queryClient,
        changesRole && v.id === me?.id ? 'account.own_role_changed' : 'account.changed',
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: peopleKeys.users() }),
  });
}

export const useSetRole = () =>
  useAccountChange(
    ({ id, ...body }: RoleChange & { id: number }) => call(c.setRole, { params: { id }, body }),
    true,
  );
export const useSuspend = () =>
  useAccountChange(({ id, ...body }: StatusChange & { id: number }) =>
    call(c.suspend, { params: { id }, body }),
  );
export const useReactivate = () =>
  useAccountChange(({ id, ...body }: StatusChange & { id: number }) =>
    call(c.reactivate, { params: { id }, body }),
  );

/** Issuing a link changes no account until it is used; it is a security event. */
export function usePasswordLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(c.passwordLink, { params: { id } }),
    meta: SHOWN_IN_PLACE,
    onSuccess: () => invalidateAfter(queryClient, 'account.changed'),
  });
}

/** An invitation made or revoked changes the open invitations, and is a security event. */
function useInvitationChange<V, R>(fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: SHOWN_IN_PLACE,
    onSuccess: () => invalidateAfter(queryClient, 'account.changed'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: peopleKeys.invitations() }),
  });
}

export const useInvite = () => useInvitationChange((role: StaffRole) => call(c.invite, { body: { role } }));

export const useRevokeInvitation = () =>
  useInvitationChange((id: number) => call(c.revokeInvitation, { params: { id } }));
