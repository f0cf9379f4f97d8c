import type { FastifyInstance } from 'fastify';
import { supportContracts as c } from '@tt/domain';
import { defineRoute } from '../../platform/route.ts';
import {
  addMessage,
  assignTicket,
  chatConversations,
  chatHistory,
  createTicket,
  listTickets,
  rateTicket,
  sendChat,
  setTicketStatus,
  supportStaff,
  supportSummary,
  ticketDetail,
} from './service.ts';

/** The Support Center (spec 2; issue 13): see packages/domain/src/support.ts for who sees what. */
export async function supportRoutes(app: FastifyInstance) {
  defineRoute(app, c.tickets, async ({ user, query }) => listTickets(app.db, user, query));
  defineRoute(app, c.createTicket, async ({ user, body }) => createTicket(app.db, user, body));
  // support_ticket: the service looks only among the tickets the caller may see (404 for the rest).
  defineRoute(app, c.ticket, async ({ user, params }) => ticketDetail(app.db, user, params.id));
  defineRoute(app, c.addMessage, async ({ user, params, body }) =>
    addMessage(app.db, user, params.id, body.message),
  );
  defineRoute(app, c.setStatus, async ({ user, params, body }) =>
    setTicketStatus(app.db, user, params.id, body.status),
  );
  defineRoute(app, c.assign, async ({ user, params, body }) =>
    assignTicket(app.db, user, params.id, body.assigned_to),
  );
  defineRoute(app, c.rate, async ({ user, params, body }) =>
    rateTicket(app.db, user, params.id, body.satisfaction_rating),
  );
  defineRoute(app, c.summary, async ({ user }) => supportSummary(app.db, user));
  defineRoute(app, c.staff, async () => supportStaff(app.db));
  defineRoute(app, c.chat, async ({ user, query }) => chatHistory(app.db, user, query.customer_id));
  defineRoute(app, c.sendChat, async ({ user, body }) => sendChat(app.db, user, body));
  defineRoute(app, c.conversations, async ({ user }) => chatConversations(app.db, user));
}
