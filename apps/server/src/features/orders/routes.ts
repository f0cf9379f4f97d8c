import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkoutResultSchema,
  checkoutSchema,
  declineOrderSchema,
  idempotencyKeySchema,
  IDEMPOTENCY_KEY_HEADER,
  orderListQuerySchema,
  orderListSchema,
  orderSchema,
  updateOrderStatusSchema,
} from '@tt/domain';
import { currentUser } from '../../platform/auth.ts';
import { fail, field } from '../../platform/errors.ts';
import { checkout } from './checkout.ts';
import { cancelOrder, declineOrder, getOrder, listOrders, moveOrder } from './service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const headerName = IDEMPOTENCY_KEY_HEADER.toLowerCase();

export async function orderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['orders'];

  r.post(
    '/api/orders',
    {
      schema: {
        tags,
        description:
          'Checkout. Requires an Idempotency-Key header (8-200 characters): the same key answers the first ' +
          "request's 201 and orders again, creating nothing (header Idempotent-Replayed: true).",
        headers: z.object({ [headerName]: z.string().optional() }),
        body: checkoutSchema,
        response: { 201: checkoutResultSchema },
      },
    },
    async (request, reply) => {
      const raw = request.headers[headerName];
      const parsed = idempotencyKeySchema.safeParse(typeof raw === 'string' ? raw : undefined);
      if (!parsed.success) {
        throw fail(
          'checkout.idempotency_key_required',
          { header: IDEMPOTENCY_KEY_HEADER },
          {
            fields: {
              [IDEMPOTENCY_KEY_HEADER]: field('validation.length_between', { minimum: 8, maximum: 200 }),
            },
          },
        );
      }
      const outcome = await checkout(app.db, currentUser(request), request.body, parsed.data);
      if (outcome.replayed) reply.header('Idempotent-Replayed', 'true');
      return reply.status(201).send(outcome.body);
    },
  );

  r.get(
    '/api/orders',
    { schema: { tags, querystring: orderListQuerySchema, response: { 200: orderListSchema } } },
    async (request) => listOrders(app.db, currentUser(request), request.query),
  );

  r.get(
    '/api/orders/:id',
    { schema: { tags, params: idParams, response: { 200: orderSchema } } },
    async (request) => getOrder(app.db, currentUser(request), request.params.id),
  );

  r.post(
    '/api/orders/:id/status',
    { schema: { tags, params: idParams, body: updateOrderStatusSchema, response: { 200: orderSchema } } },
    async (request) => moveOrder(app.db, currentUser(request), request.params.id, request.body.status),
  );

  r.post(
    '/api/orders/:id/cancel',
    { schema: { tags, params: idParams, response: { 200: orderSchema } } },
    async (request) => cancelOrder(app.db, currentUser(request), request.params.id),
  );

  r.post(
    '/api/orders/:id/decline',
    {
      schema: {
        tags,
        description:
          "The order's seller declines a pending order with a reason the buyer sees; the stock returns.",
        params: idParams,
        body: declineOrderSchema,
        response: { 200: orderSchema },
      },
    },
    async (request) => declineOrder(app.db, currentUser(request), request.params.id, request.body.reason),
  );
}
