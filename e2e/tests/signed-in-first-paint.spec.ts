import type { Page } from '@playwright/test';
import { expect, holdApp, key, locale, shot, test } from './fixtures';

/**
 * Issue 9 (screens on a cheap phone): a signed-in visit's first paint is plain HTML in index.html (the shell and
 * the screen's heading, apps/web/first-screen.ts), shown before the app's code has arrived; the app then renders
 * the same in its place, with nothing moved and nothing said twice.
 */

const common = locale('en', 'common');
const screens = [
  { path: '/dashboard', namespace: 'dashboard', subtitle: 'subtitle.retailer', ready: 'revenue-chart' },
  { path: '/products', namespace: 'products', subtitle: 'subtitle', ready: 'product-card' },
] as const;

const firstPaint = (page: Page) => page.locator('#first-paint');

// A service worker would serve the app's code from its cache, past the routes that hold it back.
test.use({ serviceWorkers: 'block' });

for (const screen of screens) {
  test(`a signed-in ${screen.path} shows the shell and its heading before the app's code, then the app in its place`, async ({
    page,
    login,
  }, testInfo) => {
    const words = locale('en', screen.namespace);
    await login('retailer', false);
    const me = (await (await page.request.get('/api/users/me')).json()) as { name: string };
    const app = await holdApp(page);
    await page.goto(screen.path);
    const heading = firstPaint(page).getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(key(words, 'title'));
    await expect(firstPaint(page).getByText(key(words, screen.subtitle))).toBeVisible();
    await expect.poll(app.asked, 'the app had been asked for').toBe(true);
    // The greeting and the role badge, from /api/users/me (nothing remembered yet in this browser).
    const welcome = key(common, 'shell.welcome').replace('{{name}}', me.name.split(' ')[0]!);
    await expect(firstPaint(page).getByText(welcome).locator('visible=true')).toHaveCount(1);
    await expect(
      firstPaint(page).getByText(key(common, 'roles.business_owner')).locator('visible=true'),
    ).toHaveCount(1);
    // Its links are plain links to working screens; the screen's own tab is marked as the app marks it.
    if (testInfo.project.name === 'phone') {
      const nav = firstPaint(page).getByRole('navigation', { name: key(common, 'shell.bottom_navigation') });
      await expect(nav.getByRole('link')).toHaveCount(5);
      await expect(nav.locator('a[aria-current="page"]')).toHaveAttribute('href', screen.path);
    }
    // One heading on the page: the app's (still loading) screen is out of sight and out of the reading order.
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    const before = await heading.boundingBox();
    await shot(page, `${screen.namespace}-first-paint`, testInfo.project.name);

    app.release();
    await expect(page.getByTestId(screen.ready).first()).toBeVisible();
    await expect(firstPaint(page)).toHaveCount(0);
    const appHeading = page.getByRole('heading', { level: 1 });
    await expect(appHeading).toHaveCount(1);
    await expect(appHeading).toHaveText(key(words, 'title'));
    // Nothing moved: the app's heading is where the first paint's was.
    expect(await appHeading.boundingBox()).toEqual(before);
    await shot(page, `${screen.namespace}-app`, testInfo.project.name);
  });
}

