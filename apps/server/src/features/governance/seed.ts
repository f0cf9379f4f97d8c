import { inArray, or, sql } from 'drizzle-orm';
import { TRANSACTION_DIRECTION, voteOutcome, type TransactionType } from '@tt/domain';
import type { AreaSeed } from '../../db/seed-types.ts';
import { activeCooperatives, at as atDays } from '../../db/seed-world.ts';
import { ballots, coopTransactions, meetingAttendance, meetings, votes } from './tables.ts';

/**
 * For every active cooperative a running and a completed vote, an upcoming and a past meeting and a small
 * ledger. The demo retailer has cast no ballot, so Vote Now works for them.
 */
export const seed: AreaSeed = {
  area: 'governance',
  async demo(tx, world) {
    const { demo } = world.users!;
    const at = (days: number) => atDays(world.now, days);
    for (const [index, coop] of activeCooperatives(world).entries()) {
      const { others } = coop;
      const [running] = await tx
        .insert(votes)
        .values({
          coop_id: coop.id,
          title: 'Approve the winter stock-up bulk purchase',
          description: 'Pool R25 000 for paraffin, maize meal and candles before the cold months.',
          vote_type: 'financial_approval',
          start_date: at(-2),
          end_date: at(7),
          status: 'active',
          created_by: demo.coordinator,
          created_at: at(-2),
        })
        .returning({ id: votes.id });
      const runningChoices = ['for', 'for', 'against', 'for', 'abstain'] as const;
      await tx
        .insert(ballots)
        .values(runningChoices.map((choice, i) => ({ vote_id: running!.id, user_id: others[i]!, choice })));
      const completedChoices = ['for', 'against', 'for', 'for', 'against', 'for', 'abstain', 'for'] as const;
      const tally = { for: 0, against: 0 };
      for (const c of completedChoices) if (c !== 'abstain') tally[c] += 1;
      const [completed] = await tx
        .insert(votes)
        .values({
          coop_id: coop.id,
          title: 'Elect the treasurer for the coming year',
          description: 'Office bearer election held at the annual general meeting.',
          vote_type: 'office_bearer_election',
          start_date: at(-40),
          end_date: at(-30),
          status: 'completed',
          outcome: voteOutcome(tally),
          created_by: demo.coordinator,
          created_at: at(-40),
          completed_at: at(-30),
        })
        .returning({ id: votes.id });
      await tx
        .insert(ballots)
        .values(
          completedChoices.map((choice, i) => ({ vote_id: completed!.id, user_id: others[i + 2]!, choice })),
        );

      await tx.insert(meetings).values({
        coop_id: coop.id,
        title: 'Monthly members meeting',
        description: 'Bulk order results and the warehouse roster.',
        meeting_date: at(10 + index),
        agenda: '1. Bulk order results\n2. Warehouse roster\n3. General',
        status: 'scheduled',
        attendees_count: 0,
        created_by: demo.coordinator,
        created_at: at(-3),
      });
      const attended = others.slice(0, 9);
      const [past] = await tx
        .insert(meetings)
        .values({
          coop_id: coop.id,
          title: 'Annual general meeting',
          description: 'Financial statements and the election of office bearers.',
          meeting_date: at(-30),
          agenda: '1. Financial statements\n2. Elections',
          status: 'completed',
          attendees_count: attended.length,
          created_by: demo.coordinator,
          created_at: at(-45),
        })
        .returning({ id: meetings.id });
      await tx
        .insert(meetingAttendance)
        .values(attended.map((user_id) => ({ meeting_id: past!.id, user_id, created_at: at(-31) })));

      // The ledger: approved, rejected and pending rows; reference numbers follow the ids (as in the service).
      const ledger: [TransactionType, number, 'approved' | 'rejected' | 'pending', string, number][] = [
        ['share_payment', 1_250_000, 'approved', 'Share payments collected at the AGM', -28],
        ['bulk_purchase', 842_050, 'approved', 'Maize meal bulk purchase', -20],
        ['commission_earned', 31_500, 'approved', 'Supplier volume rebate', -12],
        ['operational_expense', 95_000, 'rejected', 'Taxi hire for the depot visit', -8],
        ['operational_expense', 45_000, 'pending', 'Storage padlocks and shelving', -2],
        ['dividend_payment', 300_000, 'pending', 'Mid-year dividend to members', -1],
      ];
      for (const [i, [type, cents, status, description, days]] of ledger.entries()) {
        const reviewed = status !== 'pending';
        await tx.insert(coopTransactions).values({
          coop_id: coop.id,
          user_id: i % 2 === 0 ? demo.coordinator : others[i]!,
          transaction_type: type,
          amount_cents: cents * TRANSACTION_DIRECTION[type],
          status,
          description,
          reference_number: `SEED-${coop.id}-${i}`,
          reviewed_by: reviewed ? demo.coordinator : null,
          reviewed_at: reviewed ? at(days + 1) : null,
          review_note: status === 'rejected' ? 'Use the co-op bakkie instead.' : null,
          created_at: at(days),
        });
      }
    }
    await tx.execute(
      sql`update coop_transactions set reference_number =
            'TXN-' || lpad(coop_id::text, 3, '0') || '-' || lpad(id::text, 6, '0')
          where reference_number like 'SEED-%'`,
    );
  },
  /** Demo users' votes, meetings and ledger rows in cooperatives that are not the demo's own. */
  async removeDemo(tx, { userIds, coopIds }) {
    if (userIds.length === 0 && coopIds.length === 0) return;
    const users = userIds.length > 0 ? userIds : [-1];
    const coops = coopIds.length > 0 ? coopIds : [-1];
    // A reversal points at the row it reverses: delete reversals first.
    const ledgerRows = or(
      inArray(coopTransactions.coop_id, coops),
      inArray(coopTransactions.user_id, users),
      inArray(coopTransactions.reviewed_by, users),
    );
    await tx
      .delete(coopTransactions)
      .where(
        or(
          inArray(
            coopTransactions.reverses_id,
            tx.select({ id: coopTransactions.id }).from(coopTransactions).where(ledgerRows),
          ),
          ledgerRows,
        ),
      );
    await tx.delete(votes).where(or(inArray(votes.coop_id, coops), inArray(votes.created_by, users)));
    await tx
      .delete(meetings)
      .where(or(inArray(meetings.coop_id, coops), inArray(meetings.created_by, users)));
  },
};
