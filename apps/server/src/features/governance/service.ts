import { and, asc, desc, eq, inArray, isNotNull, lte, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ballotOpen,
  canReviewTransaction,
  centsToRand,
  meetingUpcoming,
  randToCents,
  TRANSACTION_DIRECTION,
  turnoutPercent,
  voteEndInPast,
  voteOutcome,
  voteStatusAt,
  type BallotChoice,
  type createMeetingSchema,
  type createTransactionSchema,
  type createVoteSchema,
  type FinancialTransaction,
  type Meeting,
  type reviewTransactionSchema,
  type Vote,
  type VoteStatus,
  type VoteTally,
} from '@tt/domain';
import type { Db, Tx } from '../../db/client.ts';
import { fail, field, invalidFields } from '../../platform/errors.ts';
import { enqueue } from '../../platform/jobs/runner.ts';
import { userSummaries, type UserRow } from '../auth/service.ts';
import { countVotingMembers, requireMember } from '../cooperatives/service.ts';
import { ballots, coopTransactions, meetingAttendance, meetings, votes } from './tables.ts';

const LIST_LIMIT = 200;
type Caller = Pick<UserRow, 'id' | 'role'>;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

// Votes ---------------------------------------------------------------------------------------------

async function tallyOf(
  db: Db | Tx,
  voteId: number,
): Promise<Omit<VoteTally, 'eligible' | 'turnout_percent'>> {
  const rows = await db
    .select({ choice: ballots.choice, n: sql<number>`count(*)::int` })
    .from(ballots)
    .where(eq(ballots.vote_id, voteId))
    .groupBy(ballots.choice);
  const tally = { for: 0, against: 0, abstain: 0, cast: 0 };
  for (const r of rows) {
    if (r.choice === 'for' || r.choice === 'against' || r.choice === 'abstain') tally[r.choice] += r.n;
    tally.cast += r.n;
  }
  return tally;
}

/** A vote whose end date has passed is over, whether or not the closing job has run yet. */
function ended(vote: { status: string; end_date: Date | null }, now: Date): boolean {
  return vote.status === 'active' && vote.end_date !== null && vote.end_date.getTime() <= now.getTime();
}

/**
 * Completes the votes whose end date has passed and fixes their outcome. The closing job runs it when a
 * vote ends (and a periodic sweep catches any it missed); reads never write, they compute the same status
 * from the end date (voteRows), so what a member sees is right the moment a vote ends.
 */
export async function completeEndedVotes(tx: Tx, now: Date, voteId?: number): Promise<number> {
  const expired = await tx
    .select({ id: votes.id, end_date: votes.end_date })
    .from(votes)
    .where(
      and(
        voteId === undefined ? undefined : eq(votes.id, voteId),
        eq(votes.status, 'active'),
        isNotNull(votes.end_date),
        lte(votes.end_date, now),
      ),
    )
    .orderBy(asc(votes.id))
    .for('update');
  for (const { id, end_date } of expired) {
    const tally = await tallyOf(tx, id);
    await tx
      .update(votes)
      .set({ status: 'completed', outcome: voteOutcome(tally), completed_at: end_date ?? now })
      .where(and(eq(votes.id, id), eq(votes.status, 'active')));
  }
  return expired.length;
}

/** People's names (users.name) from the auth area: one query for a whole list. */
async function namesOf(db: Db | Tx, ids: Iterable<number>) {
  const people = await userSummaries(db, ids);
  return (id: number) => people.get(id)?.name ?? '';
}

/** The job that closes a vote when it ends, enqueued with the vote (idempotent: one key per vote). */
export const CLOSE_VOTE_JOB = 'governance.close-vote';

