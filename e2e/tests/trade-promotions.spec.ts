import type { PromotionList } from '@tt/domain';
import { test, expect, locale, key, shot, expectNoHorizontalScroll } from './fixtures';

const en = locale('en', 'promotions');
const common = locale('en', 'common');

test('a supplier creates, publishes and cancels a promotion; a retailer sees it but cannot create', async ({
  page,
  login,
}, info) => {
  await login('supplier', '/trade-promotions');
  await expect(page.getByRole('heading', { name: key(en, 'title'), level: 1 })).toBeVisible();
  const name = `Winter maize ${info.project.name} ${Date.now()}`;

  await page.getByTestId('create-promotion').click();
  // The spec's required fields are refused before anything is sent.
  await page.getByTestId('save-promotion').click();
  await expect(page.getByRole('alert').first()).toBeVisible();

  await page.getByLabel(key(en, 'form.name')).fill(name);
  await page.getByLabel(key(en, 'form.description')).fill('10% off maize meal all winter');
  await page.getByLabel(key(common, 'discount.percentage')).fill('10');
  await page.getByLabel(key(common, 'discount.minimum_order_value')).fill('250');
  await page.locator('#promotion-form input[type=checkbox]').first().check();
  await page.getByLabel(key(en, 'form.publish')).check();
  await expectNoHorizontalScroll(page);
  await shot(page, 'promotion-form', info.project.name);
  await page.getByTestId('save-promotion').click();
  await expect(page.getByRole('status')).toContainText(name);

  const card = page.getByTestId('promotion-card').filter({ hasText: name });
  await expect(card).toContainText(key(en, 'status.active'));
  await expect(card).toContainText('10% off');
  const list = (await (await page.request.get('/api/trade-promotions')).json()) as PromotionList;
  await expect(page.getByTestId('promotion-stats')).toContainText(String(list.stats.active));
  await expectNoHorizontalScroll(page);
  await shot(page, 'trade-promotions', info.project.name);

  // A retailer sees the published promotion, without Create or the owner's buttons.
  await login('retailer', '/trade-promotions');
  await expect(page.getByTestId('promotion-card').filter({ hasText: name })).toBeVisible();
  await expect(page.getByTestId('create-promotion')).toHaveCount(0);
  await expect(
    page.getByTestId('promotion-card').filter({ hasText: name }).getByTestId('edit-promotion'),
  ).toHaveCount(0);
  await page
    .getByTestId('promotion-card')
    .filter({ hasText: name })
    .getByRole('button', { name: key(en, 'actions.view') })
    .click();
  await expect(page.getByTestId('promotion-details')).toContainText('10% off maize meal all winter');
  await page.keyboard.press('Escape');

  // The owner cancels it after the confirmation; buyers stop getting it.
  await login('supplier', '/trade-promotions');
  const mine = page.getByTestId('promotion-card').filter({ hasText: name });
  await mine.getByTestId('cancel-promotion').click();
  await page.getByTestId('confirm-action').click();
  await expect(mine).toContainText(key(en, 'status.cancelled'));
  await expect(mine.getByTestId('edit-promotion')).toHaveCount(0);

  // Delete asks the spec's question first.
  await mine.getByTestId('delete-promotion').click();
  await expect(page.getByRole('dialog')).toContainText(key(en, 'confirm.delete_message'));
  await page.getByTestId('confirm-action').click();
  await expect(page.getByTestId('promotion-card').filter({ hasText: name })).toHaveCount(0);
});
