import {
  formatRand,
  formatRandAmount,
  randToCents,
  repaymentSchedule,
  type CrowdCampaign,
  type Wallet,
} from '@tt/domain';
import type { Page } from '@playwright/test';
import { blockingViolations } from './axe';
import { test, expect, locale, key, shot, expectNoHorizontalScroll } from './fixtures';

const en = locale('en', 'betacrowd');
const common = locale('en', 'common');
const plain = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ').trim();
const walletOf = async (page: Page) =>
  (await (await page.request.get('/api/betacrowd/wallet')).json()) as Wallet;
const card = (page: Page, title: string) => page.getByTestId('campaign-card').filter({ hasText: title });

// The e2e servers share one database per project across spec files: this spec adds funds, invests R600 in a seeded
// campaign and creates campaigns of its own, which no other spec reads.
test('an investor adds funds, invests after seeing the schedule, and finds it after a reload', async ({
  page,
  login,
  isMobile,
}, info) => {
  const project = info.project.name;
  const axe: string[] = [];
  const sweep = async (label: string) => {
    if (isMobile) axe.push(...(await blockingViolations(page)).map((line) => `${label}: ${line}`));
  };
  await login('retailer', false);
  const before = await walletOf(page);

  // The Finance menu's link reaches a working screen: the choice of side first.
  await page.goto('/dashboard');
  if (project === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
  // The entry carries its "New" badge in its name.
  await page.getByRole('link', { name: new RegExp(`^${key(common, 'nav.betacrowd')}`) }).click();
  await expect(page).toHaveURL(/\/betacrowd$/);
  await expect(page.getByTestId('mode-choice')).toBeVisible();
  await expect(page.getByText(key(en, 'not_licensed'))).toBeVisible();
  await shot(page, 'betacrowd-choice', project);
  await sweep('choice');
  await page.getByTestId('choose-investor').click();

  // Marketplace: the server's active campaigns, and filters that filter.
  const list = page.getByTestId('marketplace-list').getByTestId('campaign-card');
  await expect(card(page, 'Festive season stock')).toBeVisible();
  const all = await list.count();
  expect(all).toBeGreaterThanOrEqual(3);
  await page.locator('#filter-risk').selectOption('low');
  await expect(list).toHaveCount(1);
  await expect(list.first()).toContainText('Festive season stock');
  await page.locator('#filter-risk').selectOption('');
  await page.locator('#filter-band').selectOption('100k-300k');
  await expect(card(page, 'Festive season stock')).toHaveCount(0);
  await expect(card(page, 'Second delivery bakkie')).toBeVisible();
  await page.locator('#filter-band').selectOption('');
  await expect(list).toHaveCount(all);
  await expectNoHorizontalScroll(page);
  await shot(page, 'betacrowd-marketplace', project);
  await sweep('marketplace');

  // Wallet: Add funds, recorded as paid by the chosen method after a confirmation.
  await page.getByTestId('tab-wallet').click();
  await expect(page.getByTestId('no-money-notice').first()).toBeVisible();
  await page.getByTestId('add-funds').click();
  await page.getByTestId('deposit-amount').fill('1000');
  await page.locator('#deposit-method').selectOption('cash');
  await sweep('add funds');
  await page.getByTestId('add-funds-review').click();
  await page
    .getByRole('button', { name: key(en, 'wallet.confirm').replace('{{amount}}', formatRandAmount(1000)) })
    .click();
  await expect(page.getByTestId('wallet-ledger').getByRole('listitem').first()).toContainText(
    key(en, 'movement.deposit'),
  );
  await sweep('wallet');

  // Invest Now: the amount's schedule and expected return first, then a second confirmation.
  await page.getByTestId('tab-marketplace').click();
  const festive = card(page, 'Festive season stock');
  const campaigns = (await (await page.request.get('/api/betacrowd/campaigns')).json()) as CrowdCampaign[];
  const seeded = campaigns.find((c) => c.campaign_title === 'Festive season stock')!;
  await festive.getByTestId('invest-now').click();
  await page.getByTestId('invest-amount').fill('600');
  const schedule = repaymentSchedule(60_000, 1250, 24, 'monthly');
  await expect(page.getByTestId('invest-schedule').locator('tbody tr')).toHaveCount(24);
  const interest = schedule.reduce((s, i) => s + i.interest_cents, 0);
  expect(plain(await page.getByTestId('expected-return').textContent())).toBe(plain(formatRand(interest)));
  await shot(page, 'betacrowd-invest', project, { fullPage: false });
  await sweep('invest dialog');
  await page.getByTestId('invest-review').click();
  await expect(page.getByTestId('no-money-notice')).toBeVisible();
  await page.getByTestId('invest-confirm').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // After a reload: the side is remembered, the wallet and the portfolio show the investment.
  await page.reload();
  await expect(page.getByTestId('tab-marketplace')).toBeVisible();
  await expect(card(page, 'Festive season stock').getByTestId('campaign-raised')).toHaveText(
    formatRandAmount(seeded.raised_amount + 600),
  );
  await page.getByTestId('tab-wallet').click();
  const expected = (randToCents(before.available_balance) + 100_000 - 60_000) / 100;
  expect((await walletOf(page)).available_balance).toBe(expected);
  await expect(page.getByText(formatRandAmount(expected), { exact: true }).first()).toBeVisible();
  await page.getByTestId('tab-portfolio').click();
  await expect(page.getByTestId('portfolio-list')).toContainText('Festive season stock');
  await expect(page.getByTestId('portfolio-list')).toContainText(formatRandAmount(600));
  await shot(page, 'betacrowd-portfolio', project);
  await sweep('portfolio');
  await page.getByTestId('tab-returns').click();
  await expect(page.getByTestId('returns-list').getByRole('listitem')).toHaveCount(2);
  await sweep('returns');

  // The server refuses what it must: an investment without its Idempotency-Key, or more than the wallet holds.
  const bare = await page.request.post(`/api/betacrowd/campaigns/${seeded.id}/invest`, {
    data: { amount: 600 },
  });
  expect(bare.status()).toBe(400);
  const tooMuch = await page.request.post(`/api/betacrowd/campaigns/${seeded.id}/invest`, {
    data: { amount: 50_000 },
    headers: { 'Idempotency-Key': `e2e-too-much-${project}-${Date.now()}` },
  });
  expect(tooMuch.status()).toBe(409);
  expect((await walletOf(page)).available_balance).toBe(expected);

  // And the way back to the other side.
  await page.getByTestId('switch-mode').click();
  await expect(page.getByTestId('tab-dashboard')).toBeVisible();
  expect(axe).toEqual([]);
});

test('an entrepreneur creates a campaign that waits for review; an admin approves it onto the marketplace', async ({
  page,
  login,
  isMobile,
}, info) => {
  const project = info.project.name;
  const axe: string[] = [];
  const sweep = async (label: string) => {
    if (isMobile) axe.push(...(await blockingViolations(page)).map((line) => `${label}: ${line}`));
  };
  const title = `E2E bakery oven ${project} ${Date.now()}`;
  await login('supplier', '/betacrowd');
  await page.getByTestId('choose-entrepreneur').click();
  await expect(page.getByTestId('entrepreneur-dashboard')).toBeVisible();
  await sweep('dashboard');

  await page.getByTestId('create-campaign').click();
  await page.locator('#field-campaign_title').fill(title);
  await page
    .locator('#field-description')
    .fill('A second oven so that the bakery bakes twice a day for the shops.');
  await page.locator('#field-campaign_type').selectOption('equipment_purchase');
  await page.locator('#field-target_amount').fill('9000');
  await page.locator('#field-interest_rate').fill('12');
  await page.locator('#field-loan_term_months').fill('12');
  await page.locator('#field-collateral_description').fill('The oven itself.');
  await page.getByTestId('submit-campaign').click();
  // The domain's schema refuses a target under R10 000 before anything is sent.
  await expect(page.locator('#field-target_amount-error')).toBeVisible();
  await page.locator('#field-target_amount').fill('12000');
  await sweep('create');
  await page.getByTestId('submit-campaign').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const mine = card(page, title);
  await expect(mine).toContainText(key(en, 'status.pending_review'));
  await shot(page, 'betacrowd-my-campaigns', project);
  await sweep('my campaigns');
  await page.getByTestId('tab-relations').click();
  await expect(page.getByTestId('investor-relations')).toBeVisible();
  await sweep('investor relations');
  await page.getByTestId('tab-documents').click();
  await expect(page.getByTestId('documents')).toContainText(title);
  const download = page.waitForEvent('download');
  await page
    .getByTestId('documents')
    .getByRole('listitem')
    .filter({ hasText: title })
    .getByTestId('download-schedule')
    .click();
  expect((await download).suggestedFilename()).toMatch(/^repayment-schedule-\d+\.csv$/);
  await sweep('documents');

  // Not on the marketplace while it waits.
  const campaigns = (await (await page.request.get('/api/betacrowd/campaigns')).json()) as CrowdCampaign[];
  expect(campaigns.some((c) => c.campaign_title === title)).toBe(false);

  await login('admin', '/betacrowd');
  await page.getByTestId('choose-investor').click();
  await page.getByTestId('tab-reviews').click();
  await card(page, title).getByTestId('approve-campaign').click();
  await page.locator('#review-note').fill('Checked the quote for the oven.');
  await sweep('review');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: key(en, 'reviews.approve') })
    .click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(card(page, title)).toHaveCount(0);

  await login('retailer', '/betacrowd');
  await page.getByTestId('choose-investor').click();
  await expect(card(page, title)).toBeVisible();

  // The retailer puts R1 000 in; the entrepreneur then cancels, told first what goes back to whom.
  const listed = (
    (await (await page.request.get('/api/betacrowd/campaigns')).json()) as CrowdCampaign[]
  ).find((c) => c.campaign_title === title)!;
  const before = (await walletOf(page)).available_balance;
  const put = await page.request.post(`/api/betacrowd/campaigns/${listed.id}/invest`, {
    data: { amount: 1_000 },
    headers: { 'Idempotency-Key': `e2e-cancel-${project}-${Date.now()}` },
  });
  expect(put.status(), await put.text()).toBe(201);
  expect((await walletOf(page)).available_balance).toBe(before - 1_000);

  await login('supplier', '/betacrowd?tab=campaigns');
  await card(page, title).getByTestId('cancel-campaign').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(formatRand(100_000));
  await shot(page, 'betacrowd-cancel', project, { fullPage: false });
  await sweep('cancel');
  await dialog.getByRole('button', { name: key(en, 'close_campaign.confirm') }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card(page, title)).toContainText(key(en, 'status.cancelled'));
  await expect(card(page, title).getByTestId('cancel-campaign')).toHaveCount(0);
  // After a reload it is still cancelled, and the retailer has the R1 000 back, as a refund.
  await page.reload();
  await expect(card(page, title)).toContainText(key(en, 'status.cancelled'));
  await login('retailer', false);
  const after = await walletOf(page);
  expect(after.available_balance).toBe(before);
  expect(after.movements[0]).toMatchObject({ kind: 'refund', amount: 1_000, campaign_id: listed.id });
  expect(axe).toEqual([]);
});
