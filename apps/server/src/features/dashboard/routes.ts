import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardSchema } from '@tt/domain';
import { currentUser } from '../../platform/auth.ts';
import { dashboardFor } from './service.ts';

export async function dashboardRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/dashboard',
      { schema: { tags: ['dashboard'], response: { 200: dashboardSchema } } },
      async (request) => dashboardFor(app.db, currentUser(request)),
    );
}
