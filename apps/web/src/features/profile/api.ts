import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppUser, ProfileUpdate } from '@tt/domain';
import { api } from '../../lib/api';
import { authKeys } from '../auth/api';
import { dashboardKeys } from '../dashboard/api';

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ProfileUpdate) => api.put<AppUser>('/api/users/profile', update),
    onSuccess: (user) => {
      queryClient.setQueryData(authKeys.me(), user);
      // A changed role changes which orders and figures the dashboard shows.
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}
