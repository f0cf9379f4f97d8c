import type { FastifyInstance } from 'fastify';
import { catalogContracts } from '@tt/domain';
import { defineRoute } from '../../platform/route.ts';
import { listCategories, listProductsJson } from './service.ts';

export async function catalogRoutes(app: FastifyInstance) {
  defineRoute(
    app,
    catalogContracts.products,
    async ({ session, query, reply }) => {
      const json = await listProductsJson(app.db, session!, query, app.config.catalogueResultCacheMs);
      // Serialised from a typed ProductList (see listProductsJson) and sent as it is, without validating the
      // same shape again on every request (the contract still documents the response).
      return reply.type('application/json; charset=utf-8').send(json);
    },
    // A kept answer's page reads the caller's session in its own statement (ADR 030).
    { ownSession: true },
  );

  defineRoute(app, catalogContracts.categories, async () => listCategories(app.db));
}
