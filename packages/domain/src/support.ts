import { z } from 'zod';
import { SEARCH_TEXT_MAX } from './search.ts';
import { idSchema } from './ids.ts';

/**
 * The Support Center (spec 2 §2-§9; DECISIONS 5, 11, 12). Who sees what:
 * - a customer (any signed-in user) sees and writes on their own tickets only; another customer's
 *   ticket does not exist for them (404);
 * - support staff (the `support.manage` permission) see every ticket, answer, assign and move status
 *   along TICKET_TRANSITIONS; only the ticket's customer rates it, once, after it is resolved;
 * - Live Chat is one conversation per customer with support, kept on the server.
 */

export const TICKET_STATUSES = ['open', 'in_progress', 'pending_customer', 'resolved', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export const TICKET_CATEGORIES = [
  'order_issue',
  'payment_problem',
  'product_defect',
  'delivery_delay',
  'technical_support',
  'account_issue',
  'general_inquiry',
] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];
export const SENDER_TYPES = ['customer', 'support'] as const;
export type SenderType = (typeof SENDER_TYPES)[number];

/**
 * The moves support may make (the spec leaves them out): work starts, waits on the customer, resumes,
 * ends resolved, and is closed; a resolved ticket may be reopened; a closed one is final.
 */
export const TICKET_TRANSITIONS: Readonly<Record<TicketStatus, readonly TicketStatus[]>> = {
  open: ['in_progress', 'pending_customer', 'resolved', 'closed'],
  in_progress: ['pending_customer', 'resolved', 'closed'],
  pending_customer: ['in_progress', 'resolved', 'closed'],
  resolved: ['in_progress', 'closed'],
  closed: [],
};

export function canMoveTicket(from: TicketStatus, to: TicketStatus): boolean {
  return TICKET_TRANSITIONS[from].includes(to);
}

/** A customer writing on a ticket that waits for them (or was resolved) hands it back to support. */
export function statusAfterCustomerMessage(status: TicketStatus): TicketStatus {
  return status === 'pending_customer' || status === 'resolved' ? 'in_progress' : status;
}

/** The readable number of a ticket: TCK-000123. */
export function ticketNumber(id: number): string {
  return `TCK-${String(id).padStart(6, '0')}`;
}

/** The ticket id a search names by its number ("TCK-000123", "tck123", "000123", "123"), or null. */
export function ticketIdFromSearch(search: string): number | null {
  const match = /^(?:tck-?)?0*([0-9]{1,9})$/i.exec(search.trim());
  return match ? Number(match[1]) : null;
}

export const SUBJECT_MAX = 160;
export const MESSAGE_MAX = 4000;
/**
 * Spec 2 §9 leaves lists unbounded. The ticket list comes a page at a time, latest activity first: support
 * sees every trader's tickets, thousands on a busy platform, and a phone should neither download nor draw
 * them all at once, nor stop at a fixed number with the rest out of sight.
 */
export const TICKET_PAGE_SIZE = 20;
/** The furthest page asked for (search and the status filter narrow a list long before that). */
export const TICKET_PAGE_MAX = 5_000;
/** A ticket's thread shows at most this many messages (the newest). */
export const THREAD_MAX = 200;
/** Live Chat keeps and shows the newest CHAT_HISTORY messages of a conversation. */
export const CHAT_HISTORY = 50;

const requiredText = (max: number) => z.string().trim().min(1, { message: 'validation.required' }).max(max);

/** The create-ticket dialog (spec 2 §5: subject and description required; the defaults). */
export const createTicketSchema = z.object({
  category: z.enum(TICKET_CATEGORIES).default('general_inquiry'),
  priority: z.enum(TICKET_PRIORITIES).default('medium'),
  subject: requiredText(SUBJECT_MAX),
  description: requiredText(MESSAGE_MAX),
});
export type CreateTicket = z.output<typeof createTicketSchema>;
export type CreateTicketForm = z.input<typeof createTicketSchema>;

