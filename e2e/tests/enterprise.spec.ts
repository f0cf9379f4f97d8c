import { formatRandAmount, type MySubscription, type SubscriptionPlan } from '@tt/domain';
import { blockingViolations } from './axe';
import { test, expect, locale, key, shot, expectNoHorizontalScroll } from './fixtures';

const en = locale('en', 'enterprise');
const plans = locale('en', 'subscriptions');
const common = locale('en', 'common');
const plain = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ').trim();

test('a coordinator reads the enterprise offer, configures a feature, starts a trial and contacts sales', async ({
  page,
  login,
  isMobile,
}, info) => {
  const project = info.project.name;
  await login('coordinator', false);
  const table = (await (await page.request.get('/api/subscription-plans')).json()) as SubscriptionPlan[];
  const before = (await (await page.request.get('/api/my-subscription')).json()) as MySubscription;
  // The demo coordinator runs a co-op on the Professional plan; Enterprise is the step up.
  expect(before.plan_tier).toBe('professional');
  const axe: string[] = [];
  const sweep = async (label: string) => {
    if (isMobile) axe.push(...(await blockingViolations(page)).map((line) => `${label}: ${line}`));
  };

  try {
    // The enterprise menu's link reaches a working screen (it was "on its way").
    await page.goto('/dashboard');
    if (project === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: key(common, 'nav.enterprise'), exact: true }).click();
    await expect(page).toHaveURL(/\/enterprise$/);
    await expect(page.getByRole('heading', { name: key(en, 'title'), level: 1 })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await shot(page, 'enterprise-overview', project);
    await sweep('overview');

    // Features: Configure only where the feature works and the coordinator may go (every one has landed).
    await page.getByTestId('tab-features').click();
    const feature = (id: string) => page.getByTestId(`feature-${id}`);
    await expect(page.locator('[data-status="planned"]')).toHaveCount(0);
    await expect(feature('white_label').getByTestId('configure')).toHaveAttribute('href', '/white-label');
    await expect(feature('bulk_catalogue').getByTestId('configure')).toHaveCount(0);
    await expect(feature('bulk_catalogue')).toContainText(key(en, 'features.not_your_role'));
    await expect(feature('single_sign_on')).toContainText(key(en, 'features.single_sign_on.how'));
    await shot(page, 'enterprise-features', project);
    await sweep('features');
    await feature('reports').getByTestId('configure').click();
    await expect(page).toHaveURL(/\/reports$/);
    await page.goBack();

    await page.goto('/enterprise?tab=security');
    await expect(page.getByTestId('security-measures').getByRole('listitem')).toHaveCount(6);
    // The Security Center has landed (ADR 054): the measures' card leads there.
    await expect(page.getByRole('link', { name: key(en, 'security.center_link') })).toHaveAttribute(
      'href',
      '/security',
    );
    await sweep('security');

    // Pricing: the plans table's own prices, and /subscription's confirmation with its trial.
    await page.goto('/enterprise');
    await page.getByTestId('see-pricing').click();
    await expect(page).toHaveURL(/tab=pricing/);
    const card = (tier: string) => page.locator(`[data-testid="plan-card"][data-tier="${tier}"]`);
    await expect(page.getByTestId('plan-card')).toHaveCount(2);
    for (const tier of ['professional', 'enterprise']) {
      const plan = table.find((p) => p.tier === tier)!;
      expect(plain(await card(tier).getByTestId('plan-price').textContent())).toBe(
        plain(formatRandAmount(plan.price_monthly)),
      );
    }
    await shot(page, 'enterprise-pricing', project);
    await sweep('pricing');
    await expect(card('professional').getByTestId('choose-plan')).toBeDisabled();
    await card('enterprise').getByTestId('choose-plan').click();
    await expect(page.getByTestId('change-plan-dialog')).toBeVisible();
    await expect(page.getByTestId('confirm-when')).toBeVisible();
    await page.getByTestId('confirm-plan').click();
    await expect(page.getByTestId('plan-changed')).toContainText(key(plans, 'tiers.enterprise.name'));
    const after = (await (await page.request.get('/api/my-subscription')).json()) as MySubscription;
    expect(after.plan_tier).toBe('enterprise');
    expect(after.status).toBe('trialing');
    await expect(card('enterprise').getByTestId('choose-plan')).toBeDisabled();

    // Enterprise Plus: Contact Sales writes a ticket to the support desk, which opens there.
    await page.getByTestId('plus-contact-sales').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel(/subject/i)).toHaveValue(key(en, 'sales.subject'));
    await sweep('contact sales');
    await dialog.getByLabel(/description/i).fill('Forty shops in two provinces; we want our own servers.');
    await dialog.getByTestId('create-ticket').click();
    await expect(page).toHaveURL(/\/support\?ticket=\d+/);
    await expect(page.getByTestId('ticket-detail')).toContainText('Forty shops in two provinces');
    expect(axe).toEqual([]);
  } finally {
    // The coordinator's plan as it was, for the tests after this one on the same database.
    const restored = await page.request.post('/api/subscription/upgrade', {
      data: { plan_id: before.plan_id, billing_period: before.billing_period },
    });
    expect(restored.ok()).toBeTruthy();
  }
});

test('a retailer is told the enterprise screen is not for their role', async ({ page, login }) => {
  await login('retailer', '/enterprise');
  await expect(page.getByTestId('access-restricted')).toBeVisible();
});
