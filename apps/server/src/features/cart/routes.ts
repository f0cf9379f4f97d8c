import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addToCartSchema, cartSchema, updateCartLineSchema } from '@tt/domain';
import { currentUser } from '../../platform/auth.ts';
import { addToCart, cartOf, removeCartLine, updateCartLine } from './service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });

export async function cartRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['cart'];

  r.get('/api/cart', { schema: { tags, response: { 200: cartSchema } } }, async (request) =>
    cartOf(app.db, currentUser(request).id),
  );

  r.post(
    '/api/cart',
    { schema: { tags, body: addToCartSchema, response: { 200: cartSchema } } },
    async (request) => {
      const user = currentUser(request);
      await addToCart(app.db, user, request.body.product_id, request.body.quantity);
      return cartOf(app.db, user.id);
    },
  );

  r.put(
    '/api/cart/:id',
    { schema: { tags, params: idParams, body: updateCartLineSchema, response: { 200: cartSchema } } },
    async (request) => {
      const user = currentUser(request);
      await updateCartLine(app.db, user, request.params.id, request.body.quantity);
      return cartOf(app.db, user.id);
    },
  );

  r.delete('/api/cart/:id', { schema: { tags, params: idParams } }, async (request, reply) => {
    await removeCartLine(app.db, currentUser(request).id, request.params.id);
    return reply.status(204).send();
  });
}
