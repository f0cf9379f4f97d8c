import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { buildPath, reportContracts as c, type BodyIn, type ReportPeriod } from '@tt/domain';
import { call } from '../../lib/api';
import { queryRoots } from '../../lib/invalidation';

/** One key factory for reports: a write invalidates exactly what it changed. */
export const reportKeys = {
  all: [queryRoots.reports] as const,
  overview: (period: ReportPeriod) => [...reportKeys.all, 'overview', period] as const,
  live: () => [...reportKeys.all, 'live'] as const,
  generated: () => [...reportKeys.all, 'generated'] as const,
  schedules: () => [...reportKeys.all, 'schedules'] as const,
};

/** How often the live tab asks again, and the list while a report is being made. */
export const LIVE_REFRESH_MS = 30_000;
const GENERATING_POLL_MS = 1_500;

/** GET /api/reports/overview for the chosen period; the last period's answer stays while the next loads. */
export const useReportOverview = (period: ReportPeriod) =>
  useQuery({
    queryKey: reportKeys.overview(period),
    queryFn: () => call(c.overview, { query: { period } }),
    placeholderData: keepPreviousData,
  });

/** GET /api/reports/live, refreshed every 30 seconds while the tab is open. */
export const useLiveAnalytics = () =>
  useQuery({ queryKey: reportKeys.live(), queryFn: () => call(c.live), refetchInterval: LIVE_REFRESH_MS });

/** GET /api/reports: asked again every moment while one of them is still generating. */
export const useGeneratedReports = () =>
  useQuery({
    queryKey: reportKeys.generated(),
    queryFn: () => call(c.list),
    refetchInterval: (query) =>
      query.state.data?.some((r) => r.status === 'generating') ? GENERATING_POLL_MS : false,
  });

export const useReportSchedules = () =>
  useQuery({ queryKey: reportKeys.schedules(), queryFn: () => call(c.schedules) });

/** Where a ready report is downloaded (a plain link: the browser saves the server's attachment). */
export const downloadUrl = (id: number) => buildPath(c.download.path, { id });

export type ReportRequest = BodyIn<typeof c.create>;

export function useGenerateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReportRequest) => call(c.create, { body: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reportKeys.generated() }),
  });
}

export type ScheduleInput = BodyIn<typeof c.createSchedule>;

export function useCreateSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ScheduleInput) => call(c.createSchedule, { body: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reportKeys.schedules() }),
  });
}

export function useDeleteSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(c.deleteSchedule, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reportKeys.schedules() }),
  });
}
