import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  mySubscriptionSchema,
  planRestrictionsSchema,
  subscriptionPlanSchema,
  upgradeSubscriptionSchema,
  usageStatsSchema,
} from '@tt/domain';
import { currentUser } from '../../platform/auth.ts';
import { changePlan, listPlans, mySubscription, planRestrictionsFor, usageStats } from './service.ts';

export async function subscriptionRoutes(app: FastifyInstance) {
  const tags = ['subscriptions'];
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/user-plan-restrictions',
      { schema: { tags, response: { 200: planRestrictionsSchema } } },
      async (request) => planRestrictionsFor(app.db, currentUser(request).id),
    )
    .get(
      '/api/subscription-plans',
      { schema: { tags, response: { 200: z.array(subscriptionPlanSchema) } } },
      async () => listPlans(app.db),
    )
    .get(
      '/api/my-subscription',
      { schema: { tags, response: { 200: mySubscriptionSchema } } },
      async (request) => mySubscription(app.db, currentUser(request).id),
    )
    .get(
      '/api/subscription/usage-stats',
      { schema: { tags, response: { 200: usageStatsSchema } } },
      async (request) => usageStats(app.db, currentUser(request).id),
    )
    .post(
      '/api/subscription/upgrade',
      { schema: { tags, body: upgradeSubscriptionSchema, response: { 200: mySubscriptionSchema } } },
      async (request) => changePlan(app.db, currentUser(request).id, request.body),
    );
}
