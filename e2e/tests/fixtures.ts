import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export type DemoRole = 'retailer' | 'supplier' | 'distributor' | 'coordinator' | 'admin' | 'sales_rep';

/** The signed-out landing asks who is signed in; its 401 is the expected answer, not a failure. */
const expectedConsoleErrors = [/status of 401 \(Unauthorized\)/];

export const test = base.extend<
  {
    /** API answers a test means to provoke, matched against "STATUS /api/path"; anything else still fails it. */
    expectedApiErrors: RegExp | null;
    /** Console errors a test means to provoke (e.g. a chunk that cannot load offline); anything else still fails it. */
    expectedConsoleErrors: RegExp | null;
    failOnErrors: void;
    /**
     * Signs in as the demo account of the role, with a session of the test's own (through the API: signing in
     * through the screens has its own tests), and opens `startAt`: by default the dashboard, once its chart is
     * drawn; a path opens that screen straight away (the test waits for what it needs there); `false` opens
     * nothing, for a test that asks the API first and then opens its screen.
     */
    login: (role?: DemoRole, startAt?: string | false) => Promise<void>;
  },
  {
    /** The worker's project (phone, desktop), for a test that runs on one project only. */
    projectName: string;
    /**
     * Once per worker, before its first test: the signed-in dashboard loaded once, so that the browser and the
     * server are warm. login() no longer opens the dashboard in every test, and the first screen of the
     * worker's first test should not also carry the cold start.
     */
    warmUp: void;
  }
>({
  // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
  // eslint-disable-next-line no-empty-pattern
  projectName: [async ({}, use, workerInfo) => use(workerInfo.project.name), { scope: 'worker' }],
  warmUp: [
    async ({ browser }, use, workerInfo) => {
      const context = await browser.newContext({
        baseURL: workerInfo.project.use.baseURL,
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      expect((await page.request.post('/api/demo/login', { data: { role: 'retailer' } })).ok()).toBeTruthy();
      await page.goto('/dashboard');
      await expect(page.getByTestId('revenue-chart')).toBeVisible();
      await context.close();
      await use();
    },
    { scope: 'worker', auto: true },
  ],
  expectedApiErrors: [null, { option: true }],
  expectedConsoleErrors: [null, { option: true }],
  failOnErrors: [
    async ({ page, expectedApiErrors, expectedConsoleErrors: provoked }, use) => {
      const problems: string[] = [];
      const expected = (status: number, path: string) =>
        expectedApiErrors?.test(`${status} ${path}`) ?? false;
      // The browser logs every refused request, without its address; the response check below vets them.
      const statusLogged = /Failed to load resource: the server responded with a status of (\d+)/;
      page.on('console', (message) => {
        if (message.type() !== 'error' || expectedConsoleErrors.some((p) => p.test(message.text()))) return;
        if (provoked?.test(message.text())) return;
        const logged = statusLogged.exec(message.text());
        if (logged && expectedApiErrors && Number(logged[1]) < 500) return;
        problems.push(`console.error: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (response.status() >= 500) problems.push(`${response.status()} from ${url.pathname}`);
        if (
          response.status() >= 400 &&
          url.pathname.startsWith('/api/') &&
          url.pathname !== '/api/users/me' &&
          !expected(response.status(), url.pathname)
        ) {
          problems.push(`${response.status()} from ${url.pathname}`);
        }
      });
      await use();
      expect(problems, 'the page logged errors or had failed requests').toEqual([]);
    },
    { auto: true },
  ],
  login: async ({ page }, use) => {
    await use(async (role = 'retailer', startAt = '/dashboard') => {
      // Signing in again ends the session the open screen runs on: its shell, still asking (the bell's first
      // question comes after the first paint), would be refused (401). So the open screen is left first.
      if (page.url() !== 'about:blank') await page.goto('about:blank');
      // A fresh session every time (a few milliseconds): no test can sign out, or become, another's user.
      const response = await page.request.post('/api/demo/login', { data: { role } });
      expect(response.ok()).toBeTruthy();
      if (startAt === false) return;
      // The shell's bell loads once the first paint is done (ADR 032) and then asks for the notifications. The
      // next login() ends this session (a sign-in rotates it), so a bell still asking then would be refused
      // (401): on the dashboard, login() returns once the bell has its answer.
      const bell =
        startAt === '/dashboard'
          ? page.waitForResponse(
              (r) => new URL(r.url()).pathname === '/api/notifications' && r.request().method() === 'GET',
            )
          : undefined;
      await page.goto(startAt);
      if (startAt === '/dashboard') {
        await expect(page.getByTestId('revenue-chart')).toBeVisible();
        await bell;
      }
    });
  },
});

export { expect };

export function locale(language: string, namespace: string): Record<string, unknown> {
  return JSON.parse(
    readFileSync(
      new URL(`../../apps/web/src/locales/${language}/${namespace}.json`, import.meta.url),
      'utf8',
    ),
  );
}

export function key(bundle: Record<string, unknown>, path: string): string {
  const value = path
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], bundle);
  if (typeof value !== 'string') throw new Error(`No translation at ${path}`);
  return value;
}

/**
 * Screenshots are for a person to look at (`E2E_SCREENSHOTS=1`), not taken in every run: they assert nothing,
 * and the suite's 400-odd were about a tenth of its time (ADR 043). A failed test keeps its screenshot either way.
 */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

/**
 * `e2e/artifacts/<project>-<name>.png`: the whole page by default (`fullPage: false` for the viewport, as a
 * dialog over the page is seen), or one element.
 */
export async function shot(
  target: Page | Locator,
  name: string,
  project: string,
  { fullPage = true }: { fullPage?: boolean } = {},
) {
  if (!SCREENSHOTS) return;
  const path = fileURLToPath(new URL(`../artifacts/${project}-${name}.png`, import.meta.url));
  if ('goto' in target) await target.screenshot({ path, fullPage });
  else await target.screenshot({ path });
}

/**
 * Holds the app's entry chunk back until `release()`: the first paint (plain HTML in index.html) is all there
 * is meanwhile. `asked()` says whether the page has asked for it yet.
 */
export async function holdApp(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(/\/assets\/app-[^/]+\.js$/, async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  return { release, asked: () => asked };
}

export async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}
