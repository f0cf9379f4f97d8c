import { describe, expect, it } from 'vitest';
import {
  canMoveTicket,
  createTicketSchema,
  statusAfterCustomerMessage,
  TICKET_STATUSES,
  ticketIdFromSearch,
  ticketNumber,
} from './support.ts';

describe('support tickets', () => {
  it('numbers tickets readably', () => {
    expect(ticketNumber(123)).toBe('TCK-000123');
    expect(ticketNumber(1234567)).toBe('TCK-1234567');
  });

  it('finds a ticket id in a search by its number, however it is typed', () => {
    for (const text of ['TCK-000123', 'tck-000123', 'tck123', '000123', '123', ' TCK-123 ']) {
      expect(ticketIdFromSearch(text)).toBe(123);
    }
    expect(ticketIdFromSearch('crates')).toBeNull();
    expect(ticketIdFromSearch('TCK-')).toBeNull();
  });

  it('allows only the listed moves: never to the same status, never out of closed, never back to open', () => {
    for (const from of TICKET_STATUSES) {
      expect(canMoveTicket(from, from)).toBe(false);
      expect(canMoveTicket(from, 'open')).toBe(false);
      expect(canMoveTicket('closed', from)).toBe(false);
    }
    expect(canMoveTicket('open', 'in_progress')).toBe(true);
    expect(canMoveTicket('resolved', 'in_progress')).toBe(true);
    expect(canMoveTicket('resolved', 'pending_customer')).toBe(false);
  });

  it('hands a ticket waiting on the customer back to support when they write', () => {
    expect(statusAfterCustomerMessage('pending_customer')).toBe('in_progress');
    expect(statusAfterCustomerMessage('resolved')).toBe('in_progress');
    expect(statusAfterCustomerMessage('open')).toBe('open');
  });

  it("applies the spec's defaults and refuses a blank subject or description", () => {
    expect(createTicketSchema.parse({ subject: ' A ', description: 'B' })).toEqual({
      category: 'general_inquiry',
      priority: 'medium',
      subject: 'A',
      description: 'B',
    });
    expect(createTicketSchema.safeParse({ subject: '  ', description: 'B' }).success).toBe(false);
    expect(createTicketSchema.safeParse({ subject: 'A', description: '' }).success).toBe(false);
  });
});
