import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '@tt/domain';
import { findSessionUser, SESSION_COOKIE, type UserRow } from '../features/auth/service.ts';
import { forbidden, unauthorized } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
  }
  interface FastifyContextConfig {
    /** A route anyone may call without signing in. Every other /api route needs a session. */
    public?: boolean;
  }
}

/**
 * Loads the session's user for every API request and refuses anonymous callers unless the
 * route is marked public: secure by default, so a new endpoint cannot be left open by accident.
 */
export function registerAuthentication(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || /^\/api\/docs(\/|\?|$)/.test(request.url)) return;
    const token = request.cookies[SESSION_COOKIE];
    if (token) request.user = await findSessionUser(app.db, token);
    if (request.is404 || request.routeOptions.config.public) return;
    if (!request.user) throw unauthorized();
  });
}

/** The signed-in user of a route that is not public (the hook above has already refused anonymous calls). */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}

export function requireRole(...roles: Role[]) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const user = currentUser(request);
    if (!roles.includes(user.role)) throw forbidden();
  };
}
