import type { FastifyInstance } from 'fastify';
import { advancedAnalyticsContracts as c } from '@tt/domain';
import { defineRoute } from '../../platform/route.ts';
import { analyticsTransactions, businessAnalytics, financialAnalytics } from './service.ts';

/** Advanced Analytics (spec 2; ADR 056): the caller's own sales and books over a timeframe. */
export async function advancedAnalyticsRoutes(app: FastifyInstance) {
  defineRoute(app, c.business, async ({ user, query }) => businessAnalytics(app.db, user, query.timeframe));
  defineRoute(app, c.financial, async ({ user, query }) => financialAnalytics(app.db, user, query.timeframe));
  defineRoute(app, c.transactions, async ({ user, query }) =>
    analyticsTransactions(app.db, user, query.timeframe, query.page),
  );
}
