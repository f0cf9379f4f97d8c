import { useEffect } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppUser, authContracts, DemoRole } from '@tt/domain';
import { ApiError, call, endpoint } from '../../lib/api';

type Auth = typeof authContracts;
// The first screen asks these: named by method and path, typed by the contracts, without their schemas.
const me = endpoint<Auth['me']>('GET', '/api/users/me');
const options = endpoint<Auth['options']>('GET', '/api/auth/options');
const demoLogin = endpoint<Auth['demoLogin']>('POST', '/api/demo/login');
const logout = endpoint<Auth['logout']>('GET', '/api/logout');
const redirectUrl = endpoint<Auth['redirectUrl']>('GET', '/api/oauth/google/redirect_url');
const exchange = endpoint<Auth['exchange']>('POST', '/api/sessions');
import { queryRoots } from '../../lib/invalidation';
import { forgetReturnTo } from '../../lib/return-to';

export const authKeys = {
  all: [queryRoots.auth] as const,
  me: () => [...authKeys.all, 'me'] as const,
};

/** The signed-in user, or null when signed out (a 401 is an answer here, not an error). */
export const meQuery = () =>
  queryOptions({
    queryKey: authKeys.me(),
    queryFn: async (): Promise<AppUser | null> => {
      try {
        return await call(me);
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 5 * 60 * 1000,
  });

export function useMe() {
  return useQuery(meQuery());
}

const authOptionsQuery = () =>
  queryOptions({
    queryKey: [...authKeys.all, 'options'],
    queryFn: () => call(options),
    staleTime: Infinity,
  });

export function useAuthOptions() {
  return useQuery(authOptionsQuery());
}

/**
 * The sign-in options once known: the ones already read, else the answer on its way. A button that picks
 * the sign-in from them must wait for it: clicked before the first answer (a slow link, a server just
 * started), "Get started" would otherwise take a newcomer into the shared demo account.
 *
 * They are asked for as the screen opens, so that a click finds them there. Asked without watching them
 * (`useQuery` would): the screen shows nothing of them, and a query watched by a screen draws the whole screen
 * again when its answer comes, at once and in one piece (issue 9: the landing page, 60 ms at a phone's speed).
 */
export function useKnownAuthOptions() {
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.prefetchQuery(authOptionsQuery());
  }, [queryClient]);
  return () => queryClient.ensureQueryData(authOptionsQuery());
}

export function useDemoLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (role: DemoRole = 'retailer') => call(demoLogin, { body: { role } }),
    onSuccess: (user) => {
      queryClient.clear();
      queryClient.setQueryData(authKeys.me(), user);
    },
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(logout),
    // Spec 1 §4: the user is cleared locally first, whatever the server answers. The signed-in
    // screens unmount on that; their cached data goes once the server has ended the session.
    onMutate: async () => {
      await queryClient.cancelQueries();
      queryClient.setQueryData(authKeys.me(), null);
    },
    onSettled: () => {
      // Signing out is not "opening a page while signed out": the next sign-in starts at the dashboard.
      forgetReturnTo();
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
    },
  });
}

export function useProviderSignIn() {
  return useMutation({
    mutationFn: () => call(redirectUrl),
    onSuccess: ({ redirectUrl }) => {
      window.location.assign(redirectUrl);
    },
  });
}

export function useCodeExchange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: { code: string; state?: string; iss?: string }) => call(exchange, { body: params }),
    onSuccess: (user) => queryClient.setQueryData(authKeys.me(), user),
  });
}

/** Forgets the signed-in user and everything read for them (the account was closed, say). */
export function useForgetMe() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.cancelQueries();
    queryClient.setQueryData(authKeys.me(), null);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
  };
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return (user: AppUser) => queryClient.setQueryData(authKeys.me(), user);
}
