import { formatRandAmount, type AiInsights, type Recommendation } from '@tt/domain';
import type { Page } from '@playwright/test';
import { blockingViolations } from './axe';
import { test, expect, locale, key, shot, expectNoHorizontalScroll } from './fixtures';

const en = locale('en', 'ai_insights');
const common = locale('en', 'common');
const insightsOf = async (page: Page) =>
  (await (await page.request.get('/api/ai-insights')).json()) as AiInsights;
const undismiss = (page: Page, r: Recommendation) =>
  page.request.delete(`/api/ai-insights/dismissals/${encodeURIComponent(r.key)}`);

test('the demo shop reads its recommendations, acts on them, dismisses one for good and brings it back', async ({
  page,
  login,
  isMobile,
}, info) => {
  const project = info.project.name;
  await login('retailer', false);
  const before = await insightsOf(page);
  const active = before.recommendations.filter((r) => !r.dismissed);
  // The seeded till's five weeks give the shop cards to act on: stock to reorder, a price under cost, slow stock.
  expect(active.map((r) => r.kind)).toEqual(expect.arrayContaining(['reorder', 'below_cost', 'slow_stock']));
  const axe: string[] = [];
  const sweep = async (label: string) => {
    if (isMobile) axe.push(...(await blockingViolations(page)).map((line) => `${label}: ${line}`));
  };
  // The phone and desktop runs share the demo shop at the same time: each dismisses its own two cards, and neither
  // dismisses the cards the other acts on.
  const below = active.find((r) => r.kind === 'below_cost')!;
  const reorder = active.find((r) => r.kind === 'reorder')!;
  const market = active.find((r) => r.action.screen === 'marketplace' && r !== reorder);
  const spare = active.filter((r) => r !== below && r !== reorder && r !== market);
  expect(spare.length).toBeGreaterThanOrEqual(4);
  const [first, second] = project === 'phone' ? [spare[0]!, spare[1]!] : [spare[2]!, spare[3]!];
  const card = (r: Recommendation) => page.locator(`[data-testid="recommendation"][data-key="${r.key}"]`);
  try {
    // The menu's link reaches a working screen (it was "on its way").
    await page.goto('/dashboard');
    if (project === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: key(common, 'nav.ai_insights'), exact: true }).click();
    await expect(page).toHaveURL(/\/ai-insights$/);
    await expect(page.getByRole('heading', { name: key(en, 'title'), level: 1 })).toBeVisible();

    // The cards are the server's, with its confidence and rand at stake.
    for (const r of [below, reorder, first, second]) {
      await expect(card(r).getByTestId('confidence')).toHaveText(`${r.confidence}% confidence`);
      await expect(card(r).getByTestId('at-stake')).toContainText(formatRandAmount(r.at_stake));
    }
    await expect(card(reorder)).toContainText(
      `${reorder.figures.available} left, selling ${reorder.figures.rate} a day`,
    );
    await expectNoHorizontalScroll(page);
    await shot(page, 'ai-insights-recommendations', project);
    await sweep('recommendations');

    // Take Action opens the screen that acts: the till's prices at the item sold below cost...
    await card(below).getByTestId('take-action').click();
    await expect(page).toHaveURL(/\/pos\?prices=/);
    await expect(page.locator('#pos-price-search')).toHaveValue(below.name!);
    await page.goBack();
    // ...and the marketplace searched for a product bought there.
    if (market) {
      await card(market).getByTestId('take-action').click();
      await expect(page).toHaveURL(/\/products\?q=/);
      await expect(page.getByText(market.action.search!).first()).toBeVisible();
      await page.goBack();
    }

    // Dismiss hides a card; it stays hidden after a reload, and the server says so.
    await card(first).getByTestId('dismiss').click();
    await expect(page.getByTestId('dismissed-notice')).toBeVisible();
    await expect(card(first)).toHaveCount(0);
    await page.reload();
    await expect(card(reorder)).toBeVisible();
    await expect(card(first)).toHaveCount(0);
    expect((await insightsOf(page)).recommendations.find((r) => r.key === first.key)?.dismissed).toBe(true);
    // Bring back from the list of the dismissed.
    await page.getByTestId('dismissed-list').locator('summary').click();
    await page
      .getByTestId('dismissed-list')
      .locator(`[data-key="${first.key}"]`)
      .getByTestId('restore')
      .click();
    await expect(card(first)).toHaveCount(1);
    // Undo straight after dismissing.
    await card(second).getByTestId('dismiss').click();
    await expect(card(second)).toHaveCount(0);
    await page.getByTestId('undo-dismiss').click();
    await expect(card(second)).toHaveCount(1);
    await page.reload();
    await expect(card(first)).toBeVisible();
    await expect(card(second)).toBeVisible();

    // Business Insights: the server's figures.
    await page.getByTestId('tab-insights').click();
    await expect(page.getByTestId('weekdays').getByRole('listitem')).toHaveCount(
      before.insights.weekdays.length,
    );
    await expect(page.getByTestId('payment-methods')).toContainText(
      formatRandAmount(before.insights.payment_methods[0]!.takings),
    );
    // The till's own names for its payment methods.
    await expect(page.getByTestId('payment-methods')).toContainText(key(locale('en', 'pos'), 'methods.cash'));
    await expectNoHorizontalScroll(page);
    await shot(page, 'ai-insights-insights', project);
    await sweep('insights');

    // Predictions: the forecast and its range, and when each item runs out.
    await page.getByTestId('tab-predictions').click();
    const next7 = before.predictions.next_7!;
    await expect(page.getByTestId('forecast-7').getByTestId('expected')).toHaveText(
      formatRandAmount(next7.expected),
    );
    await expect(page.getByTestId('forecast-7').getByTestId('range')).toContainText(
      formatRandAmount(next7.low),
    );
    await expect(page.getByTestId('run-out-item').first()).toContainText(before.predictions.run_out[0]!.name);
    await expectNoHorizontalScroll(page);
    await shot(page, 'ai-insights-predictions', project);
    await sweep('predictions');
    expect(axe).toEqual([]);
  } finally {
    // Leave the shared demo shop as it was for later specs.
    await undismiss(page, first);
    await undismiss(page, second);
  }
});

test('staff are told why there is nothing to show, and the server refuses them', async ({ page, login }) => {
  await login('admin', '/ai-insights');
  await expect(page.getByTestId('ai-insights-closed')).toContainText(key(en, 'closed.staff'));
  expect((await page.request.get('/api/ai-insights')).status()).toBe(403);
});
