import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  governanceContracts as c,
  type BallotChoice,
  type BodyIn,
  type Meeting,
  type ResponseOf,
  type Vote,
} from '@tt/domain';
import { call } from '../../lib/api';
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

export type VoteResults = ResponseOf<typeof c.results>;

export const votesQuery = (coopId: number) =>
  queryOptions({
    queryKey: governanceKeys.votes(coopId),
    queryFn: () => call(c.votes, { params: { id: coopId } }),
  });

export const meetingsQuery = (coopId: number) =>
  queryOptions({
    queryKey: governanceKeys.meetings(coopId),
    queryFn: () => call(c.meetings, { params: { id: coopId } }),
  });

export const transactionsQuery = (coopId: number) =>
  queryOptions({
    queryKey: governanceKeys.transactions(coopId),
    queryFn: () => call(c.transactions, { params: { id: coopId } }),
  });

export const resultsQuery = (coopId: number, voteId: number) =>
  queryOptions({
    queryKey: governanceKeys.results(coopId, voteId),
    queryFn: () => call(c.results, { params: { id: coopId, voteId } }),
    staleTime: 0,
  });

export const useVotes = (coopId: number) => useQuery(votesQuery(coopId));
export const useMeetings = (coopId: number) => useQuery(meetingsQuery(coopId));
export const useTransactions = (coopId: number) => useQuery(transactionsQuery(coopId));
export const useVoteResults = (coopId: number, voteId: number) => useQuery(resultsQuery(coopId, voteId));

export type CreateVote = BodyIn<typeof c.createVote>;
export type CreateMeeting = BodyIn<typeof c.createMeeting>;
export type CreateTransaction = BodyIn<typeof c.createTransaction>;
export type ReviewTransaction = BodyIn<typeof c.review>;

export function useCreateVote(coopId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateVote) => call(c.createVote, { params: { id: coopId }, body: input }),
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
    call(c.castBallot, { params: { id: coopId, voteId }, body: { choice } }),
  );
}

export function useCloseVote(coopId: number) {
  return useVoteChange(coopId, (voteId: number) => call(c.closeVote, { params: { id: coopId, voteId } }));
}

export function useCreateMeeting(coopId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateMeeting) => call(c.createMeeting, { params: { id: coopId }, body: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: governanceKeys.meetings(coopId) }),
  });
}

export function useAttendMeeting(coopId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (meetingId: number) => call(c.attend, { params: { id: coopId, meetingId } }),
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
      call(c.createTransaction, { params: { id: coopId }, body: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: governanceKeys.transactions(coopId) }),
  });
}

export function useReviewTransaction(coopId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...review }: ReviewTransaction & { id: number }) =>
      call(c.review, { params: { id: coopId, txId: id }, body: review }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: governanceKeys.transactions(coopId) }),
  });
}
