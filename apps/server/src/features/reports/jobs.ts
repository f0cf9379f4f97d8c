import type { JobDefinition, Schedule } from '../../platform/jobs/runner.ts';
import {
  generateReport,
  GENERATE_REPORT_JOB,
  markReportFailed,
  RUN_SCHEDULES_JOB,
  runDueSchedules,
} from './service.ts';

const GENERATE_ATTEMPTS = 3;

export const reportJobs: JobDefinition[] = [
  {
    // Enqueued with the report row (asked for now, or made by a schedule).
    name: GENERATE_REPORT_JOB,
    maxAttempts: GENERATE_ATTEMPTS,
    async handler(payload, { tx, job, now }) {
      const reportId = Number(payload.report_id);
      try {
        // A savepoint of its own, so a failed attempt's writes are undone but the failure can be stored.
        await tx.transaction((inner) => generateReport(inner, reportId, now));
      } catch (error) {
        // The last attempt marks the report failed (the screen stops waiting) instead of throwing.
        if (job.attempts + 1 < GENERATE_ATTEMPTS) throw error;
        await markReportFailed(tx, reportId, error instanceof Error ? error.message : String(error), now);
      }
    },
  },
  {
    name: RUN_SCHEDULES_JOB,
    async handler(_payload, { tx, now }) {
      await runDueSchedules(tx, now);
    },
  },
];

/** Schedules run at 06:00 SAST; a sweep every five minutes finds each due one within minutes. */
export const reportSchedulesSweep: Schedule[] = [{ job: RUN_SCHEDULES_JOB, everyMs: 5 * 60_000 }];
