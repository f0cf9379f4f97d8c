import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BallotChoice,
  FinancialTransaction,
  Meeting,
  Vote,
  VoteTally,
  createMeetingSchema,
  createTransactionSchema,
  createVoteSchema,
  reviewTransactionSchema,
} from '@tt/domain';
import type { z } from 'zod';
import { api } from '../../lib/api';
import { queryRoots } from '../../lib/invalidation';

/** Everything governance shows hangs under one cooperative: detail(coopId). */
export const governanceKeys = {
  all: [queryRoots.governance] as const,
  details: () => [...governanceKeys.all, 'coop'] as const,
  detail: (coopId: number) => [...governanceKeys.details(), coopId] as const,
  votes: (coopId: number) => [...governanceKeys.detail(coopId), 'votes'] as const,
  results: (coopId: number, voteId: number) => [...governanceKeys.votes(coopId), voteId, 'results'] as const,
  meetings: (coopId: number) => [...governanceKeys.detail(coopId), 'meetings'] as const,
  transactions: (coopId: number) => [...governanceKeys.detail(coopId), 'transactions'] as const,
};

const base = (coopId: number) => `/api/cooperatives/${coopId}`;

export interface VoteResults {
  vote: Vote;
  tally: VoteTally;
}

export const votesQuery = (coopId: number) =>
  queryOptions({
    queryKey: governanceKeys.votes(coopId),
    queryFn: () => api.get<Vote[]>(`${base(coopId)}/votes`),
  });

export const meetingsQuery = (coopId: number) =>
  queryOptions({
    queryKey: governanceKeys.meetings(coopId),
    queryFn: () => api.get<Meeting[]>(`${base(coopId)}/meetings`),
  });

export const transactionsQuery = (coopId: number) =>
  queryOptions({
    queryKey: governanceKeys.transactions(coopId),
    queryFn: () => api.get<FinancialTransaction[]>(`${base(coopId)}/financial-transactions`),
  });

export const resultsQuery = (coopId: number, voteId: number) =>
  queryOptions({
    queryKey: governanceKeys.results(coopId, voteId),
    queryFn: () => api.get<VoteResults>(`${base(coopId)}/votes/${voteId}/results`),
    staleTime: 0,
  });

export const useVotes = (coopId: number) => useQuery(votesQuery(coopId));
export const useMeetings = (coopId: number) => useQuery(meetingsQuery(coopId));
export const useTransactions = (coopId: number) => useQuery(transactionsQuery(coopId));
export const useVoteResults = (coopId: number, voteId: number) => useQuery(resultsQuery(coopId, voteId));

export type CreateVote = z.output<typeof createVoteSchema>;
export type CreateMeeting = z.output<typeof createMeetingSchema>;
export type CreateTransaction = z.output<typeof createTransactionSchema>;
export type ReviewTransaction = z.output<typeof reviewTransactionSchema>;

export function useCreateVote(coopId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateVote) => api.post<Vote>(`${base(coopId)}/votes`, input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: governanceKeys.votes(coopId) }),
  });
}

/** A ballot or a close answers with the vote and its tally: both go straight into the cache. */
function useVoteChange<V>(coopId: number, mutationFn: (variables: V) => Promise<VoteResults>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (answer) => {
      queryClient.setQueryData(governanceKeys.results(coopId, answer.vote.id), answer);
      queryClient.setQueryData<Vote[]>(governanceKeys.votes(coopId), (votes) =>
        votes?.map((v) => (v.id === answer.vote.id ? answer.vote : v)),
      );
      void queryClient.invalidateQueries({ queryKey: governanceKeys.votes(coopId), exact: true });
    },
  });
}

export function useCastBallot(coopId: number) {
  return useVoteChange(coopId, ({ voteId, choice }: { voteId: number; choice: BallotChoice }) =>
    api.post<VoteResults>(`${base(coopId)}/votes/${voteId}/ballots`, { choice }),
  );
}

export function useCloseVote(coopId: number) {
  return useVoteChange(coopId, (voteId: number) =>
    api.post<VoteResults>(`${base(coopId)}/votes/${voteId}/close`),
  );
}

export function useCreateMeeting(coopId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateMeeting) => api.post<Meeting>(`${base(coopId)}/meetings`, input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: governanceKeys.meetings(coopId) }),
  });
}

export function useAttendMeeting(coopId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (meetingId: number) => api.post<Meeting>(`${base(coopId)}/meetings/${meetingId}/attendance`),
    onSuccess: (meeting) => {
      queryClient.setQueryData<Meeting[]>(governanceKeys.meetings(coopId), (meetings) =>
        meetings?.map((m) => (m.id === meeting.id ? meeting : m)),
      );
      void queryClient.invalidateQueries({ queryKey: governanceKeys.meetings(coopId) });
    },
  });
}

export function useCreateTransaction(coopId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTransaction) =>
      api.post<FinancialTransaction>(`${base(coopId)}/financial-transactions`, input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: governanceKeys.transactions(coopId) }),
  });
}

export function useReviewTransaction(coopId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...review }: ReviewTransaction & { id: number }) =>
      api.post<FinancialTransaction>(`${base(coopId)}/financial-transactions/${id}/review`, review),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: governanceKeys.transactions(coopId) }),
  });
}
