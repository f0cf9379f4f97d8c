import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { marketingContracts as c } from '@tt/domain';
import { defineRoute } from '../../platform/route.ts';
import { findSessionUser, SESSION_COOKIE } from '../auth/service.ts';
import {
  audiences,
  campaignAnalytics,
  createCampaign,
  followLink,
  listCampaigns,
  recordSpend,
  setPaused,
} from './service.ts';

/** The first-party visitor cookie: a random id, so clicks of one browser can be linked once it signs in. */
export const VISITOR_COOKIE = 'tt_visitor';
const VISITOR_PATTERN = /^[0-9a-f]{32}$/;
const VISITOR_MAX_AGE_S = 30 * 24 * 60 * 60;

/** Marketing campaigns (spec 2; ADR 019): marketing.manage for the screens, the tracked link public. */
export async function marketingRoutes(app: FastifyInstance) {
  defineRoute(app, c.campaigns, async ({ query }) => listCampaigns(app.db, query));
  defineRoute(app, c.createCampaign, async ({ user, body }) => createCampaign(app.db, user, body));
  defineRoute(app, c.pause, async ({ params }) => setPaused(app.db, params.id, true));
  defineRoute(app, c.resume, async ({ params }) => setPaused(app.db, params.id, false));
  defineRoute(app, c.recordSpend, async ({ params, body }) => recordSpend(app.db, params.id, body.amount));
  defineRoute(app, c.analytics, async () => campaignAnalytics(app.db));
  defineRoute(app, c.audiences, async () => audiences(app.db));
  defineRoute(
    app,
    c.trackedLink,
    async ({ params, request, reply }) => {
      // Outside /api the platform loads no session, so the link looks for one itself.
      const token = request.cookies[SESSION_COOKIE];
      const user = token ? await findSessionUser(app.db, token) : null;
      const known = request.cookies[VISITOR_COOKIE];
      const visitorId = known && VISITOR_PATTERN.test(known) ? known : randomBytes(16).toString('hex');
      const target = await followLink(app.db, params.code, { userId: user?.id ?? null, visitorId });
      reply.setCookie(VISITOR_COOKIE, visitorId, {
        httpOnly: true,
        sameSite: 'lax',
        secure: app.config.publicUrl.startsWith('https://') || request.protocol === 'https',
        path: '/',
        maxAge: VISITOR_MAX_AGE_S,
      });
      reply.header('Cache-Control', 'no-store');
      return reply.redirect(target, 302);
    },
    // A link is clicked by people, not scripts: a generous per-address limit keeps counts honest.
    { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
  );
}
