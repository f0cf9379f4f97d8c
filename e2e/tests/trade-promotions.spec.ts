import type { Page } from '@playwright/test';
import { sastDate, type PromotableProductList, type Promotion, type PromotionList } from '@tt/domain';
import { test, expect, locale, key, shot, expectNoHorizontalScroll } from './fixtures';
import { blockingViolations } from './axe';

const en = locale('en', 'promotions');
const common = locale('en', 'common');
const DAY = 86_400_000;
const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();
const day = (offset: number) => sastDate(new Date(Date.now() + offset * DAY));

/** One promotion in the list: a table row from `lg`, a card on a phone (the same figures and actions). */
const promotionIn = (page: Page, project: string, name: string) =>
  page.getByTestId(project === 'phone' ? 'promotion-card' : 'promotion-row').filter({ hasText: name });

test('a supplier creates, publishes and cancels a promotion; a retailer sees it but cannot create', async ({
  page,
  login,
}, info) => {
  const item = (name: string) => promotionIn(page, info.project.name, name);
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

  // The products come from the server a page at a time; a search by SKU finds the one to promote (the
  // supplier's first by name, as before: other specs promote its last).
  const own = (await (
    await page.request.get('/api/trade-promotions/my-products')
  ).json()) as PromotableProductList;
  const target = own.products[0]!;
  const picker = page.getByTestId('promotion-products');
  const search = page.getByLabel(key(en, 'form.search_products'));
  await search.fill(target.sku);
  await expect(picker.getByTestId('promotion-results').getByRole('checkbox')).toHaveCount(1);
  await picker.getByRole('checkbox', { name: target.name }).check();
  // A search that no longer finds it keeps it on top, ticked; and one that finds nothing says so.
  await search.fill(`no such product ${Date.now()}`);
  await expect(page.getByTestId('promotion-products-none')).toBeVisible();
  await expect(
    page.getByTestId('promotion-chosen').getByRole('checkbox', { name: target.name }),
  ).toBeChecked();
  await search.fill('a');
  await expect(page.getByTestId('promotion-products-none')).toHaveCount(0);
  await picker.scrollIntoViewIfNeeded();
  await expectNoHorizontalScroll(page);
  // The picker with a search passes axe (serious and critical findings, and contrast).
  expect(await blockingViolations(page)).toEqual([]);
  await shot(page, 'promotion-form-search', info.project.name, { fullPage: false });
  await search.fill('');
  await page.getByLabel(key(en, 'form.publish')).check();
  await expectNoHorizontalScroll(page);
  await shot(page, 'promotion-form', info.project.name);
  await page.getByTestId('save-promotion').click();
  await expect(page.getByRole('status')).toContainText(name);

  const card = item(name);
  await expect(card).toContainText(key(en, 'status.active'));
  await expect(card).toContainText('10% off');
  const saved = (
    (await (await page.request.get('/api/trade-promotions')).json()) as PromotionList
  ).promotions.find((p) => p.promotion_name === name);
  expect(saved?.target_products).toEqual([{ id: target.id, name: target.name }]);
  await card.getByTestId('view-promotion').click();
  await expect(page.getByTestId('promotion-details')).toContainText(target.name);
  await page.keyboard.press('Escape');
  const list = (await (await page.request.get('/api/trade-promotions')).json()) as PromotionList;
  await expect(page.getByTestId('promotion-stats')).toContainText(String(list.stats.active));
  await expectNoHorizontalScroll(page);
  await shot(page, 'trade-promotions', info.project.name);

  // A retailer sees the published promotion, without Create or the owner's buttons.
  await login('retailer', '/trade-promotions');
  await expect(item(name)).toBeVisible();
  await expect(page.getByTestId('create-promotion')).toHaveCount(0);
  await expect(item(name).getByTestId('edit-promotion')).toHaveCount(0);
  await item(name).getByTestId('view-promotion').click();
  await expect(page.getByTestId('promotion-details')).toContainText('10% off maize meal all winter');
  await page.keyboard.press('Escape');

  // The owner cancels it after the confirmation; buyers stop getting it.
  await login('supplier', '/trade-promotions');
  const mine = item(name);
  await mine.getByTestId('cancel-promotion').click();
  await page.getByTestId('confirm-action').click();
  await expect(mine).toContainText(key(en, 'status.cancelled'));
  await expect(mine.getByTestId('edit-promotion')).toHaveCount(0);

  // Delete asks the spec's question first.
  await mine.getByTestId('delete-promotion').click();
  await expect(page.getByRole('dialog')).toContainText(key(en, 'confirm.delete_message'));
  await page.getByTestId('confirm-action').click();
  await expect(item(name)).toHaveCount(0);
});

