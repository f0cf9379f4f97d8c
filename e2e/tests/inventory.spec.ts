import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectNoHorizontalScroll, key, locale, shot, test } from './fixtures';

/**
 * Issue 11 point 1: the inventory screen. A movement recorded in the dialog shows in the movements and
 * the item's quantity, the form starts again empty, and Export downloads the stock as CSV.
 */
const en = locale('en', 'inventory');

/** What the screen shows at its own size (390x844 or 1280x800), beside the full-page shots. */
async function view(page: Page, name: string, project: string) {
  await shot(page, `${name}-view`, project, { fullPage: false });
}

interface Item {
  product_sku: string;
  location_name: string;
  quantity: number;
}

test('inventory: record a movement, see it, export the stock', async ({ page, login }, info) => {
  await login('retailer', false);
  const before = (await (await page.request.get('/api/inventory?search=OWN-BREAD-700')).json()) as {
    items: Item[];
  };
  const bread = before.items.find((i) => i.location_name === 'Main store')!;

  await page.goto('/inventory');
  await expect(page.getByRole('heading', { level: 1, name: key(en, 'title') })).toBeVisible();
  await expect(page.getByText(key(en, 'cards.value'))).toBeVisible();
  await expect(
    page.getByTestId(info.project.name === 'phone' ? 'inventory-item' : 'inventory-row').first(),
  ).toBeVisible();
  await expectNoHorizontalScroll(page);
  await shot(page, 'inventory-overview', info.project.name);
  await view(page, 'inventory-overview', info.project.name);

  // Record Movement: the button waits for a product, a location and a quantity other than 0.
  await page.getByTestId('record-movement').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: key(en, 'dialog.title') })).toBeVisible();
  const submit = dialog.getByTestId('submit-movement');
  await expect(submit).toBeDisabled();
  await dialog
    .getByTestId('movement-product')
    .selectOption({ label: 'Brown bread loaf 700g (OWN-BREAD-700)' });
  await dialog.getByTestId('movement-location').selectOption({ label: 'Main store' });
  await expect(submit).toBeDisabled();
  await dialog.getByTestId('movement-quantity').fill('12');
  await dialog.getByTestId('movement-cost').fill('14.50');
  await dialog.getByTestId('movement-reason').fill(`Bakery delivery ${info.project.name}`);
  await view(page, 'inventory-dialog', info.project.name);
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByTestId('inventory-notice')).toHaveText(key(en, 'notice.recorded'));
  await expect(dialog).toBeHidden();

  // The item's quantity went up by 12, and the movement leads the list.
  await page.getByTestId('inventory-search').fill('own-bread');
  const shown = page.getByTestId(info.project.name === 'phone' ? 'inventory-item' : 'inventory-row');
  await expect(shown).toHaveCount(1);
  await expect(shown).toContainText('Main store');
  await expect(shown).toContainText(String(bread.quantity + 12));
  await page.getByTestId('tab-movements').click();
  const first = page.getByTestId('movement').first();
  await expect(first).toContainText('Brown bread loaf 700g');
  await expect(first).toContainText(`Bakery delivery ${info.project.name}`);
  await expect(first).toContainText('+12');
  await view(page, 'inventory-movements', info.project.name);

  // After a save the dialog starts again: type in, quantity 0, nothing chosen.
  await page.getByTestId('record-movement').click();
  await expect(dialog.getByTestId('movement-product')).toHaveValue('');
  await expect(dialog.getByTestId('movement-quantity')).toHaveValue('0');
  await expect(dialog.getByTestId('movement-type')).toHaveValue('in');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Export: a CSV of every item.
  await page.getByTestId('tab-overview').click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-csv').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^inventory-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe(
    'product_name,product_sku,location_name,quantity,reserved_quantity,available_quantity,reorder_point,overstock_level,unit_cost,total_value,status,last_updated',
  );
  expect(csv).toContain(`Brown bread loaf 700g,OWN-BREAD-700,Main store,${bread.quantity + 12},`);

  // Alerts: Resolve closes one.
  await page.getByTestId('tab-alerts').click();
  const alerts = page.getByTestId('alert');
  await expect(alerts.first()).toBeVisible();
  const count = await alerts.count();
  await alerts
    .first()
    .getByRole('button', { name: /Resolve/ })
    .click();
  await expect(page.getByTestId('inventory-notice')).toHaveText(key(en, 'notice.resolved'));
  await expect(alerts).toHaveCount(count - 1);
  await shot(page, 'inventory-alerts', info.project.name);
});
