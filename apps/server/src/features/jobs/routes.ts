import type { FastifyInstance } from 'fastify';
import { jobContracts } from '@tt/domain';
import { jobOverview } from '../../platform/jobs/runner.ts';
import { defineRoute } from '../../platform/route.ts';

/** The background jobs as an admin sees them: what waits, what failed and why. */
export async function jobRoutes(app: FastifyInstance) {
  defineRoute(app, jobContracts.overview, async () => {
    const overview = await jobOverview(app.db);
    return {
      ...overview,
      problems: overview.problems.map((j) => ({
        id: j.id,
        name: j.name,
        key: j.key,
        status: j.status as 'pending' | 'succeeded' | 'failed',
        attempts: j.attempts,
        max_attempts: j.max_attempts,
        run_at: j.run_at.toISOString(),
        last_error: j.last_error,
        updated_at: j.updated_at.toISOString(),
      })),
    };
  });
}
