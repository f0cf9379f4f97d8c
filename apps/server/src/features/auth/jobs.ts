import type { JobDefinition, Schedule } from '../../platform/jobs/runner.ts';
import { pruneSecurityEvents, pruneSignInFailures } from './service.ts';

export const PRUNE_SECURITY_EVENTS_JOB = 'auth.prune-security-events';

const DAY = 24 * 60 * 60_000;
const HOUR = 60 * 60_000;

export const authJobs: JobDefinition[] = [
  {
    // The security events keep SECURITY_EVENT_DAYS (ADR 054), as the API request log keeps its 30.
    name: PRUNE_SECURITY_EVENTS_JOB,
    async handler(_payload, { tx, now }) {
      await pruneSecurityEvents(tx, now);
      // Failed password sign-ins count for the lockout's window only.
      await pruneSignInFailures(tx, now);
    },
  },
];

/** Once a day, at 03:40 UTC, after the request log's pruning. */
export const authSchedules: Schedule[] = [
  { job: PRUNE_SECURITY_EVENTS_JOB, everyMs: DAY, offsetMs: 3 * HOUR + 40 * 60_000 },
];
