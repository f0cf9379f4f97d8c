import type { JobDefinition, Schedule } from '../../platform/jobs/runner.ts';
import { expireCampaigns } from './service.ts';

export const EXPIRE_CAMPAIGNS_JOB = 'betacrowd.expire-campaigns';

/** A campaign whose end date passed before it was funded is closed and its investors refunded (ADR 052). */
export const betacrowdJobs: JobDefinition[] = [
  {
    name: EXPIRE_CAMPAIGNS_JOB,
    async handler(_payload, { tx, now }) {
      await expireCampaigns(tx, now);
    },
  },
];

/** Every hour: the first sweep after midnight in South Africa closes the campaigns whose last day was yesterday. */
export const betacrowdSchedules: Schedule[] = [{ job: EXPIRE_CAMPAIGNS_JOB, everyMs: 60 * 60_000 }];
