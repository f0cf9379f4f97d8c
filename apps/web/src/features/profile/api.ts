import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppUser, ProfilePatch } from '@tt/domain';
import { api } from '../../lib/api';
import { invalidateAfter } from '../../lib/invalidation';
import { useForgetMe, useUpdateMe } from '../auth/api';

/** PUT /api/users/profile with only the fields that changed: the server changes only what it is sent. */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  const updateMe = useUpdateMe();
  return useMutation({
    mutationFn: (update: ProfilePatch) => api.put<AppUser>('/api/users/profile', update),
    onSuccess: (user) => {
      updateMe(user);
      void invalidateAfter(queryClient, 'profile.saved');
    },
  });
}

/** Where the personal-data download lives (a plain link: the browser saves the attachment). */
export const exportUrl = (format: 'json' | 'csv') => `/api/users/me/export?format=${format}`;

/** POST /api/users/me/close: the account is closed and every session ends, so the user is signed out here. */
export function useCloseAccount() {
  const forgetMe = useForgetMe();
  return useMutation({
    mutationFn: () => api.post<{ closed: true }>('/api/users/me/close', { confirm: true }),
    onSuccess: forgetMe,
  });
}
