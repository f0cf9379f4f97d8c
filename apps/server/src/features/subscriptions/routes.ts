import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { planRestrictionsSchema } from '@tt/domain';
import { currentUser } from '../../platform/auth.ts';
import { mySubscription, planRestrictionsFor } from './service.ts';

const mySubscriptionSchema = z.object({
  plan_id: z.string(),
  plan_tier: z.string(),
  plan_name: z.string(),
  status: z.string(),
  next_payment_date: z.string().nullable(),
});

export async function subscriptionRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/user-plan-restrictions',
      { schema: { tags: ['subscriptions'], response: { 200: planRestrictionsSchema } } },
      async (request) => planRestrictionsFor(app.db, currentUser(request).id),
    )
    .get(
      '/api/my-subscription',
      { schema: { tags: ['subscriptions'], response: { 200: mySubscriptionSchema } } },
      async (request) => mySubscription(app.db, currentUser(request).id),
    );
}
