import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userContracts, type ProfilePatch } from '@tt/domain';
import { call } from '../../lib/api';
import { invalidateAfter } from '../../lib/invalidation';
import { useForgetMe, useUpdateMe } from '../auth/api';

/** PUT /api/users/profile with only the fields that changed: the server changes only what it is sent. */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  const updateMe = useUpdateMe();
  return useMutation({
    mutationFn: (update: ProfilePatch) => call(userContracts.updateProfile, { body: update }),
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
    mutationFn: () => call(userContracts.closeAccount, { body: { confirm: true } }),
    onSuccess: forgetMe,
  });
}
