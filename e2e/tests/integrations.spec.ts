import { request as apiRequest } from '@playwright/test';
import type { CreatedApiKey, IntegrationsOverview, MarketplaceEntry } from '@tt/domain';
import { blockingViolations } from './axe';
import { test, expect, locale, key, shot, expectNoHorizontalScroll } from './fixtures';

const en = locale('en', 'integrations');
const common = locale('en', 'common');

test('a coordinator sees the public API connection count a request made with a fresh key, and finds it in the activity', async ({
  page,
  login,
  isMobile,
}, info) => {
  const project = info.project.name;
  await login('coordinator', false);
  const axe: string[] = [];
  const sweep = async (label: string) => {
    if (isMobile) axe.push(...(await blockingViolations(page)).map((line) => `${label}: ${line}`));
  };
  const made = await page.request.post('/api/developer/keys', {
    data: { name: 'Integrations e2e', scopes: ['read:products'] },
  });
  expect(made.status()).toBe(201);
  const apiKey = (await made.json()) as CreatedApiKey;
  const client = await apiRequest.newContext({ baseURL: info.project.use.baseURL! });
  try {
    // The Operations menu's link reaches a working screen (it was "on its way").
    await page.goto('/dashboard');
    if (project === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: key(common, 'nav.integrations'), exact: true }).click();
    await expect(page).toHaveURL(/\/integrations$/);
    await expect(page.getByRole('heading', { name: key(en, 'title'), level: 1 })).toBeVisible();
    await expect(page.getByTestId('counts')).toBeVisible();
    await expectNoHorizontalScroll(page);
    await shot(page, 'integrations-overview', project);
    await sweep('overview');

    // The key was made and never used: the public API waits (pending), with the live keys counted.
    await page.getByRole('tab', { name: key(en, 'tabs.integrations') }).click();
    const api = page.locator('[data-testid="connection"][data-id="public_api"]');
    await expect(api).toHaveAttribute('data-status', 'pending');
    const before = Number(await api.getByTestId('requests-24h').textContent());

    // A request with the key, from outside the browser, is on the card after a reload: counted, and active.
    const called = await client.get('/api/products?page_size=2', {
      headers: { authorization: `Bearer ${apiKey.key}` },
    });
    expect(called.status()).toBe(200);
    await expect
      .poll(async () => {
        const o = (await (await page.request.get('/api/integrations')).json()) as IntegrationsOverview;
        const c = o.connections.find((x) => x.id === 'public_api');
        return c && c.id === 'public_api' ? c.requests_24h : -1;
      })
      .toBe(before + 1);
    await page.reload();
    await expect(api).toHaveAttribute('data-status', 'active');
    await expect(api.getByTestId('requests-24h')).toHaveText(String(before + 1));
    // Sign-in is not configured on the test server: it says so and names the settings that would switch it on.
    const sso = page.locator('[data-testid="connection"][data-id="sso"]');
    await expect(sso).toHaveAttribute('data-status', 'inactive');
    await expect(sso).toContainText('OIDC_ISSUER');
    await expectNoHorizontalScroll(page);
    await shot(page, 'integrations-connections', project);
    await sweep('integrations');

    // The search reads name, provider and type: "openid" finds single sign-on alone.
    await page.getByTestId('connection-search').fill('openid');
    await expect(page.getByTestId('connection')).toHaveCount(1);
    await expect(page.getByTestId('connection')).toHaveAttribute('data-id', 'sso');
    await page.getByTestId('connection-search').fill('');
    await page.getByTestId('connection-status').selectOption('active');
    await expect(api).toBeVisible();
    await expect(sso).toHaveCount(0);

    // The card's link opens the screen that manages the keys.
    await api.getByTestId('manage').click();
    await expect(page).toHaveURL(/\/developer$/);
    await page.goBack();

    // The activity log shows the request; the error filter does not.
    await page.getByRole('tab', { name: key(en, 'tabs.activity') }).click();
    const line = page
      .getByTestId('integration-log')
      .filter({ hasText: 'GET /api/products' })
      .filter({ hasText: apiKey.masked_key });
    await expect(line.first()).toBeVisible();
    await expect(line.first()).toHaveAttribute('data-status', 'success');
    await shot(page, 'integrations-activity', project);
    await sweep('activity');
    await page.getByTestId('activity-status').selectOption('error');
    await expect(line).toHaveCount(0);
    await page.getByTestId('activity-status').selectOption('success');
    await expect(line.first()).toBeVisible();
  } finally {
    await client.dispose();
    expect((await page.request.delete(`/api/developer/keys/${apiKey.id}`)).status()).toBe(204);
  }
  expect(axe, axe.join('\n')).toEqual([]);
});

