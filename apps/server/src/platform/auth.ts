import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  apiKeyRefusal,
  can,
  isApiKeyShaped,
  type Access,
  type ApiScope,
  type Contract,
  type ResourceRule,
  type Role,
} from '@tt/domain';
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

/** The key a bearer request was authenticated by, and the user it acts as (its owner). */
export interface ApiKeyCaller {
  keyId: number;
  scopes: readonly ApiScope[];
  user: AuthenticatedUser;
}

/** One request made with an API key, as the log keeps it. */
export interface ApiKeyRequest {
  keyId: number;
  ownerId: number;
  method: string;
  url: string;
  status: number;
  durationMs: number;
  at: Date;
}

/**
 * What the developer area hands the platform (app.ts wires it, ADR 050): the key a bearer token names, where its
 * requests are logged, and how many requests a minute one key may make.
 */
export interface ApiKeyLookup {
  findApiKeyCaller(db: Db, key: string): Promise<ApiKeyCaller | null>;
  recordApiRequest(db: Db, request: ApiKeyRequest): Promise<void>;
  perMinute: number;
}

/**
 * The session of a route that reads it itself (`ownSession`). The platform has refused a request without
 * a session cookie, but has not looked the session up: the route either checks it in its own statement
 * (and throws `unauthorized()` when that finds none) or asks for the caller here. Every error the
 * request meets before its handler runs (a malformed query: 400) checks the session first, so a caller
 * without a valid session is answered 401 as on every other route.
 */
export interface OwnSession {
  /**
   * The session cookie's token, as sent; null on a request authenticated by an API key, whose caller is already
   * known (`caller()` answers it without a lookup).
   */
  readonly token: string | null;
  /** The caller's id and role, looked up now (once per request); 401 when the session is not valid. */
  caller(): Promise<SessionCaller>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The contracts of the public API (those with an `apiScope`), in the order their routes were registered. */
    publicApi: Contract[];
  }
  interface FastifyRequest {
    user: AuthenticatedUser | null;
    /** Set instead of `user` on a route that reads its own session (see OwnSession). */
    ownSession: OwnSession | null;
    /** The API key a bearer request was authenticated by (ADR 050); null on every other request. */
    apiKey: ApiKeyCaller | null;
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
  apiKeys: ApiKeyLookup,
) {
  app.decorateRequest('user', null);
  app.decorateRequest('ownSession', null);
  app.decorateRequest('apiKey', null);
  app.decorate('publicApi', [] as Contract[]);
  const bearer = bearerAuthentication(app, apiKeys);
  app.addHook('onRequest', async (request, reply) => {
    if (request.is404) return;
    const pattern = request.routeOptions.url;
    if (pattern === undefined || !pattern.startsWith('/api/') || /^\/api\/docs(\/|$)/.test(pattern)) return;
    // A request that names a key is the key's alone (its cookie, if any, is never read): see bearerAuthentication.
    // One header read is all a cookie request pays for this.
    if (request.headers.authorization !== undefined) return bearer(request, reply);
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

/**
 * Authenticates a request by `Authorization: Bearer <key>` (ADR 050). Only a route whose contract names an
 * `apiScope` accepts a key; the key must be live, hold that scope, and its owner must hold the route's access
 * rule (a key never does more than its owner may). The key's requests are limited per key and logged. Anything
 * else in the header, or a key that is not found or revoked, is 401.
 */
function bearerAuthentication(app: FastifyInstance, apiKeys: ApiKeyLookup) {
  const limit = app.rateLimit({
    max: apiKeys.perMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `api-key:${request.apiKey?.keyId ?? 0}`,
    errorResponseBuilder: (_request, context) =>
      fail('api_key.rate_limited', { seconds: Math.ceil(context.ttl / 1000) }),
  });
  // Written once the answer has gone, by a listener the bearer path adds to its own response: a cookie request
  // meets no logging hook at all.
  const log = (request: FastifyRequest, reply: FastifyReply, key: ApiKeyCaller) => {
    apiKeys
      .recordApiRequest(app.db, {
        keyId: key.keyId,
        ownerId: key.user.id,
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        durationMs: reply.elapsedTime,
        at: new Date(),
      })
      .catch((error: unknown) => request.log.error({ err: error }, 'could not log an API key request'));
  };
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const contract = request.routeOptions.config.contract;
    if (contract?.apiScope === undefined) throw fail('api_key.not_public');
    const match = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '');
    const key = match?.[1];
    if (key === undefined || !isApiKeyShaped(key)) throw fail('api_key.invalid');
    const found = await apiKeys.findApiKeyCaller(app.db, key);
    if (!found) throw fail('api_key.invalid');
    request.apiKey = found;
    reply.raw.once('finish', () => log(request, reply, found));
    await limit.call(app, request, reply);
    const refusal = apiKeyRefusal({ scopes: found.scopes, role: found.user.role }, contract);
    if (refusal === 'api_key.scope_missing') throw fail(refusal, { scope: contract.apiScope });
    if (refusal === 'forbidden') throw contract.denied ? fail(contract.denied as 'forbidden') : forbidden();
    if (refusal !== null) throw fail(refusal);
    const user = found.user;
    if (request.routeOptions.config.ownSession) {
      const caller = Promise.resolve({ id: user.id, role: user.role });
      request.ownSession = { token: null, caller: () => caller };
    } else {
      request.user = user;
    }
  };
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
