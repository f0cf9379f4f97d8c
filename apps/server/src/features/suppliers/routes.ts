import type { FastifyInstance } from 'fastify';
import { supplierContracts as c } from '@tt/domain';
import { defineRoute } from '../../platform/route.ts';
import {
  apply,
  createProduct,
  myApplications,
  myProducts,
  review,
  reviewList,
  setProductStatus,
  updateProduct,
} from './service.ts';

/** Supplier applications and My products; see packages/domain/src/suppliers.ts. */
export async function supplierRoutes(app: FastifyInstance) {
  defineRoute(app, c.myApplications, async ({ user }) => myApplications(app.db, user));
  defineRoute(app, c.apply, async ({ user, body }) => apply(app.db, user, body));
  defineRoute(app, c.reviewList, async ({ user }) => reviewList(app.db, user));
  defineRoute(app, c.review, async ({ user, params, body }) => review(app.db, user, params.id, body));
  defineRoute(app, c.myProducts, async ({ user, query }) => myProducts(app.db, user, query));
  defineRoute(app, c.createProduct, async ({ user, body }) => createProduct(app.db, user, body));
  // owner: the service looks only among the caller's own listings (another seller's is 404).
  defineRoute(app, c.updateProduct, async ({ user, params, body }) =>
    updateProduct(app.db, user, params.id, body),
  );
  defineRoute(app, c.setProductStatus, async ({ user, params, body }) =>
    setProductStatus(app.db, user, params.id, body.is_active),
  );
}
