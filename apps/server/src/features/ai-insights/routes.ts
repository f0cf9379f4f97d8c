import type { FastifyInstance } from 'fastify';
import { aiInsightsContracts as c } from '@tt/domain';
import { defineRoute } from '../../platform/route.ts';
import { dismiss, insightsOf, undismiss } from './service.ts';

/** AI Business Insights (spec 2; ADR 053): figures from the business's own sales and stock, and dismissals. */
export async function aiInsightsRoutes(app: FastifyInstance) {
  defineRoute(app, c.insights, async ({ user }) => insightsOf(app.db, user.id));
  defineRoute(app, c.dismiss, async ({ user, body }) => dismiss(app.db, user.id, body.key));
  defineRoute(app, c.undismiss, async ({ user, params }) => undismiss(app.db, user.id, params.key));
}
