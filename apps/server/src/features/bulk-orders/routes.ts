import type { FastifyInstance } from 'fastify';
import { bulkOrderContracts } from '@tt/domain';
import { defineRoute } from '../../platform/route.ts';
import { createBulkOrder, listBulkOrders, myParticipations, participate } from './service.ts';

export async function bulkOrderRoutes(app: FastifyInstance) {
  defineRoute(app, bulkOrderContracts.list, async ({ query }) => listBulkOrders(app.db, query.status));
  defineRoute(app, bulkOrderContracts.myParticipations, async ({ user }) =>
    myParticipations(app.db, user.id),
  );
  // coop_member / coop_coordinator of the co-op the body names: enforced by the service.
  defineRoute(app, bulkOrderContracts.participate, async ({ user, body }) => participate(app.db, user, body));
  defineRoute(app, bulkOrderContracts.create, async ({ user, body }) => createBulkOrder(app.db, user, body));
}