test("a phone's largest paint on the dashboard is the first paint's, not a figure the data brings later", async ({
  page,
  login,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', "Lighthouse's mobile run is the phone's");
  // Lighthouse's LCP (issue 9): the first paint's subtitle is the largest text, there before the app's code. A
  // longer hint under a figure once made the hint the largest, painted only when the data came: LCP 1.2 s to 2.8 s.
  await login('retailer', false);
  const app = await holdApp(page);
  await page.goto('/dashboard');
  await expect(firstPaint(page).getByText(key(locale('en', 'dashboard'), 'subtitle.retailer'))).toBeVisible();
  const released = await page.evaluate(() => performance.now());
  app.release();
  await expect(page.getByTestId('revenue-chart')).toBeVisible();
  await expect(page.getByTestId('recent-orders')).toBeVisible();
  const paints = await page.evaluate(
    () =>
      new Promise<{ at: number; text: string }[]>((resolve) => {
        new PerformanceObserver((list) =>
          resolve(
            list.getEntries().map((e) => ({
              at: e.startTime,
              text: ((e as unknown as { element: Element | null }).element?.textContent ?? '').slice(0, 80),
            })),
          ),
        ).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  expect(paints.length).toBeGreaterThan(0);
  expect(paints.filter((p) => p.at > released)).toEqual([]);
});

test('the next visit shows the remembered user at once, before anyone has answered who is signed in', async ({
  page,
  login,
}) => {
  await login('retailer', '/dashboard');
  // Held: the user's answer and the app. What shows comes from what the last visit remembered.
  let releaseMe!: () => void;
  const meHeld = new Promise<void>((resolve) => (releaseMe = resolve));
  await page.route('**/api/users/me', async (route) => {
    await meHeld;
    await route.continue();
  });
  const app = await holdApp(page);
  await page.goto('/products');
  const words = locale('en', 'products');
  await expect(firstPaint(page).getByRole('heading', { level: 1 })).toHaveText(key(words, 'title'));
  await expect(firstPaint(page).getByText(key(words, 'subtitle'))).toBeVisible();
  await expect(
    firstPaint(page).getByText(key(common, 'roles.business_owner')).locator('visible=true'),
  ).toHaveCount(1);
  releaseMe();
  app.release();
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await expect(firstPaint(page)).toHaveCount(0);
});

test('a visitor not signed in opening /dashboard is not shown the shell', async ({ page }) => {
  const app = await holdApp(page);
  await page.goto('/dashboard');
  // /api/users/me answers 401: the first paint goes without having been shown.
  await expect(firstPaint(page)).toHaveCount(0);
  app.release();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('try-demo')).toBeVisible();
});

test('a tap on the menu in the first paint, before the app has loaded, opens the menu when it has', async ({
  page,
  login,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the menu button is the phone’s');
  await login('retailer', false);
  const app = await holdApp(page);
  await page.goto('/dashboard');
  const menu = firstPaint(page).getByRole('button', { name: key(common, 'shell.open_menu') });
  await menu.click();
  await expect(menu).toHaveAttribute('aria-busy', 'true');
  app.release();
  await expect(page.getByRole('dialog', { name: key(common, 'shell.menu') })).toBeVisible();
  await expect(firstPaint(page)).toHaveCount(0);
});

test('an address no screen has: the signed-in first paint gives way to the not-found page', async ({
  page,
  login,
}) => {
  await login('retailer', false);
  await page.goto('/no-such-screen');
  await expect(
    page.getByRole('heading', { level: 1, name: key(common, 'errors.not_found_title') }),
  ).toBeVisible();
  await expect(firstPaint(page)).toHaveCount(0);
});

/** The marketplace's first row as the page shows it: each card's text, and where its picture and the filter bar are. */
const firstRow = (page: Page, scope: string) =>
  page.evaluate((scope) => {
    const cards = Array.from(
      document.querySelectorAll<HTMLElement>(`${scope} [data-testid="product-card"]`),
    ).slice(0, 4);
    const box = (e: Element | null) => {
      const r = e?.getBoundingClientRect();
      return r ? [r.x, r.y, r.width, r.height].map((v) => Math.round(v)) : null;
    };
    return {
      texts: cards.map((c) => c.innerText),
      pictures: cards.map((c) => box(c.querySelector('img'))),
      filters: box(document.querySelector(`${scope} [data-testid="product-search"]`)),
      cart: document.querySelector<HTMLElement>(`${scope} [data-testid="view-cart"]`)?.innerText,
    };
  }, scope);

test("the marketplace's first row of cards shows before the app's code, and the app's cards take its place where it was", async ({
  page,
  login,
}, testInfo) => {
  await login('retailer', false);
  const list = (await (await page.request.get('/api/products?page=1')).json()) as {
    products: { name: string }[];
  };
  const app = await holdApp(page);
  await page.goto('/products');
  const cards = firstPaint(page).getByTestId('product-card');
  await expect(cards).toHaveCount(4);
  await expect(cards.first().getByRole('heading', { level: 2 })).toHaveText(list.products[0]!.name);
  // Its picture is shown (not only asked for) before the app's code has arrived.
  await expect
    .poll(() =>
      cards
        .first()
        .locator('img')
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
    )
    .toBeGreaterThan(0);
  await expect(page.getByTestId('product-card').locator('visible=true')).toHaveCount(4);
  const before = await firstRow(page, '#first-paint');
  await shot(page, 'products-first-row-first-paint', testInfo.project.name);

  app.release();
  await expect(firstPaint(page)).toHaveCount(0);
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  // The same cards, words and prices, at the same places: nothing moved.
  expect(await firstRow(page, '#root')).toEqual(before);
  await shot(page, 'products-first-row-app', testInfo.project.name);
});

test("a search typed and an Add to Cart pressed in the marketplace's first paint are kept when the app takes over", async ({
  page,
  login,
}) => {
  await login('sales_rep', false);
  // An empty cart to start with, and to end with (the demo accounts are shared).
  type Line = { id: number; product_id: number };
  const empty = async () => {
    for (const line of (await (await page.request.get('/api/cart')).json()) as Line[])
      expect((await page.request.delete(`/api/cart/${line.id}`)).ok()).toBeTruthy();
  };
  await empty();
  try {
    const app = await holdApp(page);
    await page.goto('/products');
    const card = firstPaint(page)
      .getByTestId('product-card')
      .filter({ has: page.locator('[data-testid="add-to-cart"]:not([disabled])') })
      .first();
    const id = Number(await card.getAttribute('data-product-id'));
    const add = card.getByTestId('add-to-cart');
    await add.click();
    await expect(add).toHaveAttribute('aria-busy', 'true');
    await firstPaint(page).getByTestId('product-search').fill('zzz');
    app.release();
    await expect(firstPaint(page)).toHaveCount(0);
    await expect(page.getByTestId('product-search')).toHaveValue('zzz');
    await expect(page).toHaveURL(/[?&]q=zzz/);
    await expect
      .poll(async () =>
        ((await (await page.request.get('/api/cart')).json()) as Line[]).map((l) => l.product_id),
      )
      .toEqual([id]);
  } finally {
    await empty();
  }
});
