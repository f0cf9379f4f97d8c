import type { FastifyInstance } from 'fastify';
import { inventoryContracts as c } from '@tt/domain';
import { defineRoute } from '../../platform/route.ts';
import {
  applyCounts,
  createLocation,
  createOwnProduct,
  listAlerts,
  listInventory,
  listInventoryProducts,
  listLocations,
  listMovements,
  recordMovementFor,
  resolveAlert,
  updateItem,
} from './service.ts';

/** Inventory (spec 2): every call works on the caller's own business; another's records answer 404. */
export async function inventoryRoutes(app: FastifyInstance) {
  defineRoute(app, c.list, async ({ user, query }) => listInventory(app.db, user.id, query));
  defineRoute(app, c.movements, async ({ user, query }) => listMovements(app.db, user.id, query.limit));
  defineRoute(app, c.recordMovement, async ({ user, body }) => recordMovementFor(app.db, user.id, body));
  defineRoute(app, c.alerts, async ({ user }) => listAlerts(app.db, user.id));
  defineRoute(app, c.resolveAlert, async ({ user, params }) => resolveAlert(app.db, user.id, params.id));
  defineRoute(app, c.locations, async ({ user }) => listLocations(app.db, user.id));
  defineRoute(app, c.createLocation, async ({ user, body }) => createLocation(app.db, user.id, body.name));
  defineRoute(app, c.products, async ({ user }) => listInventoryProducts(app.db, user.id));
  defineRoute(app, c.createProduct, async ({ user, body }) => createOwnProduct(app.db, user.id, body));
  defineRoute(app, c.updateItem, async ({ user, params, body }) =>
    updateItem(app.db, user.id, params.id, body),
  );
  defineRoute(app, c.counts, async ({ user, body }) => applyCounts(app.db, user.id, body));
}
