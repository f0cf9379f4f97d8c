import type { ScheduledOrder, SupplierList, TradeOffer } from '@tt/domain';
import { test, expect, locale, key, shot, expectNoHorizontalScroll } from './fixtures';

const en = locale('en', 'smart_orders');
const common = locale('en', 'common');

test('a supplier makes a trade offer that a retailer sees on the product; the retailer schedules an order', async ({
  page,
  login,
}, info) => {
  test.slow(); // two roles, two screens and the marketplace in one flow
  // The supplier: only the Trade Offers tab (it does not buy), with its count.
  await login('supplier', '/smart-orders');
  await expect(page.getByRole('heading', { name: key(en, 'title'), level: 1 })).toBeVisible();
  await expect(page.getByTestId('tab-offers')).toBeVisible();
  await expect(page.getByTestId('tab-auto')).toHaveCount(0);
  const offerName = `Maize week ${info.project.name} ${Date.now()}`;

  await page.getByTestId('create-smart-order').click();
  await expect(page.getByRole('dialog')).toContainText(key(en, 'dialog.offer.create'));
  // Required fields are refused before anything is sent.
  await page.getByTestId('save-smart-order').click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await page.getByLabel(key(en, 'form.offer_name')).fill(offerName);
  await page.getByLabel(key(common, 'discount.percentage')).fill('12.5');
  await page.locator('[data-testid=offer-form] input[type=checkbox]').first().check();
  await expectNoHorizontalScroll(page);
  await shot(page, 'offer-form', info.project.name);
  await page.getByTestId('save-smart-order').click();
  await expect(page.getByRole('status')).toContainText(offerName);
  const card = page.getByTestId('offer-card').filter({ hasText: offerName });
  await expect(card).toContainText('12.5% off');
  await expect(card).toContainText(key(en, 'offer_status.active'));
  const offers = (await (await page.request.get('/api/trade-offers')).json()) as TradeOffer[];
  const offer = offers.find((o) => o.offer_name === offerName)!;
  await expect(page.getByTestId('tab-offers')).toContainText(String(offers.length));
  await shot(page, 'trade-offers', info.project.name);

  // The retailer: the offer shows on the product's card in the marketplace.
  await login('retailer', false);
  const product = offer.products[0]!;
  await page.goto(`/products?q=${encodeURIComponent(product.name)}`);
  const productCard = page.locator(`[data-testid=product-card][data-product-id="${product.id}"]`);
  // (The other project's run may have its own offer on the same product.)
  await expect(productCard.getByTestId('trade-offer').filter({ hasText: offerName })).toContainText(
    '12.5% off',
  );
  await shot(page, 'offer-on-product', info.project.name);

  // Smart orders for a buyer: Auto Re-order and Scheduled Orders, no Trade Offers.
  await page.goto('/smart-orders?tab=scheduled');
  await expect(page.getByTestId('tab-offers')).toHaveCount(0);
  const { suppliers } = (await (await page.request.get('/api/suppliers')).json()) as SupplierList;
  const supplierName = suppliers.find((s) => s.id === offer.seller_id)!.name;
  const orderName = `Weekly staples ${info.project.name} ${Date.now()}`;
  await page.getByTestId('create-smart-order').click();
  await expect(page.getByRole('dialog')).toContainText(key(en, 'dialog.schedule.create'));
  await page.getByLabel(key(en, 'form.order_name')).fill(orderName);
  await page.getByLabel(key(en, 'form.supplier')).selectOption({ label: supplierName });
  // Weekly is the spec's default.
  await expect(page.getByLabel(key(en, 'form.frequency'))).toHaveValue('weekly');
  const productSelect = page.locator('#schedule-item-0-product');
  await expect(productSelect.locator('option')).not.toHaveCount(1);
  await productSelect.selectOption({ index: 1 });
  await page.locator('#schedule-item-0-quantity').fill('4');
  await expectNoHorizontalScroll(page);
  await shot(page, 'schedule-form', info.project.name);
  await page.getByTestId('save-smart-order').click();
  await expect(page.getByRole('status')).toContainText(orderName);
  const scheduled = page.getByTestId('schedule-card').filter({ hasText: orderName });
  await expect(scheduled).toContainText(key(en, 'frequency.weekly'));
  await expect(scheduled).toContainText(supplierName);
  const schedules = (await (await page.request.get('/api/scheduled-orders')).json()) as ScheduledOrder[];
  await expect(page.getByTestId('tab-scheduled')).toContainText(String(schedules.length));
  await expectNoHorizontalScroll(page);
  await shot(page, 'scheduled-orders', info.project.name);

  // Delete asks first, then the card goes.
  await scheduled.getByRole('button', { name: `${key(en, 'actions.delete')} ${orderName}` }).click();
  await expect(page.getByRole('dialog')).toContainText(orderName);
  await page.getByTestId('confirm-action').click();
  await expect(page.getByTestId('schedule-card').filter({ hasText: orderName })).toHaveCount(0);

  // The supplier cleans its offer up (the demo world is shared by the other specs).
  await login('supplier', false);
  await page.request.delete(`/api/trade-offers/${offer.id}`);
});
