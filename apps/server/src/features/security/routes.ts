import type { FastifyInstance } from 'fastify';
import { securityContracts as c } from '@tt/domain';
import { defineRoute } from '../../platform/route.ts';
import {
  clientOf,
  endOtherSessions,
  endSession,
  listSecurityEvents,
  securityEventsForExport,
  SESSION_COOKIE,
  sessionList,
} from '../auth/service.ts';
import { securityEventsCsv, securityOverview, selectionFor } from './service.ts';

/** Security Center (spec 2; ADR 054): the caller's events and sessions, and the deployment's measures. */
export async function securityRoutes(app: FastifyInstance) {
  defineRoute(app, c.overview, async ({ user }) => securityOverview(app.db, app.config, user));

  defineRoute(app, c.events, async ({ user, query }) =>
    listSecurityEvents(app.db, selectionFor(user, query), query.page),
  );

  defineRoute(app, c.exportEvents, async ({ user, query, reply }) => {
    const events = await securityEventsForExport(app.db, selectionFor(user, query));
    const day = new Date().toISOString().slice(0, 10);
    const file = `township-trade-security-events-${query.scope}-${day}.csv`;
    return reply
      .header('Content-Disposition', `attachment; filename="${file}"`)
      .header('Cache-Control', 'no-store')
      .type('text/csv; charset=utf-8')
      .send(securityEventsCsv(events));
  });

  defineRoute(app, c.sessions, async ({ user, request }) =>
    sessionList(app.db, user, request.cookies[SESSION_COOKIE] ?? null),
  );

  // The owner rule is the service's: another user's session is simply not found.
  defineRoute(app, c.endSession, async ({ user, params, request }) => {
    await endSession(
      app.db,
      user,
      params.id,
      request.cookies[SESSION_COOKIE] ?? null,
      clientOf(request, user),
    );
  });

  defineRoute(app, c.endOtherSessions, async ({ user, request }) => ({
    ended: await endOtherSessions(
      app.db,
      user,
      request.cookies[SESSION_COOKIE] ?? null,
      clientOf(request, user),
    ),
  }));
}
