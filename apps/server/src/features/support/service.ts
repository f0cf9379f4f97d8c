import { and, asc, count, desc, eq, ilike, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import {
  can,
  canMoveTicket,
  CHAT_CONVERSATIONS_MAX,
  CHAT_HISTORY,
  rolesWith,
  statusAfterCustomerMessage,
  THREAD_MAX,
  TICKET_PAGE_SIZE,
  TICKET_TRANSITIONS,
  ticketIdFromSearch,
  ticketNumber,
  type ChatConversation,
  type ChatMessage,
  type CreateTicket,
  type SenderType,
  type SupportStaff,
  type SupportSummary,
  type Ticket,
  type TicketDetail,
  type TicketList,
  type TicketMessage,
  type TicketStatus,
} from '@tt/domain';
import type { Db, Tx } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import type { AuthenticatedUser } from '../../platform/auth.ts';
import { fail } from '../../platform/errors.ts';
import {
  accountsWithRoles,
  demoWorldAccountIds,
  isDemoWorldAccount,
  userSummaries,
} from '../auth/service.ts';
import { notify, notifyUnlessUnread } from '../notifications/service.ts';
import { supportChatMessages, supportTicketMessages, supportTickets } from './tables.ts';

/**
 * Who sees what (packages/domain/src/support.ts): support (support.manage) every ticket, anyone else
 * only the tickets they opened. Every read and write goes through this filter, so another customer's
 * ticket is simply not there (404).
 */
type Caller = Pick<AuthenticatedUser, 'id' | 'role'> & { is_demo?: boolean };
type TicketRow = typeof supportTickets.$inferSelect;

export const isSupportStaff = (user: Pick<AuthenticatedUser, 'role'>) => can(user.role, 'support.manage');

/** A shared demo account on the desk is anyone's: it sees the demo world's customers, never a real one's. */
const visibleTickets = (user: Caller): SQL | undefined =>
  isSupportStaff(user)
    ? user.is_demo
      ? inArray(supportTickets.customer_id, demoWorldAccountIds)
      : undefined
    : eq(supportTickets.customer_id, user.id);

const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** The deep link a notification opens (the Support Center with the ticket open). */
const ticketLink = (id: number) => `/support?ticket=${id}`;
/** Live chat's deep links: the customer's own conversation, or support's inbox with that customer open. */
const chatLink = (customerId: number | null) =>
  customerId === null ? '/support?tab=chat' : `/support?tab=chat&customer=${customerId}`;
/** How much of a chat message a notification quotes. */
const CHAT_PREVIEW = 80;
const preview = (text: string) =>
  text.length > CHAT_PREVIEW ? `${text.slice(0, CHAT_PREVIEW - 1).trimEnd()}…` : text;

async function toTickets(db: Db | Tx, rows: TicketRow[]): Promise<Ticket[]> {
  const people = await userSummaries(
    db,
    rows.flatMap((r) => (r.assigned_to === null ? [r.customer_id] : [r.customer_id, r.assigned_to])),
  );
  return rows.map((r) => ({
    id: r.id,
    ticket_number: ticketNumber(r.id),
    customer_id: r.customer_id,
    customer_name: people.get(r.customer_id)?.display_name ?? '',
    category: r.category,
    priority: r.priority,
    status: r.status,
    subject: r.subject,
    description: r.description,
    assigned_to: r.assigned_to,
    assigned_to_name: r.assigned_to === null ? null : (people.get(r.assigned_to)?.name ?? null),
    satisfaction_rating: r.satisfaction_rating,
    first_response_at: iso(r.first_response_at),
    resolved_at: iso(r.resolved_at),
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  }));
}

const toTicket = async (db: Db | Tx, row: TicketRow) => (await toTickets(db, [row]))[0]!;

type MessageRow = {
  id: number;
  sender_id: number | null;
  sender_type: SenderType;
  message: string;
  created_at: Date;
};

/** Names of the writers: a customer by their business name, support by the person's name. */
async function senderNames(db: Db | Tx, rows: MessageRow[]): Promise<(row: MessageRow) => string> {
  const people = await userSummaries(
    db,
    rows.flatMap((r) => (r.sender_id === null ? [] : [r.sender_id])),
  );
  return (row) => {
    const person = row.sender_id === null ? undefined : people.get(row.sender_id);
    return (row.sender_type === 'support' ? person?.name : person?.display_name) ?? '';
  };
}

async function toMessages(db: Db | Tx, rows: (typeof supportTicketMessages.$inferSelect)[]) {
  const name = await senderNames(db, rows);
  return rows.map<TicketMessage>((r) => ({
    id: r.id,
    ticket_id: r.ticket_id,
    message: r.message,
    sender_type: r.sender_type,
    sender_name: name(r),
    created_at: r.created_at.toISOString(),
  }));
}

/** What the ticket list is narrowed by: a search (subject, description, number) and a status. */
export interface TicketFilter {
  search?: string | undefined;
  status?: TicketStatus | undefined;
}

/** The tickets the caller may see under the filter. */
function ticketListWhere(user: Caller, query: TicketFilter): SQL | undefined {
  const filters: (SQL | undefined)[] = [visibleTickets(user)];
  if (query.status) filters.push(eq(supportTickets.status, query.status));
  const search = query.search?.trim();
  if (search) {
    const pattern = containing(search);
    const id = ticketIdFromSearch(search);
    filters.push(
      or(
        ilike(supportTickets.subject, pattern),
        ilike(supportTickets.description, pattern),
        id === null ? undefined : eq(supportTickets.id, id),
      ),
    );
  }
  return and(...filters);
}

/**
 * GET /api/support/tickets: one page of the visible tickets under the filter, latest activity first (the id
 * breaks ties, so pages never overlap), and how many the filter matches over all pages.
 */
export async function listTickets(
  db: Db,
  user: Caller,
  query: TicketFilter & { page: number },
): Promise<TicketList> {
  const pageSize = TICKET_PAGE_SIZE;
  const where = ticketListWhere(user, query);
  const [rows, matching] = await Promise.all([
    db
      .select()
      .from(supportTickets)
      .where(where)
      .orderBy(desc(supportTickets.updated_at), desc(supportTickets.id))
      .limit(pageSize)
      .offset((query.page - 1) * pageSize),
    db.$count(supportTickets, where),
  ]);
  return { tickets: await toTickets(db, rows), matching, page: query.page, page_size: pageSize };
}

/** The ticket when the caller may see it; otherwise it does not exist for them (404). */
async function visibleTicket(db: Db | Tx, user: Caller, id: number, lock = false): Promise<TicketRow> {
  const query = db
    .select()
    .from(supportTickets)
    .where(and(eq(supportTickets.id, id), visibleTickets(user)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw fail('support.ticket_not_found');
  return row;
}

/** The support desk, told that a customer wrote: the assignee, or everyone on the desk while unassigned. */
async function notifySupport(tx: Tx, ticket: TicketRow, kind: 'new' | 'message', writerId: number) {
  const desk =
    ticket.assigned_to !== null
      ? [ticket.assigned_to]
      : (await accountsWithRoles(tx, rolesWith('support.manage'), { limit: 50 })).map((a) => a.id);
  for (const userId of desk.filter((id) => id !== writerId)) {
    await notify(tx, {
      userId,
      type: 'message',
      priority: ticket.priority === 'urgent' || ticket.priority === 'high' ? 'high' : 'medium',
      title: `notifications.support.${kind}.title`,
      message: `notifications.support.${kind}.message`,
      params: { number: ticketNumber(ticket.id), subject: ticket.subject },
      link: ticketLink(ticket.id),
    });
  }
}

/** POST /api/support/tickets: the caller opens a ticket; the desk hears of it. */
export async function createTicket(db: Db, user: Caller, input: CreateTicket, now = new Date()) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(supportTickets)
      .values({ customer_id: user.id, ...input, status: 'open', created_at: now, updated_at: now })
      .returning();
    await notifySupport(tx, row!, 'new', user.id);
    return toTicket(tx, row!);
  });
}

