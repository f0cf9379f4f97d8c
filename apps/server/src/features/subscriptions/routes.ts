import type { FastifyInstance } from 'fastify';
import { subscriptionContracts as c } from '@tt/domain';
import { defineRoute } from '../../platform/route.ts';
import { changePlan, listPlans, mySubscription, planRestrictionsFor, usageStats } from './service.ts';

export async function subscriptionRoutes(app: FastifyInstance) {
  defineRoute(app, c.planRestrictions, async ({ user }) => planRestrictionsFor(app.db, user.id));
  defineRoute(app, c.plans, async () => listPlans(app.db));
  defineRoute(app, c.mine, async ({ user }) => mySubscription(app.db, user.id));
  defineRoute(app, c.usage, async ({ user }) => usageStats(app.db, user.id));
  defineRoute(app, c.upgrade, async ({ user, body }) => changePlan(app.db, user.id, body));
}
