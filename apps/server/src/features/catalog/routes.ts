import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categorySchema, productListSchema, productQuerySchema } from '@tt/domain';
import { currentUser } from '../../platform/auth.ts';
import { browseLimitFor } from '../subscriptions/service.ts';
import { listCategories, listProductsJson } from './service.ts';

export async function catalogRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['catalog'];

  r.get(
    '/api/products',
    { schema: { tags, querystring: productQuerySchema, response: { 200: productListSchema } } },
    async (request, reply) => {
      const user = currentUser(request);
      const json = await listProductsJson(
        app.db,
        user,
        request.query,
        browseLimitFor(app.db, user.id),
        app.config.catalogueResultCacheMs,
      );
      // Serialised from a typed ProductList (see listProductsJson) and sent as it is, without validating the
      // same shape again on every request: the untyped reply (the schema above still documents the response).
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(json);
    },
  );

  r.get('/api/categories', { schema: { tags, response: { 200: z.array(categorySchema) } } }, async () =>
    listCategories(app.db),
  );
}
