import { queryOptions, useQuery } from '@tanstack/react-query';
import type { dashboardContracts } from '@tt/domain';
import { call, endpoint } from '../../lib/api';
import { queryRoots } from '../../lib/invalidation';

// Named by method and path, typed by the contracts, without their schemas: zod stays out of the first screens
// (this module is on them; ADR 024, fourth pass).
const summary = endpoint<(typeof dashboardContracts)['summary']>('GET', '/api/dashboard');

export const dashboardKeys = {
  all: [queryRoots.dashboard] as const,
  summary: () => [...dashboardKeys.all, 'summary'] as const,
};

export const dashboardQuery = () =>
  queryOptions({ queryKey: dashboardKeys.summary(), queryFn: () => call(summary) });

export function useDashboard() {
  return useQuery(dashboardQuery());
}
