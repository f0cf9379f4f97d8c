import { expect, expectNoHorizontalScroll, key, locale, shot, test } from './fixtures';

/**
 * Issue 13 point 5: marketing campaigns for the network's marketing staff (ADR 019). An admin creates a
 * campaign (the dialog refuses a blank name and keeps what was typed), follows its tracked link and
 * lands on the campaign's page, sees the click counted, pauses it (the link then counts nothing) and
 * resumes it, records spend that turns the budget bar red; the analytics and audiences tabs show the
 * real figures; a retailer reads why the screen is not theirs.
 */

const en = locale('en', 'marketing');
const errors = locale('en', 'errors');

interface CampaignJson {
  name: string;
  metrics: { clicks: number };
}

test('an admin creates a campaign, follows its link, sees the click counted, pauses and resumes it', async ({
  page,
  login,
}, info) => {
  await login('admin', false);
  const existing = (await (await page.request.get('/api/marketing/campaigns')).json()) as CampaignJson[];
  await page.goto('/marketing');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(key(en, 'title'));
  if (existing.length === 0) {
    // No sample campaigns: an empty state that offers the dialog.
    await expect(page.getByText(key(en, 'empty.title'))).toBeVisible();
    await shot(page, 'marketing-empty', info.project.name);
  }

  // The dialog: a blank name is refused under its field; the budget typed stays.
  const name = `Spaza Week ${info.project.name}`;
  await page.getByTestId('new-campaign').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel(key(en, 'form.type'))).toHaveValue('email');
  await expect(dialog.getByLabel(key(en, 'form.budget'))).toHaveValue('0');
  await dialog.getByLabel(key(en, 'form.budget')).fill('1000');
  await page.getByTestId('save-campaign').click();
  await expect(dialog.getByText(key(errors, 'validation.required'))).toBeVisible();
  await expect(dialog.getByLabel(key(en, 'form.budget'))).toHaveValue('1000');
  await dialog.getByLabel(key(en, 'form.name')).fill(name);
  await dialog.getByLabel(key(en, 'form.type')).selectOption('sms');
  await dialog.getByLabel(key(en, 'form.audience')).fill('Spaza shops in Gauteng');
  await dialog.getByLabel(key(en, 'form.target')).fill('/academy');
  await shot(page, 'marketing-create', info.project.name);
  await page.getByTestId('save-campaign').click();
  await expect(page.getByTestId('marketing-notice')).toContainText(name);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const card = page.getByTestId('campaign-card').filter({ hasText: name });
  await expect(card.getByTestId('campaign-status')).toHaveAttribute('data-status', 'active');
  await expect(card.getByTestId('campaign-clicks')).toHaveText('0');
  await expect(card).toContainText(key(en, 'types.sms'));
  const link = await card.getByTestId('campaign-link').getAttribute('href');
  expect(link).toMatch(/\/c\/[A-Za-z0-9]{10}$/);

  // Following the link lands on the campaign's page in the app, and the click is counted.
  await page.goto(link!);
  await expect(page).toHaveURL(/\/academy$/);
  await page.goto('/marketing');
  await expect(card.getByTestId('campaign-clicks')).toHaveText('1');
  await expect(page.getByTestId('marketing-summary')).not.toContainText('…');
  await expectNoHorizontalScroll(page);
  await shot(page, 'marketing-campaigns', info.project.name);

  // Pause: the link still leads on but counts nothing; Resume makes it active again.
  await card.getByTestId('pause-campaign').click();
  await expect(card.getByTestId('campaign-status')).toHaveAttribute('data-status', 'paused');
  await expect(page.getByTestId('marketing-notice')).toContainText(name);
  await page.goto(link!);
  await expect(page).toHaveURL(/\/academy$/);
  await page.goto('/marketing');
  await expect(card.getByTestId('campaign-status')).toHaveAttribute('data-status', 'paused');
  await expect(card.getByTestId('campaign-clicks')).toHaveText('1');
  await shot(page, 'marketing-paused', info.project.name);
  await card.getByTestId('resume-campaign').click();
  await expect(card.getByTestId('campaign-status')).toHaveAttribute('data-status', 'active');
  await expect(card.getByTestId('pause-campaign')).toBeVisible();

  // Spend of R950 out of R1 000 is over 90%: the bar turns red (spec 2 §9).
  await card.getByTestId('record-spend').click();
  await page.getByRole('dialog').getByLabel(key(en, 'spend.amount')).fill('950');
  await page.getByTestId('save-spend').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(card.getByRole('progressbar')).toHaveAttribute('data-tone', 'red');
  await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '95');

  // Analytics and audiences: the tracked figures and the real buying businesses.
  await page.getByTestId('tab-analytics').click();
  await expect(page.getByTestId('analytics-by-type')).toContainText(key(en, 'types.sms'));
  await expectNoHorizontalScroll(page);
  await shot(page, 'marketing-analytics', info.project.name);
  await page.getByTestId('tab-audiences').click();
  const audiences = (await (await page.request.get('/api/marketing/audiences')).json()) as {
    total_customers: number;
  };
  await expect(page.getByTestId('audience-total')).toContainText(String(audiences.total_customers));
  await expect(page.getByTestId('audience-provinces')).toContainText('Gauteng');
  await expectNoHorizontalScroll(page);
  await shot(page, 'marketing-audiences', info.project.name);
});

test('a retailer is told marketing is for the marketing staff', async ({ page, login }) => {
  await login('retailer', '/marketing');
  await expect(page.getByTestId('access-restricted')).toContainText(key(en, 'access_restricted.message'));
});
