import { expect, expectNoHorizontalScroll, key, locale, shot, test } from './fixtures';
import {
  addAdministrator,
  signInWithPassword,
  startProviderServer,
  type ProviderServer,
} from './provider-server';

/**
 * Issue 12 points 1 and 2: a shop owner with a real account applies to sell, an admin approves, and the
 * new supplier finds My products on /bulk-upload, adds a product with its opening stock and edits it.
 * Demo accounts are shared and keep their role (DECISIONS 9), so the applicant signs up through the
 * OpenID Connect test provider on a second server (own port and database).
 */

const en = locale('en', 'suppliers');
const enLanding = locale('en', 'landing');
const enErrors = locale('en', 'errors');

const ADMIN = { mobile: '082 555 0160', password: 'Reviews-applications-2026' };

test.describe('supplier application to first product', () => {
  let server: ProviderServer;
  let adminLink: string;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startProviderServer({
      portOffset: 60,
      dataDirPrefix: 'tt-e2e-suppliers-',
      account: { sub: 'e2e-applicant', email: 'zanele.e2e@example.com', name: 'Zanele Khumalo' },
      // A real administrator reviews a real applicant: the shared demo admin decides only the demo world's.
      async beforeStart(env) {
        adminLink = (await addAdministrator(env, ADMIN.mobile, 'Lindiwe Admin')).link;
      },
    });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('a retailer applies, an admin approves, and the new supplier adds and edits a product', async ({
    page,
    browser,
  }, info) => {
    test.setTimeout(120_000);
    const project = info.project.name;
    const { origin } = server;
    const company = `Zanele Fresh Foods ${project}`;

    // A real account signs up; it is a retailer, so /bulk-upload is the spec's Access Restricted panel.
    await page.goto(`${origin}/`);
    await page.getByRole('button', { name: key(enLanding, 'get_started') }).click();
    await expect(page).toHaveURL(`${origin}/dashboard`);
    await page.goto(`${origin}/bulk-upload`);
    const restricted = page.getByTestId('access-restricted');
    await expect(restricted).toContainText(key(en, 'restricted.message'));
    await expectNoHorizontalScroll(page);
    await shot(page, 'suppliers-restricted', project);
    await page.getByTestId('apply-as-supplier').click();
    await expect(page).toHaveURL(`${origin}/supplier-applications`);

    // My Application is empty; Apply Now refuses an empty form under its fields and keeps what was typed.
    await expect(page.getByText(key(en, 'my.empty_title'))).toBeVisible();
    await page.getByTestId('empty-apply').click();
    const form = page.getByTestId('apply-form');
    await form.getByLabel(key(en, 'fields.monthly_capacity')).fill('2 tonnes of vegetables a month');
    await page.getByTestId('submit-application').click();
    await expect(form.getByText(key(enErrors, 'validation.required')).first()).toBeVisible();
    await expect(page.getByTestId('category-choices')).toContainText(
      key(enErrors, 'validation.too_few').replace('{{minimum}}', '1'),
    );
    await expect(form.getByLabel(key(en, 'fields.monthly_capacity'))).toHaveValue(
      '2 tonnes of vegetables a month',
    );
    await form.getByLabel(key(en, 'fields.company_name')).fill(company);
    for (const category of ['Fresh Produce', 'Dairy Products', 'Beverages', 'Meat & Poultry']) {
      await form.getByLabel(key(en, `categories.${category}`)).check();
    }
    await form.getByLabel('HACCP').check();
    await form.getByLabel(key(en, 'fields.years_in_business')).fill('6');
    await expectNoHorizontalScroll(page);
    await shot(page, 'suppliers-apply', project);
    await page.getByTestId('submit-application').click();
    const mine = page.getByTestId('my-application');
    await expect(mine).toContainText(company);
    await expect(mine).toContainText(key(en, 'status.pending'));
    await page.getByTestId('tab-apply').click();
    await expect(page.getByTestId('already-submitted')).toContainText(key(en, 'apply.submitted_title'));
    await shot(page, 'suppliers-my-application', project);

    // An administrator reviews it: the list counts it, shows three categories and "+1 more", and approves.
    const adminContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    const admin = await adminContext.newPage();
    await signInWithPassword(admin.request, origin, {
      link: adminLink,
      identifier: ADMIN.mobile,
      password: ADMIN.password,
    });
    await admin.goto(`${origin}/supplier-applications?tab=review`);
    const card = admin.getByTestId('review-card').filter({ hasText: company });
    await expect(card).toContainText(key(en, 'status.pending'));
    await expect(card.getByTestId('more-categories')).toHaveText('+1 more');
    const counts = (await (await admin.request.get(`${origin}/api/supplier-applications/review`)).json()) as {
      pending: number;
      under_review: number;
    };
    await expect(admin.getByTestId('review-counts')).toContainText(String(counts.pending));
    await shot(admin, 'suppliers-review', project);
    // Rejecting needs notes: the dialog refuses without them, then the admin approves instead.
    await card.getByTestId('reject').click();
    await admin.getByTestId('confirm-review').click();
    await expect(admin.getByRole('dialog').getByText(key(enErrors, 'validation.required'))).toBeVisible();
    await admin.getByRole('button', { name: key(en, 'cancel') }).click();
    await card.getByTestId('approve').click();
    await admin.getByLabel(key(en, 'fields.review_notes')).fill('Welcome: references checked.');
    await admin.getByTestId('confirm-review').click();
    await expect(admin.getByRole('dialog')).toHaveCount(0);
    await expect(card).toContainText(key(en, 'status.approved'));
    await adminContext.close();

    // The applicant is a supplier now: the notification, the shortcuts, and My products.
    await page.goto(`${origin}/supplier-applications`);
    await expect(page.getByTestId('my-application')).toContainText(key(en, 'status.approved'));
    await expect(page.getByTestId('my-application')).toContainText('Welcome: references checked.');
    const next = page.getByTestId('approved-next-steps');
    await expect(next).toContainText(key(en, 'approved.next_steps'));
    // Issue 12.1: after approval both shortcuts show (bulk upload and trade promotions) with the steps.
    await expect(next.getByTestId('go-trade-promotions')).toHaveAttribute('href', '/trade-promotions');
    await expect(next.getByTestId('go-trade-promotions')).toHaveText(key(en, 'approved.trade_promotions'));
    await expect(next.getByRole('listitem')).toHaveCount(5);
    const me = (await (await page.request.get(`${origin}/api/users/me`)).json()) as { role: string };
    expect(me.role).toBe('supplier');
    await expectNoHorizontalScroll(page);
    await shot(page, 'suppliers-approved', project);
    await page.getByTestId('go-bulk-upload').click();
    await expect(page).toHaveURL(`${origin}/bulk-upload`);
    await expect(page.getByText(key(en, 'products.empty_title'))).toBeVisible();

    // Add a product with its opening stock; an mrp below the selling price is refused first.
    await page.getByTestId('add-product').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(key(en, 'products.fields.name')).fill('Spinach bunch');
    await dialog.getByLabel(key(en, 'products.fields.brand')).fill('Zanele Farms');
    await dialog.getByLabel(key(en, 'products.fields.category')).selectOption({ index: 1 });
    await dialog.getByLabel(key(en, 'products.fields.sku')).fill('ZF-SPIN-1');
    await dialog.getByLabel(key(en, 'products.fields.selling_price')).fill('12.50');
    await dialog.getByLabel(key(en, 'products.fields.mrp')).fill('10');
    await dialog.getByLabel(key(en, 'products.fields.opening_stock')).fill('25');
    await page.getByTestId('save-product').click();
    await expect(dialog.getByText(key(enErrors, 'validation.mrp_below_price'))).toBeVisible();
    await dialog.getByLabel(key(en, 'products.fields.mrp')).fill('14.99');
    await shot(page, 'suppliers-add-product', project);
    await page.getByTestId('save-product').click();
    await expect(page.getByTestId('products-notice')).toContainText('Spinach bunch');
    const row = page.getByTestId('my-product').filter({ hasText: 'Spinach bunch' });
    await expect(row.getByTestId('product-stock')).toHaveText('25 in stock');
    await expect(row).toContainText('R 12.50');

    // Edit the price; the stock is not a field and stays 25.
    await row.getByTestId('edit-product').click();
    const edit = page.getByRole('dialog');
    await expect(edit.getByLabel(key(en, 'products.fields.name'))).toHaveValue('Spinach bunch');
    await expect(edit.getByLabel(key(en, 'products.fields.opening_stock'))).toHaveCount(0);
    await edit.getByLabel(key(en, 'products.fields.selling_price')).fill('11.75');
    await page.getByTestId('save-product').click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(row).toContainText('R 11.75');
    await expect(row.getByTestId('product-stock')).toHaveText('25 in stock');

    // Deactivate: it stays in My products, marked inactive, and the search still finds it.
    await row.getByTestId('toggle-product').click();
    await expect(row).toContainText(key(en, 'products.inactive'));
    await page.getByTestId('product-search').fill('spinach');
    await expect(page.getByTestId('my-product')).toHaveCount(1);
    await expectNoHorizontalScroll(page);
    await shot(page, 'suppliers-my-products', project);
  });
});
