import type { Browser, Page } from '@playwright/test';
import { blockingViolations } from './axe';
import { expect, expectNoHorizontalScroll, key, locale, shot, test } from './fixtures';
import { addAdministrator, startSecondServer, type SecondServer } from './provider-server';

/**
 * A deployment run for real, with demo sign-in off: the first administrator comes from the users command and sets
 * a password through its link; they invite a coordinator, who signs up through the invitation; a shop owner signs up
 * with a mobile number and applies to sell; the coordinator approves; the new supplier lists a product; a second
 * shop owner buys it. At phone size, on a second server of its own (production mode, DEMO_LOGIN=false).
 */

const enAccounts = locale('en', 'accounts');
const enPeople = locale('en', 'people');
const enSuppliers = locale('en', 'suppliers');
const enLanding = locale('en', 'landing');
const enCommon = locale('en', 'common');

const ADMIN_MOBILE = '082 555 0199';
const ADMIN_PASSWORD = 'Ubuntu-admin-2026!';

test.describe('a deployment of its own, from the first administrator to a sale', () => {
  let server: SecondServer;
  let adminLink: string;

  test.beforeAll(async ({ browserName: _browserName }, info) => {
    test.skip(info.project.name !== 'phone', 'the phone project runs it');
    test.setTimeout(120_000);
    server = await startSecondServer({
      portOffset: 62,
      dataDirPrefix: 'tt-e2e-accounts-',
      env: { DEMO_LOGIN: 'false' },
      // The command needs the embedded database to itself: it runs before the server opens it.
      async beforeStart(env) {
        adminLink = (await addAdministrator(env, ADMIN_MOBILE, 'Ayanda Mokoena')).link;
      },
    });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  const newPhone = async (browser: Browser) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    return context.newPage();
  };

  async function signUp(
    page: Page,
    who: { identifier: string; name: string; company: string },
    options: { fromLanding?: boolean } = {},
  ) {
    if (options.fromLanding) {
      await page.goto(`${server.origin}/`);
      await page
        .getByRole('button', { name: key(enLanding, 'get_started') })
        .first()
        .click();
      await expect(page).toHaveURL(/\/signup/);
    }
    const form = page.getByTestId('signup-form');
    await form.getByLabel(key(enAccounts, 'identifier.label')).fill(who.identifier);
    await form.locator('#field-password').fill(`${who.name}'s good password`);
    await form.getByLabel(key(enAccounts, 'signup.name')).fill(who.name);
    await form.getByLabel(key(enAccounts, 'signup.company_name')).fill(who.company);
    await form.getByLabel(key(enAccounts, 'signup.business_type')).selectOption('spaza_shop');
    await form.getByLabel(key(enAccounts, 'signup.state')).selectOption('Gauteng');
    await form.getByRole('checkbox').check();
    await page.getByTestId('sign-up').click();
    await expect(page).toHaveURL(`${server.origin}/dashboard`);
  }

  test('the first administrator, a coordinator, a new supplier and a sale, with demo sign-in off', async ({
    page,
    browser,
  }, info) => {
    test.skip(info.project.name !== 'phone', 'the phone project runs it');
    test.setTimeout(240_000);
    const project = info.project.name;
    const { origin } = server;

    // Demo sign-in is off: the server says so, and refuses it.
    const options = await (await page.request.get(`${origin}/api/auth/options`)).json();
    expect(options).toMatchObject({ demo: false, external: false });
    expect((await page.request.post(`${origin}/api/demo/login`, { data: { role: 'admin' } })).status()).toBe(
      403,
    );

    // 1. The administrator sets a password through the command's link, and signs in with it.
    await page.goto(adminLink);
    // The two password fields' labels start alike: they are found by their ids.
    await page.locator('#field-password').fill(ADMIN_PASSWORD);
    await page.locator('#field-confirm').fill(ADMIN_PASSWORD);
    await shot(page, 'accounts-first-password', project);
    await page.getByRole('button', { name: key(enAccounts, 'reset.submit') }).click();
    await expect(page.getByText(key(enAccounts, 'reset.done_title'))).toBeVisible();
    await page.getByTestId('sign-in-again').click();
    await expect(page).toHaveURL(`${origin}/login`);
    await page.getByLabel(key(enAccounts, 'identifier.label')).fill(ADMIN_MOBILE);
    await page.locator('#field-password').fill(ADMIN_PASSWORD);
    await expectNoHorizontalScroll(page);
    expect(await blockingViolations(page)).toEqual([]);
    await shot(page, 'accounts-sign-in', project);
    await page.getByTestId('sign-in').click();
    await expect(page).toHaveURL(`${origin}/dashboard`);
    const admin = await (await page.request.get(`${origin}/api/users/me`)).json();
    expect(admin).toMatchObject({
      role: 'admin',
      mobile: '+27825550199',
      name: 'Ayanda Mokoena',
      is_demo: false,
    });

    // 2. People: the administrator invites a coordinator.
    await page.goto(`${origin}/people?tab=invitations`);
    await page.getByTestId('invite-staff').click();
    await page.getByLabel(key(enPeople, 'invite.role')).selectOption('coordinator');
    await page.getByTestId('create-invitation').click();
    const invitation = await page.getByTestId('one-time-link').inputValue();
    expect(invitation).toMatch(new RegExp(`^${origin}/signup\\?invitation=`));
    await expectNoHorizontalScroll(page);
    expect(await blockingViolations(page)).toEqual([]);
    await shot(page, 'accounts-invitation', project);
    await page.getByTestId('link-done').click();
    await expect(page.getByTestId('invitation')).toHaveCount(1);

    // 3. The coordinator signs up through the link, and holds the invitation's role.
    const coordinator = await newPhone(browser);
    await coordinator.goto(invitation);
    await expect(
      coordinator.getByText(
        key(enAccounts, 'signup.invited').replace('{{role}}', key(enCommon, 'roles.coordinator')),
      ),
    ).toBeVisible();
    await expectNoHorizontalScroll(coordinator);
    expect(await blockingViolations(coordinator)).toEqual([]);
    await shot(coordinator, 'accounts-invited-sign-up', project);
    await signUp(coordinator, {
      identifier: 'nomvula.coordinator@example.org',
      name: 'Nomvula Zulu',
      company: 'Tembisa Traders Co-op',
    });
    expect(await (await coordinator.request.get(`${origin}/api/users/me`)).json()).toMatchObject({
      role: 'coordinator',
    });
    // Used once: the administrator's list has no open invitation left.
    await page.reload();
    await expect(page.getByTestId('invitation')).toHaveCount(0);

    // 4. A shop owner signs up from the landing page with a mobile number, and applies to sell.
    const seller = await newPhone(browser);
    const company = 'Sipho Fresh Produce';
    await signUp(seller, { identifier: '073 555 0142', name: 'Sipho Nkosi', company }, { fromLanding: true });
    // A new shop's dashboard: its own name, and no orders yet.
    await expect(seller.getByRole('paragraph').filter({ hasText: 'Sipho' }).first()).toBeVisible();
    await expect(seller.getByTestId('recent-orders')).toHaveCount(0);
    await expectNoHorizontalScroll(seller);
    await shot(seller, 'accounts-new-shop-dashboard', project);
    await seller.goto(`${origin}/supplier-applications?tab=apply`);
    const form = seller.getByTestId('apply-form');
    await form.getByLabel(key(enSuppliers, 'fields.company_name')).fill(company);
    await form.getByLabel(key(enSuppliers, 'categories.Fresh Produce')).check();
    await seller.getByTestId('submit-application').click();
    await expect(seller.getByTestId('my-application')).toContainText(key(enSuppliers, 'status.pending'));

    // 5. The coordinator approves it.
    await coordinator.goto(`${origin}/supplier-applications?tab=review`);
    const card = coordinator.getByTestId('review-card').filter({ hasText: company });
    await card.getByTestId('approve').click();
    await coordinator.getByLabel(key(enSuppliers, 'fields.review_notes')).fill('Welcome to the network.');
    await coordinator.getByTestId('confirm-review').click();
    await expect(card).toContainText(key(enSuppliers, 'status.approved'));

    // 6. The new supplier lists a product.
    await seller.goto(`${origin}/bulk-upload`);
    await seller.getByTestId('add-product').click();
    const dialog = seller.getByRole('dialog');
    await dialog.getByLabel(key(enSuppliers, 'products.fields.name')).fill('Sipho Green Peppers 1kg');
    await dialog.getByLabel(key(enSuppliers, 'products.fields.brand')).fill('Sipho Farms');
    await dialog.getByLabel(key(enSuppliers, 'products.fields.category')).selectOption({ index: 1 });
    await dialog.getByLabel(key(enSuppliers, 'products.fields.sku')).fill('SF-PEP-1');
    await dialog.getByLabel(key(enSuppliers, 'products.fields.selling_price')).fill('24.00');
    await dialog.getByLabel(key(enSuppliers, 'products.fields.mrp')).fill('29.99');
    await dialog.getByLabel(key(enSuppliers, 'products.fields.opening_stock')).fill('40');
    await seller.getByTestId('save-product').click();
    await expect(
      seller.getByTestId('my-product').filter({ hasText: 'Sipho Green Peppers 1kg' }),
    ).toContainText('40 in stock');

    // 7. A second shop owner signs up and buys it.
    const buyer = await newPhone(browser);
    await buyer.goto(`${origin}/signup`);
    await signUp(buyer, { identifier: '084 555 0177', name: 'Lerato Dube', company: "Lerato's Tuck Shop" });
    await buyer.goto(`${origin}/products`);
    await buyer.getByTestId('product-search').fill('Sipho Green Peppers');
    const product = buyer.getByTestId('product-card').filter({ hasText: 'Sipho Green Peppers 1kg' });
    await product.getByTestId('add-to-cart').click();
    await buyer.goto(`${origin}/cart`);
    await buyer.getByTestId('checkout').click();
    await expect(buyer).toHaveURL(/\/cart\?step=review$/);
    const placed = buyer.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/orders' && r.request().method() === 'POST',
    );
    await buyer.getByTestId('place-order').click();
    expect((await placed).status()).toBe(201);
    await expect(buyer.getByTestId('checkout-confirmation')).toBeVisible();
    await shot(buyer, 'accounts-first-sale', project);

    // The supplier sees the order from the new shop.
    const sold = await (await seller.request.get(`${origin}/api/orders`)).json();
    expect(JSON.stringify(sold)).toContain("Lerato's Tuck Shop");
    for (const p of [coordinator, seller, buyer]) await p.context().close();
  });
});
