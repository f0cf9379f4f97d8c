import type { MySubscription, SubscriptionPlan, UsageStats } from '@tt/domain';
import type { Page } from '@playwright/test';
import { test, expect, locale, key, shot, expectNoHorizontalScroll } from './fixtures';

const en = locale('en', 'subscriptions');
const plain = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ').trim();

/** An active co-op the signed-in user belongs to, joined first if need be (the sales rep's warehouse screens). */
async function memberOfAnActiveCoop(page: Page): Promise<{ id: number }> {
  const coops = (await (await page.request.get('/api/cooperatives')).json()) as {
    id: number;
    status: string;
  }[];
  const coop = coops.find((c) => c.status === 'active')!;
  const memberships = (await (await page.request.get('/api/cooperatives/my-memberships')).json()) as {
    coop_id: number;
  }[];
  if (!memberships.some((m) => m.coop_id === coop.id)) {
    expect((await page.request.post('/api/cooperatives/join', { data: { coop_id: coop.id } })).status()).toBe(
      201,
    );
  }
  return coop;
}

test('view plans, toggle yearly, upgrade with confirmation, usage shown', async ({ page, login }, info) => {
  const project = info.project.name;
  await login('retailer', false);
  const plans = (await (await page.request.get('/api/subscription-plans')).json()) as SubscriptionPlan[];
  const idOf = (tier: string) => plans.find((p) => p.tier === tier)!.id;
  const before = (await (await page.request.get('/api/my-subscription')).json()) as MySubscription;
  expect(before.plan_tier).toBe('trader');

  // The menu's link reaches the screen (no longer "on its way").
  await page.goto('/subscription');
  await expect(page.getByRole('heading', { name: key(en, 'page.title'), level: 1 })).toBeVisible();
  await expect(page.getByTestId('current-plan-name')).toHaveText(key(en, 'tiers.trader.name'));
  const cards = page.getByTestId('plan-card');
  await expect(cards).toHaveCount(7);
  const card = (tier: string) => page.locator(`[data-testid="plan-card"][data-tier="${tier}"]`);
  await expect(card('trader').getByTestId('choose-plan')).toHaveText(key(en, 'plans.current'));
  await expect(card('trader').getByTestId('choose-plan')).toBeDisabled();
  await expect(card('free').getByTestId('choose-plan')).toHaveText(key(en, 'plans.downgrade'));
  await expect(card('professional').getByTestId('choose-plan')).toHaveText(key(en, 'plans.upgrade'));
  expect(plain(await card('professional').getByTestId('plan-price').textContent())).toBe('R 2 500.00');

  // Usage against the plan's limits: the trader plan has no monthly order limit.
  const usage = (await (await page.request.get('/api/subscription/usage-stats')).json()) as UsageStats;
  await expect(page.getByTestId('usage-panel')).toBeVisible();
  await expect(page.getByTestId('usage-orders_monthly').getByTestId('usage-figures')).toHaveText(
    `${usage.orders_this_month} / ∞`,
  );
  await expect(page.getByTestId('usage-warehouse_space').getByTestId('usage-figures')).toHaveText(
    `${usage.warehouse_space_used} / 10`,
  );

  // The fee calculator: 2.5% + 2.5% of R1 000, and it says checkout charges none today.
  await page.locator('#fee-amount').fill('1000');
  expect(plain(await page.getByTestId('fee-total_fee').textContent())).toBe('R 50.00');
  expect(plain(await page.getByTestId('fee-trader_pays').textContent())).toBe('R 1 025.00');
  await expect(page.getByTestId('fees-not-charged')).toHaveText(key(en, 'fees.not_charged'));

  // Yearly prices, labelled Save 17%.
  await page.getByTestId('billing-yearly').click();
  await expect(page.getByTestId('billing-yearly')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('yearly-saving')).toHaveText('Save 17%');
  expect(plain(await card('professional').getByTestId('plan-price').textContent())).toBe('R 24 900.00');
  await expect(card('trader').getByTestId('choose-plan')).toHaveText(key(en, 'plans.switch_yearly'));
  await expectNoHorizontalScroll(page);
  await shot(page, 'subscription', project);

  // Upgrade: the confirmation says what it costs and when it is paid; nothing is charged.
  await card('professional').getByTestId('choose-plan').click();
  const dialog = page.getByTestId('change-plan-dialog');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('confirm-cost')).toHaveText(/R\s24\s900\.00 per year/);
  const due = new Date(Date.now() + 14 * 24 * 60 * 60 * 1000);
  await expect(page.getByTestId('confirm-when')).toContainText(String(due.getUTCFullYear()));
  await expect(page.getByTestId('confirm-when')).toContainText('14-day free trial');
  await shot(page, 'subscription-confirm', project);
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/subscription/upgrade'));
  await page.getByTestId('confirm-plan').click();
  expect((await answer).status()).toBe(200);
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('plan-changed')).toBeVisible();
  await expect(page.getByTestId('current-plan-name')).toHaveText(key(en, 'tiers.professional.name'));
  await expect(page.getByTestId('current-plan')).toContainText(key(en, 'status.trialing'));
  await expect(card('professional').getByTestId('choose-plan')).toHaveText(key(en, 'plans.current'));
  await expect(page.getByTestId('usage-warehouse_space').getByTestId('usage-figures')).toHaveText(
    `${usage.warehouse_space_used} / 50`,
  );
  const after = (await (await page.request.get('/api/my-subscription')).json()) as MySubscription;
  expect(after).toMatchObject({ plan_tier: 'professional', billing_period: 'yearly', status: 'trialing' });
  await shot(page, 'subscription-upgraded', project);

  // The demo is shared: put the retailer back on its seeded plan for the tests that follow.
  const back = await page.request.post('/api/subscription/upgrade', {
    data: { plan_id: idOf('trader'), billing_period: 'monthly' },
  });
  expect(back.status()).toBe(200);
});

