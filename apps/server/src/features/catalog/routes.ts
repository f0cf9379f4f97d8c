import type { FastifyInstance } from 'fastify';
import { catalogContracts } from '@tt/domain';
import { defineRoute } from '../../platform/route.ts';
import { browseLimitSql } from '../subscriptions/service.ts';
import { listCategories, listProductsJson } from './service.ts';

export async function catalogRoutes(app: FastifyInstance) {
  defineRoute(app, catalogContracts.products, async ({ user, query, reply }) => {
    const json = await listProductsJson(
      app.db,
      user,
      query,
      browseLimitSql(user.id),
      app.config.catalogueResultCacheMs,
    );
    // Serialised from a typed ProductList (see listProductsJson) and sent as it is, without validating the
    // same shape again on every request (the contract still documents the response).
    return reply.type('application/json; charset=utf-8').send(json);
  });

  defineRoute(app, catalogContracts.categories, async () => listCategories(app.db));
}
