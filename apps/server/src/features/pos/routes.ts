import type { FastifyInstance } from 'fastify';
import { posContracts as c } from '@tt/domain';
import { defineRoute } from '../../platform/route.ts';
import {
  cashUp,
  cashUpSummary,
  listTransactions,
  processPayment,
  refundSale,
  savePrice,
  saveSettings,
  tillCatalogue,
} from './service.ts';

/** The point of sale: every call reads or writes only the caller's own shop. */
export async function posRoutes(app: FastifyInstance) {
  defineRoute(app, c.products, async ({ user }) => tillCatalogue(app.db, user.id));
  defineRoute(app, c.settings, async ({ user, body }) => saveSettings(app.db, user.id, body.markup_percent));
  defineRoute(app, c.setPrice, async ({ user, params, body }) =>
    savePrice(app.db, user.id, params.id, body.price),
  );
  defineRoute(app, c.processPayment, async ({ user, body }) => processPayment(app.db, user.id, body));
  // Another shop's sale is refused inside the service's transaction (404: its existence is private).
  defineRoute(app, c.refund, async ({ user, params, body }) =>
    refundSale(app.db, user.id, params.id, body.reason),
  );
  defineRoute(app, c.cashUpSummary, async ({ user }) => cashUpSummary(app.db, user.id));
  defineRoute(app, c.cashUp, async ({ user, body }) => cashUp(app.db, user.id, body));
  defineRoute(app, c.transactions, async ({ user, query }) => listTransactions(app.db, user.id, query.limit));
}
