import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { aiInsightsContracts, AiInsights } from '@tt/domain';
import { call, endpoints } from '../../lib/api';
import { queryRoots } from '../../lib/invalidation';

const c = endpoints<typeof aiInsightsContracts>({
  insights: ['GET', '/api/ai-insights'],
  dismiss: ['POST', '/api/ai-insights/dismissals'],
  undismiss: ['DELETE', '/api/ai-insights/dismissals/:key'],
});

export const aiInsightsKeys = {
  all: [queryRoots['ai-insights']] as const,
  insights: () => [...aiInsightsKeys.all, 'insights'] as const,
};

/** GET /api/ai-insights: the recommendations, patterns and forecasts, worked out from the shop's own figures. */
export function useAiInsights() {
  return useQuery({ queryKey: aiInsightsKeys.insights(), queryFn: () => call(c.insights) });
}

/** Dismiss a recommendation, or bring it back (undo): both answer the whole screen's figures again. */
export function useDismissal() {
  const queryClient = useQueryClient();
  const settle = (data: AiInsights) => queryClient.setQueryData(aiInsightsKeys.insights(), data);
  return useMutation({
    mutationFn: (v: { key: string; dismissed: boolean }) =>
      v.dismissed ? call(c.dismiss, { body: { key: v.key } }) : call(c.undismiss, { params: { key: v.key } }),
    onSuccess: settle,
  });
}
