import { readFile } from 'node:fs/promises';
import { request as apiRequest } from '@playwright/test';
import type { SecuritySessionList } from '@tt/domain';
import { blockingViolations } from './axe';
import { test, expect, locale, key, shot, expectNoHorizontalScroll } from './fixtures';

const en = locale('en', 'security');
const common = locale('en', 'common');
const developer = locale('en', 'developer');

/** A device no other spec signs in from, one per project (both run at once on the shared demo account). */
const OTHER_DEVICE = {
  phone: {
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0',
    name: 'Firefox on Windows',
  },
  desktop: {
    ua: 'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 OPR/105.0',
    name: 'Opera on ChromeOS',
  },
} as const;

test('a retailer sees their sign-in, signs out another session that stops working at once, and exports the log', async ({
  page,
  login,
  isMobile,
}, info) => {
  const project = info.project.name as keyof typeof OTHER_DEVICE;
  const baseURL = info.project.use.baseURL!;
  const axe: string[] = [];
  const sweep = async (label: string) => {
    if (isMobile) axe.push(...(await blockingViolations(page)).map((line) => `${label}: ${line}`));
  };
  // The other device: a session of the same account opened elsewhere.
  const other = await apiRequest.newContext({ baseURL, userAgent: OTHER_DEVICE[project].ua });
  expect((await other.post('/api/demo/login', { data: { role: 'retailer' } })).ok()).toBeTruthy();
  expect((await other.get('/api/security/sessions')).status()).toBe(200);

  await login('retailer', '/dashboard');
  // The menu's link reaches a working screen (it was "on its way").
  if (project === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: key(common, 'nav.security'), exact: true }).click();
  await expect(page).toHaveURL(/\/security$/);
  await expect(page.getByRole('heading', { name: key(en, 'title'), level: 1 })).toBeVisible();
  await expect(page.getByTestId('security-score')).toContainText('%');

  // Where I'm signed in: this device first, the other device with Sign out.
  const sessions = page.getByTestId('sessions');
  await expect(sessions.getByTestId('session').first()).toContainText(key(en, 'sessions.this_device'));
  const otherRow = sessions.getByTestId('session').filter({ hasText: OTHER_DEVICE[project].name });
  await expect(otherRow).toHaveCount(1);
  // A shared demo account: the others are other visitors', so there is no "sign out all" here.
  await expect(sessions.getByTestId('shared-account')).toBeVisible();
  await expect(sessions.getByTestId('sign-out-others')).toHaveCount(0);
  await expectNoHorizontalScroll(page);
  await shot(page, 'security-overview', project);
  await sweep('overview');

  await otherRow.getByTestId('end-session').click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(OTHER_DEVICE[project].name);
  await sweep('end-session');
  await confirm.getByRole('button', { name: key(en, 'sessions.sign_out') }).click();
  await expect(page.getByText(key(en, 'sessions.ended_one'))).toBeVisible();
  await expect(otherRow).toHaveCount(0);
  // It really ended: the other device is refused now.
  expect((await other.get('/api/security/sessions')).status()).toBe(401);
  await other.dispose();

  // Security Events: my sign-in and the session I ended, kept after a reload, filtered by type.
  await page.getByTestId('tab-events').click();
  await page.reload();
  const events = page.getByTestId('security-events');
  await expect(events.getByTestId('security-event').first()).toBeVisible();
  await page.getByLabel(key(en, 'events.type')).selectOption('session_revoked');
  const revoked = events.getByTestId('security-event').filter({ hasText: OTHER_DEVICE[project].name });
  await expect(revoked.first()).toContainText(key(en, 'type.session_revoked'));
  await expectNoHorizontalScroll(page);
  await shot(page, 'security-events', project);
  await sweep('events');

  // Export Log downloads what the filter shows.
  const download = page.waitForEvent('download');
  await page.getByTestId('export-log').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^township-trade-security-events-mine-.*\.csv$/);
  const csv = await readFile((await file.path())!, 'utf8');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe('created_at,type,status,user_id,user_name,device,ip,details');
  expect(lines.length).toBeGreaterThan(1);
  expect(lines.slice(1).every((line) => line.includes(',session_revoked,success,'))).toBe(true);
  expect(csv).toContain(OTHER_DEVICE[project].name);

  await page.getByLabel(key(en, 'events.type')).selectOption('login');
  await expect(events.getByTestId('security-event').first()).toContainText(key(en, 'type.login'));
  await expect(events.getByTestId('security-event').first()).toContainText(key(en, 'detail.demo'));
  // A retailer has no view of every account's events, and the server refuses it.
  await expect(page.getByLabel(key(en, 'events.scope'))).toHaveCount(0);
  expect((await page.request.get('/api/security/events?scope=deployment')).status()).toBe(403);

  // Security Settings: each measure's real state and what sets it; no API keys for a retailer; permissions.
  await page.getByTestId('tab-settings').click();
  const demoOff = page.locator('[data-measure="demo_sign_in_off"]');
  await expect(demoOff).toContainText(key(en, 'settings.off'));
  await expect(demoOff).toContainText('DEMO_LOGIN');
  await expect(page.locator('[data-measure="api_keys_hashed"]')).toContainText(key(en, 'settings.on'));
  await expect(page.getByTestId('api-keys-card')).toContainText(key(en, 'keys.staff_only'));
  await expectNoHorizontalScroll(page);
  await shot(page, 'security-settings', project);
  await sweep('settings');
  await page.getByTestId('view-permissions').click();
  const permissions = page.getByRole('dialog');
  await expect(permissions.getByTestId('permissions')).toContainText(
    key(en, 'permissions.names.orders_place'),
  );
  await expect(permissions.getByTestId('permissions')).not.toContainText(
    key(en, 'permissions.names.security_monitor'),
  );
  await shot(page, 'security-permissions', project, { fullPage: false });
  await sweep('permissions');
  await permissions
    .getByRole('button', { name: key(en, 'permissions.close') })
    .first()
    .click();

  // Compliance: both checklists, the register, and the print view (Download PDF / Print).
  await page.getByTestId('tab-compliance').click();
  await expect(page.getByTestId('popia-checklist')).toBeVisible();
  await expect(page.getByTestId('pci-checklist')).toContainText(key(en, 'compliance.items.no_cards'));
  await expectNoHorizontalScroll(page);
  await shot(page, 'security-compliance', project);
  await sweep('compliance');
  await page.getByTestId('view-register').click();
  const register = page.getByRole('dialog');
  await expect(register.getByTestId('register-entry')).toHaveCount(8);
  await expect(register).toContainText(key(en, 'register.entry.security.name'));
  await shot(page, 'security-register', project, { fullPage: false });
  await sweep('register');
  await register
    .getByRole('button', { name: key(en, 'register.close') })
    .first()
    .click();
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void ((window as unknown as { printed: number }).printed += 1);
  });
  await page.getByTestId('download-pdf').click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.security-print')).toBeVisible();
  await expect(page.getByRole('heading', { name: key(en, 'title'), level: 1 })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  expect(axe, 'serious or critical accessibility violations').toEqual([]);
});

