import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can, type Access, type Contract, type ResourceRule, type Role } from '@tt/domain';
import type { Db } from '../db/client.ts';
import { fail, forbidden, unauthorized } from './errors.ts';

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
    /** The route's access rule (from its contract). A /api route without one is refused to everyone. */
    access?: Access;
    /** The record-level rule on top of the access rule, when the answer depends on the record. */
    resource?: ResourceRule;
    /** The contract the route was registered from (for the OpenAPI document and the authorization tests). */
    contract?: Contract;
  }
}

/**
 * Loads the session's user and applies the matched route's access rule: 401 for an anonymous caller
 * unless the rule is public, 403 when the role lacks the permission. Decided on the route the router
 * matched (its pattern and config), never on the URL text: the router decodes `%61pi` to `api`, so a
 * check on request.url could be walked around (issue 8 finding 2). Secure by default: an /api route
 * that declares no rule is refused.
 */
export function registerAuthentication(app: FastifyInstance, { cookie, findSessionUser }: SessionLookup) {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const pattern = request.routeOptions.url;
    if (pattern === undefined || !pattern.startsWith('/api/') || /^\/api\/docs(\/|$)/.test(pattern)) return;
    const token = request.cookies[cookie];
    if (token) request.user = await findSessionUser(app.db, token);
    const access = request.routeOptions.config.access;
    if (access === 'public') return;
    if (!request.user) throw unauthorized();
    if (access === undefined) throw forbidden('This endpoint declares no access rule.');
    if (access !== 'signed_in' && !can(request.user.role, access)) {
      const denied = request.routeOptions.config.contract?.denied;
      // The contract's own catalogued refusal (e.g. cart.buyers_only), so the web can say why.
      throw denied ? fail(denied as 'forbidden') : forbidden();
    }
  });
}

/** The signed-in user of a route that is not public (the hook above has already refused anonymous calls). */
export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
