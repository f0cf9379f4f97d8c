import { z } from 'zod';
import { idSchema } from './ids.ts';
import { randToCents } from './money.ts';

export const COOPERATIVE_STATUSES = ['active', 'pending', 'inactive'] as const;
export const cooperativeStatusSchema = z.enum(COOPERATIVE_STATUSES);
export type CooperativeStatus = z.infer<typeof cooperativeStatusSchema>;
/** A new member's share in the cooperative: R500.00, shown before joining and recorded on the membership. */
export const COOP_SHARE_CENTS = 50_000;

export const DEFAULT_MINIMUM_MEMBERS = 25;

/** Progress towards the minimum membership, capped at 100%. */
export function membershipProgress(current: number, minimum: number): number {
  if (minimum <= 0) return 100;
  return Math.min(100, Math.round((current / minimum) * 100));
}

/** Who may join: an active cooperative, or a pending one still gathering founding members (DECISIONS 13). */
export function acceptsMembers(status: CooperativeStatus): boolean {
  return status === 'active' || status === 'pending';
}

/** A pending cooperative becomes active the moment it reaches its minimum membership. */
export function statusAfterJoin(
  status: CooperativeStatus,
  membersAfterJoin: number,
  minimum: number,
): CooperativeStatus {
  return status === 'pending' && membersAfterJoin >= minimum ? 'active' : status;
}

export const cooperativeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  area: z.string().nullable(),
  province: z.string().nullable(),
  status: cooperativeStatusSchema,
  current_members: z.number().int(),
  minimum_members: z.number().int(),
  created_at: z.string(),
});
export type Cooperative = z.infer<typeof cooperativeSchema>;

export const membershipSchema = z.object({
  id: z.number().int(),
  coop_id: z.number().int(),
  coop_name: z.string(),
  membership_number: z.string(),
  join_date: z.string(),
  share_amount: z.number(),
  voting_rights: z.boolean(),
  /** Coordinators of the cooperative review transactions, close votes and create bulk orders. */
  is_coordinator: z.boolean(),
});
export type Membership = z.infer<typeof membershipSchema>;

export const joinCooperativeSchema = z.object({ coop_id: idSchema });

/** Start Registration (DECISIONS 13): a pending cooperative with its founder as the first member. */
export const registerCooperativeSchema = z.object({
  name: z.string().trim().min(3, { message: 'validation.required' }).max(120),
  description: z.string().trim().max(1000).nullish(),
  area: z.string().trim().min(2, { message: 'validation.required' }).max(80),
  province: z.string().trim().min(2, { message: 'validation.required' }).max(40),
});

// Governance ------------------------------------------------------------------------------------

export const VOTE_TYPES = ['general_resolution', 'office_bearer_election', 'financial_approval'] as const;
/** `scheduled`: created with a start in the future, not yet open for ballots (shown as such, stored active). */
export const VOTE_STATUSES = ['scheduled', 'active', 'completed', 'cancelled'] as const;
export const BALLOT_CHOICES = ['for', 'against', 'abstain'] as const;
export type VoteStatus = (typeof VOTE_STATUSES)[number];
export type BallotChoice = (typeof BALLOT_CHOICES)[number];

const isoDateTime = z.iso.datetime({ offset: true });

/** POST /api/cooperatives/{id}/votes. Dates are optional date-times; the end comes after the start. */
export const createVoteSchema = z
  .object({
    title: z.string().trim().min(1, { message: 'validation.required' }).max(200),
    description: z.string().trim().max(2000).nullish(),
    vote_type: z.enum(VOTE_TYPES).default('general_resolution'),
    start_date: isoDateTime.nullish(),
    end_date: isoDateTime.nullish(),
  })
  .refine((v) => !v.start_date || !v.end_date || new Date(v.end_date) > new Date(v.start_date), {
    message: 'validation.end_after_start',
    path: ['end_date'],
  });

/**
 * The status a vote shows: a stored active vote whose start is still ahead is `scheduled`. Derived when
 * read, so it turns active by itself at its start without a job.
 */
export function voteStatusAt(
  stored: VoteStatus,
  startDate: string | Date | null,
  now: Date = new Date(),
): VoteStatus {
  return stored === 'active' && startDate !== null && new Date(startDate) > now ? 'scheduled' : stored;
}

/** A new vote must still be open at some point: an end date in the past is refused (400 naming it). */
export function voteEndInPast(endDate: string | null | undefined, now: Date = new Date()): boolean {
  return !!endDate && new Date(endDate) <= now;
}

/** Separation of duties (DECISIONS 22): nobody reviews their own cooperative transaction. */
export function canReviewTransaction(
  reviewer: { id: number; is_coordinator: boolean; is_admin: boolean },
  transaction: { user_id: number; status: string },
): 'ok' | 'own' | 'not_reviewer' | 'reviewed' {
  if (!reviewer.is_coordinator && !reviewer.is_admin) return 'not_reviewer';
  if (transaction.user_id === reviewer.id) return 'own';
  if (transaction.status !== 'pending') return 'reviewed';
  return 'ok';
}

export const voteTallySchema = z.object({
  for: z.number().int(),
  against: z.number().int(),
  abstain: z.number().int(),
  cast: z.number().int(),
  /** Members with voting rights when the tally was taken. */
  eligible: z.number().int(),
  turnout_percent: z.number(),
});
export type VoteTally = z.infer<typeof voteTallySchema>;

