import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BULK_ORDER_STATUSES,
  bulkOrderSchema,
  createBulkOrderSchema,
  participateSchema,
  participationSchema,
} from '@tt/domain';
import { currentUser } from '../../platform/auth.ts';
import { createBulkOrder, listBulkOrders, myParticipations, participate } from './service.ts';

export async function bulkOrderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['bulk-orders'];

  r.get(
    '/api/bulk-orders',
    {
      schema: {
        tags,
        querystring: z.object({ status: z.enum(BULK_ORDER_STATUSES).optional() }),
        response: { 200: z.array(bulkOrderSchema) },
      },
    },
    async (request) => listBulkOrders(app.db, request.query.status),
  );
  r.get(
    '/api/bulk-orders/my-participations',
    { schema: { tags, response: { 200: z.array(participationSchema) } } },
    async (request) => myParticipations(app.db, currentUser(request).id),
  );
  r.post(
    '/api/bulk-orders/participate',
    {
      schema: {
        tags,
        body: participateSchema,
        response: { 201: z.object({ participation: participationSchema, bulk_order: bulkOrderSchema }) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await participate(app.db, currentUser(request), request.body)),
  );
  r.post(
    '/api/bulk-orders',
    { schema: { tags, body: createBulkOrderSchema, response: { 201: bulkOrderSchema } } },
    async (request, reply) =>
      reply.status(201).send(await createBulkOrder(app.db, currentUser(request), request.body)),
  );
}
