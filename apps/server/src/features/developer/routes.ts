import type { FastifyInstance } from 'fastify';
import { analyticsContracts, developerContracts as c } from '@tt/domain';
import { defineRoute } from '../../platform/route.ts';
import { clientOf } from '../auth/service.ts';
import { describePublicApi } from './endpoints.ts';
import { salesOf } from './sales.ts';
import { apiUsage, createApiKey, listApiKeys, listRequestLogs, revokeApiKey } from './service.ts';

/** Developer tools (spec 2; ADR 050): the caller's own API keys, their request log and the public API's docs. */
export async function developerRoutes(app: FastifyInstance) {
  defineRoute(app, c.keys, async ({ user }) => listApiKeys(app.db, user));
  defineRoute(app, c.createKey, async ({ user, body, request }) =>
    createApiKey(app.db, user, body, clientOf(request, user)),
  );
  // The owner rule is the service's: another user's key is simply not found.
  defineRoute(app, c.revokeKey, async ({ user, params, request }) => {
    await revokeApiKey(app.db, user, params.id, clientOf(request, user));
  });
  defineRoute(app, c.logs, async ({ user, query }) => listRequestLogs(app.db, user, query.page));
  defineRoute(app, c.usage, async ({ user }) => apiUsage(app.db, user, app.config.publicUrl));
  // Read when asked, after every area has registered its routes.
  defineRoute(app, c.endpoints, async () => describePublicApi(app.publicApi));
}

/** The public API's figures (read:analytics). */
export async function analyticsRoutes(app: FastifyInstance) {
  defineRoute(app, analyticsContracts.sales, async ({ user, query }) => salesOf(app.db, user, query.period));
}
