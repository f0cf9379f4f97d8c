import type { JobDefinition, Schedule } from '../../platform/jobs/runner.ts';
import { removeStalePendingUploads } from './service.ts';

export const STALE_UPLOADS_JOB = 'bulk_upload.remove_stale';

/**
 * Validated uploads the seller never confirmed (status pending) keep every valid row staged; after a day
 * they are removed with their rows (docs/decisions/021). Deleting is idempotent: a second run, or a second
 * instance, finds nothing older left.
 */
export const bulkUploadJobs: JobDefinition[] = [
  {
    name: STALE_UPLOADS_JOB,
    async handler(_payload, { tx, now }) {
      await removeStalePendingUploads(tx, now);
    },
  },
];

export const bulkUploadSchedules: Schedule[] = [
  { job: STALE_UPLOADS_JOB, everyMs: 60 * 60_000, offsetMs: 20 * 60_000 },
];
