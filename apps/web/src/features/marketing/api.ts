import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { marketingContracts as c, type BodyIn } from '@tt/domain';
import { call } from '../../lib/api';
import { queryRoots } from '../../lib/invalidation';

/** One key factory for marketing: every write changes the campaigns and the analytics built on them. */
export const marketingKeys = {
  all: [queryRoots.marketing] as const,
  campaigns: () => [...marketingKeys.all, 'campaigns'] as const,
  analytics: () => [...marketingKeys.all, 'analytics'] as const,
  audiences: () => [...marketingKeys.all, 'audiences'] as const,
};

/** GET /api/marketing/campaigns. */
export const useCampaigns = () =>
  useQuery({ queryKey: marketingKeys.campaigns(), queryFn: () => call(c.campaigns, { query: {} }) });

/** GET /api/marketing/analytics. */
export const useCampaignAnalytics = () =>
  useQuery({ queryKey: marketingKeys.analytics(), queryFn: () => call(c.analytics) });

/** GET /api/marketing/audiences. */
export const useAudiences = () =>
  useQuery({ queryKey: marketingKeys.audiences(), queryFn: () => call(c.audiences) });

function useCampaignsChanged() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: marketingKeys.campaigns() });
    void queryClient.invalidateQueries({ queryKey: marketingKeys.analytics() });
  };
}

export type CampaignInput = BodyIn<typeof c.createCampaign>;

export function useCreateCampaign() {
  const changed = useCampaignsChanged();
  return useMutation({
    mutationFn: (input: CampaignInput) => call(c.createCampaign, { body: input }),
    onSuccess: changed,
  });
}

/** Pause (true) or resume (false) a campaign. */
export function useSetPaused() {
  const changed = useCampaignsChanged();
  return useMutation({
    mutationFn: ({ id, pause }: { id: number; pause: boolean }) =>
      call(pause ? c.pause : c.resume, { params: { id } }),
    onSuccess: changed,
  });
}

export function useRecordSpend(id: number) {
  const changed = useCampaignsChanged();
  return useMutation({
    mutationFn: (input: BodyIn<typeof c.recordSpend>) => call(c.recordSpend, { params: { id }, body: input }),
    onSuccess: changed,
  });
}
