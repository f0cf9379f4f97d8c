import type { FastifyInstance } from 'fastify';
import { supplyChainContracts as c } from '@tt/domain';
import { defineRoute } from '../../platform/route.ts';
import { supplyChainOf } from './service.ts';

/** Supply chain analytics (spec 2; ADR 048): a buyer's suppliers from its own orders. */
export async function supplyChainRoutes(app: FastifyInstance) {
  defineRoute(app, c.suppliers, async ({ user, query }) =>
    supplyChainOf(app.db, user.id, query.period, query.search),
  );
}