async function voteRows(db: Db | Tx, coopId: number, userId: number, voteId?: number): Promise<Vote[]> {
  const now = new Date();
  const rows = await db
    .select({ vote: votes, my_ballot: ballots.choice })
    .from(votes)
    .leftJoin(ballots, and(eq(ballots.vote_id, votes.id), eq(ballots.user_id, userId)))
    .where(and(eq(votes.coop_id, coopId), voteId === undefined ? undefined : eq(votes.id, voteId)))
    .orderBy(desc(votes.created_at), desc(votes.id))
    .limit(LIST_LIMIT);
  const nameOf = await namesOf(
    db,
    rows.map((r) => r.vote.created_by),
  );
  // A vote that has ended but that the closing job has not reached yet is shown as it will be stored.
  const outcomes = new Map<number, Vote['outcome']>();
  for (const { vote } of rows) {
    if (ended(vote, now)) outcomes.set(vote.id, voteOutcome(await tallyOf(db, vote.id)));
  }
  return rows.map(({ vote, my_ballot }) => ({
    id: vote.id,
    title: vote.title,
    description: vote.description,
    vote_type: vote.vote_type as Vote['vote_type'],
    start_date: iso(vote.start_date),
    end_date: iso(vote.end_date),
    status: outcomes.has(vote.id)
      ? 'completed'
      : voteStatusAt(vote.status as VoteStatus, vote.start_date, now),
    created_by_name: nameOf(vote.created_by),
    created_by: vote.created_by,
    my_ballot: (my_ballot as BallotChoice | null) ?? null,
    outcome: outcomes.get(vote.id) ?? (vote.outcome as Vote['outcome']) ?? null,
  }));
}

export async function listVotes(db: Db, coopId: number, user: Caller): Promise<Vote[]> {
  await requireMember(db, coopId, user);
  return voteRows(db, coopId, user.id);
}

export async function createVote(
  db: Db,
  coopId: number,
  user: Caller,
  input: z.output<typeof createVoteSchema>,
): Promise<Vote> {
  await requireMember(db, coopId, user);
  if (voteEndInPast(input.end_date)) {
    throw invalidFields({ end_date: field('validation.future_date') });
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(votes)
      .values({
        coop_id: coopId,
        title: input.title,
        description: input.description ?? null,
        vote_type: input.vote_type,
        start_date: input.start_date ? new Date(input.start_date) : null,
        end_date: input.end_date ? new Date(input.end_date) : null,
        status: 'active',
        created_by: user.id,
      })
      .returning({ id: votes.id });
    if (input.end_date) {
      await enqueue(tx, {
        name: CLOSE_VOTE_JOB,
        key: `${CLOSE_VOTE_JOB}:${row!.id}`,
        payload: { vote_id: row!.id },
        runAt: new Date(input.end_date),
      });
    }
    return (await voteRows(tx, coopId, user.id, row!.id))[0]!;
  });
}

async function results(tx: Db | Tx, coopId: number, userId: number, voteId: number) {
  const [vote] = await voteRows(tx, coopId, userId, voteId);
  if (!vote) throw fail('vote.not_found');
  const tally = await tallyOf(tx, voteId);
  const eligible = await countVotingMembers(tx, coopId);
  return { vote, tally: { ...tally, eligible, turnout_percent: turnoutPercent(tally.cast, eligible) } };
}

/** Locks the vote's row for the rest of the transaction, so a ballot and a close never interleave. */
async function lockVote(tx: Tx, coopId: number, voteId: number) {
  const [vote] = await tx
    .select()
    .from(votes)
    .where(and(eq(votes.id, voteId), eq(votes.coop_id, coopId)))
    .for('update');
  if (!vote) throw fail('vote.not_found');
  return vote;
}

export async function voteResults(db: Db, coopId: number, voteId: number, user: Caller) {
  await requireMember(db, coopId, user);
  return results(db, coopId, user.id, voteId);
}

export async function castBallot(db: Db, coopId: number, voteId: number, user: Caller, choice: BallotChoice) {
  const standing = await requireMember(db, coopId, user, { admins: false });
  if (!standing.membership?.voting_rights) throw fail('vote.no_voting_rights');
  const outcome = await db.transaction(async (tx) => {
    const now = new Date();
    const vote = await lockVote(tx, coopId, voteId);
    if (vote.status !== 'active' || ended(vote, now)) return { refused: 'vote.closed' } as const;
    if (
      !ballotOpen({ status: 'active', start_date: iso(vote.start_date), end_date: iso(vote.end_date) }, now)
    ) {
      return { refused: 'vote.not_open' } as const;
    }
    const inserted = await tx
      .insert(ballots)
      .values({ vote_id: voteId, user_id: user.id, choice })
      .onConflictDoNothing()
      .returning({ id: ballots.id });
    if (inserted.length === 0) return { refused: 'vote.already_voted' } as const;
    return { results: await results(tx, coopId, user.id, voteId) } as const;
  });
  if (!outcome.results) throw fail(outcome.refused ?? 'vote.closed');
  return outcome.results;
}

