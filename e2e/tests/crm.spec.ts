import { expect, expectNoHorizontalScroll, key, locale, shot, test } from './fixtures';
import { blockingViolations } from './axe';

/**
 * Issue 11 point 4: the CRM works for the sales roles. A rep adds a client (the South African phone
 * rule refuses a foreign number first), finds it by search and the type filter, opens it and logs an
 * activity; a manager sets the rep's monthly target; anyone else reads the spec's Access Restricted text.
 */

const en = locale('en', 'crm');

test('a sales rep adds a client, finds it, edits it, logs an activity with it and sees the cards count it', async ({
  page,
  login,
}, info) => {
  await login('sales_rep', '/crm');
  const summary = page.getByTestId('crm-summary');
  await expect(summary).toContainText(key(en, 'summary.total'));
  // The cards are the seeded book's own figures, not sample values.
  const totals = (await (await page.request.get('/api/crm/summary')).json()) as { total_clients: number };
  await expect(summary).toContainText(String(totals.total_clients));
  await expect(page.getByTestId('upcoming-activities').getByTestId('crm-activity')).toHaveCount(5);
  await expect(page.getByTestId('top-clients').getByTestId('top-client')).toHaveCount(5);
  await expectNoHorizontalScroll(page);
  await shot(page, 'crm-overview', info.project.name);

  // Add Client: a foreign number is refused under its field, and what was typed stays.
  const name = `Mama Joyce ${info.project.name}`;
  await page.getByTestId('add-client').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(key(en, 'form.client_name')).fill(name);
  await dialog.getByLabel(key(en, 'form.company_name')).fill(`Joyce's Tuck Shop ${info.project.name}`);
  await dialog.getByLabel(key(en, 'form.client_phone')).fill('+44 20 7946 0958');
  await dialog.getByLabel(key(en, 'form.client_type')).selectOption('lead');
  await dialog.getByLabel(key(en, 'form.client_value')).fill('4200');
  await page.getByTestId('save-client').click();
  await expect(dialog.getByText(key(locale('en', 'errors'), 'validation.sa_phone'))).toBeVisible();
  await expect(dialog.getByLabel(key(en, 'form.client_name'))).toHaveValue(name);
  await shot(page, 'crm-add-client', info.project.name);
  await dialog.getByLabel(key(en, 'form.client_phone')).fill('082 555 0199');
  await page.getByTestId('save-client').click();
  await expect(page.getByTestId('crm-notice')).toContainText(name);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The Clients tab: search finds it, the type filter keeps only leads.
  await page.getByTestId('tab-clients').click();
  await page.getByTestId('client-search').fill('Mama Joyce');
  const card = page.getByTestId('client-card').filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card).toContainText('+27 82 555 0199');
  await page.getByTestId('client-search').fill('');
  await page.getByTestId('client-type-filter').selectOption('customer');
  await expect(page.getByTestId('client-card').filter({ hasText: name })).toHaveCount(0);
  const customers = page.getByTestId('client-card');
  await expect(customers.first()).toBeVisible();
  for (const text of await customers.allInnerTexts()) expect(text).toContain(key(en, 'types.customer'));
  await page.getByTestId('client-type-filter').selectOption('lead');
  await expect(card).toBeVisible();
  await shot(page, 'crm-clients', info.project.name);

  // Edit: marking the deal won moves this month's won figure by its value.
  const before = (await (await page.request.get('/api/crm/summary')).json()) as { won_this_month: number };
  await card.getByTestId('edit-client').click();
  const edit = page.getByRole('dialog');
  await expect(edit.getByLabel(key(en, 'form.client_name'))).toHaveValue(name);
  await edit.getByLabel(key(en, 'form.status')).selectOption('won');
  await page.getByTestId('save-client').click();
  await expect(page.getByTestId('crm-notice')).toContainText(key(en, 'form.saved').replace('{{name}}', name));
  await expect(card).toContainText(key(en, 'statuses.won'));
  const after = (await (await page.request.get('/api/crm/summary')).json()) as { won_this_month: number };
  expect(Math.round((after.won_this_month - before.won_this_month) * 100)).toBe(420000);

  // View Details, then Log Activity from there: it shows in the client's activities.
  await card.getByTestId('view-client').click();
  await expect(page.getByTestId('client-details')).toContainText(key(en, 'details.no_activities'));
  await page.getByTestId('details-log-activity').click();
  const activity = page.getByRole('dialog');
  await activity.getByLabel(key(en, 'activity_form.type')).selectOption('meeting');
  await activity.getByLabel(key(en, 'activity_form.subject')).fill('Bring the bulk price list');
  await activity.getByLabel(key(en, 'activity_form.date')).fill('2030-03-02T10:30');
  await page.getByTestId('save-activity').click();
  await expect(page.getByTestId('crm-notice')).toContainText(key(en, 'activity_form.saved'));
  await card.getByTestId('view-client').click();
  await expect(page.getByTestId('client-activities')).toContainText('Bring the bulk price list');
  await shot(page, 'crm-client-details', info.project.name);
  await page.keyboard.press('Escape');

  // The Activities tab lists it too; the server holds it at the time typed (South African time).
  await page.getByTestId('tab-activities').click();
  await expect(page.getByTestId('activity-list')).toContainText('Bring the bulk price list');
  const activities = (await (await page.request.get('/api/crm/activities?limit=100')).json()) as {
    subject: string;
    activity_date: string;
  }[];
  const logged = activities.filter((a) => a.subject === 'Bring the bulk price list');
  expect(logged.map((a) => a.activity_date)).toContain('2030-03-02T08:30:00.000Z');
  await shot(page, 'crm-activities', info.project.name);

  // The rep's own target: set by a manager, read-only here.
  await page.getByTestId('tab-targets').click();
  await expect(page.getByTestId('target-card')).toHaveCount(1);
  await expect(page.getByTestId('set-rep-target')).toHaveCount(0);
});

