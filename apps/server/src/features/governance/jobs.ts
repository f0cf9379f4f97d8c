import type { JobDefinition, Schedule } from '../../platform/jobs/runner.ts';
import { CLOSE_VOTE_JOB, completeEndedVotes } from './service.ts';

const SWEEP_JOB = 'governance.close-ended-votes';

export const governanceJobs: JobDefinition[] = [
  {
    // Enqueued by createVote to run at the vote's end date.
    name: CLOSE_VOTE_JOB,
    async handler(payload, { tx, now }) {
      await completeEndedVotes(tx, now, Number(payload.vote_id));
    },
  },
  {
    // Catches votes no job was enqueued for (the demo's, or ones that ended while no runner was up).
    name: SWEEP_JOB,
    async handler(_payload, { tx, now }) {
      await completeEndedVotes(tx, now);
    },
  },
];

export const governanceSchedules: Schedule[] = [{ job: SWEEP_JOB, everyMs: 5 * 60_000 }];