export async function closeVote(db: Db, coopId: number, voteId: number, user: Caller) {
  const standing = await requireMember(db, coopId, user);
  const outcome = await db.transaction(async (tx) => {
    const now = new Date();
    const vote = await lockVote(tx, coopId, voteId);
    if (vote.created_by !== user.id && !standing.membership?.is_coordinator) {
      throw fail('vote.close_not_allowed');
    }
    // A vote that has ended closed by itself; record that now rather than close it a second time.
    if (ended(vote, now)) await completeEndedVotes(tx, now, voteId);
    if (vote.status !== 'active' || ended(vote, now)) {
      return { refused: 'vote.already_closed' } as const;
    }
    const tally = await tallyOf(tx, voteId);
    await tx
      .update(votes)
      .set({ status: 'completed', outcome: voteOutcome(tally), completed_at: now })
      .where(and(eq(votes.id, voteId), eq(votes.status, 'active')));
    return { results: await results(tx, coopId, user.id, voteId) } as const;
  });
  if (!outcome.results) throw fail(outcome.refused ?? 'vote.closed');
  return outcome.results;
}

// Meetings ------------------------------------------------------------------------------------------

async function meetingRows(
  db: Db | Tx,
  coopId: number,
  userId: number,
  meetingId?: number,
): Promise<Meeting[]> {
  const rows = await db
    .select({ meeting: meetings, attending: meetingAttendance.id })
    .from(meetings)
    .leftJoin(
      meetingAttendance,
      and(eq(meetingAttendance.meeting_id, meetings.id), eq(meetingAttendance.user_id, userId)),
    )
    .where(
      and(eq(meetings.coop_id, coopId), meetingId === undefined ? undefined : eq(meetings.id, meetingId)),
    )
    .orderBy(sql`${meetings.meeting_date} asc nulls last`, asc(meetings.id))
    .limit(LIST_LIMIT);
  const nameOf = await namesOf(
    db,
    rows.map((r) => r.meeting.created_by),
  );
  return rows.map(({ meeting, attending }) => ({
    id: meeting.id,
    title: meeting.title,
    description: meeting.description,
    meeting_date: iso(meeting.meeting_date),
    agenda: meeting.agenda,
    status: meeting.status as Meeting['status'],
    created_by_name: nameOf(meeting.created_by),
    attendees_count: meeting.attendees_count,
    attending: attending !== null,
  }));
}

export async function listMeetings(db: Db, coopId: number, user: Caller): Promise<Meeting[]> {
  await requireMember(db, coopId, user);
  return meetingRows(db, coopId, user.id);
}

export async function createMeeting(
  db: Db,
  coopId: number,
  user: Caller,
  input: z.output<typeof createMeetingSchema>,
): Promise<Meeting> {
  await requireMember(db, coopId, user);
  const [row] = await db
    .insert(meetings)
    .values({
      coop_id: coopId,
      title: input.title,
      description: input.description ?? null,
      meeting_date: input.meeting_date ? new Date(input.meeting_date) : null,
      agenda: input.agenda ?? null,
      status: 'scheduled',
      created_by: user.id,
    })
    .returning({ id: meetings.id });
  return (await meetingRows(db, coopId, user.id, row!.id))[0]!;
}

