import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userContracts, type ProfileUpdate } from '@tt/domain';
import { call } from '../../lib/api';
import { invalidateAfter } from '../../lib/invalidation';
import { useUpdateMe } from '../auth/api';

export function useSaveProfile() {
  const queryClient = useQueryClient();
  const updateMe = useUpdateMe();
  return useMutation({
    mutationFn: (update: ProfileUpdate) => call(userContracts.updateProfile, { body: update }),
    onSuccess: (user) => {
      updateMe(user);
      void invalidateAfter(queryClient, 'profile.saved');
    },
  });
}
