import type { FastifyInstance } from 'fastify';
import { cartContracts } from '@tt/domain';
import { defineRoute } from '../../platform/route.ts';
import { addToCart, cartOf, removeCartLine, updateCartLine } from './service.ts';

export async function cartRoutes(app: FastifyInstance) {
  defineRoute(app, cartContracts.get, async ({ user }) => cartOf(app.db, user.id));

  defineRoute(app, cartContracts.add, async ({ user, body }) => {
    await addToCart(app.db, user, body.product_id, body.quantity);
    return cartOf(app.db, user.id);
  });

  // The owner rule: the service finds the line among the caller's own only (404 for anyone else's).
  defineRoute(app, cartContracts.update, async ({ user, params, body }) => {
    await updateCartLine(app.db, user, params.id, body.quantity);
    return cartOf(app.db, user.id);
  });

  defineRoute(app, cartContracts.remove, async ({ user, params }) => {
    await removeCartLine(app.db, user.id, params.id);
  });
}
