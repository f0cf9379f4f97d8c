import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { BodyOut, Contract, ParamsOut, QueryOut, ResponseIn } from '@tt/domain';
import { ownSessionErrors, ownSessionHandled, type AuthenticatedUser, type OwnSession } from './auth.ts';

export interface RouteContext<C extends Contract> {
  /** The caller: always set unless the contract is public (or the route reads its own session). */
  user: C['access'] extends 'public' ? AuthenticatedUser | null : AuthenticatedUser;
  /** The session of a route registered with `ownSession` (see platform/auth.ts); null on every other route. */
  session: OwnSession | null;
  params: ParamsOut<C>;
  query: QueryOut<C>;
  body: BodyOut<C>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** The answer, or the reply itself when the handler has already sent something of its own. */
export type RouteHandler<C extends Contract> = (
  context: RouteContext<C>,
) => Promise<ResponseIn<C> | FastifyReply>;

export interface RouteExtras<C extends Contract> {
  /** More route config (a rate limit, say); the access rule always comes from the contract. */
  config?: Omit<FastifyContextConfig, 'access' | 'resource' | 'contract'>;
  /**
   * Enforces the contract's resource rule before the handler runs, once the input is valid (throw 403
   * or 404). Where omitted, the area's service enforces it inside its own transaction.
   */
  resource?: C['resource'] extends string ? (context: RouteContext<C>) => Promise<void> : never;
  /**
   * The handler reads its caller's session itself, in the statement that reads its answer (platform/auth.ts,
   * OwnSession): one round trip to the database fewer on a hot path. Only for a route any signed-in user
   * may call; its handler uses `session`, never `user` (which throws).
   */
  ownSession?: C['access'] extends 'signed_in' ? true : never;
}

/**
 * Registers a route from its contract: method, path, schemas (so validation and the OpenAPI document
 * come from the one definition), the access rule in the route config (applied by platform/auth.ts),
 * and the success status.
 */
export function defineRoute<C extends Contract>(
  app: FastifyInstance,
  contract: C,
  handler: RouteHandler<C>,
  extras: RouteExtras<C> = {},
) {
  const ownSession = extras.ownSession === true && contract.access === 'signed_in';
  const context = (request: FastifyRequest, reply: FastifyReply) => {
    const value = {
      user: request.user,
      session: request.ownSession,
      params: request.params,
      query: request.query,
      body: request.body,
      request,
      reply,
    };
    if (ownSession) {
      Object.defineProperty(value, 'user', {
        get() {
          throw new Error(`${contract.path} reads its own session: use session.caller(), not user`);
        },
      });
    }
    return value as RouteContext<C>;
  };
  const resource = extras.resource as ((context: RouteContext<C>) => Promise<void>) | undefined;
  if (contract.apiScope) app.publicApi.push(contract);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: contract.method,
    url: contract.path,
    config: {
      ...extras.config,
      ...(ownSession ? { ownSession: true } : {}),
      access: contract.access,
      ...(contract.resource ? { resource: contract.resource } : {}),
      contract,
    },
    schema: {
      tags: [contract.tag],
      ...(contract.summary ? { summary: contract.summary } : {}),
      description: describeAccess(contract),
      // The public API (ADR 050): an API key as a bearer token, or the signed-in session as everywhere else.
      ...(contract.apiScope ? { security: [{ bearerAuth: [] }, { sessionCookie: [] }] } : {}),
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      ...(contract.headers ? { headers: contract.headers } : {}),
      ...(contract.response ? { response: { [contract.status]: contract.response } } : {}),
    },
    ...(resource ? { preHandler: async (request, reply) => resource(context(request, reply)) } : {}),
    ...(ownSession ? { errorHandler: ownSessionErrors } : {}),
    handler: async (request, reply) => {
      if (ownSession) ownSessionHandled(request);
      const result = await handler(context(request, reply));
      // A handler that sent its own answer returns the reply; but a Reply is a thenable, so awaiting the
      // async handler resolves it (to undefined, once the response is written) rather than handing it back:
      // `reply.sent` tells, or every such request would send twice and log FST_ERR_REP_ALREADY_SENT.
      if (result === reply || reply.sent) return reply;
      if (contract.status === 204) return reply.status(204).send();
      return reply.status(contract.status).send(result);
    },
  });
}

/** The access rule, stated in the OpenAPI document beside the contract's own description. */
function describeAccess(contract: Contract): string {
  const rule =
    contract.access === 'public'
      ? 'Access: anyone.'
      : contract.access === 'signed_in'
        ? 'Access: any signed-in user.'
        : `Access: the ${contract.access} permission.`;
  const resource = contract.resource ? ` Record rule: ${contract.resource}.` : '';
  const key = contract.apiScope
    ? ` Public API: an API key with the ${contract.apiScope} scope may call it (Authorization: Bearer), as its owner.`
    : '';
  return [contract.description, `${rule}${resource}${key}`].filter(Boolean).join('\n\n');
}
