import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  fallbackReferralCode,
  REFERRAL_COOKIE,
  type Referral,
  type ReferralStats,
  type Rewards,
} from '@tt/domain';
import { referrals, rewardEntries, users } from '../src/db/schema.ts';
import { jobCatalogue } from '../src/jobs.ts';
import { createJobRunner } from '../src/platform/jobs/runner.ts';
import { recordSignUp } from '../src/features/referrals/service.ts';
import { count, createTestApp, expectError, rowsOf, type TestApp } from './support/test-app.ts';
import { insertCategory, insertProduct, insertUser, placeOrder } from './support/marketplace.ts';
import { followToCallback, startTestProvider, type TestProvider } from './support/oidc-provider.ts';

const PUBLIC_URL = 'http://localhost:3998';
const CALLBACK = `${PUBLIC_URL}/auth/callback`;
const account = { sub: 'referred-4242', email: 'lerato.referred@example.co.za', name: 'Lerato Mokoena' };

describe('referrals: from the join link to R50, exactly once', () => {
  let provider: TestProvider;
  let t: TestApp;
  let category: number;
  const runJobs = async () => {
    const runner = createJobRunner(t.db, jobCatalogue({ demoLogin: false }));
    // Two runners at once, as two instances would: each event's job still runs once.
    const other = createJobRunner(t.db, jobCatalogue({ demoLogin: false }));
    // Until two rounds in a row run nothing: a round runs the jobs that were due when it began, so
    // the jobs it dispatched from the outbox run in the next (which also holds the seed's order events).
    for (let idle = 0; idle < 2;) {
      const [a, b] = await Promise.all([runner.tick(), other.tick()]);
      idle = a + b === 0 ? idle + 1 : 0;
    }
  };
  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  beforeAll(async () => {
    provider = await startTestProvider({ redirectUri: CALLBACK, account });
    t = await createTestApp({
      env: {
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: provider.clientId,
        OIDC_CLIENT_SECRET: provider.clientSecret,
        OIDC_ALLOW_INSECURE: 'true',
        PUBLIC_URL,
      },
    });
    category = await insertCategory(t.db, 'Referral goods', await insertCategory(t.db, 'Referral dept'));
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  /** The provider's account signs up with the invitation cookie the join page set. */
  async function signUpWith(code: string) {
    const start = await get('/api/oauth/google/redirect_url');
    const { redirectUrl } = start.json() as { redirectUrl: string };
    const oidc = start.cookies.find((c) => c.name === 'tt_oidc')!;
    const callback = await followToCallback(redirectUrl, `${CALLBACK}?`);
    const exchange = await t.app.inject({
      method: 'POST',
      url: '/api/sessions',
      payload: Object.fromEntries(callback.searchParams),
      headers: { cookie: `tt_oidc=${oidc.value}; ${REFERRAL_COOKIE}=${code}` },
    });
    expect(exchange.statusCode, exchange.body).toBe(200);
    // The invitation is used up: the browser is told to forget it.
    expect(exchange.cookies.find((c) => c.name === REFERRAL_COOKIE)?.value).toBe('');
    const session = exchange.cookies.find((c) => c.name === 'tt_session')!;
    return { id: (exchange.json() as { id: number }).id, cookie: `tt_session=${session.value}` };
  }

  async function deliver(orderId: number, sellerCookie: string) {
    for (const status of ['confirmed', 'processing', 'shipped', 'delivered']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/orders/${orderId}/status`,
        headers: { cookie: sellerCookie },
        payload: { status },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
  }

  it('records the sign-up as pending, verifies it at the first delivery and credits R50 once', async () => {
    const referrerId = await insertUser(t.db, 'retailer', 'Thandi Referrer');
    const referrer = await t.sessionFor(referrerId);
    const code = fallbackReferralCode(referrerId);
    await t.db.update(users).set({ referral_code: code }).where(eq(users.id, referrerId));

    // The code arrives as typed in the link (lower case); the job records it.
    const referred = await signUpWith(code.toLowerCase());
    expect(await count(t.db, 'referrals', sql`referred_id = ${referred.id}`)).toBe(0);
    await runJobs();
    const listed = (await get('/api/referrals/my-referrals', referrer)).json() as Referral[];
    expect(listed).toEqual([
      expect.objectContaining({
        referred_user_name: account.name,
        status: 'pending',
        reward_amount: 50,
        verified_at: null,
      }),
    ]);
    expect((await get('/api/referrals/stats', referrer)).json()).toEqual({
      total_earnings: 0,
      pending_earnings: 50,
      total_referrals: 1,
      verified_referrals: 0,
      rewards_balance: 0,
      referral_code: code,
    } satisfies ReferralStats);
    const joined = rowsOf<{ title: string; link: string }>(
      await t.db.execute(
        sql`select title, link from notifications where user_id = ${referrerId} order by id desc limit 1`,
      ),
    );
    expect(joined).toEqual([{ title: 'notifications.referral.joined.title', link: '/referrals' }]);

    // An order that is only placed verifies nothing; its delivery does.
    const sellerId = await insertUser(t.db, 'supplier');
    const seller = await t.sessionFor(sellerId);
    const productId = await insertProduct(t.db, { seller_id: sellerId, category_id: category, stock: 20 });
    const first = await placeOrder(t.app, referred.cookie, { productId, quantity: 2 });
    const second = await placeOrder(t.app, referred.cookie, { productId, quantity: 2 });
    await runJobs();
    expect((await get('/api/referrals/stats', referrer)).json()).toMatchObject({ verified_referrals: 0 });

    await deliver(first.id, seller);
    await runJobs();
    await deliver(second.id, seller);
    await runJobs();

    expect((await get('/api/referrals/stats', referrer)).json()).toEqual({
      total_earnings: 50,
      pending_earnings: 0,
      total_referrals: 1,
      verified_referrals: 1,
      rewards_balance: 50,
      referral_code: code,
    } satisfies ReferralStats);
    const rewards = (await get('/api/referrals/rewards', referrer)).json() as Rewards;
    expect(rewards.balance).toBe(50);
    expect(rewards.entries).toEqual([
      expect.objectContaining({ kind: 'referral_credit', amount: 50, referred_user_name: account.name }),
    ]);
    expect(await count(t.db, 'reward_entries', sql`user_id = ${referrerId}`)).toBe(1);
    const [row] = await t.db.select().from(referrals).where(eq(referrals.referred_id, referred.id));
    expect(row).toMatchObject({ status: 'verified', referrer_id: referrerId });
    expect(row!.verified_at).toBeInstanceOf(Date);

    // The referred trader earns nothing for being referred, and sees none of the referrer's figures.
    expect((await get('/api/referrals/my-referrals', referred.cookie)).json()).toEqual([]);
    expect((await get('/api/referrals/stats', referred.cookie)).json()).toMatchObject({
      total_referrals: 0,
      rewards_balance: 0,
    });
  });

  it('never records no code, one’s own code, an unknown code or a second referrer', async () => {
    const aId = await insertUser(t.db, 'retailer');
    const bId = await insertUser(t.db, 'retailer');
    const cId = await insertUser(t.db, 'retailer');
    const before = await count(t.db, 'referrals');
    await t.db.transaction(async (tx) => {
      expect(await recordSignUp(tx, aId, fallbackReferralCode(aId))).toBe(false);
      expect(await recordSignUp(tx, aId, 'NOSUCHCODE99')).toBe(false);
      expect(await recordSignUp(tx, aId, '<script>')).toBe(false);
      expect(await recordSignUp(tx, aId, 42)).toBe(false);
      expect(await recordSignUp(tx, aId, null)).toBe(false);
      expect(await recordSignUp(tx, aId, fallbackReferralCode(bId))).toBe(true);
      // The same event again, or another code later: still one referral, by the first referrer.
      expect(await recordSignUp(tx, aId, fallbackReferralCode(bId))).toBe(false);
      expect(await recordSignUp(tx, aId, fallbackReferralCode(cId))).toBe(false);
    });
    expect(await count(t.db, 'referrals')).toBe(before + 1);
    const [row] = await t.db.select().from(referrals).where(eq(referrals.referred_id, aId));
    expect(row?.referrer_id).toBe(bId);
    expect(await count(t.db, 'reward_entries', sql`user_id = ${bId}`)).toBe(0);
    await expect(t.db.select().from(rewardEntries).where(eq(rewardEntries.user_id, aId))).resolves.toEqual(
      [],
    );
  });

  it('answers 401 to anonymous callers on every referral endpoint', async () => {
    for (const url of ['/api/referrals/my-referrals', '/api/referrals/stats', '/api/referrals/rewards']) {
      expectError(await get(url), 401, 'unauthorized');
    }
  });
});
