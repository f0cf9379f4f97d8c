import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardContracts } from '@tt/domain';
import { call } from '../../lib/api';
import { queryRoots } from '../../lib/invalidation';

export const dashboardKeys = {
  all: [queryRoots.dashboard] as const,
  summary: () => [...dashboardKeys.all, 'summary'] as const,
};

export const dashboardQuery = () =>
  queryOptions({ queryKey: dashboardKeys.summary(), queryFn: () => call(dashboardContracts.summary) });

export function useDashboard() {
  return useQuery(dashboardQuery());
}
