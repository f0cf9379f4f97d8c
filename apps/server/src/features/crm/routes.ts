import type { FastifyInstance } from 'fastify';
import { crmContracts as c } from '@tt/domain';
import { defineRoute } from '../../platform/route.ts';
import {
  assertClientVisible,
  clientDetail,
  createActivity,
  createClient,
  crmSummary,
  listActivities,
  listClients,
  listTargets,
  setTarget,
  updateClient,
} from './service.ts';

/** The CRM (spec 3 §6, §7): crm.use for all of it, crm.manage to set targets; see packages/domain/src/crm.ts. */
export async function crmRoutes(app: FastifyInstance) {
  defineRoute(app, c.clients, async ({ user, query }) => listClients(app.db, user, query));
  defineRoute(app, c.createClient, async ({ user, body }) => createClient(app.db, user, body));
  // crm_client: the service looks only among the clients the caller may see (404 for the rest).
  defineRoute(app, c.client, async ({ user, params }) => clientDetail(app.db, user, params.id));
  defineRoute(app, c.updateClient, async ({ user, params, body }) =>
    updateClient(app.db, user, params.id, body),
  );
  defineRoute(app, c.activities, async ({ user, query }) => listActivities(app.db, user, query));
  defineRoute(app, c.createActivity, async ({ user, body }) => createActivity(app.db, user, body), {
    // crm_client: the body's client must be one the caller may see; the service checks it again, locked.
    resource: async ({ user, body }) => assertClientVisible(app.db, user, body.client_id),
  });
  defineRoute(app, c.summary, async ({ user }) => crmSummary(app.db, user));
  defineRoute(app, c.targets, async ({ user, query }) => listTargets(app.db, user, query.month));
  defineRoute(app, c.setTarget, async ({ user, body }) => setTarget(app.db, user, body));
}
