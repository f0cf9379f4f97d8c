import type { FastifyInstance } from 'fastify';
import { dashboardContracts } from '@tt/domain';
import { defineRoute } from '../../platform/route.ts';
import { dashboardFor } from './service.ts';

export async function dashboardRoutes(app: FastifyInstance) {
  defineRoute(app, dashboardContracts.summary, async ({ user }) => dashboardFor(app.db, user));
}
