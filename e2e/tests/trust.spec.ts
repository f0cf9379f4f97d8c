import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { expect, key, locale, shot, test } from './fixtures';
import { moveOrder, orderFromSeller } from './orders-api';

/**
 * Issue 10 points 3, 5, 6, 9 and 10, at phone and desktop size: money commitments are confirmed before
 * they are made, navigation keeps its place, votes say when they open, notifications open their subject,
 * and nothing is cut on a 360-pixel phone in the longest languages.
 */

interface BulkOrder {
  id: number;
  coop_id: number;
  minimum_quantity: number;
  final_unit_price: number;
  end_date: string;
  current_quantity: number;
  target_quantity: number;
  product_id: number;
  committed_quantity: number | null;
}
interface Membership {
  coop_id: number;
  is_coordinator: boolean;
}
interface Participation {
  bulk_order_id: number;
}
interface Cooperative {
  id: number;
  status: string;
}

const plain = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ').trim();
/** R 1 234.50, the app's one rand format. */
const rand = (cents: number) =>
  `R ${Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ' ')}.${String(cents % 100).padStart(2, '0')}`;

async function json<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), `GET ${path}`).toBeTruthy();
  return (await response.json()) as T;
}

test('joining a bulk order shows what is committed first; the card then shows it and allows leaving', async ({
  page,
  login,
}, info) => {
  await login('retailer', false);
  const mine = await json<Membership[]>(page.request, '/api/cooperatives/my-memberships');
  const joined = await json<Participation[]>(page.request, '/api/bulk-orders/my-participations');
  const orders = await json<BulkOrder[]>(page.request, '/api/bulk-orders?status=active');
  // Room for the minimum: below the target and within what the seller committed (or has in stock).
  const candidates = orders.filter(
    (o) =>
      mine.some((m) => m.coop_id === o.coop_id) &&
      !joined.some((p) => p.bulk_order_id === o.id) &&
      o.target_quantity - o.current_quantity >= o.minimum_quantity &&
      new Date(o.end_date) > new Date(),
  );
  // The seller's stock, from the catalogue (an uncommitted order promises at most that).
  const stock = new Map<number, number>();
  for (let pageNo = 1; pageNo <= 5; pageNo += 1) {
    const { products } = await json<{ products: { id: number; stock_quantity: number }[] }>(
      page.request,
      `/api/products?page_size=100&page=${pageNo}`,
    );
    for (const p of products) stock.set(p.id, p.stock_quantity);
    if (products.length < 100) break;
  }
  const order = candidates.find(
    (o) => (o.committed_quantity ?? stock.get(o.product_id) ?? 0) - o.current_quantity >= o.minimum_quantity,
  );
  if (!order) throw new Error('The seed needs an open bulk order in a co-op of the demo retailer');
  await page.goto('/bulk-orders');
  const card = page.locator(`[data-testid="bulk-order-card"][data-order-id="${order.id}"]`);
  let posted = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/bulk-orders/participate')) posted += 1;
  });
  await card.getByTestId('join-bulk-order').click();
  const dialog = page.getByTestId('join-bulk-dialog');
  await expect(dialog).toBeVisible();
  const total = rand(Math.round(order.final_unit_price * 100) * order.minimum_quantity);
  await expect.poll(async () => plain(await page.getByTestId('commit-total').textContent())).toBe(total);
  await shot(page, 'bulk-join-confirm', info.project.name, { fullPage: false });
  // Cancelling writes nothing.
  await page.getByRole('button', { name: key(locale('en', 'common'), 'common.cancel') }).click();
  await expect(dialog).toBeHidden();
  expect(posted).toBe(0);

  await card.getByTestId('join-bulk-order').click();
  await page.getByTestId('confirm-join-bulk').click();
  await expect(dialog).toBeHidden();
  expect(posted).toBe(1);
  await expect(card.getByTestId('joined-quantity')).toContainText(String(order.minimum_quantity));
  await expect
    .poll(async () => plain(await card.getByTestId('joined-amount').textContent()))
    .toContain(total);
  await expect(card.getByTestId('join-bulk-order')).toHaveCount(0);
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'bulk-joined-card', info.project.name, { fullPage: false });

  await card.getByTestId('leave-bulk-order').click();
  await expect(page.getByTestId('leave-bulk-dialog')).toBeVisible();
  await page.getByTestId('confirm-leave-bulk').click();
  await expect(card.getByTestId('join-bulk-order')).toBeVisible();
  const after = await json<Participation[]>(page.request, '/api/bulk-orders/my-participations');
  expect(after.some((p) => p.bulk_order_id === order.id)).toBe(false);
});