test.describe('the upgrade dialog after a refused write', () => {
  test.use({
    expectedApiErrors: /^402 \/api\/cooperatives\/\d+\/virtual-warehouses$/,
    // The stale usage below is served by page.route, which does not see requests a service worker makes.
    serviceWorkers: 'block',
  });

  test('a warehouse 402 shows its numbers, alone, and leads to /subscription', async ({
    page,
    login,
  }, info) => {
    const project = info.project.name;
    await login('sales_rep', false);
    const coop = await memberOfAnActiveCoop(page);
    // The screen's usage is stale (another device just used the last of it, say): it lets the form open,
    // and the server's 402 decides.
    const real = (await (await page.request.get('/api/subscription/usage-stats')).json()) as UsageStats;
    expect(real.max_warehouses).toBe(0);
    await page.route('**/api/subscription/usage-stats', (route) =>
      route.fulfill({ json: { ...real, max_warehouses: 5, max_warehouse_space: 50 } }),
    );
    await page.goto(`/virtual-warehouses/${coop.id}`);
    await page.getByTestId('create-warehouse').click();
    await page.locator('#wh-name').fill(`Refused depot ${project}`);
    const refused = page.waitForResponse(
      (r) => /\/virtual-warehouses$/.test(r.url()) && r.request().method() === 'POST',
    );
    await page.getByTestId('submit-warehouse').click();
    const answer = await refused;
    expect(answer.status()).toBe(402);
    const limit = (await answer.json()) as { feature: string; used: number; limit: number };
    expect(limit).toMatchObject({ feature: 'warehouses', used: 0, limit: 0 });

    // One sheet at a time: the form has closed, the upgrade dialog shows the server's numbers.
    await expect(page.getByTestId('upgrade-dialog')).toBeVisible();
    await expect(page.locator('#wh-name')).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await expect(page.getByTestId('upgrade-figures')).toHaveText(`${limit.used} of ${limit.limit}`);
    await expect(page.getByTestId('upgrade-message')).toHaveText(
      key(en, 'upgrade.not_included')
        .replace('{{feature}}', key(en, 'features.warehouses'))
        .replace('{{limit}}', String(limit.limit)),
    );
    await expect(page.getByTestId('upgrade-bar')).toHaveAttribute('aria-valuenow', '100');
    // At phone and desktop size alike the dialog fits the screen, nothing scrolls sideways.
    const box = (await page.getByTestId('upgrade-dialog').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    await expectNoHorizontalScroll(page);
    await shot(page, 'upgrade-dialog-402', project);

    await page.unroute('**/api/subscription/usage-stats');
    await page.getByTestId('upgrade-link').click();
    await expect(page).toHaveURL(/\/subscription$/);
    await expect(page.getByTestId('current-plan-name')).toHaveText(key(en, 'tiers.free.name'));
    await expect(
      page.locator('[data-testid="plan-card"][data-tier="free"]').getByTestId('choose-plan'),
    ).toHaveText(key(en, 'plans.current'));
    await expectNoHorizontalScroll(page);
    await shot(page, 'subscription-free', project);
  });
});

test('a tap on Allocate before the plan’s numbers have arrived gives way to the upgrade dialog when they do', async ({
  page,
  login,
}) => {
  await login('sales_rep', false);
  const coop = await memberOfAnActiveCoop(page);
  const usage = (await (await page.request.get('/api/subscription/usage-stats')).json()) as UsageStats;
  expect(usage.max_warehouse_space, 'the free plan has no warehouse space').toBe(0);
  // The plan's numbers are held back (a slow link) until the form is open.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/subscription/usage-stats', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/virtual-warehouses/${coop.id}`);
  await page.getByTestId('allocate-space').click();
  await expect(page.locator('#al-space')).toBeVisible();

  release();
  // The form that could not succeed has given way: one dialog, the upgrade's, with the plan's numbers.
  await expect(page.getByTestId('upgrade-dialog')).toBeVisible();
  await expect(page.locator('#al-space')).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await expect(page.getByTestId('upgrade-figures')).toHaveText(
    `${usage.warehouse_space_used} of ${usage.max_warehouse_space}`,
  );
  // Closed, it stays closed: neither the form nor the dialog comes back by itself.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the allocation sheet sends nothing the plan or the warehouse would refuse', async ({
  page,
  login,
}, info) => {
  await login('retailer', false);
  const get = async <T>(path: string) => (await (await page.request.get(path)).json()) as T;
  const usage = await get<UsageStats>('/api/subscription/usage-stats');
  const left = usage.max_warehouse_space - usage.warehouse_space_used;
  expect(left).toBeGreaterThanOrEqual(1);
  const memberships = await get<{ coop_id: number }[]>('/api/cooperatives/my-memberships');
  let target: { coop: number; warehouse: number; free: number } | null = null;
  for (const { coop_id } of memberships) {
    const list = await get<
      { id: number; is_active: boolean; total_capacity_cubic_meters: number; allocated_capacity: number }[]
    >(`/api/cooperatives/${coop_id}/virtual-warehouses`);
    const roomy = list.find(
      (w) => w.is_active && w.total_capacity_cubic_meters - w.allocated_capacity > left + 1,
    );
    if (roomy) {
      target = {
        coop: coop_id,
        warehouse: roomy.id,
        free: roomy.total_capacity_cubic_meters - roomy.allocated_capacity,
      };
      break;
    }
  }
  if (!target) throw new Error('The seed needs a warehouse with more room than the retailer’s plan has left');

  await page.goto(`/virtual-warehouses/${target.coop}`);
  await page.getByTestId('allocate-space').click();
  await page.locator('#al-warehouse').selectOption(String(target.warehouse));
  const submit = page.getByTestId('submit-allocation');

  // More than the warehouse has free: said so, no fee for it, and no submit.
  await page.locator('#al-space').fill(String(Math.ceil(target.free) + 100));
  await expect(page.getByText(/is free in this warehouse/)).toBeVisible();
  await expect(page.getByTestId('estimated-fee')).toHaveText('—');
  await expect(submit).toBeDisabled();

  // Room in the warehouse, but more than the plan has left: said so, and no submit.
  await page.locator('#al-space').fill(String(left + 1));
  await expect(page.getByTestId('allocation-over-plan')).toBeVisible();
  await expect(submit).toBeDisabled();
  await expect(page.getByRole('dialog')).toHaveCount(1);
  const sheet = (await page.getByRole('dialog').boundingBox())!;
  expect(sheet.x + sheet.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await expectNoHorizontalScroll(page);
  await shot(page, 'allocate-over-plan', info.project.name);

  // Within both: the submit is offered.
  await page.locator('#al-space').fill('0.5');
  await expect(page.getByTestId('allocation-over-plan')).toHaveCount(0);
  await expect(submit).toBeEnabled();
});
