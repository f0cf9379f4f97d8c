import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@tt/domain';
import { api } from '../../lib/api';
import { queryRoots } from '../../lib/invalidation';

export const dashboardKeys = {
  all: [queryRoots.dashboard] as const,
  summary: () => [...dashboardKeys.all, 'summary'] as const,
};

export const dashboardQuery = () =>
  queryOptions({ queryKey: dashboardKeys.summary(), queryFn: () => api.get<Dashboard>('/api/dashboard') });

export function useDashboard() {
  return useQuery(dashboardQuery());
}
