import type { FastifyInstance } from 'fastify';
import { can, idempotencyKeySchema, IDEMPOTENCY_KEY_HEADER, orderContracts } from '@tt/domain';
import { fail, field } from '../../platform/errors.ts';
import { defineRoute } from '../../platform/route.ts';
import { checkout, quoteCheckout } from './checkout.ts';
import {
  cancelOrder,
  declineOrder,
  getOrder,
  listOrders,
  markOrderPaid,
  moveOrder,
  orderParties,
} from './service.ts';

const headerName = IDEMPOTENCY_KEY_HEADER.toLowerCase();

export async function orderRoutes(app: FastifyInstance) {
  defineRoute(app, orderContracts.checkout, async ({ user, body, request, reply }) => {
    const raw = request.headers[headerName];
    const parsed = idempotencyKeySchema.safeParse(typeof raw === 'string' ? raw : undefined);
    if (!parsed.success) {
      throw fail(
        'checkout.idempotency_key_required',
        { header: IDEMPOTENCY_KEY_HEADER },
        {
          fields: {
            [IDEMPOTENCY_KEY_HEADER]: field('validation.length_between', { minimum: 8, maximum: 200 }),
          },
        },
      );
    }
    const outcome = await checkout(app.db, user, body, parsed.data);
    if (outcome.replayed) reply.header('Idempotent-Replayed', 'true');
    return outcome.body;
  });

  defineRoute(app, orderContracts.quote, async ({ user, body }) => quoteCheckout(app.db, user, body));

  defineRoute(app, orderContracts.list, async ({ user, query }) => listOrders(app.db, user, query));

  // order_party: getOrder looks only among the orders the caller may see (404 for the rest).
  defineRoute(app, orderContracts.get, async ({ user, params }) => getOrder(app.db, user, params.id));

  defineRoute(
    app,
    orderContracts.move,
    async ({ user, params, body }) => moveOrder(app.db, user, params.id, body.status),
    {
      // DECISIONS 11: only the order's own seller; someone else's order does not exist for the caller.
      resource: async ({ user, params }) => {
        const parties = await orderParties(app.db, params.id);
        const involved =
          parties !== undefined &&
          (parties.buyer_id === user.id ||
            parties.seller_id === user.id ||
            can(user.role, 'orders.view_all'));
        if (!involved) throw fail('order.not_found');
        if (parties.seller_id !== user.id) throw fail('order.seller_only');
      },
    },
  );

  // own_order: the service refuses anyone but the order's buyer.
  defineRoute(app, orderContracts.cancel, async ({ user, params }) => cancelOrder(app.db, user, params.id));

  // order_seller: the service refuses anyone but the order's seller, with the order locked.
  defineRoute(app, orderContracts.decline, async ({ user, params, body }) =>
    declineOrder(app.db, user, params.id, body.reason),
  );

  // own_order: the service refuses anyone but the order's buyer.
  defineRoute(app, orderContracts.markPaid, async ({ user, params }) =>
    markOrderPaid(app.db, user, params.id),
  );
}
