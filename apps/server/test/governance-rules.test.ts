import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FinancialTransaction, Vote } from '@tt/domain';
import { coopTransactions } from '../src/db/schema.ts';
import { count, createTestApp, expectError, type TestApp } from './support/test-app.ts';
import { newMember, seededCoops } from './support/cooperatives.ts';

const DAY = 24 * 60 * 60 * 1000;
const inDays = (d: number) => new Date(Date.now() + d * DAY).toISOString();

/** Issue 8 finding 7 (DECISIONS 22) and the vote part of finding 9. */
describe('governance rules', () => {
  let t: TestApp;
  let base: string;
  let coopId: number;
  beforeAll(async () => {
    t = await createTestApp();
    coopId = (await seededCoops(t.db)).soweto;
    base = `/api/cooperatives/${coopId}`;
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, cookie: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: { cookie } });
  const statusOf = async (id: number) =>
    (await t.db.select().from(coopTransactions).where(eq(coopTransactions.id, id)))[0]!;

  it('a coordinator cannot approve their own R99,999.99 transaction; another coordinator or an admin can', async () => {
    const coordinator = await newMember(t, coopId, { is_coordinator: true });
    const created = await post(
      `${base}/financial-transactions`,
      { transaction_type: 'operational_expense', amount: 99_999.99, description: 'Consulting' },
      coordinator.cookie,
    );
    expect(created.statusCode, created.body).toBe(201);
    const tx = created.json() as FinancialTransaction;
    const url = `${base}/financial-transactions/${tx.id}/review`;

    const before = await statusOf(tx.id);
    const own = expectError(
      await post(url, { decision: 'approved' }, coordinator.cookie),
      403,
      'transaction.review_not_allowed',
    );
    expect(own.message).toMatch(/own/i);
    expect(await statusOf(tx.id)).toEqual(before);

    const other = await newMember(t, coopId, { is_coordinator: true });
    const approved = await post(url, { decision: 'approved' }, other.cookie);
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await statusOf(tx.id)).reviewed_by).toBe(other.id);

    // An admin (not a member) reviews too.
    const second = (
      await post(
        `${base}/financial-transactions`,
        { transaction_type: 'share_payment', amount: 500, description: 'Share' },
        coordinator.cookie,
      )
    ).json() as FinancialTransaction;
    const byAdmin = await post(
      `${base}/financial-transactions/${second.id}/review`,
      { decision: 'rejected', note: 'No proof of payment' },
      await t.login('admin'),
    );
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json()).toMatchObject({ status: 'rejected' });
  });

  it('refuses a vote whose end date is in the past (400 naming end_date), writing nothing', async () => {
    const member = await newMember(t, coopId);
    const before = await count(t.db, 'votes');
    const error = expectError(
      await post(`${base}/votes`, { title: 'Too late', end_date: inDays(-1) }, member.cookie),
      400,
      'bad_request',
    );
    expect(error.fields).toHaveProperty('end_date');
    expect(await count(t.db, 'votes')).toBe(before);
  });

  it('a vote whose start is in the future is scheduled, not active; one open now is active', async () => {
    const member = await newMember(t, coopId);
    const later = await post(
      `${base}/votes`,
      { title: 'Next month', start_date: inDays(2), end_date: inDays(9) },
      member.cookie,
    );
    expect(later.statusCode, later.body).toBe(201);
    expect((later.json() as Vote).status).toBe('scheduled');
    const listed = (
      await t.app.inject({ method: 'GET', url: `${base}/votes`, headers: { cookie: member.cookie } })
    ).json() as Vote[];
    expect(listed.find((v) => v.id === (later.json() as Vote).id)?.status).toBe('scheduled');
    const now = await post(`${base}/votes`, { title: 'Now', end_date: inDays(3) }, member.cookie);
    expect((now.json() as Vote).status).toBe('active');
  });
});