export async function attendMeeting(
  db: Db,
  coopId: number,
  meetingId: number,
  user: Caller,
): Promise<Meeting> {
  await requireMember(db, coopId, user, { admins: false });
  return db.transaction(async (tx) => {
    const [meeting] = await tx
      .select()
      .from(meetings)
      .where(and(eq(meetings.id, meetingId), eq(meetings.coop_id, coopId)));
    if (!meeting) throw fail('meeting.not_found');
    if (!meetingUpcoming({ status: meeting.status, meeting_date: iso(meeting.meeting_date) })) {
      throw fail('meeting.not_upcoming');
    }
    const inserted = await tx
      .insert(meetingAttendance)
      .values({ meeting_id: meetingId, user_id: user.id })
      .onConflictDoNothing()
      .returning({ id: meetingAttendance.id });
    if (inserted.length === 0) throw fail('meeting.already_joined');
    await tx
      .update(meetings)
      .set({ attendees_count: sql`${meetings.attendees_count} + 1` })
      .where(eq(meetings.id, meetingId));
    return (await meetingRows(tx, coopId, user.id, meetingId))[0]!;
  });
}

// Financial transactions ----------------------------------------------------------------------------

async function transactionRows(db: Db | Tx, coopId: number, ids?: number[]): Promise<FinancialTransaction[]> {
  const rows = await db
    .select()
    .from(coopTransactions)
    .where(and(eq(coopTransactions.coop_id, coopId), ids ? inArray(coopTransactions.id, ids) : undefined))
    .orderBy(desc(coopTransactions.created_at), desc(coopTransactions.id))
    .limit(LIST_LIMIT);
  const nameOf = await namesOf(
    db,
    rows.flatMap((t) => (t.reviewed_by === null ? [t.user_id] : [t.user_id, t.reviewed_by])),
  );
  return rows.map((t) => ({
    id: t.id,
    transaction_type: t.transaction_type as FinancialTransaction['transaction_type'],
    amount: centsToRand(t.amount_cents),
    status: t.status as FinancialTransaction['status'],
    description: t.description,
    created_at: t.created_at.toISOString(),
    member_name: nameOf(t.user_id),
    reference_number: t.reference_number,
    reviewed_by_name: t.reviewed_by === null ? null : nameOf(t.reviewed_by),
    review_note: t.review_note,
    reverses_id: t.reverses_id,
    user_id: t.user_id,
  }));
}

export async function listTransactions(db: Db, coopId: number, user: Caller) {
  await requireMember(db, coopId, user);
  return transactionRows(db, coopId);
}

export const referenceNumber = (coopId: number, id: number) =>
  `TXN-${String(coopId).padStart(3, '0')}-${String(id).padStart(6, '0')}`;

export async function createTransaction(
  db: Db,
  coopId: number,
  user: Caller,
  input: z.output<typeof createTransactionSchema>,
): Promise<FinancialTransaction> {
  await requireMember(db, coopId, user, { admins: false });
  let cents: number;
  try {
    cents = randToCents(input.amount);
  } catch {
    throw invalidFields({ amount: field('validation.decimals') });
  }
  if (cents <= 0) throw invalidFields({ amount: field('validation.positive') });
  return db.transaction(async (tx) => {
    let type = input.transaction_type;
    let amountCents = cents * TRANSACTION_DIRECTION[type];
    if (input.reverses_id) {
      const [reversed] = await tx
        .select({
          status: coopTransactions.status,
          amount_cents: coopTransactions.amount_cents,
          transaction_type: coopTransactions.transaction_type,
        })
        .from(coopTransactions)
        .where(and(eq(coopTransactions.id, input.reverses_id), eq(coopTransactions.coop_id, coopId)));
      if (!reversed) {
        throw fail(
          'transaction.reverse_unknown',
          {},
          { fields: { reverses_id: field('validation.not_in_coop') } },
        );
      }
      if (reversed.status !== 'approved') throw fail('transaction.reverse_not_approved');
      const [earlier] = await tx
        .select({ id: coopTransactions.id })
        .from(coopTransactions)
        .where(
          and(eq(coopTransactions.reverses_id, input.reverses_id), ne(coopTransactions.status, 'rejected')),
        )
        .limit(1);
      if (earlier) throw fail('transaction.already_reversed');
      // A reversal undoes the original exactly: the same type, the opposite amount.
      type = reversed.transaction_type as typeof type;
      amountCents = -reversed.amount_cents;
    }
    // The id is taken first, so the reference number (which shows it) is written with the row.
    const result = await tx.execute(
      sql`select nextval(pg_get_serial_sequence('coop_transactions', 'id'))::int as id`,
    );
    const id = (result as unknown as { rows: { id: number }[] }).rows[0]!.id;
    await tx.insert(coopTransactions).values({
      id,
      coop_id: coopId,
      user_id: user.id,
      transaction_type: type,
      amount_cents: amountCents,
      status: 'pending',
      description: input.description,
      reference_number: referenceNumber(coopId, id),
      reverses_id: input.reverses_id ?? null,
    });
    return (await transactionRows(tx, coopId, [id]))[0]!;
  });
}