test('a shop asks for a marketplace service, it stays asked after a reload, and an admin sees it counted', async ({
  page,
  login,
  isMobile,
}, info) => {
  const project = info.project.name;
  const axe: string[] = [];
  const sweep = async (label: string) => {
    if (isMobile) axe.push(...(await blockingViolations(page)).map((line) => `${label}: ${line}`));
  };
  await login('retailer', '/integrations?tab=marketplace');
  await expect(page.getByTestId('showcase-note')).toBeVisible();
  const card = page.locator('[data-testid="marketplace-entry"][data-key="payfast"]');
  await expect(card).toContainText(key(en, 'marketplace.not_connected'));
  await shot(page, 'integrations-marketplace', project);
  await sweep('marketplace');

  // Search by provider, then by type in the reader's words.
  await page.getByTestId('marketplace-search').fill('standard bank');
  await expect(page.getByTestId('marketplace-entry')).toHaveCount(1);
  await expect(page.getByTestId('marketplace-entry')).toHaveAttribute('data-key', 'snapscan');
  await page.getByTestId('marketplace-search').fill('');
  await page.getByTestId('marketplace-type').selectOption('accounting');
  await expect(page.getByTestId('marketplace-entry')).toHaveCount(2);
  await page.getByTestId('marketplace-type').selectOption('');
  await expectNoHorizontalScroll(page);

  await card.getByTestId('request').click();
  await expect(card.getByTestId('requested')).toBeVisible();
  await expect(card.getByTestId('request')).toHaveText(key(en, 'marketplace.withdraw'));
  await page.reload();
  await expect(card.getByTestId('requested')).toBeVisible();
  await sweep('marketplace requested');

  // A shop keeps no API keys: the activity says why, and the server refuses it too.
  await page.getByRole('tab', { name: key(en, 'tabs.activity') }).click();
  await expect(page.getByTestId('activity-closed')).toBeVisible();
  expect((await page.request.get('/api/integrations/activity')).status()).toBe(403);
  expect((await page.request.get('/api/integrations/marketplace/requests')).status()).toBe(403);
  // A service not in the catalogue is refused, and nothing is recorded.
  expect((await page.request.put('/api/integrations/marketplace/stripe/request')).status()).toBe(400);

  // The admin sees the request counted on the card.
  await login('admin', '/integrations?tab=marketplace');
  await expect(card.getByTestId('asked')).toHaveText('1 user asked for this');
  await shot(page, 'integrations-marketplace-admin', project);
  // The database is the admin's to see.
  await page.getByRole('tab', { name: key(en, 'tabs.integrations') }).click();
  await expect(page.locator('[data-testid="connection"][data-id="database"]')).toContainText('PostgreSQL');

  // The shop withdraws its request (the demo seed is as it was).
  await login('retailer', '/integrations?tab=marketplace');
  await card.getByTestId('request').click();
  await expect(card.getByTestId('requested')).toHaveCount(0);
  const after = (await (
    await page.request.get('/api/integrations/marketplace')
  ).json()) as MarketplaceEntry[];
  expect(after.find((e) => e.key === 'payfast')!.requested).toBe(false);
  expect(axe, axe.join('\n')).toEqual([]);
});
