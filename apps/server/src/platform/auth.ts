import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '@tt/domain';
import type { Db } from '../db/client.ts';
import { forbidden, unauthorized } from './errors.ts';

/**
 * The signed-in user. The platform needs only these fields; the auth area, which owns users, widens it to
 * its whole user row by declaration merging, so routes get the full row while the platform names no feature.
 */
export interface AuthenticatedUser {
  id: number;
  role: Role;
}

/** What the auth area hands the platform (app.ts wires it): where the session is and who it belongs to. */
export interface SessionLookup {
  cookie: string;
  findSessionUser(db: Db, token: string): Promise<AuthenticatedUser | null>;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthenticatedUser | null;
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
export function registerAuthentication(app: FastifyInstance, { cookie, findSessionUser }: SessionLookup) {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || /^\/api\/docs(\/|\?|$)/.test(request.url)) return;
    const token = request.cookies[cookie];
    if (token) request.user = await findSessionUser(app.db, token);
    if (request.is404 || request.routeOptions.config.public) return;
    if (!request.user) throw unauthorized();
  });
}

/** The signed-in user of a route that is not public (the hook above has already refused anonymous calls). */
export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export function requireRole(...roles: Role[]) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const user = currentUser(request);
    if (!roles.includes(user.role)) throw forbidden();
  };
}