test('joining a cooperative shows the share and when it is paid before anything is written', async ({
  page,
  login,
}, info) => {
  await login('retailer', false);
  const mine = await json<Membership[]>(page.request, '/api/cooperatives/my-memberships');
  const coops = await json<Cooperative[]>(page.request, '/api/cooperatives');
  const coop = coops.find((c) => c.status !== 'inactive' && !mine.some((m) => m.coop_id === c.id));
  if (!coop) throw new Error('The seed needs a co-op the demo retailer can join');
  await page.goto('/cooperatives');
  const card = page.locator(`[data-testid="coop-card"][data-coop-id="${coop.id}"]`);
  await card.getByTestId('join-coop').click();
  await expect(page.getByTestId('join-coop-dialog')).toBeVisible();
  await expect.poll(async () => plain(await page.getByTestId('commit-share').textContent())).toBe('R 500.00');
  await shot(page, 'coop-join-confirm', info.project.name, { fullPage: false });
  await page.getByRole('button', { name: key(locale('en', 'common'), 'common.cancel') }).click();
  const still = await json<Membership[]>(page.request, '/api/cooperatives/my-memberships');
  expect(still.length).toBe(mine.length);
});

test('a new screen opens at the top and Back returns to where the list was', async ({ page, login }) => {
  await login('retailer', false);
  // Short enough that the co-op list scrolls on both projects.
  const width = page.viewportSize()!.width;
  await page.setViewportSize({ width, height: 520 });
  await page.goto('/cooperatives');
  const link = page.getByTestId('governance-link').last();
  // In the middle of the screen, clear of the phone's bottom bar.
  await link.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(0);
  await link.click();
  await expect(page).toHaveURL(/\/cooperative-governance\/\d+$/);
  // The new screen itself, not just a heading: the router moves to the new address first and keeps the list
  // (and its h1, and its scroll) on screen while the governance screen's translations load; the list's own
  // heading once passed for the new screen's, and scrollY was read on the list (680, then 1017).
  await expect(page.getByTestId('governance-tiles')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page.getByTestId('coop-card').first()).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 40);
});

