import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { restoreDemo } from './db/seeds.ts';
import { hasRealAccounts } from './features/auth/service.ts';
import { betacrowdJobs, betacrowdSchedules } from './features/betacrowd/jobs.ts';
import { authJobs, authSchedules } from './features/auth/jobs.ts';
import { bulkOrderJobs, bulkOrderSchedules } from './features/bulk-orders/jobs.ts';
import { bulkUploadJobs, bulkUploadSchedules } from './features/bulk-upload/jobs.ts';
import { developerJobs, developerSchedules } from './features/developer/jobs.ts';
import { governanceJobs, governanceSchedules } from './features/governance/jobs.ts';
import { referralJobs, referralSubscriptions } from './features/referrals/jobs.ts';
import { reportJobs, reportSchedulesSweep } from './features/reports/jobs.ts';
import {
  smartOrderJobs,
  smartOrderSchedules,
  smartOrderSubscriptions,
} from './features/smart-orders/jobs.ts';
import {
  createJobRunner,
  pruneJobs,
  type JobDefinition,
  type Logger,
  type Schedule,
  type Subscription,
} from './platform/jobs/runner.ts';

const DAY = 24 * 60 * 60_000;
const HOUR = 60 * 60_000;

export const DEMO_RESTORE_JOB = 'demo.restore';
const PRUNE_JOB = 'jobs.prune';

/** Every area's jobs, recurring schedules and outbox subscriptions, in one place (like app.ts for routes). */
export function jobCatalogue(config: Pick<Config, 'demoLogin'>) {
  const jobs: JobDefinition[] = [
    ...governanceJobs,
    ...bulkOrderJobs,
    ...bulkUploadJobs,
    ...referralJobs,
    ...reportJobs,
    ...smartOrderJobs,
    ...developerJobs,
    ...betacrowdJobs,
    ...authJobs,
    {
      name: DEMO_RESTORE_JOB,
      // The shared demo accounts are put back every day, whatever visitors did to them; but the restore removes
      // whatever points at the demo world, so it waits while real accounts exist (docs/accounts.md).
      async handler(_payload, { tx, now }) {
        if (await hasRealAccounts(tx)) return;
        await restoreDemo(tx, now);
      },
      maxAttempts: 3,
    },
    {
      name: PRUNE_JOB,
      async handler(_payload, { tx, now }) {
        await pruneJobs(tx, now);
      },
    },
  ];
  const schedules: Schedule[] = [
    ...governanceSchedules,
    ...bulkOrderSchedules,
    ...bulkUploadSchedules,
    ...reportSchedulesSweep,
    ...smartOrderSchedules,
    ...developerSchedules,
    ...betacrowdSchedules,
    ...authSchedules,
    { job: PRUNE_JOB, everyMs: DAY, offsetMs: 3 * HOUR },
    // 02:00 UTC (04:00 in South Africa), when hardly anyone is trying the demo.
    ...(config.demoLogin ? [{ job: DEMO_RESTORE_JOB, everyMs: DAY, offsetMs: 2 * HOUR }] : []),
  ];
  // Outbox topics (order.created, order.updated, order.cancelled, user.signed_up, ...) -> jobs.
  const subscriptions: Subscription[] = [...referralSubscriptions, ...smartOrderSubscriptions];
  return { jobs, schedules, subscriptions };
}

export function startJobRunner(db: Db, config: Config, log: Logger) {
  const runner = createJobRunner(db, { ...jobCatalogue(config), pollMs: config.jobPollMs, log });
  runner.start();
  return runner;
}
