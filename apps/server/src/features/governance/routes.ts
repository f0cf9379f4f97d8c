import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  castBallotSchema,
  createMeetingSchema,
  createTransactionSchema,
  createVoteSchema,
  financialTransactionSchema,
  meetingSchema,
  reviewTransactionSchema,
  voteResultsSchema,
  voteSchema,
} from '@tt/domain';
import { currentUser } from '../../platform/auth.ts';
import {
  attendMeeting,
  castBallot,
  closeVote,
  createMeeting,
  createTransaction,
  createVote,
  listMeetings,
  listTransactions,
  listVotes,
  reviewTransaction,
  voteResults,
} from './service.ts';

const id = z.coerce.number().int().positive();
const coopParams = z.object({ id });

/** Cooperative governance (spec 1 §2 /cooperative-governance/{id}): members and admins only. */
export async function governanceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['governance'];

  r.get(
    '/api/cooperatives/:id/votes',
    { schema: { tags, params: coopParams, response: { 200: z.array(voteSchema) } } },
    async (request) => listVotes(app.db, request.params.id, currentUser(request)),
  );
  r.post(
    '/api/cooperatives/:id/votes',
    { schema: { tags, params: coopParams, body: createVoteSchema, response: { 201: voteSchema } } },
    async (request, reply) =>
      reply.status(201).send(await createVote(app.db, request.params.id, currentUser(request), request.body)),
  );
  r.post(
    '/api/cooperatives/:id/votes/:voteId/ballots',
    {
      schema: {
        tags,
        params: z.object({ id, voteId: id }),
        body: castBallotSchema,
        response: { 201: voteResultsSchema },
      },
    },
    async (request, reply) => {
      const { id: coopId, voteId } = request.params;
      const result = await castBallot(app.db, coopId, voteId, currentUser(request), request.body.choice);
      return reply.status(201).send(result);
    },
  );
  r.get(
    '/api/cooperatives/:id/votes/:voteId/results',
    { schema: { tags, params: z.object({ id, voteId: id }), response: { 200: voteResultsSchema } } },
    async (request) => voteResults(app.db, request.params.id, request.params.voteId, currentUser(request)),
  );
  r.post(
    '/api/cooperatives/:id/votes/:voteId/close',
    { schema: { tags, params: z.object({ id, voteId: id }), response: { 200: voteResultsSchema } } },
    async (request) => closeVote(app.db, request.params.id, request.params.voteId, currentUser(request)),
  );

  r.get(
    '/api/cooperatives/:id/meetings',
    { schema: { tags, params: coopParams, response: { 200: z.array(meetingSchema) } } },
    async (request) => listMeetings(app.db, request.params.id, currentUser(request)),
  );
  r.post(
    '/api/cooperatives/:id/meetings',
    { schema: { tags, params: coopParams, body: createMeetingSchema, response: { 201: meetingSchema } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createMeeting(app.db, request.params.id, currentUser(request), request.body)),
  );
  r.post(
    '/api/cooperatives/:id/meetings/:meetingId/attendance',
    { schema: { tags, params: z.object({ id, meetingId: id }), response: { 201: meetingSchema } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await attendMeeting(app.db, request.params.id, request.params.meetingId, currentUser(request))),
  );

  r.get(
    '/api/cooperatives/:id/financial-transactions',
    { schema: { tags, params: coopParams, response: { 200: z.array(financialTransactionSchema) } } },
    async (request) => listTransactions(app.db, request.params.id, currentUser(request)),
  );
  r.post(
    '/api/cooperatives/:id/financial-transactions',
    {
      schema: {
        tags,
        params: coopParams,
        body: createTransactionSchema,
        response: { 201: financialTransactionSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createTransaction(app.db, request.params.id, currentUser(request), request.body)),
  );
  r.post(
    '/api/cooperatives/:id/financial-transactions/:txId/review',
    {
      schema: {
        tags,
        params: z.object({ id, txId: id }),
        body: reviewTransactionSchema,
        response: { 200: financialTransactionSchema },
      },
    },
    async (request) =>
      reviewTransaction(app.db, request.params.id, request.params.txId, currentUser(request), request.body),
  );
}
