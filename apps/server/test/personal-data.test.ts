import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';

import { PERSONAL_DATA_REGISTER } from '@tt/domain';
import { referrals, rewardEntries, sessions, users } from '../src/db/schema.ts';
import { insertCategory, insertProduct, insertUser, placeOrder as placeOne } from './support/marketplace.ts';
import { count, createTestApp, expectError, rowsOf, type TestApp } from './support/test-app.ts';
import { addMember, seededCoops } from './support/cooperatives.ts';

/** Issue 8 finding 10 (POPIA): a user downloads what the product holds about them and closes the account. */
describe('personal data', () => {
  let t: TestApp;
  let supplierId: number;
  let category: number;

  beforeAll(async () => {
    t = await createTestApp();
    supplierId = await t.demoUserId('supplier');
    category = await insertCategory(t.db, 'Popia test', await insertCategory(t.db, 'Popia dept'));
  });
  afterAll(() => t.close());

  /** A real (non-demo) user with a full profile, an order, a co-op membership and a co-op transaction. */
  async function customer() {
    const id = await insertUser(t.db, 'retailer', 'Nandi Khoza');
    await t.db
      .update(users)
      .set({ phone: '+27 82 000 1111', address: '7 Mandela Road', city: 'Umlazi', gst_number: '4000000001' })
      .where(eq(users.id, id));
    const cookie = await t.sessionFor(id);
    const second = await t.sessionFor(id);
    const productId = await insertProduct(t.db, { seller_id: supplierId, category_id: category, stock: 10 });
    const order = await placeOne(
      t.app,
      cookie,
      { productId, quantity: 2 },
      { delivery_address: '7 Mandela Road, Umlazi' },
    );
    const coopId = (await seededCoops(t.db)).umlazi;
    await addMember(t.db, coopId, id);
    const txn = await t.app.inject({
      method: 'POST',
      url: `/api/cooperatives/${coopId}/financial-transactions`,
      headers: { cookie },
      payload: { transaction_type: 'share_payment', amount: 500, description: 'My share' },
    });
    expect(txn.statusCode, txn.body).toBe(201);
    return { id, cookie, second, order, coopId, txnId: (txn.json() as { id: number }).id };
  }

  const exportAs = (format: string, cookie?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/users/me/export?format=${format}`,
      headers: cookie ? { cookie } : {},
    });
  const close = (payload: object | undefined, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/me/close',
      headers: cookie ? { cookie } : {},
      ...(payload ? { payload } : {}),
    });

  it('exports everything held about the user as JSON, as a download', async () => {
    const c = await customer();
    const response = await exportAs('json', c.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="township-trade-.*\.json"/);
    const body = response.json() as Record<string, unknown[] | Record<string, unknown>>;
    expect(body.profile).toMatchObject({ id: c.id, name: 'Nandi Khoza', phone: '+27 82 000 1111' });
    expect(body.orders).toEqual([
      expect.objectContaining({
        order_number: c.order.order_number,
        delivery_address: '7 Mandela Road, Umlazi',
      }),
    ]);
    expect(body.cooperative_memberships).toEqual([expect.objectContaining({ coop_id: c.coopId })]);
    expect(body.cooperative_transactions).toEqual([expect.objectContaining({ id: c.txnId, amount: 500 })]);
    expect((body.sessions as unknown[]).length).toBe(2);
    expect(body.security_events).toEqual([]);
    for (const key of ['cart', 'notifications', 'bulk_order_participations', 'ballots']) {
      expect(body).toHaveProperty(key);
    }
    // Nobody else's data: the seller's name is there as the counterparty, not their profile.
    expect(JSON.stringify(body)).not.toContain('demo.supplier@');
  });

  it('includes support tickets with their threads, live chat, community posts, comments and likes, referrals and rewards', async () => {
    const c = await customer();
    const adminId = await insertUser(t.db, 'admin', 'Desk Agent');
    const admin = await t.sessionFor(adminId);
    const call = async (cookie: string, method: 'POST' | 'PUT', url: string, payload?: object) => {
      const response = await t.app.inject({
        method,
        url,
        headers: { cookie },
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, response.body).toBeLessThan(300);
      return response.json() as { id: number };
    };
    const ticket = await call(c.cookie, 'POST', '/api/support/tickets', {
      subject: 'Crates missing',
      description: 'Two crates of cooldrinks did not arrive.',
    });
    await call(admin, 'POST', `/api/support/tickets/${ticket.id}/messages`, { message: 'We are on it.' });
    await call(c.cookie, 'POST', '/api/support/chat', { message: 'Is anyone there?' });
    await call(admin, 'POST', '/api/support/chat', { message: 'Yes, how can we help?', customer_id: c.id });
    const post = await call(c.cookie, 'POST', '/api/community/posts', {
      content: 'Bread sells out by 9am here.',
    });
    const neighbourId = await insertUser(t.db, 'retailer', 'Sipho Neighbour');
    const neighbour = await t.sessionFor(neighbourId);
    const theirs = await call(neighbour, 'POST', '/api/community/posts', { content: 'Who stocks paraffin?' });
    await call(c.cookie, 'POST', `/api/community/posts/${theirs.id}/comments`, { content: 'Try the depot.' });
    await call(c.cookie, 'PUT', `/api/community/posts/${theirs.id}/like`);
    // Nandi was referred by Sipho, and referred a friend whose first delivery credited her R50.
    const friendId = await insertUser(t.db, 'retailer', 'Friend Zulu');
    await t.db
      .insert(referrals)
      .values({ referrer_id: neighbourId, referred_id: c.id, code: 'BETA9999', reward_cents: 5000 });
    const [made] = await t.db
      .insert(referrals)
      .values({
        referrer_id: c.id,
        referred_id: friendId,
        code: 'BETA0001',
        reward_cents: 5000,
        status: 'verified',
        verified_at: new Date(),
      })
      .returning();
    await t.db
      .insert(rewardEntries)
      .values({ user_id: c.id, kind: 'referral_credit', amount_cents: 5000, referral_id: made!.id });

    const response = await exportAs('json', c.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as {
      support: {
        tickets: { id: number; subject: string; messages: { message: string }[] }[];
        chat: unknown[];
      };
      community: { posts: unknown[]; comments: unknown[]; likes: unknown[] };
      referrals: { referred_by: unknown; referrals: unknown[]; rewards: unknown[]; rewards_balance: number };
    };
    expect(body.support.tickets).toEqual([
      expect.objectContaining({ id: ticket.id, subject: 'Crates missing', status: 'open' }),
    ]);
    expect(body.support.tickets[0]!.messages.map((m) => m.message)).toEqual(['We are on it.']);
    expect(body.support.chat).toEqual([
      expect.objectContaining({ sender_type: 'customer', message: 'Is anyone there?' }),
      expect.objectContaining({ sender_type: 'support', message: 'Yes, how can we help?' }),
    ]);
    expect(body.community.posts).toEqual([
      expect.objectContaining({ id: post.id, content: 'Bread sells out by 9am here.' }),
    ]);
    expect(body.community.comments).toEqual([
      expect.objectContaining({ post_id: theirs.id, content: 'Try the depot.' }),
    ]);
    expect(body.community.likes).toEqual([expect.objectContaining({ post_id: theirs.id })]);
    expect(body.referrals.referred_by).toMatchObject({ code: 'BETA9999', status: 'pending' });
    expect(body.referrals.referrals).toEqual([
      expect.objectContaining({
        status: 'verified',
        reward_amount: 50,
        referred_user_name: expect.any(String),
      }),
    ]);
    expect(body.referrals.rewards).toEqual([
      expect.objectContaining({ kind: 'referral_credit', amount: 50 }),
    ]);
    expect(body.referrals.rewards_balance).toBe(50);
    // The neighbour's own post is not part of Nandi's data, only its id on her comment and like.
    expect(JSON.stringify(body)).not.toContain('Who stocks paraffin?');
    const csv = (await exportAs('csv', c.cookie)).body.split('\r\n');
    expect(csv).toContain('support,1,tickets.1.subject,Crates missing');
    expect(csv).toContain('community,1,posts.1.content,Bread sells out by 9am here.');
    expect(csv).toContain('referrals,1,rewards_balance,50');
  });

  it('registers every section of the export in the personal-data register, once (what, why, how long)', async () => {
    const c = await customer();
    const body = (await exportAs('json', c.cookie)).json() as Record<string, unknown>;
    const sections = Object.keys(body).filter((key) => key !== 'exported_at');
    const registered = PERSONAL_DATA_REGISTER.flatMap((entry) => entry.sections as readonly string[]);
    expect([...registered].sort()).toEqual([...sections].sort());
    expect(new Set(registered).size).toBe(registered.length);
  });

  it('exports the account’s security events and deletes them when it closes', async () => {
    const c = await customer();
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: { cookie: c.cookie },
      payload: { role: 'trader' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const body = (await exportAs('json', c.cookie)).json() as { security_events: unknown[] };
    expect(body.security_events).toEqual([
      expect.objectContaining({ type: 'role_change', status: 'success', details: 'retailer>trader' }),
    ]);
    expect((await close({ confirm: true }, c.cookie)).statusCode).toBe(200);
    expect(await count(t.db, 'security_events', sql`user_id = ${c.id}`)).toBe(0);
  });

  it('exports the same as CSV (section, record, field, value)', async () => {
    const c = await customer();
    const response = await exportAs('csv', c.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/\.csv"/);
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe('section,record,field,value');
    expect(lines).toContain('profile,1,name,Nandi Khoza');
    expect(lines).toContain(`orders,1,order_number,${c.order.order_number}`);
    expect(lines).toContain('orders,1,delivery_address,"7 Mandela Road, Umlazi"');
  });

  it('refuses the export anonymously (401) and with an unknown format (400)', async () => {
    expectError(await exportAs('json'), 401, 'unauthorized');
    const c = await customer();
    const error = expectError(await exportAs('xml', c.cookie), 400, 'bad_request');
    expect(error.fields).toHaveProperty('format');
  });

  it('closing anonymises the person, ends every session, and keeps orders and co-op figures under "Closed account #id"', async () => {
    const c = await customer();
    const response = await close({ confirm: true }, c.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.cookies.find((k) => k.name === 'tt_session')?.value).toBe('');

    const [row] = await t.db.select().from(users).where(eq(users.id, c.id));
    expect(row).toMatchObject({
      name: `Closed account #${c.id}`,
      phone: null,
      company_name: null,
      gst_number: null,
      address: null,
      city: null,
      whatsapp_number: null,
      oidc_subject: null,
    });
    expect(row!.email).not.toContain('@test.example');
    expect(row!.closed_at).not.toBeNull();
    expect(await count(t.db, 'sessions', sql`user_id = ${c.id}`)).toBe(0);
    // Both sessions are dead.
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/orders', headers: { cookie: c.second } }),
      401,
    );

    // The seller still sees the order and its figures, under the anonymous name, without the address.
    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${c.order.id}`,
      headers: { cookie: await t.login('supplier') },
    });
    expect(seen.json()).toMatchObject({
      total_amount: c.order.total_amount,
      retailer_name: `Closed account #${c.id}`,
      delivery_address: null,
    });
    // amount_cents is a bigint: node-postgres reads it as text, PGlite as a number.
    const [txn] = rowsOf<{ amount_cents: number | string; user_id: number }>(
      await t.db.execute(sql`select amount_cents, user_id from coop_transactions where id = ${c.txnId}`),
    );
    expect({ ...txn, amount_cents: Number(txn!.amount_cents) }).toEqual({
      amount_cents: 50_000,
      user_id: c.id,
    });
    expect(await count(t.db, 'cooperative_memberships', sql`user_id = ${c.id}`)).toBe(1);
  });

  it('refuses to close without the confirmation (400), anonymously (401) and a demo account (403), changing nothing', async () => {
    expectError(await close({ confirm: true }), 401, 'unauthorized');
    const c = await customer();
    const [before] = await t.db.select().from(users).where(eq(users.id, c.id));
    const error = expectError(await close({}, c.cookie), 400, 'bad_request');
    expect(error.fields).toHaveProperty('confirm');
    expectError(await close({ confirm: false }, c.cookie), 400, 'bad_request');
    expect((await t.db.select().from(users).where(eq(users.id, c.id)))[0]).toEqual(before);

    const demoId = await t.demoUserId('retailer');
    const demo = await t.login('retailer');
    const [demoBefore] = await t.db.select().from(users).where(eq(users.id, demoId));
    const sessionsBefore = await t.db.$count(sessions, eq(sessions.user_id, demoId));
    expectError(await close({ confirm: true }, demo), 403, 'demo_account');
    expect((await t.db.select().from(users).where(eq(users.id, demoId)))[0]).toEqual(demoBefore);
    expect(await t.db.$count(sessions, eq(sessions.user_id, demoId))).toBe(sessionsBefore);
  });
});