test('an admin sees every account’s events, each named by its account', async ({ page, login }) => {
  await login('admin', '/security?tab=events');
  await page.getByLabel(key(en, 'events.scope')).selectOption('deployment');
  await page.getByLabel(key(en, 'events.type')).selectOption('login');
  const events = page.getByTestId('security-events');
  await expect(events.getByTestId('security-event').first()).toContainText(key(en, 'type.login'));
  // The deployment's view names each event's account: the demo admin's own sign-in is among the newest.
  await expect(events).toContainText('Lerato Molefe');
  const sessions = (await (await page.request.get('/api/security/sessions')).json()) as SecuritySessionList;
  expect(sessions.sessions.filter((s) => s.current)).toHaveLength(1);

  // Settings: an admin's API keys are listed masked, and Generate New Key opens Developer Tools' dialog.
  await page.getByTestId('tab-settings').click();
  await expect(page.getByTestId('api-keys-card')).toContainText(key(en, 'keys.reason'));
  await page.getByTestId('generate-new-key').click();
  await expect(page).toHaveURL(/\/developer\?tab=keys/);
  await expect(page.getByRole('dialog')).toContainText(key(developer, 'new.title'));
});

test.describe('a refused export', () => {
  // The session is ended below on purpose; offline, the browser logs the failed request. With the service
  // worker, as a phone has it: offline, the screen and the toaster come from its caches.
  test.use({
    serviceWorkers: 'allow',
    expectedApiErrors: /^401 \/api\/security\/events\/export$/,
    expectedConsoleErrors: /Failed to load resource: net::ERR_(FAILED|INTERNET_DISCONNECTED)/,
  });

  test('says why it was refused, offline or signed out, and saves no file', async ({
    page,
    context,
    login,
  }) => {
    await login('retailer', '/security?tab=events');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await expect(page.getByTestId('security-event').first()).toBeVisible();
    const downloads: string[] = [];
    page.on('download', (file) => downloads.push(file.suggestedFilename()));
    const toast = page.locator('[data-sonner-toast][data-type="error"]');

    await context.setOffline(true);
    await page.getByTestId('export-log').click();
    await expect(toast.first()).toContainText(key(common, 'errors.network'));
    await context.setOffline(false);

    // Signed out elsewhere (the same session ended): the server refuses the file, and the screen says so.
    expect((await page.request.get('/api/logout')).ok()).toBe(true);
    await page.getByTestId('export-log').click();
    await expect(toast.filter({ hasText: key(common, 'errors.unauthorized') })).toBeVisible();
    expect(downloads).toEqual([]);
  });
});
