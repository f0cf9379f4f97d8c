import type { JobDefinition, Schedule } from '../../platform/jobs/runner.ts';
import { pruneRequestLogs } from './service.ts';

export const PRUNE_REQUEST_LOGS_JOB = 'developer.prune-request-logs';

const DAY = 24 * 60 * 60_000;
const HOUR = 60 * 60_000;

export const developerJobs: JobDefinition[] = [
  {
    // The request log keeps 30 days and at most 10,000 rows a user (ADR 050).
    name: PRUNE_REQUEST_LOGS_JOB,
    async handler(_payload, { tx, now }) {
      await pruneRequestLogs(tx, now);
    },
  },
];

/** Once a day, at 03:30 UTC, beside the job table's own pruning. */
export const developerSchedules: Schedule[] = [
  { job: PRUNE_REQUEST_LOGS_JOB, everyMs: DAY, offsetMs: 3 * HOUR + 30 * 60_000 },
];
