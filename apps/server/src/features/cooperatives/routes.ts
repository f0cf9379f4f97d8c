import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cooperativeSchema,
  cooperativeStatusSchema,
  joinCooperativeSchema,
  membershipSchema,
  registerCooperativeSchema,
} from '@tt/domain';
import { currentUser } from '../../platform/auth.ts';
import {
  getCooperative,
  joinCooperative,
  listCooperatives,
  myMemberships,
  registerCooperative,
} from './service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const joinedSchema = z.object({ cooperative: cooperativeSchema, membership: membershipSchema });

export async function cooperativeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['cooperatives'];

  r.get(
    '/api/cooperatives',
    {
      schema: {
        tags,
        querystring: z.object({
          status: cooperativeStatusSchema.optional(),
          search: z.string().max(100).optional(),
        }),
        response: { 200: z.array(cooperativeSchema) },
      },
    },
    async (request) => listCooperatives(app.db, request.query),
  );

  r.get(
    '/api/cooperatives/my-memberships',
    { schema: { tags, response: { 200: z.array(membershipSchema) } } },
    async (request) => myMemberships(app.db, currentUser(request).id),
  );

  r.get(
    '/api/cooperatives/:id',
    { schema: { tags, params: idParams, response: { 200: cooperativeSchema } } },
    async (request) => getCooperative(app.db, request.params.id),
  );

  r.post(
    '/api/cooperatives',
    { schema: { tags, body: registerCooperativeSchema, response: { 201: joinedSchema } } },
    async (request, reply) =>
      reply.status(201).send(await registerCooperative(app.db, currentUser(request), request.body)),
  );

  r.post(
    '/api/cooperatives/join',
    { schema: { tags, body: joinCooperativeSchema, response: { 201: joinedSchema } } },
    async (request, reply) =>
      reply.status(201).send(await joinCooperative(app.db, currentUser(request), request.body.coop_id)),
  );
}
