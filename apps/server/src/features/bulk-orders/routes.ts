import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptBulkOrderSchema,
  BULK_ORDER_STATUSES,
  bulkOrderSchema,
  createBulkOrderSchema,
  declineBulkOrderSchema,
  participateSchema,
  participationSchema,
} from '@tt/domain';
import { currentUser } from '../../platform/auth.ts';
import {
  acceptBulkOrder,
  createBulkOrder,
  declineBulkOrder,
  listBulkOrders,
  myParticipations,
  myProposals,
  participate,
  proposedToMe,
} from './service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });

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

  r.get(
    '/api/bulk-orders/my-proposals',
    {
      schema: {
        tags,
        description:
          'Bulk orders I proposed or my cooperatives proposed while I coordinate, in every status.',
        response: { 200: z.array(bulkOrderSchema) },
      },
    },
    async (request) => myProposals(app.db, currentUser(request)),
  );
  r.get(
    '/api/bulk-orders/proposed-to-me',
    {
      schema: {
        tags,
        description: "Proposals on the seller's own products priced below list, waiting for an answer.",
        response: { 200: z.array(bulkOrderSchema) },
      },
    },
    async (request) => proposedToMe(app.db, currentUser(request)),
  );
  r.post(
    '/api/bulk-orders/:id/accept',
    {
      schema: {
        tags,
        description: 'The seller accepts a proposal, committing a quantity (at most their stock); it opens.',
        params: idParams,
        body: acceptBulkOrderSchema,
        response: { 200: bulkOrderSchema },
      },
    },
    async (request) =>
      acceptBulkOrder(app.db, currentUser(request), request.params.id, request.body.committed_quantity),
  );
  r.post(
    '/api/bulk-orders/:id/decline',
    {
      schema: {
        tags,
        description: 'The seller declines a proposal with a reason the coordinator sees.',
        params: idParams,
        body: declineBulkOrderSchema,
        response: { 200: bulkOrderSchema },
      },
    },
    async (request) => declineBulkOrder(app.db, currentUser(request), request.params.id, request.body.reason),
  );
}
