import type { FastifyInstance } from 'fastify';
import { bulkOrderContracts } from '@tt/domain';
import { defineRoute } from '../../platform/route.ts';
import {
  acceptBulkOrder,
  closeBulkOrder,
  createBulkOrder,
  declineBulkOrder,
  leaveBulkOrder,
  listBulkOrders,
  myParticipations,
  myProposals,
  participate,
  proposedToMe,
} from './service.ts';

export async function bulkOrderRoutes(app: FastifyInstance) {
  defineRoute(app, bulkOrderContracts.list, async ({ query }) => listBulkOrders(app.db, query.status));
  defineRoute(app, bulkOrderContracts.myParticipations, async ({ user }) =>
    myParticipations(app.db, user.id),
  );
  // coop_member / coop_coordinator of the co-op the body names: enforced by the service.
  defineRoute(app, bulkOrderContracts.participate, async ({ user, body }) => participate(app.db, user, body));
  defineRoute(app, bulkOrderContracts.create, async ({ user, body }) => createBulkOrder(app.db, user, body));
  defineRoute(app, bulkOrderContracts.myProposals, async ({ user }) => myProposals(app.db, user));
  defineRoute(app, bulkOrderContracts.proposedToMe, async ({ user }) => proposedToMe(app.db, user));
  // Only the product's own seller answers a proposal: the service checks it with the proposal locked.
  defineRoute(app, bulkOrderContracts.accept, async ({ user, params, body }) =>
    acceptBulkOrder(app.db, user, params.id, body.committed_quantity),
  );
  // A coordinator of the order's co-op: checked by the service with the order locked.
  defineRoute(app, bulkOrderContracts.close, async ({ user, params }) =>
    closeBulkOrder(app.db, user, params.id),
  );
  defineRoute(app, bulkOrderContracts.decline, async ({ user, params, body }) =>
    declineBulkOrder(app.db, user, params.id, body.reason),
  );
  // owner: only the member who joined leaves; the service checks it with the participation locked.
  defineRoute(app, bulkOrderContracts.leave, async ({ user, params }) => ({
    bulk_order: await leaveBulkOrder(app.db, user, params.id),
  }));
}
