import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import {
  chatConversationSchema,
  chatMessageSchema,
  supportStaffSchema,
  supportSummarySchema,
  TICKET_PAGE_MAX,
  TICKET_PAGE_SIZE,
  TICKET_STATUSES,
  ticketDetailSchema,
  ticketListSchema,
  ticketMessageSchema,
  ticketSchema,
  type TicketList,
} from '@tt/domain';
import { notifications, supportTickets } from '../src/db/schema.ts';
import { count, createTestApp, expectError, type TestApp } from './support/test-app.ts';
import { insertUser } from './support/marketplace.ts';

describe('Support Center (spec 2 §2-§9, issue 13 point 4)', () => {
  let t: TestApp;
  /** Two fresh customers, a fresh admin (support) and the demo retailer with the seeded tickets. */
  let alice: string;
  let aliceId: number;
  let bob: string;
  let bobId: number;
  let admin: string;
  let adminId: number;
  let demoRetailer: string;

  beforeAll(async () => {
    t = await createTestApp();
    aliceId = await insertUser(t.db, 'retailer', 'Alice Khumalo');
    bobId = await insertUser(t.db, 'trader', 'Bob Dlamini');
    adminId = await insertUser(t.db, 'admin', 'Desk Agent');
    [alice, bob, admin, demoRetailer] = await Promise.all([
      t.sessionFor(aliceId),
      t.sessionFor(bobId),
      t.sessionFor(adminId),
      t.login('retailer'),
    ]);
  });
  afterAll(() => t.close());

  const send = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const get = (url: string, cookie?: string) => send('GET', url, cookie);
  const open = async (cookie: string, over: Record<string, unknown> = {}) => {
    const response = await send('POST', '/api/support/tickets', cookie, {
      subject: 'Order arrived late',
      description: 'My maize meal came two days late.',
      ...over,
    });
    expect(response.statusCode, response.body).toBe(201);
    return ticketSchema.parse(response.json());
  };
  /** One page of GET /api/support/tickets, checked against the contract's schema. */
  const list = async (query: string, cookie: string): Promise<TicketList> => {
    const response = await get(`/api/support/tickets?${query}`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return ticketListSchema.parse(response.json());
  };
  /** Every page from the first until one says there is no next, as the web's Show more asks for them. */
  const everyPage = async (query: string, cookie: string) => {
    const pages: TicketList[] = [];
    for (let page = 1; ; page += 1) {
      const answer = await list(`${query}${query ? '&' : ''}page=${page}`, cookie);
      pages.push(answer);
      if (answer.page * answer.page_size >= answer.matching) return pages;
    }
  };
  const move = (id: number, status: string, cookie = admin) =>
    send('POST', `/api/support/tickets/${id}/status`, cookie, { status });
  const notificationsOf = (userId: number) =>
    t.db.select().from(notifications).where(eq(notifications.user_id, userId));

  describe('GET /api/support/tickets', () => {
    it("answers a customer their own tickets only, and support everyone's", async () => {
      const mine = await open(alice, { subject: 'Alice unique subject' });
      await open(bob, { subject: 'Bob unique subject' });
      const aliceList = await list('', alice);
      expect(aliceList.tickets.every((x) => x.customer_id === aliceId)).toBe(true);
      expect(aliceList.tickets.map((x) => x.id)).toContain(mine.id);
      const desk = await list('search=unique%20subject', admin);
      expect(desk.tickets.map((x) => x.subject)).toEqual(
        expect.arrayContaining(['Alice unique subject', 'Bob unique subject']),
      );
    });

    it('searches subject, description and the ticket number, with the status filter', async () => {
      const ticket = await open(alice, { subject: 'Fridge humming', description: 'A strange ZEBRA noise' });
      expect(ticket.ticket_number).toBe(`TCK-${String(ticket.id).padStart(6, '0')}`);
      const ids = async (query: string) => (await list(query, alice)).tickets.map((x) => x.id);
      expect(await ids('search=fridge')).toContain(ticket.id);
      expect(await ids('search=zebra')).toContain(ticket.id);
      expect(await ids(`search=${ticket.ticket_number.toLowerCase()}`)).toEqual([ticket.id]);
      expect(await ids('search=fridge&status=open')).toContain(ticket.id);
      expect(await ids('search=fridge&status=resolved')).toEqual([]);
      // Bob's search never finds Alice's ticket, even by its number.
      expect(await list(`search=${ticket.ticket_number}`, bob)).toMatchObject({ tickets: [], matching: 0 });
    });

    it('answers a page at a time, latest activity first, the pages together every ticket once', async () => {
      // More tickets than two pages hold, for one customer, straight into the table: several share their
      // last activity to the millisecond, so only the id keeps the order (and the pages) the same each time.
      const pagerId = await insertUser(t.db, 'retailer', 'Paging Customer');
      const pager = await t.sessionFor(pagerId);
      const made = 2 * TICKET_PAGE_SIZE + 5;
      const base = Date.UTC(2021, 0, 1);
      await t.db.insert(supportTickets).values(
        Array.from({ length: made }, (_, i) => {
          const at = new Date(base + Math.floor(i / 4) * 60_000);
          return {
            customer_id: pagerId,
            status: TICKET_STATUSES[i % TICKET_STATUSES.length]!,
            subject: `Pallet ${i} of the quokka delivery`,
            description: i % 2 === 0 ? 'Even numbered' : 'Odd numbered',
            created_at: at,
            updated_at: at,
          };
        }),
      );
      const newestFirst = async (customerId?: number) =>
        (
          await t.db
            .select({ id: supportTickets.id })
            .from(supportTickets)
            .where(customerId === undefined ? undefined : eq(supportTickets.customer_id, customerId))
            .orderBy(desc(supportTickets.updated_at), desc(supportTickets.id))
        ).map((r) => r.id);

      // Support: every customer's tickets, a full page at a time, no ticket on two pages, none left out.
      const all = await newestFirst();
      expect(all.length).toBeGreaterThan(2 * TICKET_PAGE_SIZE);
      const deskPages = await everyPage('', admin);
      expect(deskPages.length).toBe(Math.ceil(all.length / TICKET_PAGE_SIZE));
      for (const [index, page] of deskPages.entries()) {
        expect(page).toMatchObject({ page: index + 1, page_size: TICKET_PAGE_SIZE, matching: all.length });
        if (index < deskPages.length - 1) expect(page.tickets).toHaveLength(TICKET_PAGE_SIZE);
      }
      expect(deskPages.flatMap((p) => p.tickets.map((x) => x.id))).toEqual(all);
      // Past the last page: nothing, and still the count.
      expect(await list(`page=${deskPages.length + 1}`, admin)).toMatchObject({
        tickets: [],
        matching: all.length,
      });

      // The customer pages through their own tickets only, in the same order.
      const own = await newestFirst(pagerId);
      expect(own).toHaveLength(made);
      const ownPages = await everyPage('', pager);
      expect(ownPages).toHaveLength(3);
      expect(ownPages.map((p) => p.tickets.length)).toEqual([TICKET_PAGE_SIZE, TICKET_PAGE_SIZE, 5]);
      expect(ownPages.every((p) => p.matching === made)).toBe(true);
      expect(ownPages.flatMap((p) => p.tickets.map((x) => x.id))).toEqual(own);
      expect(ownPages.flatMap((p) => p.tickets).every((x) => x.customer_id === pagerId)).toBe(true);

      // The status filter and the search narrow the count over all pages, not only the page's rows.
      for (const status of TICKET_STATUSES) {
        const expected = Array.from({ length: made }, (_, i) => i).filter(
          (i) => TICKET_STATUSES[i % TICKET_STATUSES.length] === status,
        ).length;
        const pages = await everyPage(`status=${status}`, pager);
        expect(pages[0]!.matching).toBe(expected);
        const shown = pages.flatMap((p) => p.tickets);
        expect(shown).toHaveLength(expected);
        expect(shown.every((x) => x.status === status)).toBe(true);
      }
      const quokka = await everyPage('search=QUOKKA', admin);
      expect(quokka[0]!.matching).toBe(made);
      expect(quokka.flatMap((p) => p.tickets.map((x) => x.id))).toEqual(own);
      expect((await list('search=quokka&status=open', admin)).matching).toBe(
        Math.ceil(made / TICKET_STATUSES.length),
      );
      expect((await list('search=odd%20numbered', pager)).matching).toBe(Math.floor(made / 2));
      expect((await list('search=pallet%201', admin)).matching).toBe(11); // pallets 1 and 10-19

      // Another customer sees none of them, on any page, however they search.
      const bobs = (await everyPage('', bob)).flatMap((p) => p.tickets);
      expect(bobs.length).toBeGreaterThan(0);
      expect(bobs.every((x) => x.customer_id === bobId)).toBe(true);
      expect(await list('search=quokka', bob)).toMatchObject({ tickets: [], matching: 0 });
      expect(await list('page=2', bob)).toMatchObject({ tickets: [] });
    });

    it('401 anonymous; 400 for an unknown status or a page that is not a whole number from 1 to the last', async () => {
      expectError(await get('/api/support/tickets'), 401, 'unauthorized');
      expectError(await get('/api/support/tickets?page=2'), 401, 'unauthorized');
      for (const bad of [
        'status=lost',
        'page=0',
        'page=-1',
        'page=1.5',
        'page=two',
        'page=',
        `page=${TICKET_PAGE_MAX + 1}`,
      ]) {
        expectError(await get(`/api/support/tickets?${bad}`, alice), 400);
        expectError(await get(`/api/support/tickets?${bad}`, admin), 400);
      }
      // The furthest page allowed is answered (empty), not refused.
      expect(await list(`page=${TICKET_PAGE_MAX}`, admin)).toMatchObject({
        tickets: [],
        page: TICKET_PAGE_MAX,
      });
    });
  });

  describe('POST /api/support/tickets', () => {
    it("applies the spec's defaults (general_inquiry, medium), starts open and tells the desk", async () => {
      const ticket = await open(bob, { subject: 'Defaults' });
      expect(ticket).toMatchObject({ category: 'general_inquiry', priority: 'medium', status: 'open' });
      const told = await notificationsOf(adminId);
      expect(told.some((n) => n.link === `/support?ticket=${ticket.id}`)).toBe(true);
    });

    it('401 anonymous; 400 for a blank subject or description, a bad category, with nothing written', async () => {
      expectError(
        await send('POST', '/api/support/tickets', undefined, { subject: 'a', description: 'b' }),
        401,
      );
      const before = await count(t.db, 'support_tickets');
      for (const payload of [
        { subject: '   ', description: 'Something' },
        { subject: 'Something', description: '' },
        { subject: 'Something', description: 'x', category: 'complaint' },
        { subject: 'Something', description: 'x', priority: 'critical' },
        { subject: 'x'.repeat(161), description: 'x' },
      ]) {
        expectError(await send('POST', '/api/support/tickets', alice, payload), 400);
      }
      expect(await count(t.db, 'support_tickets')).toBe(before);
    });
  });

  describe('a ticket from creation to resolved and rated', () => {
    it('goes through the thread, assignment, status moves and one rating, notifying each side', async () => {
      const ticket = await open(alice, { category: 'delivery_delay', priority: 'high' });
      // Support answers: the first response is stamped and the customer hears of it.
      const reply = await send('POST', `/api/support/tickets/${ticket.id}/messages`, admin, {
        message: 'We are checking with the driver.',
        sender_type: 'customer',
      });
      expect(reply.statusCode, reply.body).toBe(201);
      expect(ticketMessageSchema.parse(reply.json()).sender_type).toBe('support');
      const aliceNotes = await notificationsOf(aliceId);
      expect(aliceNotes.find((n) => n.title === 'notifications.support.reply.title')?.link).toBe(
        `/support?ticket=${ticket.id}`,
      );
      // Assign to the admin, then move along.
      const assigned = await send('POST', `/api/support/tickets/${ticket.id}/assign`, admin, {
        assigned_to: adminId,
      });
      expect(assigned.statusCode, assigned.body).toBe(200);
      expect(ticketSchema.parse(assigned.json()).assigned_to_name).toBe('Desk Agent');
      expect((await move(ticket.id, 'pending_customer')).statusCode).toBe(200);
      // The customer answers: the ticket goes back to support, and the assignee is told.
      const answer = await send('POST', `/api/support/tickets/${ticket.id}/messages`, alice, {
        message: 'It came today, thank you.',
      });
      expect(answer.statusCode).toBe(201);
      const detail = ticketDetailSchema.parse((await get(`/api/support/tickets/${ticket.id}`, alice)).json());
      expect(detail.status).toBe('in_progress');
      expect(detail.messages.map((m) => m.sender_type)).toEqual(['support', 'customer']);
      expect(detail.next_statuses).toEqual([]);
      expect(detail.first_response_at).not.toBeNull();
      expect(
        (await notificationsOf(adminId)).some((n) => n.title === 'notifications.support.message.title'),
      ).toBe(true);
      // Rating before it is resolved is refused.
      expectError(
        await send('POST', `/api/support/tickets/${ticket.id}/rating`, alice, { satisfaction_rating: 5 }),
        409,
        'support.rating_not_resolved',
      );
      const resolved = await move(ticket.id, 'resolved');
      expect(ticketSchema.parse(resolved.json()).resolved_at).not.toBeNull();
      expect(
        (await notificationsOf(aliceId)).some((n) => n.message === 'notifications.support.status.resolved'),
      ).toBe(true);
      // Only the customer rates, 1-5, once.
      expectError(
        await send('POST', `/api/support/tickets/${ticket.id}/rating`, admin, { satisfaction_rating: 5 }),
        403,
        'support.rating_customer_only',
      );
      expectError(
        await send('POST', `/api/support/tickets/${ticket.id}/rating`, alice, { satisfaction_rating: 6 }),
        400,
      );
      const rated = await send('POST', `/api/support/tickets/${ticket.id}/rating`, alice, {
        satisfaction_rating: 4,
      });
      expect(rated.statusCode, rated.body).toBe(200);
      expect(ticketSchema.parse(rated.json()).satisfaction_rating).toBe(4);
      expectError(
        await send('POST', `/api/support/tickets/${ticket.id}/rating`, alice, { satisfaction_rating: 1 }),
        409,
        'support.already_rated',
      );
      // Closed is final: no more messages, no moves.
      expect((await move(ticket.id, 'closed')).statusCode).toBe(200);
      expectError(
        await send('POST', `/api/support/tickets/${ticket.id}/messages`, alice, {
          message: 'One more thing',
        }),
        409,
        'support.ticket_closed',
      );
      expectError(await move(ticket.id, 'open'), 409, 'support.invalid_transition');
    });
  });

  describe('GET /api/support/tickets/:id and the record rule', () => {
    it("is 404 for another customer's ticket, for every ticket call", async () => {
      const ticket = await open(alice);
      expectError(await get(`/api/support/tickets/${ticket.id}`, bob), 404, 'support.ticket_not_found');
      const before = await count(t.db, 'support_ticket_messages');
      expectError(
        await send('POST', `/api/support/tickets/${ticket.id}/messages`, bob, { message: 'Hi' }),
        404,
        'support.ticket_not_found',
      );
      expectError(
        await send('POST', `/api/support/tickets/${ticket.id}/rating`, bob, { satisfaction_rating: 5 }),
        404,
      );
      expect(await count(t.db, 'support_ticket_messages')).toBe(before);
      expectError(await get(`/api/support/tickets/${ticket.id}`), 401);
      expectError(await get('/api/support/tickets/abc', alice), 400);
    });

    it('gives support the next statuses the ticket may move to', async () => {
      const ticket = await open(alice);
      const detail = ticketDetailSchema.parse((await get(`/api/support/tickets/${ticket.id}`, admin)).json());
      expect(detail.next_statuses).toEqual(['in_progress', 'pending_customer', 'resolved', 'closed']);
    });
  });

  describe('POST /api/support/tickets/:id/messages', () => {
    it('401 anonymous, 400 for a blank message with nothing written', async () => {
      const ticket = await open(alice);
      expectError(
        await send('POST', `/api/support/tickets/${ticket.id}/messages`, undefined, { message: 'x' }),
        401,
      );
      const before = await count(t.db, 'support_ticket_messages');
      expectError(
        await send('POST', `/api/support/tickets/${ticket.id}/messages`, alice, { message: '   ' }),
        400,
      );
      expectError(await send('POST', `/api/support/tickets/${ticket.id}/messages`, alice, {}), 400);
      expect(await count(t.db, 'support_ticket_messages')).toBe(before);
    });
  });

  describe('POST /api/support/tickets/:id/status and /assign (support.manage)', () => {
    it('403 for a customer, even on their own ticket; 401 anonymous', async () => {
      const ticket = await open(alice);
      expectError(await move(ticket.id, 'resolved', alice), 403, 'support.staff_only');
      expectError(await move(ticket.id, 'resolved', ''), 401);
      expectError(
        await send('POST', `/api/support/tickets/${ticket.id}/assign`, alice, { assigned_to: aliceId }),
        403,
        'support.staff_only',
      );
      const [row] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, ticket.id));
      expect(row).toMatchObject({ status: 'open', assigned_to: null });
    });

    it('409 for a move the transitions do not allow, 400 for an unknown status, nothing written', async () => {
      const ticket = await open(alice);
      expectError(await move(ticket.id, 'open'), 409, 'support.invalid_transition');
      expectError(await move(ticket.id, 'archived'), 400);
      expect((await move(ticket.id, 'resolved')).statusCode).toBe(200);
      expectError(await move(ticket.id, 'pending_customer'), 409, 'support.invalid_transition');
      const [row] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, ticket.id));
      expect(row?.status).toBe('resolved');
      expectError(await move(2147483647, 'resolved'), 404, 'support.ticket_not_found');
    });

    it('assigns only to the support desk (400 otherwise, nothing written) and unassigns with null', async () => {
      const ticket = await open(alice);
      expectError(
        await send('POST', `/api/support/tickets/${ticket.id}/assign`, admin, { assigned_to: aliceId }),
        400,
        'support.not_staff',
      );
      expectError(
        await send('POST', `/api/support/tickets/${ticket.id}/assign`, admin, { assigned_to: 'x' }),
        400,
      );
      const rows = await t.db
        .select()
        .from(supportTickets)
        .where(and(eq(supportTickets.id, ticket.id)));
      expect(rows[0]?.assigned_to).toBeNull();
      const unassigned = await send('POST', `/api/support/tickets/${ticket.id}/assign`, admin, {
        assigned_to: null,
      });
      expect(unassigned.statusCode).toBe(200);
    });
  });

  describe('GET /api/support/staff', () => {
    it('lists the desk for support; 403 customers; 401 anonymous', async () => {
      const staff = (await get('/api/support/staff', admin)).json() as unknown[];
      expect(staff.map((s) => supportStaffSchema.parse(s).id)).toContain(adminId);
      expectError(await get('/api/support/staff', alice), 403, 'support.staff_only');
      expectError(await get('/api/support/staff'), 401);
    });
  });

  describe('GET /api/support/summary', () => {
    it('computes the response time and satisfaction from the tickets (the seed: 95 and 40 min, one 5)', async () => {
      const summary = supportSummarySchema.parse((await get('/api/support/summary', demoRetailer)).json());
      expect(summary.responded_tickets).toBeGreaterThanOrEqual(2);
      expect(summary.average_first_response_minutes).not.toBeNull();
      expect(summary.satisfaction_average).not.toBeNull();
      expect(summary.total_tickets).toBe(3);
      expect(summary.open_tickets).toBe(2);
      expectError(await get('/api/support/summary'), 401);
    });

    it('moves when a ticket is answered and rated', async () => {
      const before = supportSummarySchema.parse((await get('/api/support/summary', bob)).json());
      const ticket = await open(bob);
      await send('POST', `/api/support/tickets/${ticket.id}/messages`, admin, { message: 'On it' });
      await move(ticket.id, 'resolved');
      await send('POST', `/api/support/tickets/${ticket.id}/rating`, bob, { satisfaction_rating: 1 });
      const after = supportSummarySchema.parse((await get('/api/support/summary', bob)).json());
      expect(after.responded_tickets).toBe(before.responded_tickets + 1);
      expect(after.rated_tickets).toBe(before.rated_tickets + 1);
      expect(after.satisfaction_average!).toBeLessThan(before.satisfaction_average ?? 6);
    });
  });

  describe('Live Chat', () => {
    it('keeps a conversation on the server that support reads and answers', async () => {
      const sent = await send('POST', '/api/support/chat', alice, { message: 'Hello, anyone there?' });
      expect(sent.statusCode, sent.body).toBe(201);
      expect(chatMessageSchema.parse(sent.json()).sender_type).toBe('customer');
      const inboxResponse = await get('/api/support/chat/conversations', admin);
      expect(inboxResponse.statusCode, inboxResponse.body).toBe(200);
      const inbox = inboxResponse.json() as unknown[];
      expect(inbox.map((c) => chatConversationSchema.parse(c).customer_id)).toContain(aliceId);
      const answer = await send('POST', '/api/support/chat', admin, {
        message: 'Yes, hello!',
        customer_id: aliceId,
      });
      expect(chatMessageSchema.parse(answer.json()).sender_type).toBe('support');
      const history = ((await get('/api/support/chat', alice)).json() as unknown[]).map((m) =>
        chatMessageSchema.parse(m),
      );
      expect(history.map((m) => m.message)).toEqual(['Hello, anyone there?', 'Yes, hello!']);
      const deskView = (await get(`/api/support/chat?customer_id=${aliceId}`, admin)).json() as unknown[];
      expect(deskView).toHaveLength(2);
    });

    it('tells the other side with a notification that links to the conversation, one unread at a time', async () => {
      const daveId = await insertUser(t.db, 'retailer', 'Dave Mokoena');
      const dave = await t.sessionFor(daveId);
      const chatNotices = async (userId: number) =>
        (await notificationsOf(userId)).filter((n) => n.link?.startsWith('/support?tab=chat'));
      // Nobody on the desk has answered Dave yet: every support account hears of his first message.
      const deskBefore = (await chatNotices(adminId)).length;
      await send('POST', '/api/support/chat', dave, {
        message: 'My delivery is missing two crates of cooldrinks.',
      });
      const toDesk = (await chatNotices(adminId)).filter(
        (n) => n.link === `/support?tab=chat&customer=${daveId}`,
      );
      expect(toDesk).toHaveLength(1);
      expect(toDesk[0]).toMatchObject({
        title: 'notifications.support.chat_customer.title',
        params: { name: "Dave Mokoena's Shop", text: 'My delivery is missing two crates of cooldrinks.' },
        read: false,
      });
      expect((await chatNotices(adminId)).length).toBe(deskBefore + 1);
      // A second message while that notice is unread adds none.
      await send('POST', '/api/support/chat', dave, { message: 'Invoice ORD-1 as well.' });
      expect((await chatNotices(adminId)).length).toBe(deskBefore + 1);

      // Support answers: Dave hears of it, with the link to his own conversation.
      expect(await chatNotices(daveId)).toHaveLength(0);
      const answer = await send('POST', '/api/support/chat', admin, {
        message: 'We are checking with the seller now.',
        customer_id: daveId,
      });
      expect(answer.statusCode, answer.body).toBe(201);
      const toDave = await chatNotices(daveId);
      expect(toDave).toHaveLength(1);
      expect(toDave[0]).toMatchObject({
        link: '/support?tab=chat',
        title: 'notifications.support.chat_reply.title',
        params: { text: 'We are checking with the seller now.' },
      });

      // Once the desk read its notice, Dave's next message reaches the one who answered him, and only them.
      const otherAgentId = await insertUser(t.db, 'admin', 'Other Agent');
      await t.db.update(notifications).set({ read: true }).where(eq(notifications.user_id, adminId));
      const daveText = 'x'.repeat(120);
      await send('POST', '/api/support/chat', dave, { message: daveText });
      const unread = (await chatNotices(adminId)).filter((n) => !n.read);
      expect(unread).toHaveLength(1);
      expect((unread[0]!.params as { text: string }).text).toHaveLength(80);
      expect(await chatNotices(otherAgentId)).toHaveLength(0);
    });

    it('keeps only the newest 50 messages of a conversation', async () => {
      const carolId = await insertUser(t.db, 'retailer');
      const carol = await t.sessionFor(carolId);
      for (let i = 0; i < 52; i += 1) {
        await send('POST', '/api/support/chat', carol, { message: `Message ${i}` });
      }
      const history = (await get('/api/support/chat', carol)).json() as { message: string }[];
      expect(history).toHaveLength(50);
      expect(history[0]!.message).toBe('Message 2');
      expect(await count(t.db, 'support_chat_messages', undefined)).toBeGreaterThanOrEqual(50);
    });

    it("refuses blank messages (400, nothing written), another's conversation (403), anonymous (401)", async () => {
      const before = await count(t.db, 'support_chat_messages');
      expectError(await send('POST', '/api/support/chat', alice, { message: '  ' }), 400);
      expectError(
        await send('POST', '/api/support/chat', bob, { message: 'Peek', customer_id: aliceId }),
        403,
        'support.staff_only',
      );
      expectError(await get(`/api/support/chat?customer_id=${aliceId}`, bob), 403, 'support.staff_only');
      expectError(
        await send('POST', '/api/support/chat', admin, { message: 'Hi', customer_id: 2147483647 }),
        400,
        'support.customer_required',
      );
      expect(await count(t.db, 'support_chat_messages')).toBe(before);
      expectError(await send('POST', '/api/support/chat', undefined, { message: 'Hi' }), 401);
      expectError(await get('/api/support/chat'), 401);
      expectError(await get('/api/support/chat/conversations'), 401);
      expectError(await get('/api/support/chat/conversations', alice), 403, 'support.staff_only');
    });
  });
});