const nextStatuses = (user: Caller, status: TicketStatus) =>
  isSupportStaff(user) ? [...TICKET_TRANSITIONS[status]] : [];

/** GET /api/support/tickets/:id: the ticket and its thread, oldest first (the newest THREAD_MAX). */
export async function ticketDetail(db: Db, user: Caller, id: number): Promise<TicketDetail> {
  const row = await visibleTicket(db, user, id);
  const newest = await db
    .select()
    .from(supportTicketMessages)
    .where(eq(supportTicketMessages.ticket_id, id))
    .orderBy(desc(supportTicketMessages.id))
    .limit(THREAD_MAX);
  return {
    ...(await toTicket(db, row)),
    messages: await toMessages(db, newest.reverse()),
    next_statuses: nextStatuses(user, row.status),
  };
}

/**
 * POST /api/support/tickets/:id/messages. The ticket's customer writes as the customer (a ticket waiting
 * on them goes back to support); anyone else who can see it is support (the first answer stamps the
 * response time). Nobody writes on a closed ticket.
 */
export async function addMessage(
  db: Db,
  user: Caller,
  id: number,
  text: string,
  now = new Date(),
): Promise<TicketMessage> {
  return db.transaction(async (tx) => {
    const ticket = await visibleTicket(tx, user, id, true);
    if (ticket.status === 'closed') throw fail('support.ticket_closed');
    const senderType: SenderType = ticket.customer_id === user.id ? 'customer' : 'support';
    const [row] = await tx
      .insert(supportTicketMessages)
      .values({ ticket_id: id, sender_id: user.id, sender_type: senderType, message: text, created_at: now })
      .returning();
    if (senderType === 'customer') {
      const status = statusAfterCustomerMessage(ticket.status);
      await tx
        .update(supportTickets)
        .set({ status, updated_at: now, ...(status !== ticket.status ? { resolved_at: null } : {}) })
        .where(eq(supportTickets.id, id));
      await notifySupport(tx, ticket, 'message', user.id);
    } else {
      await tx
        .update(supportTickets)
        .set({ updated_at: now, first_response_at: ticket.first_response_at ?? now })
        .where(eq(supportTickets.id, id));
      await notify(tx, {
        userId: ticket.customer_id,
        type: 'message',
        title: 'notifications.support.reply.title',
        message: 'notifications.support.reply.message',
        params: { number: ticketNumber(id), subject: ticket.subject },
        link: ticketLink(id),
      });
    }
    return (await toMessages(tx, [row!]))[0]!;
  });
}