/**
 * Review: a coordinator of the cooperative or an admin approves or rejects a pending transaction, never
 * their own (DECISIONS 22: a coordinator approved their own R99,999.99); a reviewed one never changes.
 */
export async function reviewTransaction(
  db: Db,
  coopId: number,
  txId: number,
  user: Caller,
  input: z.output<typeof reviewTransactionSchema>,
): Promise<FinancialTransaction> {
  const standing = await requireMember(db, coopId, user);
  const reviewer = {
    id: user.id,
    is_coordinator: standing.membership?.is_coordinator ?? false,
    is_admin: standing.is_admin,
  };
  if (!reviewer.is_coordinator && !reviewer.is_admin) {
    throw fail(
      'transaction.review_not_allowed',
      {},
      {
        message: 'Only a coordinator of this cooperative or an admin can review transactions.',
      },
    );
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: coopTransactions.status, user_id: coopTransactions.user_id })
      .from(coopTransactions)
      .where(and(eq(coopTransactions.id, txId), eq(coopTransactions.coop_id, coopId)))
      .for('update');
    if (!row) throw fail('transaction.not_found');
    const verdict = canReviewTransaction(reviewer, row);
    if (verdict === 'own') {
      throw fail(
        'transaction.review_not_allowed',
        {},
        {
          message:
            'You cannot review your own transaction: another coordinator of this cooperative or an admin must.',
        },
      );
    }
    if (verdict !== 'ok') throw fail('transaction.already_reviewed');
    const updated = await tx
      .update(coopTransactions)
      .set({
        status: input.decision,
        reviewed_by: user.id,
        reviewed_at: new Date(),
        review_note: input.note ?? null,
      })
      .where(and(eq(coopTransactions.id, txId), eq(coopTransactions.status, 'pending')))
      .returning({ id: coopTransactions.id });
    if (updated.length === 0) throw fail('transaction.already_reviewed');
    return (await transactionRows(tx, coopId, [txId]))[0]!;
  });
}

/** A user's own governance records (ballots, attendance, transactions they recorded), for their data export. */
export async function governanceRecordsOf(db: Db | Tx, userId: number) {
  const ballotRows = await db
    .select({
      vote_id: ballots.vote_id,
      coop_id: votes.coop_id,
      vote_title: votes.title,
      choice: ballots.choice,
      cast_at: ballots.created_at,
    })
    .from(ballots)
    .innerJoin(votes, eq(votes.id, ballots.vote_id))
    .where(eq(ballots.user_id, userId))
    .orderBy(asc(ballots.id));
  const attendance = await db
    .select({
      meeting_id: meetings.id,
      coop_id: meetings.coop_id,
      title: meetings.title,
      meeting_date: meetings.meeting_date,
    })
    .from(meetingAttendance)
    .innerJoin(meetings, eq(meetings.id, meetingAttendance.meeting_id))
    .where(eq(meetingAttendance.user_id, userId))
    .orderBy(asc(meetingAttendance.id));
  const transactions = await db
    .select()
    .from(coopTransactions)
    .where(eq(coopTransactions.user_id, userId))
    .orderBy(asc(coopTransactions.id));
  return {
    ballots: ballotRows,
    meeting_attendance: attendance,
    cooperative_transactions: transactions.map((t) => ({
      id: t.id,
      coop_id: t.coop_id,
      reference_number: t.reference_number,
      transaction_type: t.transaction_type,
      amount: centsToRand(t.amount_cents),
      status: t.status,
      description: t.description,
      created_at: t.created_at,
    })),
  };
}
