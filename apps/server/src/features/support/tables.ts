import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { SENDER_TYPES, TICKET_CATEGORIES, TICKET_PRIORITIES, TICKET_STATUSES } from '@tt/domain';
import { users } from '../auth/tables.ts';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** A support ticket; its number (TCK-000123) is derived from the id (domain ticketNumber). */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: serial('id').primaryKey(),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category', { enum: TICKET_CATEGORIES }).notNull().default('general_inquiry'),
    priority: text('priority', { enum: TICKET_PRIORITIES }).notNull().default('medium'),
    status: text('status', { enum: TICKET_STATUSES }).notNull().default('open'),
    subject: text('subject').notNull(),
    description: text('description').notNull(),
    assigned_to: integer('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    satisfaction_rating: integer('satisfaction_rating'),
    /** Support's first message on the ticket: the response time is counted to it. */
    first_response_at: timestamp('first_response_at', { withTimezone: true }),
    resolved_at: timestamp('resolved_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('support_tickets_category_check', sql`${t.category} in (${inList(TICKET_CATEGORIES)})`),
    check('support_tickets_priority_check', sql`${t.priority} in (${inList(TICKET_PRIORITIES)})`),
    check('support_tickets_status_check', sql`${t.status} in (${inList(TICKET_STATUSES)})`),
    check(
      'support_tickets_rating_check',
      sql`${t.satisfaction_rating} is null or ${t.satisfaction_rating} between 1 and 5`,
    ),
    index('support_tickets_customer_idx').on(t.customer_id, t.updated_at),
    index('support_tickets_updated_idx').on(t.updated_at),
  ],
);

/** One message on a ticket's thread, by its customer or by support. */
export const supportTicketMessages = pgTable(
  'support_ticket_messages',
  {
    id: serial('id').primaryKey(),
    ticket_id: integer('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    sender_id: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    sender_type: text('sender_type', { enum: SENDER_TYPES }).notNull(),
    message: text('message').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('support_ticket_messages_sender_check', sql`${t.sender_type} in (${inList(SENDER_TYPES)})`),
    index('support_ticket_messages_ticket_idx').on(t.ticket_id, t.created_at),
  ],
);

/** Live Chat: one conversation per customer with support; only the newest CHAT_HISTORY are kept. */
export const supportChatMessages = pgTable(
  'support_chat_messages',
  {
    id: serial('id').primaryKey(),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sender_id: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    sender_type: text('sender_type', { enum: SENDER_TYPES }).notNull(),
    message: text('message').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('support_chat_messages_sender_check', sql`${t.sender_type} in (${inList(SENDER_TYPES)})`),
    index('support_chat_messages_customer_idx').on(t.customer_id, t.id),
  ],
);
