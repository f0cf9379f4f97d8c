import type { APIRequestContext } from '@playwright/test';
import { SUPPLIER_PRODUCTS_PAGE, type SmartProductList, type TradeOffer } from '@tt/domain';
import { test, expect, locale, key, shot, expectNoHorizontalScroll } from './fixtures';
import { blockingViolations } from './axe';

const en = locale('en', 'smart_orders');
const common = locale('en', 'common');

/**
 * A distributor with more active listings than one answer holds: the trade offer form and a buyer's
 * scheduled order form find the product past the first page by searching the server, and keep it chosen
 * while the search changes.
 */

/** Lists enough extra products for the caller that its active listings pass one page; answers their SKUs. */
async function listExtra(request: APIRequestContext, sellerId: number, tag: string): Promise<string[]> {
  const { total } = (await (
    await request.get(`/api/suppliers/${sellerId}/products`)
  ).json()) as SmartProductList;
  const skus = Array.from(
    { length: Math.max(0, SUPPLIER_PRODUCTS_PAGE + 5 - total) },
    (_, i) => `ZZ-${tag}-${String(i + 1).padStart(2, '0')}`,
  );
  for (const sku of skus) {
    const response = await request.post('/api/my-products', {
      data: {
        // "Zz" sorts after the demo's names, so these are past the first page.
        name: `Zz picker stock ${tag} ${sku.slice(-2)}`,
        brand: 'Picker Test',
        category_id: 1,
        sku,
        selling_price: 20,
        mrp: 25,
        opening_stock: 50,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  return skus;
}

/** Switches the extra listings off again, so the rest of the run sees the demo's catalogue. */
async function retire(request: APIRequestContext, tag: string) {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const mine = (await (await request.get(`/api/my-products?search=ZZ-${tag}-&page=${page}`)).json()) as {
      products: { id: number }[];
    };
    if (mine.products.length === 0) break;
    ids.push(...mine.products.map((p) => p.id));
  }
  for (const id of ids) {
    const response = await request.put(`/api/my-products/${id}/status`, { data: { is_active: false } });
    expect(response.ok(), await response.text()).toBe(true);
  }
}

test('past the first page of a distributor’s products: the offer and the schedule forms find one by search', async ({
  page,
  login,
}, info) => {
  test.slow(); // two roles, two dialogs, and the listings made for it
  const project = info.project.name;
  const tag = `${project}${Date.now().toString(36)}`.replace(/[^A-Za-z0-9]/g, '').toUpperCase();

  await login('distributor', '/smart-orders?tab=offers');
  const me = (await (await page.request.get('/api/users/me')).json()) as { id: number; company_name: string };
  const skus = await listExtra(page.request, me.id, tag);
  try {
    const target = skus.at(-1)!;
    const { total } = (await (
      await page.request.get(`/api/suppliers/${me.id}/products`)
    ).json()) as SmartProductList;
    expect(total).toBeGreaterThan(SUPPLIER_PRODUCTS_PAGE);

    // The seller's offer form: capped, says so, and a search finds the last product.
    const offerName = `Picker offer ${project} ${Date.now()}`;
    await page.getByTestId('create-smart-order').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(key(en, 'dialog.offer.create'));
    await expect(page.getByTestId('offer-products-capped')).toHaveText(
      key(en, 'form.capped')
        .replace('{{shown}}', String(SUPPLIER_PRODUCTS_PAGE))
        .replace('{{total}}', String(total)),
    );
    await page.getByLabel(key(en, 'form.offer_name')).fill(offerName);
    await page.getByLabel(key(common, 'discount.percentage')).fill('5');
    await page.getByTestId('offer-product-search').fill(target.toLowerCase());
    const box = page.getByRole('checkbox', { name: new RegExp(target) });
    await box.check();
    // A search that no longer finds it says so, and the product stays ticked on top.
    await page.getByTestId('offer-product-search').fill('no product is called this');
    await expect(page.getByTestId('offer-products-none')).toBeVisible();
    await expect(page.getByTestId('offer-products-chosen').getByRole('checkbox')).toBeChecked();
    await expectNoHorizontalScroll(page);
    // The picker with a search passes axe (serious and critical findings, and contrast).
    expect(await blockingViolations(page)).toEqual([]);
    await shot(page, 'offer-form-search', project, { fullPage: false });
    await page.getByTestId('save-smart-order').click();
    await expect(page.getByRole('status').filter({ hasText: offerName })).toBeVisible();
    const offers = (await (await page.request.get('/api/trade-offers')).json()) as TradeOffer[];
    const offer = offers.find((o) => o.offer_name === offerName)!;
    expect(offer.products.map((p) => p.name)).toEqual([expect.stringContaining(target.slice(-2))]);
    expect((await page.request.delete(`/api/trade-offers/${offer.id}`)).ok()).toBe(true);

    // A buyer's scheduled order: the same product found by search, on the second line, the first kept.
    await login('retailer', '/smart-orders?tab=scheduled');
    await page.getByTestId('create-smart-order').click();
    await expect(page.getByRole('dialog')).toContainText(key(en, 'dialog.schedule.create'));
    await page.locator('#schedule-supplier').selectOption({ label: me.company_name });
    await expect(page.getByTestId('schedule-products-capped')).toBeVisible();
    const first = page.locator('#schedule-item-0-product');
    await first.selectOption({ index: 1 });
    const firstChoice = await first.inputValue();
    await page.getByRole('button', { name: key(en, 'form.add_item') }).click();
    await page.getByTestId('schedule-product-search').fill(target);
    const second = page.locator('#schedule-item-1-product');
    const wanted = (
      (await (
        await page.request.get(`/api/suppliers/${me.id}/products?search=${target}`)
      ).json()) as SmartProductList
    ).products[0]!;
    await expect(second.locator(`option[value="${wanted.id}"]`)).toHaveCount(1);
    await second.selectOption(String(wanted.id));
    const secondChoice = String(wanted.id);
    await page.getByTestId('schedule-product-search').fill('no product is called this');
    await expect(page.getByTestId('schedule-products-none')).toBeVisible();
    await expect(first).toHaveValue(firstChoice);
    await expect(second).toHaveValue(secondChoice);
    await expectNoHorizontalScroll(page);
    // The picker with a search passes axe (serious and critical findings, and contrast).
    expect(await blockingViolations(page)).toEqual([]);
    await shot(page, 'schedule-form-search', project, { fullPage: false });
    await page.getByRole('button', { name: key(en, 'cancel') }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  } finally {
    await login('distributor', false);
    await retire(page.request, tag);
  }
});
