import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { subscriptionContracts as c, type BodyIn } from '@tt/domain';
import { call } from '../../lib/api';
import { queryRoots } from '../../lib/invalidation';

export const subscriptionKeys = {
  all: [queryRoots.subscriptions] as const,
  plans: () => [...subscriptionKeys.all, 'plans'] as const,
  mine: () => [...subscriptionKeys.all, 'mine'] as const,
  usage: () => [...subscriptionKeys.all, 'usage'] as const,
};

export const plansQuery = () =>
  queryOptions({
    queryKey: subscriptionKeys.plans(),
    queryFn: () => call(c.plans),
    staleTime: 5 * 60 * 1000,
  });
export const usePlans = () => useQuery(plansQuery());

/** GET /api/my-subscription: the caller's plan (other areas read it to check an allowance before a form). */
export const useMySubscription = () =>
  useQuery({
    queryKey: subscriptionKeys.mine(),
    queryFn: () => call(c.mine),
  });

/** GET /api/subscription/usage-stats: what the caller uses of each limit, with the plan's limits. */
export const useUsageStats = () =>
  useQuery({
    queryKey: subscriptionKeys.usage(),
    queryFn: () => call(c.usage),
  });

/**
 * POST /api/subscription/upgrade. A plan change alters every allowance and the catalogue's browsing
 * limit, so everything cached is read again.
 */
export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BodyIn<typeof c.upgrade>) => call(c.upgrade, { body: input }),
    onSuccess: (subscription) => {
      queryClient.setQueryData(subscriptionKeys.mine(), subscription);
      void queryClient.invalidateQueries();
    },
  });
}
