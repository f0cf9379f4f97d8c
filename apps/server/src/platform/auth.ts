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

/** The caller of a route that reads its own session (`ownSession`), when it needs more than its statement read. */
export interface SessionCaller {
  id: number;
  role: Role;
}

/** What the auth area hands the platform (app.ts wires it): where the session is and who it belongs to. */
export interface SessionLookup {
  cookie: string;
  findSessionUser(db: Db, token: string): Promise<AuthenticatedUser | null>;
  /** The id and role alone, for a route that reads its own session and needs the role after all. */
  findSessionCaller(db: Db, token: string): Promise<SessionCaller | null>;
}

/**
 * The session of a route that reads it itself (`ownSession`). The platform has refused a request without
 * a session cookie, but has not looked the session up: the route either checks it in its own statement
 * (and throws `unauthorized()` when that finds none) or asks for the caller here. Every error the
 * request meets before its handler runs (a malformed query: 400) checks the session first, so a caller
 * without a valid session is answered 401 as on every other route.
 */
export interface OwnSession {
  /** The session cookie's token, as sent. */
  readonly token: string;
  /** The caller's id and role, looked up now (once per request); 401 when the session is not valid. */
  caller(): Promise<SessionCaller>;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthenticatedUser | null;
    /** Set instead of `user` on a route that reads its own session (see OwnSession). */
    ownSession: OwnSession | null;
  }
  interface FastifyContextConfig {
    /** The route's access rule (from its contract). A /api route without one is refused to everyone. */
    access?: Access;
    /** The record-level rule on top of the access rule, when the answer depends on the record. */
    resource?: ResourceRule;
    /** The contract the route was registered from (for the OpenAPI document and the authorization tests). */
    contract?: Contract;
    /**
     * The route reads its caller's session itself, in the statement that reads its answer (one round trip
     * to the database fewer on a hot path). Honoured only for a route any signed-in user may call.
     */
    ownSession?: boolean;
  }
}

/**
 * Loads the session's user and applies the matched route's access rule: 401 for an anonymous caller
 * unless the rule is public, 403 when the role lacks the permission. Decided on the route the router
 * matched (its pattern and config), never on the URL text: the router decodes `%61pi` to `api`, so a
 * check on request.url could be walked around (issue 8 finding 2). Secure by default: an /api route
 * that declares no rule is refused.
 */
export function registerAuthentication(
  app: FastifyInstance,
  { cookie, findSessionUser, findSessionCaller }: SessionLookup,
) {
  app.decorateRequest('user', null);
  app.decorateRequest('ownSession', null);
  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const pattern = request.routeOptions.url;
    if (pattern === undefined || !pattern.startsWith('/api/') || /^\/api\/docs(\/|$)/.test(pattern)) return;
    const token = request.cookies[cookie];
    const config = request.routeOptions.config;
    if (config.ownSession && config.access === 'signed_in') {
      // Any valid session may call it: whether there is one is read with the route's own answer.
      if (!token) throw unauthorized();
      request.ownSession = ownSession(app, token, findSessionCaller);
      return;
    }
    if (token) request.user = await findSessionUser(app.db, token);
    const access = config.access;
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

function ownSession(
  app: FastifyInstance,
  token: string,
  find: SessionLookup['findSessionCaller'],
): OwnSession {
  let found: Promise<SessionCaller> | undefined;
  return {
    token,
    caller() {
      found ??= find(app.db, token).then((caller) => {
        if (!caller) throw unauthorized();
        return caller;
      });
      return found;
    },
  };
}

/**
 * The error handler of a route that reads its own session: an error met before its handler ran (a
 * malformed query, say) is answered 401 instead when the session is not valid, as the platform's hook
 * answers it on every other route; then the app's error handler answers.
 */
export async function ownSessionErrors(error: unknown, request: FastifyRequest): Promise<never> {
  const session = request.ownSession;
  if (session && !ownSessionChecked.has(request)) {
    ownSessionChecked.add(request);
    await session.caller();
  }
  throw error;
}

/** Requests whose own session has been checked, or whose handler has started (it checks it itself). */
const ownSessionChecked = new WeakSet<FastifyRequest>();
/** The handler of an own-session route has started: from here on it answers for the session itself. */
export const ownSessionHandled = (request: FastifyRequest) => ownSessionChecked.add(request);

/** The signed-in user of a route that is not public (the hook above has already refused anonymous calls). */
export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
