import { request as apiRequest } from '@playwright/test';
import type { ApiKeyList, ApiUsage, RequestLogList } from '@tt/domain';
import { blockingViolations } from './axe';
import { test, expect, locale, key, shot, expectNoHorizontalScroll } from './fixtures';

const en = locale('en', 'developer');
const common = locale('en', 'common');

test('a coordinator makes an API key, sees it once, calls the API with it, finds the call in the log and revokes it', async ({
  page,
  login,
  isMobile,
}, info) => {
  const project = info.project.name;
  const baseURL = info.project.use.baseURL!;
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await login('coordinator', false);
  // The demo coordinator is shared by this project's tests: start from no live key of its own.
  for (const old of ((await (await page.request.get('/api/developer/keys')).json()) as ApiKeyList).keys) {
    expect((await page.request.delete(`/api/developer/keys/${old.id}`)).status()).toBe(204);
  }
  const logged = async () =>
    ((await (await page.request.get('/api/developer/logs')).json()) as RequestLogList).matching;
  const loggedBefore = await logged();
  const axe: string[] = [];
  const sweep = async (label: string) => {
    if (isMobile) axe.push(...(await blockingViolations(page)).map((line) => `${label}: ${line}`));
  };
  // A client of the public API: no cookie, only the key.
  const client = await apiRequest.newContext({ baseURL });

  // The enterprise menu's link reaches a working screen (it was "on its way").
  await page.goto('/dashboard');
  if (project === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: key(common, 'nav.developer'), exact: true }).click();
  await expect(page).toHaveURL(/\/developer$/);
  await expect(page.getByRole('heading', { name: key(en, 'title'), level: 1 })).toBeVisible();
  await expect(page.getByTestId('usage')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await shot(page, 'developer-overview', project);
  await sweep('overview');

  // API Keys: generate one with a name and read:products; the whole key is shown once, with a copy button.
  await page.getByTestId('tab-keys').click();
  await expect(page.getByText(key(en, 'keys.empty'))).toBeVisible();
  await sweep('keys-empty');
  await page.getByTestId('generate-key').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(key(en, 'new.name')).fill('Stock sync e2e');
  await expect(dialog.getByTestId('scope-read:products')).toBeChecked();
  await shot(page, 'developer-new-key', project, { fullPage: false });
  await sweep('new-key');
  await dialog.getByTestId('create-key').click();
  const shown = dialog.getByTestId('new-key');
  await expect(shown).toHaveValue(/^tt_live_[A-Za-z0-9_-]{32}$/);
  const fullKey = await shown.inputValue();
  await expect(dialog).toContainText(key(en, 'created.once'));
  await dialog.getByTestId('copy-key').click();
  await expect(dialog.getByText(key(en, 'copy.copied_message'))).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(fullKey);
  await shot(page, 'developer-key-created', project, { fullPage: false });
  await sweep('key-created');
  await dialog.getByTestId('key-done').click();
  await expect(dialog).toBeHidden();

  // The list shows it masked only (first and last 8 characters), and the whole key is nowhere on the page.
  const row = page.getByTestId('api-key').filter({ hasText: 'Stock sync e2e' });
  await expect(row.getByTestId('masked-key')).toHaveText(
    `${fullKey.slice(0, 8)}••••••••${fullKey.slice(-8)}`,
  );
  await expect(row).toContainText('read:products');
  expect(await page.content()).not.toContain(fullKey);
  await expectNoHorizontalScroll(page);
  await shot(page, 'developer-keys', project);
  await sweep('keys');

  // The key really authenticates the public API.
  const products = await client.get('/api/products?page_size=3', {
    headers: { authorization: `Bearer ${fullKey}` },
  });
  expect(products.status()).toBe(200);
  expect(((await products.json()) as { products: unknown[] }).products.length).toBeGreaterThan(0);
  // Its log line is written once the answer has gone: waited for before the next call, so that the two lines are
  // written (and listed, newest first) in the order of the calls.
  await expect.poll(logged).toBe(loggedBefore + 1);
  // ...and only with its scope.
  const orders = await client.get('/api/orders', { headers: { authorization: `Bearer ${fullKey}` } });
  expect(orders.status()).toBe(403);

  // Request Logs: after a reload, both calls are there.
  await expect.poll(logged).toBe(loggedBefore + 2);
  await page.reload();
  await page.getByTestId('tab-logs').click();
  const logs = page.getByTestId('request-log');
  await expect(logs).toHaveCount(Math.min(20, loggedBefore + 2));
  await expect(logs.first()).toContainText('/api/orders');
  await expect(logs.first()).toContainText('403');
  await expect(logs.nth(1)).toContainText('GET /api/products');
  await expect(logs.nth(1)).toContainText('200');
  await expectNoHorizontalScroll(page);
  await shot(page, 'developer-logs', project);
  await sweep('logs');

  // Overview: the figures come from that log, and the quick start uses the real address and the masked key.
  await page.getByTestId('tab-overview').click();
  const usage = (await (await page.request.get('/api/developer/usage')).json()) as ApiUsage;
  expect(usage.requests_today).toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId('usage')).toContainText(String(usage.requests_today));
  await expect(page.getByTestId('quick-curl')).toHaveValue(
    new RegExp(`Bearer ${fullKey.slice(0, 8)}•+${fullKey.slice(-8)}.*/api/products`),
  );

  // API Docs: generated from the server's own list of public endpoints.
  await page.getByTestId('tab-docs').click();
  const endpoints = page.getByTestId('api-endpoint');
  await expect(endpoints).toHaveCount(4);
  await expect(endpoints.filter({ hasText: '/api/analytics/sales' })).toContainText('read:analytics');
  await expectNoHorizontalScroll(page);
  await shot(page, 'developer-docs', project);
  await sweep('docs');

  // Webhooks: said plainly that they are not offered, with nothing to press.
  await page.getByTestId('tab-webhooks').click();
  await expect(page.getByTestId('webhooks-not-offered')).toContainText(key(en, 'webhooks.title'));
  await expect(page.getByTestId('webhooks-not-offered').getByRole('button')).toHaveCount(0);
  await sweep('webhooks');

  // Revoke, after a confirmation: the same call is refused at once.
  await page.getByTestId('tab-keys').click();
  await row.getByTestId('revoke-key').click();
  await page.getByRole('dialog').getByTestId('confirm-action').click();
  await expect(page.getByTestId('api-key')).toHaveCount(0);
  await expect(page.getByText(key(en, 'keys.empty'))).toBeVisible();
  const refused = await client.get('/api/products', { headers: { authorization: `Bearer ${fullKey}` } });
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('api_key.invalid');
  await client.dispose();

  expect(axe, 'serious or critical accessibility violations at phone size').toEqual([]);
});
