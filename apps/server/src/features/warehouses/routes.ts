import type { FastifyInstance } from 'fastify';
import { warehouseContracts } from '@tt/domain';
import { defineRoute } from '../../platform/route.ts';
import { allocateSpace, createWarehouse, listWarehouses, myInventory, myOwnership } from './service.ts';

/** Spec 3 /virtual-warehouses/:id (the id is the cooperative's); coop_member enforced by the service. */
export async function warehouseRoutes(app: FastifyInstance) {
  defineRoute(app, warehouseContracts.list, async ({ user, params }) =>
    listWarehouses(app.db, params.id, user),
  );
  defineRoute(app, warehouseContracts.create, async ({ user, params, body }) =>
    createWarehouse(app.db, params.id, user, body),
  );
  defineRoute(app, warehouseContracts.myOwnership, async ({ user }) => myOwnership(app.db, user.id));
  defineRoute(app, warehouseContracts.myInventory, async ({ user }) => myInventory(app.db, user.id));
  defineRoute(app, warehouseContracts.allocate, async ({ user, body }) => allocateSpace(app.db, user, body));
}
