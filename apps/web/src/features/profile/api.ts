import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppUser, ProfilePatch } from '@tt/domain';
import { api } from '../../lib/api';
import { authKeys } from '../auth/api';
import { dashboardKeys } from '../dashboard/api';

/** PUT /api/users/profile with only the fields that changed: the server changes only what it is sent. */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ProfilePatch) => api.put<AppUser>('/api/users/profile', update),
    onSuccess: (user) => {
      queryClient.setQueryData(authKeys.me(), user);
      // A changed role changes which orders and figures the dashboard shows.
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}

/** Where the personal-data download lives (a plain link: the browser saves the attachment). */
export const exportUrl = (format: 'json' | 'csv') => `/api/users/me/export?format=${format}`;

/** POST /api/users/me/close: the account is closed and every session ends, so the user is signed out here. */
export function useCloseAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ closed: true }>('/api/users/me/close', { confirm: true }),
    onSuccess: async () => {
      await queryClient.cancelQueries();
      queryClient.setQueryData(authKeys.me(), null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
    },
  });
}
