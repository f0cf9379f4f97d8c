import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../../platform/auth.ts';
import { jobOverview } from '../../platform/jobs/runner.ts';

const jobSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  key: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  run_at: z.string(),
  last_error: z.string().nullable(),
  updated_at: z.string(),
});

const overviewSchema = z.object({
  counts: z.object({ pending: z.number().int(), succeeded: z.number().int(), failed: z.number().int() }),
  undispatched_events: z.number().int(),
  /** The latest jobs that failed at least once: retrying (pending) or given up (failed). */
  problems: z.array(jobSchema),
});

/** The background jobs as an admin sees them: what waits, what failed and why. */
export async function jobRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/jobs',
    {
      preHandler: requireRole('admin'),
      schema: { tags: ['admin'], response: { 200: overviewSchema } },
    },
    async () => {
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
    },
  );
}