export const VOTE_OUTCOMES = ['carried', 'not_carried'] as const;
export type VoteOutcome = (typeof VOTE_OUTCOMES)[number];

export const voteSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  vote_type: z.enum(VOTE_TYPES),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  status: z.enum(VOTE_STATUSES),
  created_by_name: z.string(),
  created_by: z.number().int(),
  /** The caller's ballot, if cast. */
  my_ballot: z.enum(BALLOT_CHOICES).nullable(),
  /** Fixed once the vote is completed; null while it runs. */
  outcome: z.enum(VOTE_OUTCOMES).nullable(),
});
export type Vote = z.infer<typeof voteSchema>;

export const castBallotSchema = z.object({ choice: z.enum(BALLOT_CHOICES) });
export const voteResultsSchema = z.object({ vote: voteSchema, tally: voteTallySchema });

/** Carried by a simple majority of the ballots cast: more for than against (abstentions count for neither). */
export function voteOutcome(tally: Pick<VoteTally, 'for' | 'against'>): VoteOutcome {
  return tally.for > tally.against ? 'carried' : 'not_carried';
}

export function turnoutPercent(cast: number, eligible: number): number {
  return eligible === 0 ? 0 : Math.round((cast / eligible) * 1000) / 10;
}

/** A ballot may be cast while the vote is active and inside its dates. */
export function ballotOpen(
  vote: { status: VoteStatus; start_date: string | null; end_date: string | null },
  now: Date = new Date(),
): boolean {
  if (vote.status !== 'active') return false;
  if (vote.start_date && now < new Date(vote.start_date)) return false;
  if (vote.end_date && now > new Date(vote.end_date)) return false;
  return true;
}

export const MEETING_STATUSES = ['scheduled', 'completed', 'cancelled'] as const;

export const createMeetingSchema = z.object({
  title: z.string().trim().min(1, { message: 'validation.required' }).max(200),
  description: z.string().trim().max(2000).nullish(),
  meeting_date: isoDateTime.nullish(),
  agenda: z.string().trim().max(4000).nullish(),
});

export const meetingSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  meeting_date: z.string().nullable(),
  agenda: z.string().nullable(),
  status: z.enum(MEETING_STATUSES),
  created_by_name: z.string(),
  attendees_count: z.number().int(),
  /** Whether the caller has joined. */
  attending: z.boolean(),
});
export type Meeting = z.infer<typeof meetingSchema>;

/** Spec 1 §4: a meeting is upcoming (joinable) only while scheduled and in the future. */
export function meetingUpcoming(
  meeting: { status: string; meeting_date: string | null },
  now: Date = new Date(),
): boolean {
  return (
    meeting.status === 'scheduled' && meeting.meeting_date !== null && new Date(meeting.meeting_date) > now
  );
}

export const TRANSACTION_TYPES = [
  'share_payment',
  'dividend_payment',
  'operational_expense',
  'bulk_purchase',
  'commission_earned',
] as const;
export const TRANSACTION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** Money into the cooperative is positive, money out negative: the sign follows the type. */
export const TRANSACTION_DIRECTION: Record<TransactionType, 1 | -1> = {
  share_payment: 1,
  commission_earned: 1,
  dividend_payment: -1,
  operational_expense: -1,
  bulk_purchase: -1,
};

export const createTransactionSchema = z.object({
  transaction_type: z.enum(TRANSACTION_TYPES),
  /** A positive rand amount; the type decides the sign. */
  amount: z.number().positive().max(10_000_000),
  description: z.string().trim().min(1, { message: 'validation.required' }).max(500),
  /** Set on a correcting transaction: the one it reverses. */
  reverses_id: idSchema.nullish(),
});

export const reviewTransactionSchema = z.object({
  decision: z.enum(['approved', 'rejected']),
  note: z.string().trim().max(500).nullish(),
});

export const financialTransactionSchema = z.object({
  id: z.number().int(),
  transaction_type: z.enum(TRANSACTION_TYPES),
  amount: z.number(),
  status: z.enum(TRANSACTION_STATUSES),
  description: z.string(),
  created_at: z.string(),
  member_name: z.string(),
  reference_number: z.string(),
  reviewed_by_name: z.string().nullable(),
  review_note: z.string().nullable(),
  reverses_id: z.number().int().nullable(),
  /** Who recorded it: the screen hides Review on one's own transaction (DECISIONS 22). */
  user_id: z.number().int(),
});
export type FinancialTransaction = z.infer<typeof financialTransactionSchema>;

/** Spec 1 §2's four governance tiles, computed from the lists. */
export function governanceTiles(input: {
  votes: readonly Pick<Vote, 'status'>[];
  meetings: readonly Pick<Meeting, 'status' | 'meeting_date'>[];
  transactions: readonly Pick<FinancialTransaction, 'amount' | 'status'>[];
  now?: Date;
}) {
  const now = input.now ?? new Date();
  let totalCents = 0;
  for (const t of input.transactions) totalCents += Math.abs(randToCents(t.amount));
  return {
    active_votes: input.votes.filter((v) => v.status === 'active').length,
    upcoming_meetings: input.meetings.filter((m) => meetingUpcoming(m, now)).length,
    total_transactions_cents: totalCents,
    pending_approvals: input.transactions.filter((t) => t.status === 'pending').length,
  };
}
