import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { performanceContracts, PerformanceRefreshSeconds } from '@tt/domain';
import { call, endpoints } from '../../lib/api';
import { queryRoots } from '../../lib/invalidation';

const c = endpoints<typeof performanceContracts>({
  report: ['GET', '/api/performance'],
});

export const performanceKeys = {
  all: [queryRoots.performance] as const,
  report: () => [...performanceKeys.all, 'report'] as const,
};

/**
 * GET /api/performance, asked again every `refreshSeconds` while auto-refresh is on (spec 2 §4: on by default) and
 * the screen is in front (React Query pauses the interval in a hidden tab); the last answer stays on screen meanwhile.
 */
export function usePerformance(refreshSeconds: PerformanceRefreshSeconds | false) {
  return useQuery({
    queryKey: performanceKeys.report(),
    queryFn: () => call(c.report),
    refetchInterval: refreshSeconds === false ? false : refreshSeconds * 1000,
    placeholderData: keepPreviousData,
  });
}