/** POST /api/support/tickets/:id/status: support moves a ticket along TICKET_TRANSITIONS (409 otherwise). */
export async function setTicketStatus(
  db: Db,
  user: Caller,
  id: number,
  to: TicketStatus,
  now = new Date(),
): Promise<Ticket> {
  return db.transaction(async (tx) => {
    const ticket = await visibleTicket(tx, user, id, true);
    if (!canMoveTicket(ticket.status, to)) {
      throw fail('support.invalid_transition', { from: ticket.status, to });
    }
    const resolvedAt = to === 'resolved' ? now : to === 'closed' ? ticket.resolved_at : null;
    const [row] = await tx
      .update(supportTickets)
      .set({ status: to, resolved_at: resolvedAt, updated_at: now })
      .where(eq(supportTickets.id, id))
      .returning();
    if (ticket.customer_id !== user.id) {
      await notify(tx, {
        userId: ticket.customer_id,
        type: 'message',
        title: 'notifications.support.status.title',
        message: `notifications.support.status.${to}`,
        params: { number: ticketNumber(id), subject: ticket.subject },
        link: ticketLink(id),
      });
    }
    return toTicket(tx, row!);
  });
}

/** The accounts a ticket can be assigned to: everyone holding support.manage. */
export async function supportStaff(db: Db | Tx, ids?: number[]): Promise<SupportStaff[]> {
  const staff = await accountsWithRoles(db, rolesWith('support.manage'), ids ? { ids } : {});
  return staff.map((s) => ({ id: s.id, name: s.name }));
}

/** POST /api/support/tickets/:id/assign: to a member of support (400 for anyone else), or null. */
export async function assignTicket(
  db: Db,
  user: Caller,
  id: number,
  assignee: number | null,
  now = new Date(),
): Promise<Ticket> {
  return db.transaction(async (tx) => {
    await visibleTicket(tx, user, id, true);
    if (assignee !== null && (await supportStaff(tx, [assignee])).length === 0) {
      throw fail('support.not_staff');
    }
    const [row] = await tx
      .update(supportTickets)
      .set({ assigned_to: assignee, updated_at: now })
      .where(eq(supportTickets.id, id))
      .returning();
    return toTicket(tx, row!);
  });
}

