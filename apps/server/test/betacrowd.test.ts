import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  closeResultSchema,
  crowdCampaignSchema,
  crowdToday,
  investmentSchema,
  portfolioSchema,
  randToCents,
  repaymentSchedule,
  shareByLargestRemainder,
  walletSchema,
  type CrowdCampaign,
  type Wallet,
} from '@tt/domain';
import { count, createTestApp, expectError, rowsOf, type TestApp } from './support/test-app.ts';
import { outsider } from './support/cooperatives.ts';
import { insertUser } from './support/marketplace.ts';
import { restoreDemo } from '../src/db/seeds.ts';
import { expireCampaigns } from '../src/features/betacrowd/service.ts';

describe('crowdfunding', () => {
  let t: TestApp;
  let retailer: string;
  let admin: string;
  let supplier: string;

  beforeAll(async () => {
    t = await createTestApp();
    // A real administrator reviews: the shared demo one decides only the demo world's campaigns.
    [retailer, admin, supplier] = await Promise.all([
      t.login('retailer'),
      insertUser(t.db, 'admin').then((id) => t.sessionFor(id)),
      t.login('supplier'),
    ]);
  });
  afterAll(() => t.close());

  const get = (url: string, cookie = retailer) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (url: string, payload: unknown, cookie = retailer, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie, ...headers } });
  let keys = 0;
  const newKey = () => `test-key-${Date.now()}-${(keys += 1)}`;
  const invest = (id: number, amount: number, cookie: string, key = newKey()) =>
    post(`/api/betacrowd/campaigns/${id}/invest`, { amount }, cookie, { 'idempotency-key': key });
  const wallet = async (cookie: string) =>
    walletSchema.parse((await get('/api/betacrowd/wallet', cookie)).json());
  const deposit = (cookie: string, amount: number) =>
    post('/api/betacrowd/wallet/deposits', { amount, method: 'eft' }, cookie);

  const campaignInput = (over: Record<string, unknown> = {}) => ({
    campaign_title: 'Test bakery oven',
    description: 'A second oven so that the bakery can bake bread twice a day for the shops.',
    campaign_type: 'equipment_purchase',
    target_amount: 10_000,
    interest_rate: 12,
    loan_term_months: 6,
    repayment_frequency: 'monthly',
    minimum_investment: 500,
    risk_level: 'medium',
    collateral_description: 'The oven itself.',
    end_date: crowdToday(new Date(Date.now() + 20 * 86_400_000)),
    ...over,
  });
  /** An entrepreneur of its own with an approved campaign. */
  const activeCampaign = async (over: Record<string, unknown> = {}) => {
    const owner = await outsider(t);
    const created = await post('/api/betacrowd/campaigns', campaignInput(over), owner.cookie);
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as CrowdCampaign).id;
    const approved = await post(`/api/betacrowd/campaigns/${id}/review`, { decision: 'approve' }, admin);
    expect(approved.statusCode, approved.body).toBe(200);
    return { owner, id };
  };
  /** A new investor whose wallet holds `rand`. */
  const investor = async (rand: number) => {
    const user = await outsider(t);
    expect((await deposit(user.cookie, rand)).statusCode).toBe(201);
    return user;
  };
  const campaignRow = async (id: number) =>
    rowsOf<{ raised_cents: number; target_cents: number; status: string }>(
      await t.db.execute(
        sql`select raised_cents, target_cents, status from crowd_campaigns where id = ${id}`,
      ),
    )[0]!;
  /** Every wallet is the sum of its movements. */
  const walletsAgree = async () => {
    const off = rowsOf<{ user_id: number }>(
      await t.db.execute(sql`
        select w.user_id from crowd_wallets w
        where w.balance_cents <> coalesce((select sum(m.amount_cents) from crowd_wallet_movements m
                                           where m.user_id = w.user_id), 0)`),
    );
    expect(off).toEqual([]);
  };

  it('refuses every call without a session (401)', async () => {
    for (const url of ['/api/betacrowd/wallet', '/api/betacrowd/campaigns', '/api/betacrowd/portfolio']) {
      expectError(await t.app.inject({ method: 'GET', url }), 401, 'unauthorized');
    }
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/betacrowd/wallet/deposits',
        payload: { amount: 1, method: 'eft' },
      }),
      401,
    );
  });

  it('shows the seeded demo: active campaigns, the retailer’s wallet, portfolio and returns', async () => {
    const list = (await get('/api/betacrowd/campaigns')).json() as CrowdCampaign[];
    for (const c of list) crowdCampaignSchema.parse(c);
    expect(list.every((c) => c.campaign_status === 'active')).toBe(true);
    expect(list.map((c) => c.minimum_investment).sort((a, b) => a - b)).toEqual([500, 1000, 2500]);
    const mine = await wallet(retailer);
    // R30 000 in, R15 000 invested, two instalments of the shelving loan back (a quarter of each).
    const shelving = repaymentSchedule(4_000_000, 1200, 12, 'monthly');
    // The retailer put in R10 000 of R40 000, the first of three investors (by id) in the largest-remainder order.
    const back = [0, 1].map((i) => shareByLargestRemainder(shelving[i]!.payment_cents, [10, 18, 12])[0]!);
    expect(randToCents(mine.available_balance)).toBe(1_500_000 + back.reduce((s, x) => s + x, 0));
    const movements = mine.movements.reduce((s, m) => s + randToCents(m.amount), 0);
    expect(movements).toBe(randToCents(mine.available_balance));
    const folio = portfolioSchema.parse((await get('/api/betacrowd/portfolio')).json());
    expect(folio.investments).toHaveLength(2);
    expect(folio.returns).toHaveLength(2);
    const entrepreneur = (await get('/api/betacrowd/campaigns/mine', supplier)).json() as CrowdCampaign[];
    expect(entrepreneur.map((c) => c.campaign_status).sort()).toEqual(['active', 'active', 'pending_review']);
    const relations = (await get('/api/betacrowd/investor-relations', supplier)).json() as {
      investor_name: string;
    }[];
    expect(relations.some((r) => r.investor_name.length > 0)).toBe(true);
    await walletsAgree();
  });

  it('filters the marketplace by type, risk level and spec 3 §9’s amount bands', async () => {
    const names = async (query: string) =>
      ((await get(`/api/betacrowd/campaigns?${query}`)).json() as CrowdCampaign[]).map(
        (c) => c.campaign_title,
      );
    expect(await names('campaign_type=asset_financing')).toEqual(['Second delivery bakkie']);
    expect(await names('risk_level=low')).toEqual(['Festive season stock']);
    expect(await names('amount_band=100k-300k')).toEqual(
      expect.arrayContaining(['Cold room for fresh produce', 'Second delivery bakkie']),
    );
    expect(await names('amount_band=10k-100k')).toContain('Festive season stock');
    expect(await names('amount_band=10k-100k')).not.toContain('Second delivery bakkie');
    const plus = await get('/api/betacrowd/campaigns?amount_band=300k%2B');
    expect(plus.statusCode, plus.body).toBe(200);
    expect(plus.json()).toEqual([]);
    expectError(await get('/api/betacrowd/campaigns?risk_level=extreme'), 400);
  });

  it('creates a campaign that waits for review, and refuses each invalid field with nothing written', async () => {
    const owner = await outsider(t);
    const created = await post('/api/betacrowd/campaigns', campaignInput(), owner.cookie);
    expect(created.statusCode, created.body).toBe(201);
    const campaign = crowdCampaignSchema.parse(created.json());
    expect(campaign).toMatchObject({
      campaign_status: 'pending_review',
      raised_amount: 0,
      target_amount: 10_000,
    });
    const market = (await get('/api/betacrowd/campaigns')).json() as CrowdCampaign[];
    expect(market.some((c) => c.id === campaign.id)).toBe(false);
    // Nobody invests in a campaign still waiting for review.
    const rich = await investor(5_000);
    expectError(await invest(campaign.id, 500, rich.cookie), 409, 'betacrowd.not_active');

    const before = await count(t.db, 'crowd_campaigns');
    for (const [name, value] of [
      ['campaign_title', ''],
      ['description', 'short'],
      ['campaign_type', 'grant'],
      ['target_amount', 9_999],
      ['target_amount', 500_001],
      ['target_amount', 10_000.001],
      ['interest_rate', 8.5],
      ['interest_rate', 21],
      ['loan_term_months', 5],
      ['loan_term_months', 73],
      ['loan_term_months', 12.5],
      ['repayment_frequency', 'weekly'],
      ['minimum_investment', 499],
      ['minimum_investment', 20_000],
      ['risk_level', 'extreme'],
      ['collateral_description', ''],
      ['end_date', crowdToday()],
      ['end_date', 'soon'],
    ] as const) {
      const error = expectError(
        await post('/api/betacrowd/campaigns', campaignInput({ [name]: value }), owner.cookie),
        400,
      );
      expect(Object.keys(error.fields ?? {}), `${name}=${value}`).toEqual([name]);
    }
    expectError(
      await post(
        '/api/betacrowd/campaigns',
        campaignInput({ repayment_frequency: 'quarterly', loan_term_months: 7 }),
        owner.cookie,
      ),
      400,
    );
    expect(await count(t.db, 'crowd_campaigns')).toBe(before);
  });

  it('lets only a reviewer approve or reject, never their own, once (403, 409)', async () => {
    const owner = await outsider(t);
    const id = (
      (await post('/api/betacrowd/campaigns', campaignInput(), owner.cookie)).json() as CrowdCampaign
    ).id;
    expectError(await get('/api/betacrowd/reviews', retailer), 403, 'forbidden');
    expectError(await post(`/api/betacrowd/campaigns/${id}/review`, { decision: 'approve' }, retailer), 403);
    const pending = (await get('/api/betacrowd/reviews', admin)).json() as CrowdCampaign[];
    expect(pending.some((c) => c.id === id)).toBe(true);
    const rejected = await post(
      `/api/betacrowd/campaigns/${id}/review`,
      { decision: 'reject', note: 'No collateral we can check.' },
      admin,
    );
    expect(rejected.json()).toMatchObject({
      campaign_status: 'rejected',
      review_note: 'No collateral we can check.',
    });
    expectError(
      await post(`/api/betacrowd/campaigns/${id}/review`, { decision: 'approve' }, admin),
      409,
      'betacrowd.not_pending',
    );
    // The admin's own campaign waits for another reviewer.
    const own = ((await post('/api/betacrowd/campaigns', campaignInput(), admin)).json() as CrowdCampaign).id;
    expectError(
      await post(`/api/betacrowd/campaigns/${own}/review`, { decision: 'approve' }, admin),
      403,
      'betacrowd.own_review',
    );
    expectError(await post('/api/betacrowd/campaigns/999999/review', { decision: 'approve' }, admin), 404);
    // The shared demo admin neither sees nor decides a real entrepreneur's campaign.
    const real = (
      (await post('/api/betacrowd/campaigns', campaignInput(), owner.cookie)).json() as CrowdCampaign
    ).id;
    const demoAdmin = await t.login('admin');
    const seen = (await get('/api/betacrowd/reviews', demoAdmin)).json() as CrowdCampaign[];
    expect(seen.some((c) => c.id === real)).toBe(false);
    expectError(
      await post(`/api/betacrowd/campaigns/${real}/review`, { decision: 'approve' }, demoAdmin),
      403,
      'admin_users.demo_on_real',
    );
  });

  it('records funds as paid by the chosen method, and refuses bad amounts with nothing written', async () => {
    const user = await outsider(t);
    const added = await deposit(user.cookie, 1_234.5);
    expect(added.statusCode, added.body).toBe(201);
    expect((added.json() as Wallet).available_balance).toBe(1_234.5);
    expect((added.json() as Wallet).movements[0]).toMatchObject({
      kind: 'deposit',
      method: 'eft',
      amount: 1_234.5,
    });
    const before = await count(t.db, 'crowd_wallet_movements');
    for (const body of [
      { amount: 0, method: 'eft' },
      { amount: 10.001, method: 'eft' },
      { amount: 100_001, method: 'eft' },
      { amount: 50, method: 'bitcoin' },
      { amount: '50', method: 'eft' },
    ]) {
      expectError(await post('/api/betacrowd/wallet/deposits', body, user.cookie), 400);
    }
    expect(await count(t.db, 'crowd_wallet_movements')).toBe(before);
    expect((await wallet(user.cookie)).available_balance).toBe(1_234.5);
  });

  it('invests within the minimum, what is left and the wallet; 400, 403 and 409 with nothing written', async () => {
    const { owner, id } = await activeCampaign({ minimum_investment: 1_000 });
    const user = await investor(3_000);
    const rows = () => count(t.db, 'crowd_investments');
    const before = await rows();
    expectError(
      await post(`/api/betacrowd/campaigns/${id}/invest`, { amount: 1_000 }, user.cookie),
      400,
      'betacrowd.idempotency_key_required',
    );
    expectError(await invest(id, 999.99, user.cookie), 400);
    expectError(await invest(id, 10.001, user.cookie), 400);
    expectError(await invest(id, 3_000.01, user.cookie), 409, 'betacrowd.insufficient_funds');
    expectError(await invest(id, 1_000, owner.cookie), 403, 'betacrowd.own_campaign');
    expectError(await invest(999_999, 1_000, user.cookie), 404, 'betacrowd.not_found');
    expect(await rows()).toBe(before);
    expect((await wallet(user.cookie)).available_balance).toBe(3_000);

    const made = await invest(id, 2_000, user.cookie);
    expect(made.statusCode, made.body).toBe(201);
    expect(investmentSchema.parse(made.json())).toMatchObject({ campaign_id: id, amount: 2_000 });
    expect((await wallet(user.cookie)).available_balance).toBe(1_000);
    expect((await campaignRow(id)).raised_cents).toBe(200_000);
    // Over what is left to raise: R8 000 is left.
    const big = await investor(20_000);
    const over = expectError(await invest(id, 8_000.01, big.cookie), 409, 'betacrowd.over_target');
    expect(over.fields?.amount).toBeTruthy();
    // The last investment reaches the target: the campaign is funded and takes no more.
    expect((await invest(id, 8_000, big.cookie)).statusCode).toBe(201);
    expect(await campaignRow(id)).toMatchObject({ raised_cents: 1_000_000, status: 'funded' });
    expectError(await invest(id, 1_000, user.cookie), 409, 'betacrowd.not_active');
    await walletsAgree();
  });

  it('answers the same Idempotency-Key with the first investment, and refuses it for another', async () => {
    const { id } = await activeCampaign();
    const user = await investor(2_000);
    const key = newKey();
    const first = await invest(id, 600, user.cookie, key);
    expect(first.statusCode).toBe(201);
    const again = await invest(id, 600, user.cookie, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expectError(await invest(id, 700, user.cookie, key), 409, 'betacrowd.idempotency_key_reused');
    expect((await wallet(user.cookie)).available_balance).toBe(1_400);
  });

  describe('under concurrency', () => {
    it('never raises more than the target', async () => {
      const { id } = await activeCampaign({ target_amount: 10_000, minimum_investment: 500 });
      const investors = await Promise.all(Array.from({ length: 6 }, () => investor(5_000)));
      const answers = await Promise.all(investors.map((u) => invest(id, 3_000, u.cookie)));
      const ok = answers.filter((a) => a.statusCode === 201).length;
      expect(ok).toBe(3);
      for (const a of answers.filter((x) => x.statusCode !== 201)) expect(a.statusCode).toBe(409);
      const row = await campaignRow(id);
      expect(row.raised_cents).toBe(900_000);
      const sum = rowsOf<{ s: number }>(
        await t.db.execute(
          sql`select coalesce(sum(amount_cents), 0)::int as s from crowd_investments where campaign_id = ${id}`,
        ),
      )[0]!.s;
      expect(sum).toBe(row.raised_cents);
      await walletsAgree();
    });

    it('never takes a wallet below zero', async () => {
      const { id } = await activeCampaign({ target_amount: 100_000, minimum_investment: 500 });
      const user = await investor(1_000);
      const answers = await Promise.all(Array.from({ length: 6 }, () => invest(id, 500, user.cookie)));
      expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(2);
      for (const a of answers.filter((x) => x.statusCode !== 201)) {
        expectError(a, 409, 'betacrowd.insufficient_funds');
      }
      expect((await wallet(user.cookie)).available_balance).toBe(0);
      expect((await campaignRow(id)).raised_cents).toBe(100_000);
      await walletsAgree();
    });

    it('never invests twice for one Idempotency-Key', async () => {
      const { id } = await activeCampaign({ target_amount: 100_000 });
      const user = await investor(10_000);
      const key = newKey();
      const answers = await Promise.all(Array.from({ length: 6 }, () => invest(id, 1_000, user.cookie, key)));
      for (const a of answers) expect(a.statusCode, a.body).toBe(201);
      expect(new Set(answers.map((a) => (a.json() as { id: number }).id)).size).toBe(1);
      expect(await count(t.db, 'crowd_investments', sql`campaign_id = ${id}`)).toBe(1);
      expect((await wallet(user.cookie)).available_balance).toBe(9_000);
      await walletsAgree();
    });

    it('refunds every investment that raced a cancel, and lets none in after it', async () => {
      const { owner, id } = await activeCampaign({ target_amount: 100_000, minimum_investment: 500 });
      const users = await Promise.all(Array.from({ length: 6 }, () => investor(2_000)));
      const answers = await Promise.all([
        ...users.map((u) => invest(id, 1_000, u.cookie)),
        cancel(id, owner.cookie),
        ...users.map((u) => invest(id, 500, u.cookie)),
      ]);
      const cancelled = answers[users.length]!;
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      for (const a of answers) expect([200, 201, 409]).toContain(a.statusCode);
      // Whatever got in before the cancel came back; whatever came after was refused: every wallet is whole.
      for (const u of users) expect((await wallet(u.cookie)).available_balance).toBe(2_000);
      const invested = rowsOf<{ s: number }>(
        await t.db.execute(
          sql`select coalesce(sum(amount_cents), 0)::int as s from crowd_investments where campaign_id = ${id}`,
        ),
      )[0]!.s;
      const refunded = closeResultSchema
        .parse(cancelled.json())
        .refunds.reduce((sum, r) => sum + randToCents(r.amount), 0);
      expect(refunded).toBe(invested);
      await walletsAgree();
    });

    it('keeps every wallet the sum of its movements with deposits and investments racing', async () => {
      const { id } = await activeCampaign({ target_amount: 50_000 });
      const users = await Promise.all(Array.from({ length: 4 }, () => investor(1_000)));
      await Promise.all(
        users.flatMap((u) => [
          deposit(u.cookie, 700),
          invest(id, 900, u.cookie),
          invest(id, 800, u.cookie),
          deposit(u.cookie, 5),
        ]),
      );
      for (const u of users) expect((await wallet(u.cookie)).available_balance).toBeGreaterThanOrEqual(0);
      await walletsAgree();
    });
  });

  const cancel = (id: number, cookie: string) =>
    t.app.inject({ method: 'POST', url: `/api/betacrowd/campaigns/${id}/cancel`, headers: { cookie } });

  it('cancels a campaign before it is funded, every investor refunded in full; only by its entrepreneur', async () => {
    const { owner, id } = await activeCampaign({ target_amount: 20_000 });
    const [a, b] = await Promise.all([investor(3_000), investor(5_000)]);
    expect((await invest(id, 1_000, a.cookie)).statusCode).toBe(201);
    expect((await invest(id, 1_500, a.cookie)).statusCode).toBe(201);
    expect((await invest(id, 4_000, b.cookie)).statusCode).toBe(201);
    const movements = () => count(t.db, 'crowd_wallet_movements');
    const before = await movements();

    expectError(await t.app.inject({ method: 'POST', url: `/api/betacrowd/campaigns/${id}/cancel` }), 401);
    expectError(await cancel(id, a.cookie), 403, 'betacrowd.entrepreneur_only');
    expectError(await cancel(id, admin), 403, 'betacrowd.entrepreneur_only');
    expectError(await cancel(999_999, owner.cookie), 404, 'betacrowd.not_found');
    expectError(await cancel(-1, owner.cookie), 400);
    expect(await movements()).toBe(before);
    expect((await campaignRow(id)).status).toBe('active');

    const done = await cancel(id, owner.cookie);
    expect(done.statusCode, done.body).toBe(200);
    const result = closeResultSchema.parse(done.json());
    expect(result.campaign.campaign_status).toBe('cancelled');
    expect(result.refunds.map((r) => [r.investor_id, r.amount]).sort()).toEqual(
      [
        [a.id, 2_500],
        [b.id, 4_000],
      ].sort(),
    );
    expect((await wallet(a.cookie)).available_balance).toBe(3_000);
    expect((await wallet(b.cookie)).available_balance).toBe(5_000);
    expect((await wallet(a.cookie)).movements[0]).toMatchObject({
      kind: 'refund',
      amount: 2_500,
      campaign_id: id,
    });
    // Closed for good: not again, no new money, not on the marketplace.
    expectError(await cancel(id, owner.cookie), 409, 'betacrowd.not_cancellable');
    expectError(await invest(id, 1_000, a.cookie), 409, 'betacrowd.not_active');
    const market = (await get('/api/betacrowd/campaigns')).json() as CrowdCampaign[];
    expect(market.some((c) => c.id === id)).toBe(false);
    await walletsAgree();
  });

  it('cancels one waiting for review with nothing to refund, and never a funded one', async () => {
    const owner = await outsider(t);
    const pending = (
      await post('/api/betacrowd/campaigns', campaignInput(), owner.cookie)
    ).json() as CrowdCampaign;
    const done = await cancel(pending.id, owner.cookie);
    expect(done.statusCode, done.body).toBe(200);
    expect(closeResultSchema.parse(done.json()).refunds).toEqual([]);
    // The reviewer can no longer approve it.
    expectError(
      await post(`/api/betacrowd/campaigns/${pending.id}/review`, { decision: 'approve' }, admin),
      409,
      'betacrowd.not_pending',
    );

    const funded = await activeCampaign({ target_amount: 10_000 });
    const rich = await investor(10_000);
    expect((await invest(funded.id, 10_000, rich.cookie)).statusCode).toBe(201);
    const movements = await count(t.db, 'crowd_wallet_movements');
    expectError(await cancel(funded.id, funded.owner.cookie), 409, 'betacrowd.not_cancellable');
    expect(await count(t.db, 'crowd_wallet_movements')).toBe(movements);
    expect((await campaignRow(funded.id)).status).toBe('funded');
  });

  it('closes a campaign whose end date passed before it was funded, and refunds its investors', async () => {
    const late = await activeCampaign({ target_amount: 30_000 });
    const open = await activeCampaign({ target_amount: 30_000 });
    const funded = await activeCampaign({ target_amount: 10_000 });
    const user = await investor(15_000);
    expect((await invest(late.id, 2_000, user.cookie)).statusCode).toBe(201);
    expect((await invest(open.id, 3_000, user.cookie)).statusCode).toBe(201);
    expect((await invest(funded.id, 10_000, user.cookie)).statusCode).toBe(201);
    const yesterday = crowdToday(new Date(Date.now() - 86_400_000));
    await t.db.execute(
      sql`update crowd_campaigns set end_date = ${yesterday} where id in (${late.id}, ${funded.id})`,
    );
    // The end date's own day still counts: nothing closes until it is over.
    const onTheDay = await t.db.transaction((tx) => expireCampaigns(tx, new Date(Date.now() - 86_400_000)));
    expect(await campaignRow(late.id)).toMatchObject({ status: 'active' });
    expect(onTheDay).toBe(0);

    expect(await t.db.transaction((tx) => expireCampaigns(tx, new Date()))).toBeGreaterThanOrEqual(1);
    expect((await campaignRow(late.id)).status).toBe('expired');
    expect((await campaignRow(open.id)).status).toBe('active');
    expect((await campaignRow(funded.id)).status).toBe('funded');
    const w = await wallet(user.cookie);
    expect(w.available_balance).toBe(2_000);
    expect(w.movements[0]).toMatchObject({ kind: 'refund', amount: 2_000, campaign_id: late.id });
    // A second sweep refunds nothing twice.
    await t.db.transaction((tx) => expireCampaigns(tx, new Date()));
    expect((await wallet(user.cookie)).available_balance).toBe(2_000);
    await walletsAgree();
  });

  it('shares a recorded repayment among the investors by what each put in, summing to the instalment', async () => {
    const { owner, id } = await activeCampaign({
      target_amount: 10_000,
      minimum_investment: 500,
      loan_term_months: 6,
    });
    const [a, b, c] = await Promise.all([investor(5_000), investor(5_000), investor(5_000)]);
    for (const [u, amount] of [
      [a!, 3_333.33],
      [b!, 3_333.33],
      [c!, 3_333.34],
    ] as const) {
      expect((await invest(id, amount, u.cookie)).statusCode).toBe(201);
    }
    expect((await campaignRow(id)).status).toBe('funded');
    const stranger = await outsider(t);
    expectError(
      await post(
        `/api/betacrowd/campaigns/${id}/repayments`,
        { instalment_number: 1, method: 'eft' },
        stranger.cookie,
      ),
      403,
      'betacrowd.entrepreneur_only',
    );
    expectError(
      await post(
        `/api/betacrowd/campaigns/${id}/repayments`,
        { instalment_number: 2, method: 'eft' },
        owner.cookie,
      ),
      409,
      'betacrowd.wrong_instalment',
    );
    const before = await Promise.all([a!, b!, c!].map((u) => wallet(u.cookie)));

    // Two recordings of instalment 1 at once: one is recorded.
    const answers = await Promise.all(
      [1, 2].map(() =>
        post(
          `/api/betacrowd/campaigns/${id}/repayments`,
          { instalment_number: 1, method: 'eft' },
          owner.cookie,
        ),
      ),
    );
    expect(answers.filter((x) => x.statusCode === 201)).toHaveLength(1);
    const result = answers.find((x) => x.statusCode === 201)!.json() as {
      amount: number;
      shares: { amount: number }[];
      campaign: CrowdCampaign;
    };
    const schedule = repaymentSchedule(1_000_000, 1200, 6, 'monthly');
    expect(randToCents(result.amount)).toBe(schedule[0]!.payment_cents);
    expect(result.shares.reduce((s, x) => s + randToCents(x.amount), 0)).toBe(schedule[0]!.payment_cents);
    expect(result.campaign).toMatchObject({ campaign_status: 'repaying', repaid_instalments: 1 });
    const after = await Promise.all([a!, b!, c!].map((u) => wallet(u.cookie)));
    const gained = after.map(
      (w, i) => randToCents(w.available_balance) - randToCents(before[i]!.available_balance),
    );
    expect(gained.reduce((s, x) => s + x, 0)).toBe(schedule[0]!.payment_cents);
    expect(Math.max(...gained) - Math.min(...gained)).toBeLessThanOrEqual(1);
    const folio = portfolioSchema.parse((await get('/api/betacrowd/portfolio', a!.cookie)).json());
    expect(folio.returns).toHaveLength(1);

    // The rest of the instalments complete the loan.
    for (let n = 2; n <= 6; n += 1) {
      const r = await post(
        `/api/betacrowd/campaigns/${id}/repayments`,
        { instalment_number: n, method: 'cash' },
        owner.cookie,
      );
      expect(r.statusCode, r.body).toBe(201);
    }
    expect((await campaignRow(id)).status).toBe('completed');
    expectError(
      await post(
        `/api/betacrowd/campaigns/${id}/repayments`,
        { instalment_number: 7, method: 'eft' },
        owner.cookie,
      ),
      409,
      'betacrowd.not_repaying',
    );
    const total = rowsOf<{ s: number }>(
      await t.db.execute(
        sql`select sum(amount_cents)::int as s from crowd_wallet_movements where campaign_id = ${id} and kind = 'repayment'`,
      ),
    )[0]!.s;
    expect(total).toBe(schedule.reduce((s, i) => s + i.payment_cents, 0));
    const relations = (await get('/api/betacrowd/investor-relations', owner.cookie)).json() as {
      repaid: number;
    }[];
    expect(relations).toHaveLength(3);
    await walletsAgree();
  });

  // Last: it puts the demo world back, as the daily job does.
  it('restores the demo world with an outsider’s money in a demo campaign: every wallet still its movements', async () => {
    const market = (await get('/api/betacrowd/campaigns')).json() as CrowdCampaign[];
    const seeded = market.find((c) => c.campaign_title === 'Festive season stock')!;
    const user = await investor(2_000);
    expect((await invest(seeded.id, 1_500, user.cookie)).statusCode).toBe(201);
    // And a demo investor's money in an outsider's campaign.
    const { id } = await activeCampaign();
    expect((await deposit(retailer, 1_000)).statusCode).toBe(201);
    expect((await invest(id, 1_000, retailer)).statusCode).toBe(201);
    await restoreDemo(t.db);
    await walletsAgree();
    // The outsider's investment went with the demo campaign, and its R1 500 came back to the wallet first.
    const after = await wallet(user.cookie);
    expect(after.available_balance).toBe(2_000);
    expect(after.movements[0]).toMatchObject({ kind: 'refund', amount: 1_500, campaign_id: null });
    expect((await campaignRow(id)).raised_cents).toBe(0);
    const fresh = await t.login('retailer');
    const seededTitles = ['Cold room for fresh produce', 'Second delivery bakkie', 'Festive season stock'];
    const raised = (list: CrowdCampaign[]) =>
      seededTitles.map((title) => list.find((c) => c.campaign_title === title)?.raised_amount);
    // The demo campaigns are back as seeded: the outsider's R1 500 is not in the festive stock loan any more.
    expect(raised((await get('/api/betacrowd/campaigns', fresh)).json() as CrowdCampaign[])).toEqual(
      raised(market),
    );
  });
});
