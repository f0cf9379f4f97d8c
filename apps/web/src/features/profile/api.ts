import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppUser, ProfileUpdate } from '@tt/domain';
import { api } from '../../lib/api';
import { invalidateAfter } from '../../lib/invalidation';
import { useUpdateMe } from '../auth/api';

export function useSaveProfile() {
  const queryClient = useQueryClient();
  const updateMe = useUpdateMe();
  return useMutation({
    mutationFn: (update: ProfileUpdate) => api.put<AppUser>('/api/users/profile', update),
    onSuccess: (user) => {
      updateMe(user);
      void invalidateAfter(queryClient, 'profile.saved');
    },
  });
}
