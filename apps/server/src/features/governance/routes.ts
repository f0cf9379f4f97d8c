import type { FastifyInstance } from 'fastify';
import { governanceContracts as c } from '@tt/domain';
import { defineRoute } from '../../platform/route.ts';
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

/**
 * Cooperative governance (spec 1 §2 /cooperative-governance/{id}). The coop_member and coop_coordinator
 * rules are enforced by the service (requireMember) inside the transaction that reads or writes.
 */
export async function governanceRoutes(app: FastifyInstance) {
  defineRoute(app, c.votes, async ({ user, params }) => listVotes(app.db, params.id, user));
  defineRoute(app, c.createVote, async ({ user, params, body }) => createVote(app.db, params.id, user, body));
  defineRoute(app, c.castBallot, async ({ user, params, body }) =>
    castBallot(app.db, params.id, params.voteId, user, body.choice),
  );
  defineRoute(app, c.results, async ({ user, params }) =>
    voteResults(app.db, params.id, params.voteId, user),
  );
  defineRoute(app, c.closeVote, async ({ user, params }) =>
    closeVote(app.db, params.id, params.voteId, user),
  );

  defineRoute(app, c.meetings, async ({ user, params }) => listMeetings(app.db, params.id, user));
  defineRoute(app, c.createMeeting, async ({ user, params, body }) =>
    createMeeting(app.db, params.id, user, body),
  );
  defineRoute(app, c.attend, async ({ user, params }) =>
    attendMeeting(app.db, params.id, params.meetingId, user),
  );

  defineRoute(app, c.transactions, async ({ user, params }) => listTransactions(app.db, params.id, user));
  defineRoute(app, c.createTransaction, async ({ user, params, body }) =>
    createTransaction(app.db, params.id, user, body),
  );
  defineRoute(app, c.review, async ({ user, params, body }) =>
    reviewTransaction(app.db, params.id, params.txId, user, body),
  );
}
