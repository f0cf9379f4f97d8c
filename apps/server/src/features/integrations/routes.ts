import type { FastifyInstance } from 'fastify';
import { integrationsContracts as c } from '@tt/domain';
import { defineRoute } from '../../platform/route.ts';
import {
  activityOf,
  marketplaceDemand,
  marketplaceOf,
  overviewOf,
  requestIntegration,
  withdrawIntegration,
} from './service.ts';

/** Integrations (spec 2; ADR 055): the deployment's real connections, their activity, and the marketplace's requests. */
export async function integrationsRoutes(app: FastifyInstance) {
  defineRoute(app, c.overview, async ({ user }) =>
    overviewOf(app.db, user, { oidcIssuer: app.config.oidc?.issuer, dbKind: app.dbKind }),
  );
  defineRoute(app, c.activity, async ({ user, query }) => activityOf(app.db, user, query.page, query.status));
  defineRoute(app, c.marketplace, async ({ user }) => marketplaceOf(app.db, user));
  defineRoute(app, c.request, async ({ user, params }) => requestIntegration(app.db, user, params.key));
  defineRoute(app, c.withdraw, async ({ user, params }) => withdrawIntegration(app.db, user, params.key));
  defineRoute(app, c.demand, async () => marketplaceDemand(app.db));
}
