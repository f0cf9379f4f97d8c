import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { financeContracts as c, type JournalEntryInput, type Period } from '@tt/domain';
import { call } from '../../lib/api';
import { queryRoots } from '../../lib/invalidation';

/** The period select's choice; a custom period has its first and last day. */
export interface PeriodChoice {
  period: Period;
  from?: string | undefined;
  to?: string | undefined;
}

export const ledgerKeys = {
  all: [queryRoots.ledger] as const,
  summary: (p: PeriodChoice) => [...ledgerKeys.all, 'summary', p] as const,
  accounts: (p: PeriodChoice) => [...ledgerKeys.all, 'accounts', p] as const,
  journal: (p: PeriodChoice, page: number) => [...ledgerKeys.all, 'journal', p, page] as const,
  reports: (p: PeriodChoice) => [...ledgerKeys.all, 'reports', p] as const,
  bank: (p: PeriodChoice) => [...ledgerKeys.all, 'bank', p] as const,
};

/** What the server is asked: a custom period only once both of its days are chosen. */
const ready = (p: PeriodChoice) => p.period !== 'custom' || (!!p.from && !!p.to && p.from <= p.to);
const queryOf = (p: PeriodChoice) =>
  p.period === 'custom' ? { period: p.period, from: p.from, to: p.to } : { period: p.period };

export const JOURNAL_PAGE_SIZE = 10;

/** GET /api/finance/summary: the dashboard tiles. */
export const useFinanceSummary = (p: PeriodChoice) =>
  useQuery({
    queryKey: ledgerKeys.summary(p),
    queryFn: () => call(c.summary, { query: queryOf(p) }),
    enabled: ready(p),
    placeholderData: keepPreviousData,
  });

/** GET /api/finance/chart-of-accounts. */
export const useChartOfAccounts = (p: PeriodChoice) =>
  useQuery({
    queryKey: ledgerKeys.accounts(p),
    queryFn: () => call(c.chartOfAccounts, { query: queryOf(p) }),
    enabled: ready(p),
    placeholderData: keepPreviousData,
  });

/** GET /api/finance/journal-entries, a page at a time. */
export const useJournal = (p: PeriodChoice, page: number) =>
  useQuery({
    queryKey: ledgerKeys.journal(p, page),
    queryFn: () => call(c.journalEntries, { query: { ...queryOf(p), page, page_size: JOURNAL_PAGE_SIZE } }),
    enabled: ready(p),
    placeholderData: keepPreviousData,
  });

/** GET /api/finance/reports. */
export const useReports = (p: PeriodChoice) =>
  useQuery({
    queryKey: ledgerKeys.reports(p),
    queryFn: () => call(c.reports, { query: queryOf(p) }),
    enabled: ready(p),
    placeholderData: keepPreviousData,
  });

/** GET /api/finance/bank-reconciliation. */
export const useBankReconciliation = (p: PeriodChoice) =>
  useQuery({
    queryKey: ledgerKeys.bank(p),
    queryFn: () => call(c.bankReconciliation, { query: queryOf(p) }),
    enabled: ready(p),
    placeholderData: keepPreviousData,
  });

/** Every figure of the books may change with a posting: all of the area's queries are read again. */
function useLedgerWrite<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ledgerKeys.all }),
  });
}

/** POST /api/finance/journal-entries. */
export const usePostEntry = () => useLedgerWrite((body: JournalEntryInput) => call(c.postEntry, { body }));

/** POST /api/finance/journal-entries/:id/reverse. */
export const useReverseEntry = () => useLedgerWrite((id: number) => call(c.reverse, { params: { id } }));

/** POST /api/finance/bank-reconciliation/:id. */
export const useReconcile = () =>
  useLedgerWrite(({ id, reconciled }: { id: number; reconciled: boolean }) =>
    call(c.reconcile, { params: { id }, body: { reconciled } }),
  );