test('a deep link opened signed out opens after signing in; another site is never followed', async ({
  page,
}) => {
  await page.goto('/orders?status=shipped');
  await expect(page).toHaveURL(/\/$/);
  await page.getByTestId('try-demo').click();
  await expect(page).toHaveURL(/\/orders\?status=shipped$/);
  await expect(page.getByTestId('status-chip-shipped')).toHaveAttribute('aria-pressed', 'true');

  // Signed out again, a forged remembered address leads to the dashboard, not away. The signed-in screen is
  // left first: its shell keeps calling (the bell asks once the page is idle, then every minute), and a call
  // meeting the cleared session would be a refused request, which fails the test, whenever it came.
  await page.goto('about:blank');
  await page.context().clearCookies();
  await page.goto('/');
  await expect(page.getByTestId('try-demo')).toBeVisible();
  await page.evaluate(() => sessionStorage.setItem('tt.return-to', '//evil.example/orders'));
  await page.getByTestId('try-demo').click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a vote that is not open yet says when it opens; saving the vote says so', async ({
  page,
  login,
}, info) => {
  await login('coordinator', false);
  const mine = await json<Membership[]>(page.request, '/api/cooperatives/my-memberships');
  const coop = mine.find((m) => m.is_coordinator);
  if (!coop) throw new Error('The demo coordinator coordinates a co-op');
  await page.goto(`/cooperative-governance/${coop.coop_id}`);
  await page.getByTestId('new-vote').click();
  const title = `E2E later vote ${info.project.name} ${Date.now().toString(36)}`;
  await page.locator('#vote-title').fill(title);
  const pad = (n: number) => String(n).padStart(2, '0');
  const at = (days: number) => {
    const d = new Date(Date.now() + days * 86_400_000);
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T10:00`;
  };
  await page.locator('#vote-start').fill(at(3));
  await page.locator('#vote-end').fill(at(10));
  await page.getByTestId('create-vote').click();
  const governance = locale('en', 'governance');
  await expect(page.getByText(key(governance, 'voting.saved'))).toBeVisible();
  const vote = page.getByTestId('vote-card').filter({ hasText: title });
  await expect(vote.getByTestId('vote-opens')).toBeVisible();
  await expect(vote).toContainText(key(governance, 'vote_status.scheduled'));
  await expect(vote.getByTestId('vote-now')).toHaveCount(0);
  await vote.scrollIntoViewIfNeeded();
  await shot(page, 'vote-not-open-yet', info.project.name, { fullPage: false });
});

test('a notification opens its subject and is marked read', async ({ page, login }, info) => {
  // A notice of its own (the shared demo's seeded ones scroll out of the bell's ten as other specs run):
  // the demo supplier confirms an order the demo retailer just placed.
  await login('retailer');
  const supplier = await playwrightRequest.newContext({ baseURL: new URL(page.url()).origin });
  expect((await supplier.post('/api/demo/login', { data: { role: 'supplier' } })).ok()).toBeTruthy();
  const supplierId = ((await (await supplier.get('/api/users/me')).json()) as { id: number }).id;
  const orderId = await orderFromSeller(page.request, supplierId);
  await moveOrder(supplier, orderId, ['confirmed']);
  await supplier.dispose();

  await page.reload();
  await page
    .getByRole('button', { name: /notification/i })
    .first()
    .click();
  const notice = page.locator(`[data-testid="notification-open"][data-link="/orders?order=${orderId}"]`);
  await expect(notice).toBeVisible();
  await shot(page, 'bell', info.project.name, { fullPage: false });
  await notice.click();
  await expect(page).toHaveURL(new RegExp(`/orders\\?order=${orderId}$`));
  await expect(page.getByTestId('order-details')).toBeVisible();
  await expect(page.getByTestId('order-details')).toHaveAttribute('data-status', 'confirmed');
  const { notifications } = (await (await page.request.get('/api/notifications')).json()) as {
    notifications: { link: string | null; read: boolean }[];
  };
  expect(notifications.find((n) => n.link === `/orders?order=${orderId}`)?.read).toBe(true);
  await shot(page, 'notification-order', info.project.name, { fullPage: false });
});

for (const language of ['zu', 'xh'] as const) {
  test(`nothing is cut at 360 px in ${language}: tabs scroll, role badge, sort box, inventory cards`, async ({
    page,
    login,
    isMobile,
  }, info) => {
    test.skip(!isMobile, 'the narrow phone only');
    await page.setViewportSize({ width: 360, height: 780 });
    await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
    await login('retailer', false);
    /** Every element given is as wide as its text needs (nothing hidden behind an ellipsis or a clip). */
    const uncut = async (selector: string) => {
      const cut = await page.locator(selector).evaluateAll((nodes) =>
        nodes
          .filter((n) => (n as HTMLElement).offsetParent !== null)
          .filter((n) => n.scrollWidth > n.clientWidth + 1)
          .map((n) => n.textContent),
      );
      expect(cut, selector).toEqual([]);
    };
    const noSideScroll = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.goto('/bulk-orders');
    const create = page.getByTestId('tab-create');
    await create.scrollIntoViewIfNeeded();
    await expect(create).toBeInViewport({ ratio: 0.98 });
    await create.click();
    await expect(create).toHaveAttribute('data-state', 'active');
    await uncut('[role="tab"]');
    await uncut('[data-testid="role-badge-phone"] span');
    await noSideScroll();
    await shot(page, `${language}-bulk-orders-360`, info.project.name);

    await page.goto('/products');
    const sort = page.getByTestId('product-sort');
    await expect(sort).toBeVisible();
    // The chosen option's text fits the box (a select clips its text without overflowing). Asked until it holds:
    // when the app takes over from the first paint (index.html's copy of this screen) on a busy machine, the box
    // found can be the copy just taken away, which measures 0 wide.
    const fits = () =>
      sort.evaluate((select: HTMLSelectElement) => {
        const probe = document.createElement('span');
        const style = getComputedStyle(select);
        probe.style.font = style.font;
        probe.style.whiteSpace = 'nowrap';
        probe.textContent = select.options[select.selectedIndex]?.text ?? '';
        document.body.append(probe);
        const needed = probe.getBoundingClientRect().width + 40; // padding and the arrow
        probe.remove();
        return needed <= select.getBoundingClientRect().width;
      });
    await expect.poll(fits).toBe(true);
    await noSideScroll();
    await shot(page, `${language}-products-360`, info.project.name, { fullPage: false });

    const mine = await json<Membership[]>(page.request, '/api/cooperatives/my-memberships');
    await page.goto(`/virtual-warehouses/${mine[0]!.coop_id}?tab=inventory`);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.locator('[aria-busy="true"], .animate-pulse')).toHaveCount(0);
    const cards = page.getByTestId('inventory-card');
    if ((await cards.count()) > 0) {
      await expect(cards.first().getByTestId('inventory-value')).toBeInViewport();
      await expect(page.getByTestId('inventory-table')).toBeHidden();
    }
    await noSideScroll();
    await shot(page, `${language}-inventory-360`, info.project.name);
  });
}
