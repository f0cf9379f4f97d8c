import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import type { SecurityEventFilter, SecurityEventList, securityContracts } from '@tt/domain';
import { call, endpoints } from '../../lib/api';
import { queryRoots } from '../../lib/invalidation';
import { nextPage, rowsOnce } from '../../lib/pages';

const c = endpoints<typeof securityContracts>({
  overview: ['GET', '/api/security/overview'],
  events: ['GET', '/api/security/events'],
  exportEvents: ['GET', '/api/security/events/export'],
  sessions: ['GET', '/api/security/sessions'],
  endSession: ['DELETE', '/api/security/sessions/:id'],
  endOtherSessions: ['POST', '/api/security/sessions/sign-out-others'],
});

/** One key factory for the Security Center: a write invalidates exactly what it changed. */
export const securityKeys = {
  all: [queryRoots.security] as const,
  overview: () => [...securityKeys.all, 'overview'] as const,
  events: () => [...securityKeys.all, 'events'] as const,
  eventList: (filter: SecurityEventFilter) => [...securityKeys.events(), filter] as const,
  sessions: () => [...securityKeys.all, 'sessions'] as const,
};

export const useSecurityOverview = () =>
  useQuery({ queryKey: securityKeys.overview(), queryFn: () => call(c.overview) });

function pagesShown({ pages }: InfiniteData<SecurityEventList>) {
  return { matching: pages[0]!.matching, events: rowsOnce(pages.map((page) => page.events)) };
}

/** GET /api/security/events, a page at a time ("Show more", ADR 046), newest first, as filtered. */
export const useSecurityEvents = (filter: SecurityEventFilter) =>
  useInfiniteQuery({
    queryKey: securityKeys.eventList(filter),
    queryFn: ({ pageParam }) => call(c.events, { query: { ...filter, page: pageParam } }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    placeholderData: keepPreviousData,
    select: pagesShown,
  });

/** Export Log: the server's CSV of what the filter shows (a plain link: the browser saves the attachment). */
export function exportEventsUrl(filter: SecurityEventFilter): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value) query.set(name, String(value));
  return `${c.exportEvents.path}?${query.toString()}`;
}

export const useSecuritySessions = () =>
  useQuery({ queryKey: securityKeys.sessions(), queryFn: () => call(c.sessions) });

/** Ending sessions changes the list, the overview's count and the events (each is recorded). */
function useSessionChange<V, R>(fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.all }),
  });
}

export const useEndSession = () => useSessionChange((id: number) => call(c.endSession, { params: { id } }));

export const useEndOtherSessions = () => useSessionChange(() => call(c.endOtherSessions));
