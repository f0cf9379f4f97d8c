import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  financialTransactionSchema,
  meetingSchema,
  voteResultsSchema,
  voteSchema,
  type FinancialTransaction,
  type Meeting,
  type Vote,
  type VoteTally,
} from '@tt/domain';
import { votes } from '../src/db/schema.ts';
import { count, createTestApp, expectError, type TestApp } from './support/test-app.ts';
import { newMember, outsider, seededCoops } from './support/cooperatives.ts';

const DAY = 24 * 60 * 60 * 1000;
const inDays = (d: number) => new Date(Date.now() + d * DAY).toISOString();

describe('cooperative governance', () => {
  let t: TestApp;
  let retailer: string;
  let coordinator: string;
  let admin: string;
  let coops: Awaited<ReturnType<typeof seededCoops>>;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    [retailer, coordinator, admin] = await Promise.all([
      t.login('retailer'),
      t.login('coordinator'),
      t.login('admin'),
    ]);
    coops = await seededCoops(t.db);
    base = `/api/cooperatives/${coops.soweto}`;
  });
  afterAll(() => t.close());

  const get = (url: string, cookie = retailer) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (url: string, payload: unknown = undefined, cookie = retailer) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const createVote = async (cookie = retailer, over: Record<string, unknown> = {}) => {
    const response = await post(`${base}/votes`, { title: 'Buy a shared fridge', ...over }, cookie);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Vote;
  };

  describe('access', () => {
    it('refuses non-members (403) on every governance call, answers admins, 404s unknown co-ops', async () => {
      const stranger = await outsider(t);
      for (const path of ['votes', 'meetings', 'financial-transactions']) {
        expectError(await get(`${base}/${path}`, stranger.cookie), 403, 'coop.not_member');
        expect((await get(`${base}/${path}`, admin)).statusCode).toBe(200);
        expectError(await get(`/api/cooperatives/999999/${path}`), 404, 'coop.not_found');
      }
      const before = await count(t.db, 'votes');
      expectError(await post(`${base}/votes`, { title: 'Sneaky' }, stranger.cookie), 403, 'coop.not_member');
      expectError(
        await post(`${base}/meetings`, { title: 'Sneaky' }, stranger.cookie),
        403,
        'coop.not_member',
      );
      expectError(
        await post(
          `${base}/financial-transactions`,
          { transaction_type: 'share_payment', amount: 10, description: 'x' },
          stranger.cookie,
        ),
        403,
        'coop.not_member',
      );
      expect(await count(t.db, 'votes')).toBe(before);
    });
  });

  describe('votes', () => {
    it('lists the seeded votes newest first with my_ballot and a fixed outcome on completed ones', async () => {
      const response = await get(`${base}/votes`);
      expect(response.statusCode).toBe(200);
      const list = response.json() as Vote[];
      for (const v of list) voteSchema.parse(v);
      const running = list.find((v) => v.status === 'active')!;
      expect(running.my_ballot).toBeNull();
      expect(running.outcome).toBeNull();
      const completed = list.find((v) => v.status === 'completed')!;
      expect(completed.outcome).toBe('carried');
    });

    it('creates a vote (type defaults to general_resolution, created_by the caller)', async () => {
      const vote = await createVote(retailer, { end_date: inDays(3) });
      expect(vote).toMatchObject({
        title: 'Buy a shared fridge',
        vote_type: 'general_resolution',
        status: 'active',
        created_by: await t.demoUserId('retailer'),
        created_by_name: 'Thandi Mokoena',
        my_ballot: null,
        outcome: null,
      });
    });

    it('refuses a bad vote with 400 and writes nothing', async () => {
      const before = await count(t.db, 'votes');
      expectError(await post(`${base}/votes`, { title: '   ' }), 400, 'bad_request');
      expectError(
        await post(`${base}/votes`, { title: 'Dates', start_date: inDays(2), end_date: inDays(1) }),
        400,
        'bad_request',
      );
      expectError(
        await post(`${base}/votes`, { title: 'Dates', start_date: 'tomorrow' }),
        400,
        'bad_request',
      );
      expect(await count(t.db, 'votes')).toBe(before);
    });

    it('casts one ballot per member, tallies with turnout, refuses a second (409)', async () => {
      const vote = await createVote();
      const response = await post(`${base}/votes/${vote.id}/ballots`, { choice: 'for' });
      expect(response.statusCode, response.body).toBe(201);
      const body = voteResultsSchema.parse(response.json());
      expect(body.vote.my_ballot).toBe('for');
      const eligible = await count(
        t.db,
        'cooperative_memberships',
        sql`coop_id = ${coops.soweto} and voting_rights`,
      );
      expect(body.tally).toEqual({
        for: 1,
        against: 0,
        abstain: 0,
        cast: 1,
        eligible,
        turnout_percent: Math.round((1 / eligible) * 1000) / 10,
      } satisfies VoteTally);
      expectError(
        await post(`${base}/votes/${vote.id}/ballots`, { choice: 'against' }),
        409,
        'vote.already_voted',
      );
      expect(await count(t.db, 'ballots', sql`vote_id = ${vote.id}`)).toBe(1);
      expectError(await post(`${base}/votes/${vote.id}/ballots`, { choice: 'maybe' }, coordinator), 400);
      expect(await count(t.db, 'ballots', sql`vote_id = ${vote.id}`)).toBe(1);
    });

    it('refuses ballots from non-members, members without voting rights and admins who are not members (403)', async () => {
      const vote = await createVote();
      const silent = await newMember(t, coops.soweto, { voting_rights: false });
      const stranger = await outsider(t);
      expectError(await post(`${base}/votes/${vote.id}/ballots`, { choice: 'for' }, silent.cookie), 403);
      expectError(await post(`${base}/votes/${vote.id}/ballots`, { choice: 'for' }, stranger.cookie), 403);
      expectError(await post(`${base}/votes/${vote.id}/ballots`, { choice: 'for' }, admin), 403);
      expect(await count(t.db, 'ballots', sql`vote_id = ${vote.id}`)).toBe(0);
    });

    it('refuses ballots before the start (409) and on unknown votes (404)', async () => {
      const later = await createVote(retailer, { start_date: inDays(1), end_date: inDays(2) });
      expectError(await post(`${base}/votes/${later.id}/ballots`, { choice: 'for' }), 409, 'vote.not_open');
      expectError(await post(`${base}/votes/999999/ballots`, { choice: 'for' }), 404, 'vote.not_found');
      // A vote of another cooperative is not found under this one.
      const umlazi = (await get(`/api/cooperatives/${coops.umlazi}/votes`)).json() as Vote[];
      expectError(await get(`${base}/votes/${umlazi[0]!.id}/results`), 404, 'vote.not_found');
    });

    it('closes: only the creator or a coordinator (403), outcome fixed, then no ballots (409)', async () => {
      const vote = await createVote(retailer);
      const member = await newMember(t, coops.soweto);
      const against1 = await newMember(t, coops.soweto);
      expect(
        (await post(`${base}/votes/${vote.id}/ballots`, { choice: 'for' }, member.cookie)).statusCode,
      ).toBe(201);
      expect(
        (await post(`${base}/votes/${vote.id}/ballots`, { choice: 'against' }, against1.cookie)).statusCode,
      ).toBe(201);
      expectError(
        await post(`${base}/votes/${vote.id}/close`, undefined, member.cookie),
        403,
        'vote.close_not_allowed',
      );
      const closed = await post(`${base}/votes/${vote.id}/close`, undefined, coordinator);
      expect(closed.statusCode, closed.body).toBe(200);
      const body = voteResultsSchema.parse(closed.json());
      // 1 for, 1 against: no majority.
      expect(body.vote).toMatchObject({ status: 'completed', outcome: 'not_carried' });
      expect(body.tally).toMatchObject({ for: 1, against: 1, cast: 2 });
      expectError(await post(`${base}/votes/${vote.id}/ballots`, { choice: 'for' }), 409, 'vote.closed');
      expectError(
        await post(`${base}/votes/${vote.id}/close`, undefined, coordinator),
        409,
        'vote.already_closed',
      );
      const results = voteResultsSchema.parse((await get(`${base}/votes/${vote.id}/results`)).json());
      expect(results.tally.cast).toBe(2);
      expect(results.vote.outcome).toBe('not_carried');

      // The creator may close their own vote.
      const own = await createVote(member.cookie);
      await post(`${base}/votes/${own.id}/ballots`, { choice: 'for' }, member.cookie);
      const mine = await post(`${base}/votes/${own.id}/close`, undefined, member.cookie);
      expect(mine.statusCode).toBe(200);
      expect((mine.json() as { vote: Vote }).vote.outcome).toBe('carried');
    });

    it('shows an ended vote as completed with its outcome at once and refuses later ballots (409)', async () => {
      const vote = await createVote();
      const voter = await newMember(t, coops.soweto);
      await post(`${base}/votes/${vote.id}/ballots`, { choice: 'for' }, voter.cookie);
      // The end date passes; the closing job has not run yet.
      await t.db
        .update(votes)
        .set({ start_date: new Date(Date.now() - 2 * DAY), end_date: new Date(Date.now() - 1000) })
        .where(eq(votes.id, vote.id));
      expectError(await post(`${base}/votes/${vote.id}/ballots`, { choice: 'against' }), 409, 'vote.closed');
      const listed = ((await get(`${base}/votes`)).json() as Vote[]).find((v) => v.id === vote.id)!;
      expect(listed).toMatchObject({ status: 'completed', outcome: 'carried' });
      const results = (await get(`${base}/votes/${vote.id}/results`)).json() as { vote: Vote };
      expect(results.vote).toMatchObject({ status: 'completed', outcome: 'carried' });
      // The refused ballot was not counted.
      expect(await count(t.db, 'ballots', sql`vote_id = ${vote.id}`)).toBe(1);
    });

    it('reading the votes writes nothing: the closing job completes an ended vote (jobs.test.ts)', async () => {
      const vote = await createVote();
      await t.db
        .update(votes)
        .set({ end_date: new Date(Date.now() - 1000) })
        .where(eq(votes.id, vote.id));
      const listed = ((await get(`${base}/votes`)).json() as Vote[]).find((v) => v.id === vote.id)!;
      expect(listed).toMatchObject({ status: 'completed', outcome: 'not_carried' });
      const [stored] = await t.db.select().from(votes).where(eq(votes.id, vote.id));
      expect(stored).toMatchObject({ status: 'active', outcome: null, completed_at: null });
    });
  });

  describe('meetings', () => {
    it('lists meetings by date with attendees_count and attending', async () => {
      const response = await get(`${base}/meetings`);
      expect(response.statusCode).toBe(200);
      const list = response.json() as Meeting[];
      for (const m of list) meetingSchema.parse(m);
      const dates = list.map((m) => m.meeting_date ?? '9999');
      expect(dates).toEqual([...dates].sort());
      expect(list.some((m) => m.status === 'completed' && m.attendees_count > 0)).toBe(true);
    });

    it('schedules a meeting and records attendance once per member', async () => {
      const created = await post(`${base}/meetings`, {
        title: 'Stokvel payout',
        meeting_date: inDays(5),
        agenda: 'Payout',
      });
      expect(created.statusCode, created.body).toBe(201);
      const meeting = created.json() as Meeting;
      expect(meeting).toMatchObject({
        status: 'scheduled',
        attendees_count: 0,
        attending: false,
        created_by_name: 'Thandi Mokoena',
      });
      const joined = await post(`${base}/meetings/${meeting.id}/attendance`);
      expect(joined.statusCode, joined.body).toBe(201);
      expect(joined.json()).toMatchObject({ attendees_count: 1, attending: true });
      expectError(await post(`${base}/meetings/${meeting.id}/attendance`), 409, 'meeting.already_joined');
      const other = await newMember(t, coops.soweto);
      const second = await post(`${base}/meetings/${meeting.id}/attendance`, undefined, other.cookie);
      expect(second.json()).toMatchObject({ attendees_count: 2, attending: true });
      const stranger = await outsider(t);
      expectError(await post(`${base}/meetings/${meeting.id}/attendance`, undefined, stranger.cookie), 403);
      const listed = ((await get(`${base}/meetings`)).json() as Meeting[]).find((m) => m.id === meeting.id)!;
      expect(listed).toMatchObject({ attendees_count: 2, attending: true });
      expect(await count(t.db, 'meeting_attendance', sql`meeting_id = ${meeting.id}`)).toBe(2);
    });

    it('refuses attendance on past or undated meetings (409) and bad meetings (400, nothing written)', async () => {
      const past = (
        await post(`${base}/meetings`, { title: 'Old', meeting_date: inDays(-1) })
      ).json() as Meeting;
      expectError(await post(`${base}/meetings/${past.id}/attendance`), 409, 'meeting.not_upcoming');
      const undated = (await post(`${base}/meetings`, { title: 'Sometime' })).json() as Meeting;
      expectError(await post(`${base}/meetings/${undated.id}/attendance`), 409, 'meeting.not_upcoming');
      expectError(await post(`${base}/meetings/999999/attendance`), 404, 'meeting.not_found');
      const before = await count(t.db, 'meetings');
      expectError(await post(`${base}/meetings`, { title: '' }), 400, 'bad_request');
      expectError(await post(`${base}/meetings`, { title: 'x', meeting_date: 'soon' }), 400, 'bad_request');
      expect(await count(t.db, 'meetings')).toBe(before);
    });
  });

  describe('financial transactions', () => {
    it('lists newest first with signed amounts and reference numbers', async () => {
      const response = await get(`${base}/financial-transactions`);
      expect(response.statusCode).toBe(200);
      const list = response.json() as FinancialTransaction[];
      for (const tx of list) financialTransactionSchema.parse(tx);
      expect(new Set(list.map((tx) => tx.status))).toEqual(new Set(['approved', 'pending', 'rejected']));
      expect(
        list.filter((tx) => tx.transaction_type === 'operational_expense').every((tx) => tx.amount < 0),
      ).toBe(true);
      expect(list.filter((tx) => tx.transaction_type === 'share_payment').every((tx) => tx.amount > 0)).toBe(
        true,
      );
      expect(new Set(list.map((tx) => tx.reference_number)).size).toBe(list.length);
      const created = list.map((tx) => tx.created_at);
      expect(created).toEqual([...created].sort().reverse());
    });

    it('records a pending transaction signed by its type, with a unique reference', async () => {
      const expense = await post(`${base}/financial-transactions`, {
        transaction_type: 'operational_expense',
        amount: 120.5,
        description: 'Airtime for the committee',
      });
      expect(expense.statusCode, expense.body).toBe(201);
      const body = expense.json() as FinancialTransaction;
      expect(body).toMatchObject({
        amount: -120.5,
        status: 'pending',
        member_name: 'Thandi Mokoena',
        reviewed_by_name: null,
      });
      expect(body.reference_number).toMatch(/^TXN-\d{3}-\d{6}$/);
      const income = (
        await post(`${base}/financial-transactions`, {
          transaction_type: 'commission_earned',
          amount: 80,
          description: 'Rebate',
        })
      ).json() as FinancialTransaction;
      expect(income.amount).toBe(80);
      expect(income.reference_number).not.toBe(body.reference_number);
    });

    it('refuses bad transactions with 400 and writes nothing', async () => {
      const before = await count(t.db, 'coop_transactions');
      for (const payload of [
        { transaction_type: 'bribe', amount: 10, description: 'x' },
        { transaction_type: 'share_payment', amount: -10, description: 'x' },
        { transaction_type: 'share_payment', amount: 10.005, description: 'x' },
        { transaction_type: 'share_payment', amount: 10, description: '' },
      ]) {
        expectError(await post(`${base}/financial-transactions`, payload), 400, 'bad_request');
      }
      expect(await count(t.db, 'coop_transactions')).toBe(before);
    });

    it('review: coordinators and admins only (403), pending only (409); a reviewed row never changes', async () => {
      const created = (
        await post(`${base}/financial-transactions`, {
          transaction_type: 'bulk_purchase',
          amount: 999.99,
          description: 'Sugar',
        })
      ).json() as FinancialTransaction;
      const url = `${base}/financial-transactions/${created.id}/review`;
      expectError(await post(url, { decision: 'approved' }), 403, 'transaction.review_not_allowed');
      // DECISIONS 22: an admin may review (governance-rules.test.ts); here the coordinator does.
      expectError(await post(url, { decision: 'maybe' }, coordinator), 400, 'bad_request');
      const reviewed = await post(url, { decision: 'approved', note: 'Invoice checked' }, coordinator);
      expect(reviewed.statusCode, reviewed.body).toBe(200);
      expect(reviewed.json()).toMatchObject({
        status: 'approved',
        reviewed_by_name: 'Nomsa Khumalo',
        review_note: 'Invoice checked',
        amount: -999.99,
      });
      expectError(
        await post(url, { decision: 'rejected' }, coordinator),
        409,
        'transaction.already_reviewed',
      );
      const listed = ((await get(`${base}/financial-transactions`)).json() as FinancialTransaction[]).find(
        (tx) => tx.id === created.id,
      )!;
      expect(listed.status).toBe('approved');
      expectError(
        await post(`${base}/financial-transactions/999999/review`, { decision: 'approved' }, coordinator),
        404,
        'transaction.not_found',
      );

      // A correction is a new transaction pointing at the approved one, undoing it exactly: the same
      // type and the opposite amount, whatever the request said.
      const correction = await post(`${base}/financial-transactions`, {
        transaction_type: 'share_payment',
        amount: 1,
        description: 'Reversal: sugar was returned',
        reverses_id: created.id,
      });
      expect(correction.statusCode, correction.body).toBe(201);
      expect(correction.json()).toMatchObject({
        reverses_id: created.id,
        status: 'pending',
        transaction_type: 'bulk_purchase',
        amount: 999.99,
      });
      // One reversal per transaction (unless that reversal was rejected).
      expectError(
        await post(`${base}/financial-transactions`, {
          transaction_type: 'bulk_purchase',
          amount: 999.99,
          description: 'Second reversal',
          reverses_id: created.id,
        }),
        409,
        'transaction.already_reversed',
      );
      // Only an approved transaction of this co-op can be reversed.
      const pending = correction.json() as FinancialTransaction;
      expectError(
        await post(`${base}/financial-transactions`, {
          transaction_type: 'share_payment',
          amount: 1,
          description: 'x',
          reverses_id: pending.id,
        }),
        409,
        'transaction.reverse_not_approved',
      );
      const umlaziTx = (
        (
          await get(`/api/cooperatives/${coops.umlazi}/financial-transactions`)
        ).json() as FinancialTransaction[]
      )[0]!;
      const foreign = expectError(
        await post(`${base}/financial-transactions`, {
          transaction_type: 'share_payment',
          amount: 1,
          description: 'x',
          reverses_id: umlaziTx.id,
        }),
        400,
        'transaction.reverse_unknown',
      );
      expect(foreign.field_codes).toEqual({ reverses_id: { code: 'validation.not_in_coop' } });
    });
  });
});