/**
 * A message on a ticket. The spec's client sends sender_type customer; the server decides who wrote it
 * (the ticket's customer, or support), so the field is accepted and not trusted.
 */
export const ticketMessageInputSchema = z.object({
  message: requiredText(MESSAGE_MAX),
  sender_type: z.enum(SENDER_TYPES).optional(),
});

export const ticketMessageSchema = z.object({
  id: z.number().int(),
  ticket_id: z.number().int(),
  message: z.string(),
  sender_type: z.enum(SENDER_TYPES),
  sender_name: z.string(),
  created_at: z.string(),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

export const ticketSchema = z.object({
  id: z.number().int(),
  ticket_number: z.string(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  category: z.enum(TICKET_CATEGORIES),
  priority: z.enum(TICKET_PRIORITIES),
  status: z.enum(TICKET_STATUSES),
  subject: z.string(),
  description: z.string(),
  assigned_to: z.number().int().nullable(),
  assigned_to_name: z.string().nullable(),
  satisfaction_rating: z.number().int().min(1).max(5).nullable(),
  first_response_at: z.string().nullable(),
  resolved_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketDetailSchema = ticketSchema.extend({
  messages: z.array(ticketMessageSchema),
  /** The statuses support may move it to now (empty for a customer). */
  next_statuses: z.array(z.enum(TICKET_STATUSES)),
});
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

export const ticketListQuerySchema = z.object({
  /** Subject, description or ticket number (spec 2 §5), case-insensitive. */
  search: z.string().trim().max(SEARCH_TEXT_MAX).optional(),
  status: z.enum(TICKET_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(TICKET_PAGE_MAX).default(1),
});

/** One page of the tickets the caller may see under the search and status filter. */
export const ticketListSchema = z.object({
  tickets: z.array(ticketSchema),
  /** How many tickets the search and the status filter match, over all pages. */
  matching: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type TicketList = z.infer<typeof ticketListSchema>;

export const ticketStatusInputSchema = z.object({ status: z.enum(TICKET_STATUSES) });
/** null unassigns. */
export const ticketAssignInputSchema = z.object({ assigned_to: idSchema.nullable() });
export const ticketRatingInputSchema = z.object({
  satisfaction_rating: z
    .number({ message: 'validation.whole_number' })
    .int({ message: 'validation.whole_number' })
    .min(1)
    .max(5),
});

/** The headline figures (spec 2 §2's hard-coded 2.5 hours and 4.8/5, computed; DECISIONS 12). */
export const supportSummarySchema = z.object({
  /** Over every ticket support has answered: from creation to support's first message; null: none yet. */
  average_first_response_minutes: z.number().nullable(),
  responded_tickets: z.number().int(),
  /** Over every rated ticket, one decimal; null: none rated yet. */
  satisfaction_average: z.number().nullable(),
  rated_tickets: z.number().int(),
  /** The caller's view: open (not resolved or closed) and all tickets they can see. */
  open_tickets: z.number().int(),
  total_tickets: z.number().int(),
});
export type SupportSummary = z.infer<typeof supportSummarySchema>;

export const supportStaffSchema = z.object({ id: z.number().int(), name: z.string() });
export type SupportStaff = z.infer<typeof supportStaffSchema>;

// ---------------------------------------------------------------------------------------------------
// Live Chat

export const chatMessageSchema = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  message: z.string(),
  sender_type: z.enum(SENDER_TYPES),
  sender_name: z.string(),
  created_at: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** Support staff name the customer whose conversation they read or answer; a customer never does. */
export const chatQuerySchema = z.object({ customer_id: idSchema.optional() });
export const chatInputSchema = z.object({
  message: requiredText(MESSAGE_MAX),
  customer_id: idSchema.optional(),
});

export const chatConversationSchema = z.object({
  customer_id: z.number().int(),
  customer_name: z.string(),
  last_message: z.string(),
  last_sender_type: z.enum(SENDER_TYPES),
  last_at: z.string(),
});
export type ChatConversation = z.infer<typeof chatConversationSchema>;
export const CHAT_CONVERSATIONS_MAX = 50;