/** POST /api/support/tickets/:id/rating: the ticket's customer, once, after it was resolved. */
export async function rateTicket(
  db: Db,
  user: Caller,
  id: number,
  rating: number,
  now = new Date(),
): Promise<Ticket> {
  return db.transaction(async (tx) => {
    const ticket = await visibleTicket(tx, user, id, true);
    if (ticket.customer_id !== user.id) throw fail('support.rating_customer_only');
    if (ticket.satisfaction_rating !== null) throw fail('support.already_rated');
    if (ticket.resolved_at === null || (ticket.status !== 'resolved' && ticket.status !== 'closed')) {
      throw fail('support.rating_not_resolved');
    }
    const [row] = await tx
      .update(supportTickets)
      .set({ satisfaction_rating: rating, updated_at: now })
      .where(eq(supportTickets.id, id))
      .returning();
    return toTicket(tx, row!);
  });
}

/**
 * GET /api/support/summary: the desk's figures over every ticket (how fast support answers, how
 * satisfied customers are) and the caller's own counts.
 */
export async function supportSummary(db: Db, user: Caller): Promise<SupportSummary> {
  const [desk] = await db
    .select({
      responded: sql<number>`count(${supportTickets.first_response_at})::int`,
      minutes: sql<
        number | null
      >`avg(extract(epoch from (${supportTickets.first_response_at} - ${supportTickets.created_at})) / 60)::float8`,
      rated: sql<number>`count(${supportTickets.satisfaction_rating})::int`,
      satisfaction: sql<number | null>`avg(${supportTickets.satisfaction_rating})::float8`,
    })
    .from(supportTickets);
  const [mine] = await db
    .select({
      total: count(),
      open: sql<number>`count(*) filter (where ${notInArray(supportTickets.status, ['resolved', 'closed'])})::int`,
    })
    .from(supportTickets)
    .where(visibleTickets(user));
  return {
    average_first_response_minutes: desk?.minutes == null ? null : Math.round(desk.minutes),
    responded_tickets: desk?.responded ?? 0,
    satisfaction_average: desk?.satisfaction == null ? null : Math.round(desk.satisfaction * 10) / 10,
    rated_tickets: desk?.rated ?? 0,
    open_tickets: mine?.open ?? 0,
    total_tickets: mine?.total ?? 0,
  };
}

// ---------------------------------------------------------------------------------------------------
// Live Chat

/**
 * Whose conversation: support names a customer; anyone else (or support without one) their own. A shared demo
 * account on the desk talks only with the demo world's customers.
 */
async function conversationOf(db: Db, user: Caller, customerId: number | undefined): Promise<number> {
  if (customerId === undefined || customerId === user.id) return user.id;
  if (!isSupportStaff(user)) throw fail('support.staff_only');
  if (user.is_demo && !(await isDemoWorldAccount(db, customerId))) throw fail('admin_users.demo_on_real');
  return customerId;
}

async function toChat(
  db: Db | Tx,
  rows: (typeof supportChatMessages.$inferSelect)[],
): Promise<ChatMessage[]> {
  const name = await senderNames(db, rows);
  return rows.map((r) => ({
    id: r.id,
    customer_id: r.customer_id,
    message: r.message,
    sender_type: r.sender_type,
    sender_name: name(r),
    created_at: r.created_at.toISOString(),
  }));
}

/** GET /api/support/chat: the newest CHAT_HISTORY messages of one conversation, oldest first. */
export async function chatHistory(db: Db, user: Caller, customerId?: number): Promise<ChatMessage[]> {
  const customer = await conversationOf(db, user, customerId);
  const rows = await db
    .select()
    .from(supportChatMessages)
    .where(eq(supportChatMessages.customer_id, customer))
    .orderBy(desc(supportChatMessages.id))
    .limit(CHAT_HISTORY);
  return toChat(db, rows.reverse());
}

/** POST /api/support/chat: one message; the conversation keeps only its newest CHAT_HISTORY. */
export async function sendChat(
  db: Db,
  user: Caller,
  input: { message: string; customer_id?: number | undefined },
  now = new Date(),
): Promise<ChatMessage> {
  const customer = await conversationOf(db, user, input.customer_id);
  if (customer !== user.id && (await userSummaries(db, [customer])).size === 0) {
    throw fail('support.customer_required');
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(supportChatMessages)
      .values({
        customer_id: customer,
        sender_id: user.id,
        sender_type: customer === user.id ? 'customer' : 'support',
        message: input.message,
        created_at: now,
      })
      .returning();
    const keep = tx
      .select({ id: supportChatMessages.id })
      .from(supportChatMessages)
      .where(eq(supportChatMessages.customer_id, customer))
      .orderBy(desc(supportChatMessages.id))
      .limit(CHAT_HISTORY);
    await tx
      .delete(supportChatMessages)
      .where(and(eq(supportChatMessages.customer_id, customer), notInArray(supportChatMessages.id, keep)));
    await notifyChat(tx, row!, user.id);
    return (await toChat(tx, [row!]))[0]!;
  });
}

