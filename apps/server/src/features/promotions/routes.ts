import type { FastifyInstance } from 'fastify';
import { promotionContracts as c } from '@tt/domain';
import { defineRoute } from '../../platform/route.ts';
import './offers.ts';
import {
  assertPromotionOwner,
  cancelPromotion,
  createPromotion,
  deletePromotion,
  listPromotions,
  promotableProducts,
  promotionsOfProducts,
  updatePromotion,
} from './service.ts';

/** Trade promotions (spec 3 §7; DECISIONS 21). */
export async function promotionRoutes(app: FastifyInstance) {
  const owner = {
    resource: async ({ user, params }: { user: { id: number }; params: { id: number } }) =>
      assertPromotionOwner(app.db, user, params.id),
  };
  defineRoute(app, c.list, async ({ user }) => listPromotions(app.db, user));
  defineRoute(app, c.forProducts, async ({ query }) => promotionsOfProducts(app.db, query.ids));
  defineRoute(app, c.myProducts, async ({ user, query }) => promotableProducts(app.db, user, query));
  defineRoute(app, c.create, async ({ user, body }) => createPromotion(app.db, user, body));
  defineRoute(
    app,
    c.update,
    async ({ user, params, body }) => updatePromotion(app.db, user, params.id, body),
    owner,
  );
  defineRoute(app, c.cancel, async ({ user, params }) => cancelPromotion(app.db, user, params.id), owner);
  defineRoute(app, c.remove, async ({ user, params }) => deletePromotion(app.db, user, params.id), owner);
}
