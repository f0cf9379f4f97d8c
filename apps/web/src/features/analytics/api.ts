import { keepPreviousData, useInfiniteQuery, useQuery, type InfiniteData } from '@tanstack/react-query';
import type { advancedAnalyticsContracts, AnalyticsTimeframe, JournalList } from '@tt/domain';
import { call, endpoints } from '../../lib/api';
import { queryRoots } from '../../lib/invalidation';
import { nextPage, rowsOnce } from '../../lib/pages';

const c = endpoints<typeof advancedAnalyticsContracts>({
  business: ['GET', '/api/analytics/business'],
  financial: ['GET', '/api/analytics/financial'],
  transactions: ['GET', '/api/analytics/transactions'],
});

/** One key factory for the screen: the other areas' changes make all of it stale (lib/invalidation.ts). */
export const analyticsKeys = {
  all: [queryRoots.analytics] as const,
  business: (timeframe: AnalyticsTimeframe) => [...analyticsKeys.all, 'business', timeframe] as const,
  financial: (timeframe: AnalyticsTimeframe) => [...analyticsKeys.all, 'financial', timeframe] as const,
  transactions: (timeframe: AnalyticsTimeframe) => [...analyticsKeys.all, 'transactions', timeframe] as const,
};

/** GET /api/analytics/business: the last timeframe's answer stays on screen while the next loads. */
export const useBusinessAnalytics = (timeframe: AnalyticsTimeframe) =>
  useQuery({
    queryKey: analyticsKeys.business(timeframe),
    queryFn: () => call(c.business, { query: { timeframe } }),
    placeholderData: keepPreviousData,
  });

/** GET /api/analytics/financial, the same way. */
export const useFinancialAnalytics = (timeframe: AnalyticsTimeframe) =>
  useQuery({
    queryKey: analyticsKeys.financial(timeframe),
    queryFn: () => call(c.financial, { query: { timeframe } }),
    placeholderData: keepPreviousData,
  });

function entriesShown({ pages }: InfiniteData<JournalList>) {
  return { total: pages[0]!.total, entries: rowsOnce(pages.map((page) => page.entries)) };
}

/** GET /api/analytics/transactions, 20 entries a page with Show more (ADR 046). */
export const useAnalyticsTransactions = (timeframe: AnalyticsTimeframe) =>
  useInfiniteQuery({
    queryKey: analyticsKeys.transactions(timeframe),
    queryFn: ({ pageParam }) => call(c.transactions, { query: { timeframe, page: pageParam } }),
    initialPageParam: 1,
    getNextPageParam: (last: JournalList) => nextPage({ ...last, matching: last.total }),
    placeholderData: keepPreviousData,
    select: entriesShown,
  });
