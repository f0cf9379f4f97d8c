import type { FastifyInstance } from 'fastify';
import { smartOrderContracts as c } from '@tt/domain';
import { defineRoute } from '../../platform/route.ts';
import { confirmProposal } from './jobs.ts';
import {
  createOffer,
  createRule,
  createSchedule,
  deleteOffer,
  deleteRule,
  deleteSchedule,
  dismissProposal,
  listOffers,
  listProposals,
  listRules,
  listSchedules,
  listSuppliers,
  offersForProducts,
  supplierProducts,
  updateOffer,
  updateRule,
  updateSchedule,
} from './service.ts';

/**
 * Smart orders (spec 3 §7; issue 12 point 5). owner: each service looks only among the caller's own rules,
 * schedules, proposals and offers (another's is 404, so its existence stays private).
 */
export async function smartOrderRoutes(app: FastifyInstance) {
  defineRoute(app, c.suppliers, async ({ query }) => listSuppliers(app.db, query));
  defineRoute(app, c.supplierProducts, async ({ params, query }) =>
    supplierProducts(app.db, params.id, query),
  );

  defineRoute(app, c.rules, async ({ user }) => listRules(app.db, user));
  defineRoute(app, c.createRule, async ({ user, body }) => createRule(app.db, user, body));
  defineRoute(app, c.updateRule, async ({ user, params, body }) => updateRule(app.db, user, params.id, body));
  defineRoute(app, c.removeRule, async ({ user, params }) => deleteRule(app.db, user, params.id));

  defineRoute(app, c.schedules, async ({ user }) => listSchedules(app.db, user));
  defineRoute(app, c.createSchedule, async ({ user, body }) => createSchedule(app.db, user, body));
  defineRoute(app, c.updateSchedule, async ({ user, params, body }) =>
    updateSchedule(app.db, user, params.id, body),
  );
  defineRoute(app, c.removeSchedule, async ({ user, params }) => deleteSchedule(app.db, user, params.id));

  defineRoute(app, c.proposals, async ({ user }) => listProposals(app.db, user));
  defineRoute(app, c.confirmProposal, async ({ user, params, body }) =>
    confirmProposal(app.db, user, params.id, body.total_amount),
  );
  defineRoute(app, c.dismissProposal, async ({ user, params }) => dismissProposal(app.db, user, params.id));

  defineRoute(app, c.offers, async ({ user }) => listOffers(app.db, user));
  defineRoute(app, c.createOffer, async ({ user, body }) => createOffer(app.db, user, body));
  defineRoute(app, c.updateOffer, async ({ user, params, body }) =>
    updateOffer(app.db, user, params.id, body),
  );
  defineRoute(app, c.removeOffer, async ({ user, params }) => deleteOffer(app.db, user, params.id));
  defineRoute(app, c.productOffers, async ({ query }) => offersForProducts(app.db, query.ids));
}
