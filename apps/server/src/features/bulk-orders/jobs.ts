import type { JobDefinition, Schedule } from '../../platform/jobs/runner.ts';
import { COMPLETE_BULK_ORDERS_JOB, completeEndedBulkOrders } from './service.ts';

/** Bulk orders that reached their end date complete (target met) or are cancelled (ADR 025). */
export const bulkOrderJobs: JobDefinition[] = [
  {
    name: COMPLETE_BULK_ORDERS_JOB,
    async handler(_payload, { tx, now }) {
      await completeEndedBulkOrders(tx, now);
    },
  },
];

export const bulkOrderSchedules: Schedule[] = [{ job: COMPLETE_BULK_ORDERS_JOB, everyMs: 5 * 60_000 }];
