import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  firstPaymentDate,
  mySubscriptionSchema,
  PLAN_TIERS,
  subscriptionPlanSchema,
  usageStatsSchema,
  type MySubscription,
  type SubscriptionPlan,
} from '@tt/domain';
import { subscriptionChanges, subscriptions } from '../src/db/schema.ts';
import { seed } from '../src/features/subscriptions/seed.ts';
import { count, createTestApp, expectError, type TestApp } from './support/test-app.ts';
import { insertUser } from './support/marketplace.ts';
import { seededCoops } from './support/cooperatives.ts';

describe('subscriptions (spec 2 §7, DECISIONS 16 and 17)', () => {
  let t: TestApp;
  let plans: SubscriptionPlan[];
  const planId = (tier: string) => plans.find((p) => p.tier === tier)!.id;

  beforeAll(async () => {
    t = await createTestApp();
    const retailer = await t.login('retailer');
    plans = (await get('/api/subscription-plans', retailer)).json() as SubscriptionPlan[];
  });
  afterAll(() => t.close());

  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const upgrade = (payload: unknown, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/subscription/upgrade',
      payload: payload as object,
      headers: cookie ? { cookie } : {},
    });
  const freshUser = async () => {
    const id = await insertUser(t.db, 'retailer');
    return { id, cookie: await t.sessionFor(id) };
  };

  it('lists every tier cheapest first with prices in rand and the entitlement table’s limits', async () => {
    expect(plans.map((p) => p.tier)).toEqual([...PLAN_TIERS]);
    for (const p of plans) subscriptionPlanSchema.parse(p);
    expect(plans.find((p) => p.tier === 'trader')).toMatchObject({
      price_monthly: 35,
      price_yearly: 350,
      max_members: 100,
      max_products: 50,
      max_orders_monthly: -1,
      max_warehouses: 2,
      max_virtual_warehouse_space: 10,
      available: true,
    });
    expect(plans.find((p) => p.tier === 'professional')).toMatchObject({
      price_monthly: 2500,
      price_yearly: 24900,
    });
    expect(plans.find((p) => p.tier === 'enterprise')).toMatchObject({
      price_yearly: 74700,
      max_members: -1,
    });
    expect(plans.find((p) => p.tier === 'free')).toMatchObject({ price_monthly: 0, max_orders_monthly: 20 });
    expectError(await get('/api/subscription-plans'), 401, 'unauthorized');
  });

  it('seeds the plans idempotently, keeping their ids', async () => {
    await seed.reference(t.db);
    await seed.reference(t.db);
    expect(await count(t.db, 'plans')).toBe(PLAN_TIERS.length);
    const again = (
      await get('/api/subscription-plans', await t.login('retailer'))
    ).json() as SubscriptionPlan[];
    expect(again.map((p) => p.id)).toEqual(plans.map((p) => p.id));
  });

  it('answers my subscription with a real plan id: the demo retailer’s trader plan, a new user’s free plan', async () => {
    const mine = (await get('/api/my-subscription', await t.login('retailer'))).json() as MySubscription;
    mySubscriptionSchema.parse(mine);
    expect(mine).toMatchObject({ plan_id: planId('trader'), plan_tier: 'trader', plan_name: 'Trader' });
    // The seeded plan is billed monthly at its price, with the next payment ahead.
    expect(mine).toMatchObject({ amount: 35, billing_period: 'monthly', status: 'active' });
    expect(mine.next_payment_date! > new Date().toISOString().slice(0, 10)).toBe(true);
    const user = await freshUser();
    const free = (await get('/api/my-subscription', user.cookie)).json() as MySubscription;
    expect(free).toMatchObject({
      plan_id: planId('free'),
      plan_tier: 'free',
      status: 'active',
      next_payment_date: null,
    });
    expectError(await get('/api/my-subscription'), 401, 'unauthorized');
  });

  it('counts usage against the plan’s limits', async () => {
    const coordinator = await t.login('coordinator');
    const stats = usageStatsSchema.parse((await get('/api/subscription/usage-stats', coordinator)).json());
    // The demo coordinator runs all six seeded cooperatives: 32 + 27 + 41 + 11 + 6 + 14 members.
    expect(stats).toMatchObject({ plan_tier: 'professional', members_count: 131, max_members: 500 });
    expect(stats.max_warehouse_space).toBe(50);
    const supplier = usageStatsSchema.parse(
      (await get('/api/subscription/usage-stats', await t.login('supplier'))).json(),
    );
    expect(supplier.products_count).toBeGreaterThan(0);
    expect(supplier.max_products).toBe(500);
    const user = await freshUser();
    expect((await get('/api/subscription/usage-stats', user.cookie)).json()).toMatchObject({
      plan_tier: 'free',
      members_count: 0,
      products_count: 0,
      orders_this_month: 0,
      max_orders_monthly: 20,
      warehouses_count: 0,
      warehouse_space_used: 0,
      max_warehouse_space: 0,
    });
    expectError(await get('/api/subscription/usage-stats'), 401, 'unauthorized');
  });

  it('upgrades: recorded, not charged, a 14-day trial and the first payment 14 days on, effective at once', async () => {
    const user = await freshUser();
    const coops = await seededCoops(t.db);
    const before = new Date();
    const response = await upgrade(
      { plan_id: planId('trader'), coop_id: coops.soweto, billing_period: 'yearly' },
      user.cookie,
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = mySubscriptionSchema.parse(response.json());
    expect(body).toMatchObject({
      plan_id: planId('trader'),
      plan_tier: 'trader',
      status: 'trialing',
      billing_period: 'yearly',
      amount: 350,
      coop_id: coops.soweto,
      next_payment_date: firstPaymentDate(before),
    });
    const trialDays = (Date.parse(body.trial_ends_at!) - before.getTime()) / 86_400_000;
    expect(trialDays).toBeGreaterThan(13.99);
    expect(trialDays).toBeLessThan(14.01);
    const [change] = await t.db
      .select()
      .from(subscriptionChanges)
      .where(eq(subscriptionChanges.user_id, user.id));
    expect(change).toMatchObject({
      from_tier: 'free',
      to_tier: 'trader',
      billing_period: 'yearly',
      amount_cents: 35_000,
      coop_id: coops.soweto,
    });
    // The new plan counts at once: the whole catalogue, and the subscription reads back the same.
    const products = (await get('/api/products', user.cookie)).json() as { browse_limit: number | null };
    expect(products.browse_limit).toBeNull();
    expect((await get('/api/my-subscription', user.cookie)).json()).toEqual(body);
  });

  it('switches billing period, and downgrades to free with no payment due', async () => {
    const user = await freshUser();
    expect(
      (await upgrade({ plan_id: planId('professional'), billing_period: 'monthly' }, user.cookie)).statusCode,
    ).toBe(200);
    const yearly = await upgrade({ plan_id: planId('professional'), billing_period: 'yearly' }, user.cookie);
    expect(yearly.json()).toMatchObject({
      plan_tier: 'professional',
      billing_period: 'yearly',
      amount: 24900,
    });
    const down = await upgrade({ plan_id: planId('free'), billing_period: 'monthly' }, user.cookie);
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json()).toMatchObject({
      plan_tier: 'free',
      status: 'active',
      next_payment_date: null,
      amount: 0,
    });
    expect(await count(t.db, 'subscription_changes', eq(subscriptionChanges.user_id, user.id))).toBe(3);
  });

  it('refuses the plan already held with 409, writing nothing', async () => {
    const user = await freshUser();
    expect(
      (await upgrade({ plan_id: planId('supplier'), billing_period: 'monthly' }, user.cookie)).statusCode,
    ).toBe(200);
    const changes = await count(t.db, 'subscription_changes');
    expectError(
      await upgrade({ plan_id: planId('supplier'), billing_period: 'monthly' }, user.cookie),
      409,
      'subscription.already_on_plan',
    );
    const fresh = await freshUser();
    expectError(
      await upgrade({ plan_id: planId('free'), billing_period: 'yearly' }, fresh.cookie),
      409,
      'subscription.already_on_plan',
    );
    expect(await count(t.db, 'subscription_changes')).toBe(changes);
  });

  it('refuses anonymous callers (401) and bad input (400) with nothing written', async () => {
    const user = await freshUser();
    const written = async () => ({
      subscriptions: await count(t.db, 'subscriptions'),
      changes: await count(t.db, 'subscription_changes'),
    });
    const before = await written();
    expectError(await upgrade({ plan_id: planId('trader'), billing_period: 'monthly' }), 401, 'unauthorized');
    for (const bad of [
      {},
      { plan_id: planId('trader') },
      { plan_id: planId('trader'), billing_period: 'weekly' },
      { plan_id: 'trader', billing_period: 'monthly' },
      { plan_id: -1, billing_period: 'monthly' },
      { plan_id: planId('trader'), billing_period: 'monthly', coop_id: 'soweto' },
    ]) {
      expectError(await upgrade(bad, user.cookie), 400, 'bad_request');
    }
    const unknownPlan = expectError(
      await upgrade({ plan_id: 999_999, billing_period: 'monthly' }, user.cookie),
      400,
      'subscription.unknown_plan',
    );
    expect(unknownPlan.fields).toHaveProperty('plan_id');
    expect(unknownPlan.field_codes).toEqual({ plan_id: { code: 'validation.invalid_option' } });
    const unknownCoop = expectError(
      await upgrade({ plan_id: planId('trader'), coop_id: 999_999, billing_period: 'monthly' }, user.cookie),
      400,
      'subscription.unknown_coop',
    );
    expect(unknownCoop.fields).toHaveProperty('coop_id');
    expect(await written()).toEqual(before);
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.user_id, user.id));
    expect(row).toBeUndefined();
  });

  it('closes the early-adopter plans at 1,000 members (409, nothing written)', async () => {
    const members = await count(t.db, 'users');
    await t.db.execute(
      sql`insert into users (email, name) select 'early-' || g || '@test.example', 'Early ' || g
          from generate_series(1, ${Math.max(0, 1000 - members)}) g`,
    );
    const listed = (
      await get('/api/subscription-plans', await t.login('retailer'))
    ).json() as SubscriptionPlan[];
    expect(listed.find((p) => p.tier === 'trader_early')!.available).toBe(false);
    expect(listed.find((p) => p.tier === 'trader')!.available).toBe(true);
    const user = await freshUser();
    const changes = await count(t.db, 'subscription_changes');
    const closed = expectError(
      await upgrade({ plan_id: planId('trader_early'), billing_period: 'yearly' }, user.cookie),
      409,
      'subscription.early_adopter_closed',
    );
    expect(closed.params).toEqual({ cap: 1000 });
    expect(await count(t.db, 'subscription_changes')).toBe(changes);
  });
});