test('a manager sets a sales rep’s monthly target and sees it against the rep’s won clients', async ({
  page,
  login,
}, info) => {
  await login('admin', '/crm?tab=targets');
  const rep = page.getByTestId('target-card').filter({ hasText: 'Kagiso Sithole' });
  await expect(rep).toBeVisible();
  const amount = info.project.name === 'phone' ? '175000' : '180000';
  await rep.getByTestId('set-rep-target').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(key(en, 'targets.amount')).fill(amount);
  await page.getByTestId('save-target').click();
  await expect(page.getByTestId('crm-notice')).toContainText('Kagiso Sithole');
  await expect(rep.getByTestId('target-amount')).toContainText(
    new RegExp(`${amount.slice(0, 3)}[\\s\u00a0\u202f]?000`),
  );
  await expect(rep.getByTestId('target-progress')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await shot(page, 'crm-targets', info.project.name);
  const targets = (await (await page.request.get('/api/crm/sales-targets')).json()) as {
    targets: { rep_name: string; target_amount: number | null; actual_amount: number }[];
  };
  const kagiso = targets.targets.find((t) => t.rep_name === 'Kagiso Sithole');
  expect(kagiso?.target_amount).toBe(Number(amount));
  expect(kagiso?.actual_amount).toBeGreaterThan(0);
});

test('a retailer reads the spec’s Access Restricted text on /crm', async ({ page, login }, info) => {
  await login('retailer', '/crm');
  const panel = page.getByTestId('access-restricted');
  await expect(panel).toContainText(key(en, 'access_restricted.title'));
  await expect(panel).toContainText('CRM features are only available to sales representatives and managers.');
  await shot(page, 'crm-restricted', info.project.name);
});

test('a rep’s clients come a page at a time: Show more brings the rest', async ({ page, login }, info) => {
  await login('sales_rep', false);
  const listed = async () =>
    (await (await page.request.get('/api/crm/clients')).json()) as { matching: number; page_size: number };
  // More clients than a page holds, added as the rep would.
  const { matching: had, page_size: pageSize } = await listed();
  for (let i = had; i <= pageSize + 2; i += 1) {
    const response = await page.request.post('/api/crm/clients', {
      data: { client_name: `Paged client ${i} ${info.project.name}`, client_type: 'lead' },
    });
    expect(response.ok()).toBeTruthy();
  }
  const { matching } = await listed();
  expect(matching).toBeGreaterThan(pageSize);
  await page.goto('/crm?tab=clients');
  const cards = page.getByTestId('client-card');
  await expect(cards).toHaveCount(pageSize);
  const more = page.getByTestId('more-clients');
  await expect(more).toHaveText(`Show more (${pageSize} of ${matching})`);
  await more.click();
  await expect(cards).toHaveCount(matching);
  await expect(more).toHaveCount(0);
  await expectNoHorizontalScroll(page);
  await shot(page, 'crm-clients-all', info.project.name);
});

test('the activity form finds a client beyond the hundred it lists by search, and Enter there sends nothing', async ({
  page,
  login,
}, info) => {
  await login('sales_rep', false);
  // More clients than the form lists (CLIENT_PAGE_SIZE_MAX), added through the API as the rep.
  const listed = async () =>
    ((await (await page.request.get('/api/crm/clients')).json()) as { matching: number }).matching;
  const name = `Far client ${info.project.name}`;
  for (let i = await listed(); i <= 100; i += 1) {
    const response = await page.request.post('/api/crm/clients', {
      data: { client_name: `Filler client ${i} ${info.project.name}` },
    });
    expect(response.ok()).toBeTruthy();
  }
  expect((await page.request.post('/api/crm/clients', { data: { client_name: name } })).ok()).toBeTruthy();

  await page.goto('/crm?tab=activities');
  await page.getByTestId('log-activity').click();
  const dialog = page.getByRole('dialog');
  const search = dialog.getByLabel(key(en, 'clients.search'));
  await search.fill('far client');
  await search.press('Enter');
  const picker = dialog.locator('#activity-client');
  await expect(picker.locator('option', { hasText: name })).toHaveCount(1);
  // Enter searched; it did not send the half-filled form (no field was marked).
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expect(dialog.locator('[aria-invalid="true"]')).toHaveCount(0);
  await picker.selectOption({ label: name });
  await dialog.getByLabel(key(en, 'activity_form.subject')).fill('Price list follow-up');
  await expectNoHorizontalScroll(page);
  // The picker with a search passes axe (serious and critical findings, and contrast).
  expect(await blockingViolations(page)).toEqual([]);
  await shot(page, 'crm-activity-search', info.project.name, { fullPage: false });
  await page.getByTestId('save-activity').click();
  await expect(page.getByTestId('crm-notice')).toContainText(key(en, 'activity_form.saved'));
  await expect(page.getByTestId('activity-list')).toContainText('Price list follow-up');
});
