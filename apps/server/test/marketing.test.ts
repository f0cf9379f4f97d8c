import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { audiencesSchema, campaignAnalyticsSchema, campaignSchema, type Campaign } from '@tt/domain';
import { count, createTestApp, expectError, type TestApp } from './support/test-app.ts';
import { insertCategory, insertProduct, insertUser, placeOrder } from './support/marketplace.ts';

const DAY_MS = 86_400_000;
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);

describe('Marketing campaigns (spec 2, DECISIONS 5, 11, 12, ADR 019)', () => {
  let t: TestApp;
  let admin: string;
  let growth: string;
  let retailer: string;
  let supplierId: number;
  let category: number;

  beforeAll(async () => {
    t = await createTestApp();
    const growthId = await insertUser(t.db, 'business_dev_manager', 'Growth Gugu');
    [admin, growth, retailer] = await Promise.all([
      t.login('admin'),
      t.sessionFor(growthId),
      t.login('retailer'),
    ]);
    supplierId = await t.demoUserId('supplier');
    category = await insertCategory(t.db, 'Marketing test', await insertCategory(t.db, 'Marketing dept'));
  });
  afterAll(() => t.close());

  const send = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const campaigns = () => count(t.db, 'marketing_campaigns');
  const clicks = () => count(t.db, 'marketing_clicks');
  const create = async (over: Record<string, unknown> = {}, cookie = admin) => {
    const response = await send('POST', '/api/marketing/campaigns', cookie, {
      name: `Campaign ${Math.random().toString(36).slice(2, 8)}`,
      start_date: isoDay(-1),
      ...over,
    });
    expect(response.statusCode, response.body).toBe(201);
    return campaignSchema.parse(response.json());
  };
  const find = async (id: number, cookie = admin): Promise<Campaign> => {
    const response = await send('GET', '/api/marketing/campaigns', cookie);
    expect(response.statusCode, response.body).toBe(200);
    return campaignSchema.parse((response.json() as Campaign[]).find((c) => c.id === id));
  };
  const follow = (code: string, cookie?: string) => send('GET', `/c/${code}`, cookie);

  describe('GET /api/marketing/campaigns', () => {
    it('answers an empty list before any campaign exists (no sample campaigns), then the real ones', async () => {
      const empty = await send('GET', '/api/marketing/campaigns', admin);
      expect(empty.statusCode).toBe(200);
      expect(empty.json()).toEqual([]);
      const made = await create({ name: 'Winter stock-up' }, growth);
      const list = (await send('GET', '/api/marketing/campaigns', growth)).json() as Campaign[];
      expect(list.map((c) => c.id)).toContain(made.id);
      const filtered = (
        await send('GET', '/api/marketing/campaigns?status=paused', admin)
      ).json() as Campaign[];
      expect(filtered.every((c) => c.status === 'paused')).toBe(true);
    });
    it('refuses anonymous callers (401) and roles without marketing.manage (403)', async () => {
      expectError(await send('GET', '/api/marketing/campaigns'), 401, 'unauthorized');
      expectError(await send('GET', '/api/marketing/campaigns', retailer), 403, 'marketing.staff_only');
    });
    it('refuses an unknown status filter (400)', async () => {
      expectError(await send('GET', '/api/marketing/campaigns?status=nope', admin), 400);
    });
  });

  describe('POST /api/marketing/campaigns', () => {
    it("creates a campaign with the dialog's defaults and its own tracked link", async () => {
      const made = await create({ name: '  Spaza Week  ', start_date: isoDay(0) });
      expect(made).toMatchObject({
        name: 'Spaza Week',
        campaign_type: 'email',
        budget_amount: 0,
        spent_amount: 0,
        status: 'active',
        target_path: '/products',
        end_date: null,
        metrics: { impressions: null, clicks: 0, conversions: 0, ctr: null, conversion_rate: null },
      });
      expect(made.code).toMatch(/^[A-Za-z0-9]{10}$/);
      const later = await create({ start_date: isoDay(5), budget_amount: 1500.5, campaign_type: 'sms' });
      expect(later).toMatchObject({ status: 'scheduled', budget_amount: 1500.5, campaign_type: 'sms' });
    });
    it('refuses anonymous callers and other roles with nothing written', async () => {
      const before = await campaigns();
      const body = { name: 'x', start_date: isoDay(0) };
      expectError(await send('POST', '/api/marketing/campaigns', undefined, body), 401);
      expectError(
        await send('POST', '/api/marketing/campaigns', retailer, body),
        403,
        'marketing.staff_only',
      );
      expect(await campaigns()).toBe(before);
    });
    it.each([
      ['no name', { name: '  ', start_date: isoDay(0) }, 'name'],
      ['no start date', { name: 'x' }, 'start_date'],
      ['a negative budget', { name: 'x', start_date: isoDay(0), budget_amount: -1 }, 'budget_amount'],
      ['an end before the start', { name: 'x', start_date: isoDay(2), end_date: isoDay(1) }, 'end_date'],
      ['an unknown type', { name: 'x', start_date: isoDay(0), campaign_type: 'fax' }, 'campaign_type'],
      [
        'another origin',
        { name: 'x', start_date: isoDay(0), target_path: 'https://evil.example/' },
        'target_path',
      ],
      [
        'a protocol-relative path',
        { name: 'x', start_date: isoDay(0), target_path: '//evil.example' },
        'target_path',
      ],
    ])('refuses %s (400) with nothing written', async (_label, body, fieldName) => {
      const before = await campaigns();
      const error = expectError(await send('POST', '/api/marketing/campaigns', admin, body), 400);
      expect(Object.keys(error.fields ?? {})).toContain(fieldName);
      expect(await campaigns()).toBe(before);
    });
  });

  describe('pause and resume (DECISIONS 11)', () => {
    it('pauses an active campaign and resumes it; a paused link counts no clicks', async () => {
      const made = await create();
      const paused = await send('POST', `/api/marketing/campaigns/${made.id}/pause`, growth);
      expect(paused.statusCode, paused.body).toBe(200);
      expect(campaignSchema.parse(paused.json()).status).toBe('paused');
      const before = await clicks();
      const redirect = await follow(made.code);
      expect(redirect.statusCode).toBe(302);
      expect(await clicks()).toBe(before);
      expectError(
        await send('POST', `/api/marketing/campaigns/${made.id}/pause`, admin),
        409,
        'marketing.not_active',
      );
      const resumed = await send('POST', `/api/marketing/campaigns/${made.id}/resume`, admin);
      expect(resumed.statusCode, resumed.body).toBe(200);
      expect(campaignSchema.parse(resumed.json()).status).toBe('active');
      expectError(
        await send('POST', `/api/marketing/campaigns/${made.id}/resume`, admin),
        409,
        'marketing.not_paused',
      );
    });
    it('refuses to pause a completed or scheduled campaign (409) and changes nothing', async () => {
      const done = await create({ start_date: isoDay(-20), end_date: isoDay(-10) });
      expect(done.status).toBe('completed');
      const error = expectError(await send('POST', `/api/marketing/campaigns/${done.id}/pause`, admin), 409);
      expect(error.code).toBe('marketing.not_active');
      expect((await find(done.id)).status).toBe('completed');
      const scheduled = await create({ start_date: isoDay(3) });
      expectError(await send('POST', `/api/marketing/campaigns/${scheduled.id}/pause`, admin), 409);
    });
    it('answers 401, 403, 404 and 400 for the wrong caller or campaign', async () => {
      const made = await create();
      expectError(await send('POST', `/api/marketing/campaigns/${made.id}/pause`), 401);
      expectError(await send('POST', `/api/marketing/campaigns/${made.id}/pause`, retailer), 403);
      expectError(await send('POST', `/api/marketing/campaigns/${made.id}/resume`, retailer), 403);
      expectError(await send('POST', '/api/marketing/campaigns/999999/pause', admin), 404);
      expectError(await send('POST', '/api/marketing/campaigns/abc/pause', admin), 400);
      expect((await find(made.id)).status).toBe('active');
    });
  });

  describe('POST /api/marketing/campaigns/:id/spend', () => {
    it('adds spend to the budget bar; refuses bad amounts and other roles with nothing written', async () => {
      const made = await create({ budget_amount: 1000 });
      const spent = await send('POST', `/api/marketing/campaigns/${made.id}/spend`, admin, {
        amount: 250.25,
      });
      expect(spent.statusCode, spent.body).toBe(200);
      expect(campaignSchema.parse(spent.json()).spent_amount).toBe(250.25);
      for (const amount of [0, -5, 'ten', 1.001])
        expectError(await send('POST', `/api/marketing/campaigns/${made.id}/spend`, admin, { amount }), 400);
      expectError(
        await send('POST', `/api/marketing/campaigns/${made.id}/spend`, undefined, { amount: 1 }),
        401,
      );
      expectError(
        await send('POST', `/api/marketing/campaigns/${made.id}/spend`, retailer, { amount: 1 }),
        403,
      );
      expect((await find(made.id)).spent_amount).toBe(250.25);
    });
  });

  describe('GET /c/:code (the tracked link)', () => {
    it('counts the click, sets the visitor cookie and redirects to the page in this app', async () => {
      const made = await create({ target_path: '/academy?from=campaign' });
      const response = await follow(made.code);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/academy?from=campaign');
      expect(String(response.headers['set-cookie'])).toMatch(/tt_visitor=[0-9a-f]{32}.*HttpOnly/i);
      expect((await find(made.id)).metrics.clicks).toBe(1);
    });
    it('never redirects to another origin, even when a bad path got into the database', async () => {
      const made = await create();
      for (const evil of ['https://evil.example/', '//evil.example', '/\\evil.example']) {
        await t.db.execute(sql`update marketing_campaigns set target_path = ${evil} where id = ${made.id}`);
        const response = await follow(made.code);
        expect(response.statusCode).toBe(302);
        expect(response.headers.location).toBe('/products');
      }
    });
    it('answers 404 for an unknown code and 400 for a malformed one, counting nothing', async () => {
      const before = await clicks();
      expectError(await follow('NoSuchCode1'), 404, 'marketing.link_not_found');
      expectError(await follow('bad%20code'), 400);
      expect(await clicks()).toBe(before);
    });
  });

  describe('conversions: an order within 7 days of a click', () => {
    async function buyerWithOrderAfterClick(code: string, clickAgeMs: number) {
      const buyerId = await insertUser(t.db, 'retailer');
      const cookie = await t.sessionFor(buyerId);
      expect((await follow(code, cookie)).statusCode).toBe(302);
      // The click happened clickAgeMs ago: move it back in time, then the buyer orders now.
      await t.db.execute(
        sql`update marketing_clicks set clicked_at = now() - (${clickAgeMs} * interval '1 millisecond') where user_id = ${buyerId}`,
      );
      const productId = await insertProduct(t.db, {
        seller_id: supplierId,
        category_id: category,
        stock: 10,
      });
      await placeOrder(t.app, cookie, { productId, quantity: 1 });
    }

    it('counts one conversion for an order within 7 days of the click, none after 7 days', async () => {
      const within = await create({ name: 'Within window' });
      const after = await create({ name: 'After window' });
      await buyerWithOrderAfterClick(within.code, 6 * DAY_MS);
      await buyerWithOrderAfterClick(after.code, 7 * DAY_MS + 60_000);
      const w = await find(within.id);
      expect(w.metrics).toMatchObject({ clicks: 1, conversions: 1, conversion_rate: 100 });
      const a = await find(after.id);
      expect(a.metrics).toMatchObject({ clicks: 1, conversions: 0, conversion_rate: 0 });
    });

    it("links a browser's anonymous click to the member once they follow a link signed in", async () => {
      const made = await create();
      const anonymous = await follow(made.code);
      const visitor = String(anonymous.headers['set-cookie']).match(/tt_visitor=([0-9a-f]{32})/)![1]!;
      const buyerId = await insertUser(t.db, 'retailer');
      const session = await t.sessionFor(buyerId);
      await follow(made.code, `${session}; tt_visitor=${visitor}`);
      const linked = await count(t.db, 'marketing_clicks', sql`user_id = ${buyerId}`);
      expect(linked).toBe(2);
    });
  });

  describe('GET /api/marketing/analytics and /api/marketing/audiences', () => {
    it('sums the campaigns and counts the real buying businesses by type and province', async () => {
      const analytics = campaignAnalyticsSchema.parse(
        (await send('GET', '/api/marketing/analytics', admin)).json(),
      );
      const all = (await send('GET', '/api/marketing/campaigns', admin)).json() as Campaign[];
      expect(analytics.total_campaigns).toBe(all.length);
      expect(analytics.clicks).toBe(all.reduce((s, c) => s + c.metrics.clicks, 0));
      expect(analytics.conversions).toBeGreaterThanOrEqual(1);
      expect(analytics.daily_clicks).toHaveLength(30);
      expect(analytics.daily_clicks.at(-1)!.clicks).toBeGreaterThan(0);

      const audiences = audiencesSchema.parse((await send('GET', '/api/marketing/audiences', growth)).json());
      const buyers = await count(
        t.db,
        'users',
        sql`role in ('retailer', 'trader', 'service_provider') and closed_at is null`,
      );
      expect(audiences.total_customers).toBe(buyers);
      const sum = (xs: { customers: number }[]) => xs.reduce((s, x) => s + x.customers, 0);
      expect(sum(audiences.by_business_type)).toBe(buyers);
      expect(sum(audiences.by_province)).toBe(buyers);
      expect(audiences.by_province.some((p) => p.key === 'Gauteng')).toBe(true);
    });
    it('refuses anonymous callers and other roles', async () => {
      for (const url of ['/api/marketing/analytics', '/api/marketing/audiences']) {
        expectError(await send('GET', url), 401);
        expectError(await send('GET', url, retailer), 403, 'marketing.staff_only');
      }
    });
  });
});
