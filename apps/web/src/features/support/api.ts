import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import {
  supportContracts as c,
  type BodyIn,
  type QueryIn,
  type TicketList,
  type TicketStatus,
} from '@tt/domain';
import { call } from '../../lib/api';
import { queryRoots } from '../../lib/invalidation';
import { nextPage, rowsOnce } from '../../lib/pages';

/** What the ticket list is narrowed by; the page number is the infinite query's own. */
export type TicketFilters = Omit<NonNullable<QueryIn<typeof c.tickets>>, 'page'>;

/** One key factory for the Support Center: a write invalidates exactly what it changed. */
export const supportKeys = {
  all: [queryRoots.support] as const,
  summary: () => [...supportKeys.all, 'summary'] as const,
  tickets: () => [...supportKeys.all, 'tickets'] as const,
  ticketList: (filters: TicketFilters) => [...supportKeys.tickets(), 'list', filters] as const,
  ticket: (id: number) => [...supportKeys.tickets(), 'detail', id] as const,
  staff: () => [...supportKeys.all, 'staff'] as const,
  chat: (customerId: number | null) => [...supportKeys.all, 'chat', customerId ?? 'own'] as const,
  conversations: () => [...supportKeys.all, 'conversations'] as const,
};

/** Live Chat and an open thread look for new messages this often while on screen. */
export const POLL_MS = 5000;

export const useSupportSummary = () =>
  useQuery({ queryKey: supportKeys.summary(), queryFn: () => call(c.summary) });

/** The pages shown so far as one list, with the first page's count. */
function pagesShown({ pages }: InfiniteData<TicketList>) {
  return { matching: pages[0]!.matching, tickets: rowsOnce(pages.map((page) => page.tickets)) };
}

/**
 * GET /api/support/tickets, a page at a time ("Show more"); the last answer stays on screen while the search
 * is typed. A change to a ticket refetches the pages shown.
 */
export const useTickets = (filters: TicketFilters) =>
  useInfiniteQuery({
    queryKey: supportKeys.ticketList(filters),
    queryFn: ({ pageParam }) => call(c.tickets, { query: { ...filters, page: pageParam } }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    placeholderData: keepPreviousData,
    select: pagesShown,
  });

export const useTicket = (id: number | null) =>
  useQuery({
    queryKey: supportKeys.ticket(id ?? 0),
    queryFn: () => call(c.ticket, { params: { id: id! } }),
    enabled: id !== null,
    refetchInterval: POLL_MS,
  });

export const useSupportStaff = (enabled: boolean) =>
  useQuery({ queryKey: supportKeys.staff(), queryFn: () => call(c.staff), enabled });

/** A ticket changed: its lists, its details and the figures are stale. */
function useTicketChanged() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: supportKeys.tickets() });
    void queryClient.invalidateQueries({ queryKey: supportKeys.summary() });
  };
}

export type TicketInput = BodyIn<typeof c.createTicket>;

export function useCreateTicket() {
  const changed = useTicketChanged();
  return useMutation({
    mutationFn: (input: TicketInput) => call(c.createTicket, { body: input }),
    onSuccess: changed,
  });
}

export function useSendTicketMessage(id: number) {
  const changed = useTicketChanged();
  return useMutation({
    mutationFn: (message: string) =>
      call(c.addMessage, { params: { id }, body: { message, sender_type: 'customer' } }),
    onSuccess: changed,
  });
}

export function useSetTicketStatus(id: number) {
  const changed = useTicketChanged();
  return useMutation({
    mutationFn: (status: TicketStatus) => call(c.setStatus, { params: { id }, body: { status } }),
    onSuccess: changed,
  });
}

export function useAssignTicket(id: number) {
  const changed = useTicketChanged();
  return useMutation({
    mutationFn: (assignedTo: number | null) =>
      call(c.assign, { params: { id }, body: { assigned_to: assignedTo } }),
    onSuccess: changed,
  });
}

export function useRateTicket(id: number) {
  const changed = useTicketChanged();
  return useMutation({
    mutationFn: (rating: number) => call(c.rate, { params: { id }, body: { satisfaction_rating: rating } }),
    onSuccess: changed,
  });
}

/** Live Chat: the caller's conversation, or (support) the named customer's; polled while open. */
export const useChat = (customerId: number | null) =>
  useQuery({
    queryKey: supportKeys.chat(customerId),
    queryFn: () => call(c.chat, { query: customerId === null ? {} : { customer_id: customerId } }),
    refetchInterval: POLL_MS,
  });

export const useConversations = (enabled: boolean) =>
  useQuery({
    queryKey: supportKeys.conversations(),
    queryFn: () => call(c.conversations),
    enabled,
    refetchInterval: POLL_MS,
  });

export function useSendChat(customerId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) =>
      call(c.sendChat, { body: customerId === null ? { message } : { message, customer_id: customerId } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: supportKeys.chat(customerId) });
      void queryClient.invalidateQueries({ queryKey: supportKeys.conversations() });
    },
  });
}
