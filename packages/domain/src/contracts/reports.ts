import { z } from 'zod';
import {
  createReportSchema,
  createScheduleSchema,
  generatedReportSchema,
  liveAnalyticsSchema,
  overviewQuerySchema,
  reportOverviewSchema,
  reportScheduleSchema,
} from '../reports.ts';
import { idSchema } from '../ids.ts';
import { contract } from './contract.ts';

const idParams = z.object({ id: idSchema });

/**
 * Reports (spec 1 /reports; issue 13 point 6): admin and coordinator (reports.view). An admin's figures
 * cover the platform, a coordinator's the co-ops they coordinate. Generated reports are made by a job;
 * each user sees and downloads their own.
 */
export const reportContracts = {
  overview: contract({
    method: 'GET',
    path: '/api/reports/overview',
    tag: 'reports',
    summary: "The overview tab: the period's figures, revenue by day, week or month, top products and co-ops",
    access: 'reports.view',
    denied: 'reports.admin_only',
    query: overviewQuerySchema,
    status: 200,
    response: reportOverviewSchema,
  }),
  live: contract({
    method: 'GET',
    path: '/api/reports/live',
    tag: 'reports',
    summary: "Live analytics: today's orders by hour, the last hour and the latest orders",
    access: 'reports.view',
    denied: 'reports.admin_only',
    status: 200,
    response: liveAnalyticsSchema,
  }),
  list: contract({
    method: 'GET',
    path: '/api/reports',
    tag: 'reports',
    summary: "The caller's generated reports, newest first (at most 50)",
    access: 'reports.view',
    denied: 'reports.admin_only',
    status: 200,
    response: z.array(generatedReportSchema),
  }),
  create: contract({
    method: 'POST',
    path: '/api/reports',
    tag: 'reports',
    summary: 'Generate a report: answered at once with status generating; a job makes the file',
    access: 'reports.view',
    denied: 'reports.admin_only',
    body: createReportSchema,
    status: 201,
    response: generatedReportSchema,
  }),
  /** The answer is the file (text/csv), so it has no response schema. */
  download: contract({
    method: 'GET',
    path: '/api/reports/:id/download',
    tag: 'reports',
    summary: 'Download a ready report (409 while it is still generating)',
    access: 'reports.view',
    denied: 'reports.admin_only',
    resource: 'owner',
    params: idParams,
    status: 200,
  }),
  schedules: contract({
    method: 'GET',
    path: '/api/reports/schedules',
    tag: 'reports',
    summary: "The caller's scheduled reports",
    access: 'reports.view',
    denied: 'reports.admin_only',
    status: 200,
    response: z.array(reportScheduleSchema),
  }),
  createSchedule: contract({
    method: 'POST',
    path: '/api/reports/schedules',
    tag: 'reports',
    summary: 'Schedule a report daily, weekly (Mondays) or monthly (the 1st), at 06:00',
    access: 'reports.view',
    denied: 'reports.admin_only',
    body: createScheduleSchema,
    status: 201,
    response: reportScheduleSchema,
  }),
  deleteSchedule: contract({
    method: 'DELETE',
    path: '/api/reports/schedules/:id',
    tag: 'reports',
    summary: 'Stop a scheduled report (the reports it made stay)',
    access: 'reports.view',
    denied: 'reports.admin_only',
    resource: 'owner',
    params: idParams,
    status: 204,
  }),
};
