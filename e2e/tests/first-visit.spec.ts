import { expect, holdApp, key, locale, shot, test } from './fixtures';

/** Issue 9: the first visit on prepaid data, and a screen never visited opened offline. */

const FIRST_VISIT_BUDGET = 400 * 1024;

// What the service worker downloads and serves is what this file tests (the other specs block it).
test.use({ serviceWorkers: 'allow' });

test('a first visit transfers at most 400 KB, the service worker precache included', async ({
  page,
  context,
}, testInfo) => {
  let bytes = 0;
  let fromWorker = 0;
  const files: string[] = [];
  // The context sees the page's requests and, in Chromium, the service worker's (its precache) too.
  context.on('requestfinished', (request) => {
    void request.sizes().then((sizes) => {
      bytes += sizes.responseBodySize + sizes.responseHeadersSize;
      if (request.serviceWorker()) fromWorker += 1;
      files.push(`${sizes.responseBodySize}\t${new URL(request.url()).pathname}`);
    });
  });
  await page.goto('/');
  await expect(page.getByTestId('try-demo')).toBeVisible();
  // Wait for the worker to install: its precache is part of the first visit.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  testInfo.annotations.push({
    type: 'first visit',
    description: `${bytes} bytes in ${files.length} responses (${fromWorker} by the service worker)`,
  });
  console.log(`first visit: ${bytes} bytes in ${files.length} responses (${fromWorker} by the worker)`);
  expect(fromWorker, 'the service worker precache was measured').toBeGreaterThan(0);
  expect(bytes).toBeLessThanOrEqual(FIRST_VISIT_BUDGET);
});

test.describe('offline', () => {
  // The unvisited screen's chunk (and its translations) cannot load offline: that is the point of the test.
  test.use({ expectedConsoleErrors: /Failed to load resource: net::ERR_(FAILED|INTERNET_DISCONNECTED)/ });

  test('a screen never visited, opened offline, says so inside the shell instead of spinning', async ({
    page,
    context,
    login,
  }, testInfo) => {
    await login('retailer');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect(page.getByTestId('recent-orders')).toBeVisible();
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await context.setOffline(true);
    // Open the orders screen (never visited, not in the bottom bar) as a link would, on phone and desktop alike.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/orders');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    const common = locale('en', 'common');
    await expect(page.getByTestId('route-error')).toContainText(key(common, 'errors.screen_offline'));
    await expect(page.getByTestId('connectivity-banner')).toContainText('You are offline');
    await shot(page, 'offline-unvisited-screen', testInfo.project.name);
    await context.setOffline(false);
  });
});

test.describe('the landing page before the app has loaded', () => {
  const landing = locale('en', 'landing');

  test('a tap on Try Demo in the first paint, made before the app has loaded, is not lost', async ({
    page,
  }) => {
    // Hold the app's code back: the first paint (plain HTML in index.html) is all there is meanwhile.
    const app = await holdApp(page);
    await page.goto('/');
    const firstPaint = page.locator('#first-paint');
    await firstPaint.getByRole('button', { name: key(landing, 'hero.try_demo') }).click();
    await expect.poll(app.asked, 'the app had been asked for').toBe(true);
    // Tapped while the app was still on its way: the button says so, and nothing else has happened yet.
    await expect(firstPaint.getByRole('button', { name: key(landing, 'hero.try_demo') })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(page).toHaveURL(/\/$/);
    app.release();
    // The app takes over and does what the tap asked: the demo sign-in, then the dashboard.
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('revenue-chart')).toBeVisible();
  });

  test("a signed-out visitor's landing page asks about no user; once signed in, / goes to the dashboard", async ({
    page,
  }) => {
    const meAsked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/users/me') meAsked.push(request.url());
    });
    await page.goto('/');
    await expect(page.getByTestId('try-demo')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(meAsked, 'a visitor never signed in is not asked about').toEqual([]);
    // Signing in is remembered for the next visit (localStorage, shared with the other tabs)...
    await page.getByTestId('try-demo').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    // ...so the landing page asks again, and a signed-in user goes on to their screen.
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(meAsked.length).toBeGreaterThan(0);
  });
});