test('the table shows each promotion’s status and discount; search, the status filter and Publish work', async ({
  page,
  login,
}, info) => {
  const project = info.project.name;
  const item = (name: string) => promotionIn(page, project, name);
  await login('supplier');
  const { products } = (await (
    await page.request.get('/api/trade-promotions/my-products')
  ).json()) as PromotableProductList;
  // The last of the supplier's products (other specs order its first ones), and never at a running discount.
  const target = products[products.length - 1]!;
  const run = `Table ${project} ${Date.now()}`;
  const create = async (suffix: string, data: Record<string, unknown>) => {
    const response = await page.request.post('/api/trade-promotions', {
      data: {
        promotion_name: `${run} ${suffix}`,
        promotion_type: 'seasonal_offer',
        description: `${suffix} promotion of the table test`,
        target_products: [target.id],
        ...data,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as Promotion;
  };
  const created = [
    await create('running', {
      start_date: day(-1),
      end_date: day(10),
      discount_percentage: 12.5,
      publish: true,
    }),
    await create('coming', { start_date: day(5), end_date: day(12), discount_amount: 2.5, publish: true }),
    await create('ended', { start_date: day(-20), end_date: day(-2), discount_percentage: 5, publish: true }),
    await create('draft', { start_date: day(7), end_date: day(14), discount_percentage: 3 }),
  ];
  try {
    await page.goto('/trade-promotions');
    await page.getByTestId('promotion-search').fill(run);
    await expect(page.getByTestId(project === 'phone' ? 'promotion-card' : 'promotion-row')).toHaveCount(4);
    // Desktop: a table with its header; phone: cards, and no sideways scroll either way.
    await expect(page.getByTestId('promotion-table')).toBeVisible({ visible: project !== 'phone' });
    const expected = [
      ['running', 'active', '12.5% off'],
      ['coming', 'scheduled', 'R 2.50 off each'],
      ['ended', 'expired', '5% off'],
      ['draft', 'draft', '3% off'],
    ] as const;
    for (const [suffix, status, discount] of expected) {
      const row = item(`${run} ${suffix}`);
      await expect(row).toHaveAttribute('data-status', status);
      await expect(row).toContainText(key(en, `status.${status}`));
      await expect
        .poll(async () => plain(await row.getByTestId('promotion-discount').textContent()))
        .toBe(discount);
    }
    // What the owner may do follows the status: no Edit or Cancel once expired, Publish only on a draft.
    await expect(item(`${run} ended`).getByTestId('edit-promotion')).toHaveCount(0);
    await expect(item(`${run} ended`).getByTestId('cancel-promotion')).toHaveCount(0);
    await expect(item(`${run} running`).getByTestId('publish-promotion')).toHaveCount(0);
    await expect(item(`${run} running`).getByTestId('cancel-promotion')).toBeVisible();
    await expectNoHorizontalScroll(page);
    await shot(page, 'trade-promotions-table', project);

    // The status filter narrows the table.
    await page.getByTestId('promotion-status-filter').selectOption('expired');
    await expect(item(`${run} ended`)).toBeVisible();
    await expect(item(`${run} coming`)).toHaveCount(0);
    await page.getByTestId('promotion-status-filter').selectOption('');

    // Publish asks first, then the draft is scheduled (it starts in a week).
    await item(`${run} draft`).getByTestId('publish-promotion').click();
    await expect(page.getByRole('dialog')).toContainText(`${run} draft`);
    await page.getByTestId('confirm-action').click();
    await expect(page.getByRole('status')).toContainText(`${run} draft`);
    await expect(item(`${run} draft`)).toHaveAttribute('data-status', 'scheduled');
    await expect(item(`${run} draft`).getByTestId('publish-promotion')).toHaveCount(0);

    // A search that matches nothing says so and offers the way back.
    await page.getByTestId('promotion-search').fill(`${run} nothing like it`);
    await expect(page.getByRole('button', { name: key(en, 'filters.clear') })).toBeVisible();
    await page.getByRole('button', { name: key(en, 'filters.clear') }).click();
    await expect(page.getByTestId('promotion-search')).toHaveValue('');
  } finally {
    // Other specs price the supplier's products without these promotions.
    for (const p of created) await page.request.delete(`/api/trade-promotions/${p.id}`);
  }
});