/**
 * Live chat tells the other side: support's message reaches the customer; the customer's reaches the
 * support person who last answered them, or the whole desk while nobody has. One unread notice per
 * conversation and reader (notifyUnlessUnread), each linking to the conversation.
 */
async function notifyChat(tx: Tx, message: typeof supportChatMessages.$inferSelect, writerId: number) {
  const text = preview(message.message);
  if (message.sender_type === 'support') {
    await notifyUnlessUnread(tx, {
      userId: message.customer_id,
      type: 'message',
      title: 'notifications.support.chat_reply.title',
      message: 'notifications.support.chat_reply.message',
      params: { text },
      link: chatLink(null),
    });
    return;
  }
  const [answered] = await tx
    .select({ sender_id: supportChatMessages.sender_id })
    .from(supportChatMessages)
    .where(
      and(
        eq(supportChatMessages.customer_id, message.customer_id),
        eq(supportChatMessages.sender_type, 'support'),
      ),
    )
    .orderBy(desc(supportChatMessages.id))
    .limit(1);
  const desk = answered?.sender_id
    ? [answered.sender_id]
    : (await accountsWithRoles(tx, rolesWith('support.manage'), { limit: 50 })).map((a) => a.id);
  const name = (await userSummaries(tx, [message.customer_id])).get(message.customer_id)?.display_name ?? '';
  for (const userId of desk.filter((id) => id !== writerId)) {
    await notifyUnlessUnread(tx, {
      userId,
      type: 'message',
      title: 'notifications.support.chat_customer.title',
      message: 'notifications.support.chat_customer.message',
      params: { name, text },
      link: chatLink(message.customer_id),
    });
  }
}

/** GET /api/support/chat/conversations: support's inbox, the latest conversation first (a demo desk: the demo world's). */
export async function chatConversations(db: Db, user: Caller): Promise<ChatConversation[]> {
  const lastId = sql<number>`max(${supportChatMessages.id})`.mapWith(Number);
  const latest = await db
    .select({ id: lastId })
    .from(supportChatMessages)
    .where(user.is_demo ? inArray(supportChatMessages.customer_id, demoWorldAccountIds) : undefined)
    .groupBy(supportChatMessages.customer_id)
    .orderBy(desc(lastId))
    .limit(CHAT_CONVERSATIONS_MAX);
  if (latest.length === 0) return [];
  const rows = await db
    .select({ message: supportChatMessages })
    .from(supportChatMessages)
    .where(
      inArray(
        supportChatMessages.id,
        latest.map((r) => r.id),
      ),
    )
    .orderBy(desc(supportChatMessages.id));
  const people = await userSummaries(
    db,
    rows.map((r) => r.message.customer_id),
  );
  return rows.map(({ message: m }) => ({
    customer_id: m.customer_id,
    customer_name: people.get(m.customer_id)?.display_name ?? '',
    last_message: m.message,
    last_sender_type: m.sender_type,
    last_at: m.created_at.toISOString(),
  }));
}

/**
 * The personal-data export's support section (POPIA): the tickets the user opened with their whole
 * threads, and their live chat with support. Support staff appear by the name on the message only.
 */
export async function supportRecordsOf(db: Db, userId: number) {
  const rows = await db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.customer_id, userId))
    .orderBy(asc(supportTickets.id));
  const threads =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(supportTicketMessages)
          .where(
            inArray(
              supportTicketMessages.ticket_id,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(supportTicketMessages.id));
  const messages = await toMessages(db, threads);
  const chat = await db
    .select()
    .from(supportChatMessages)
    .where(eq(supportChatMessages.customer_id, userId))
    .orderBy(asc(supportChatMessages.id));
  return {
    tickets: (await toTickets(db, rows)).map((ticket) => ({
      ...ticket,
      messages: messages
        .filter((m) => m.ticket_id === ticket.id)
        .map(({ sender_type, sender_name, message, created_at }) => ({
          sender_type,
          sender_name,
          message,
          created_at,
        })),
    })),
    chat: (await toChat(db, chat)).map(({ sender_type, sender_name, message, created_at }) => ({
      sender_type,
      sender_name,
      message,
      created_at,
    })),
  };
}
