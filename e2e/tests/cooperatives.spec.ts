import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, locale, key, shot, expectNoHorizontalScroll } from './fixtures';

const enCoops = locale('en', 'cooperatives');
const enGovernance = locale('en', 'governance');
const enErrors = locale('en', 'errors');

interface Cooperative {
  id: number;
  name: string;
  status: string;
}
interface Membership {
  coop_id: number;
  coop_name: string;
  is_coordinator: boolean;
}
interface Warehouse {
  id: number;
  name: string;
  total_capacity_cubic_meters: number;
  allocated_capacity: number;
  cost_per_cubic_meter_monthly: number;
  is_active: boolean;
}
interface Product {
  id: number;
  name: string;
  is_active: boolean;
  seller_id: number;
  stock_quantity: number;
}

/** The phone and desktop projects share one database: every name this file creates is its own. */
const unique = (project: string, what: string) => `E2E ${what} ${project} ${Date.now().toString(36)}`;
const plain = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ').trim();

async function signIn(request: APIRequestContext, role: 'supplier' | 'coordinator' | 'retailer') {
  expect((await request.post('/api/demo/login', { data: { role } })).ok()).toBeTruthy();
}

async function json<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), `GET ${path}`).toBeTruthy();
  return (await response.json()) as T;
}

/** A datetime-local value, in the browser's wall-clock form. */
function localInput(date: Date) {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A tile's figure, found by its label inside the tiles' container. */
async function tileValue(page: Page, tiles: string, label: string) {
  const card = page
    .getByTestId(tiles)
    .getByText(label, { exact: true })
    .locator('xpath=ancestor::div[contains(@class,"rounded-xl")][1]');
  return plain(await card.locator('p.font-bold').textContent());
}

/** "R 1 234.50" from cents, with plain spaces (compare after plain()). */
function rand(cents: number): string {
  const whole = Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `R ${whole}.${String(cents % 100).padStart(2, '0')}`;
}

test('register a co-op, join a founding one, vote, see the results, and join a meeting', async ({
  page,
  login,
  request,
}, info) => {
  const project = info.project.name;

  // Another member founds a pending co-op that the retailer then joins as a founding member.
  await signIn(request, 'supplier');
  const foundingName = unique(project, 'Founding Co-op');
  const founded = await request.post('/api/cooperatives', {
    data: { name: foundingName, description: 'Founded for the e2e run', area: 'Soweto', province: 'Gauteng' },
  });
  expect(founded.status()).toBe(201);
  const pending: Cooperative = (await founded.json()).cooperative;
  expect(pending.status).toBe('pending');

  await login('retailer', false);

  // Create New: Start Registration registers a pending co-op that shows in My Cooperatives.
  await page.goto('/cooperatives?tab=create');
  await expect(page.getByTestId('minimum-members-note')).toContainText('25');
  await page.getByTestId('start-registration').click();
  const ownName = unique(project, 'Own Co-op');
  await page.getByTestId('submit-registration').click();
  // The domain's rule stops an empty form before it is sent.
  await expect(page.getByRole('alert').first()).toBeVisible();
  await page.getByLabel(key(enCoops, 'create.fields.name')).fill(ownName);
  await page.getByLabel(key(enCoops, 'create.fields.area')).fill('Alexandra');
  await page.getByLabel(key(enCoops, 'create.fields.province')).selectOption('Gauteng');
  await page.getByTestId('submit-registration').click();
  await expect(page.getByTestId('registered-banner')).toContainText(ownName);
  await expect(page).toHaveURL(/tab=mine/);
  await expect(page.getByTestId('membership-card').filter({ hasText: ownName })).toBeVisible();

  // Browse: the pending co-op offers 'Join as founding member'; joining turns the card into Member.
  await page.getByTestId('tab-browse').click();
  const card = page.locator(`[data-testid="coop-card"][data-coop-id="${pending.id}"]`);
  await expect(card).toBeVisible();
  await expect(card.getByTestId('coop-members')).toContainText(/^1\//);
  await card.getByTestId('join-coop').click();
  // Joining commits the share: the confirmation says how much before anything is written.
  await expect(page.getByTestId('join-coop-dialog')).toBeVisible();
  await page.getByTestId('confirm-join-coop').click();
  await expect(card.getByTestId('member-state')).toBeVisible();
  await expect(card.getByTestId('coop-members')).toContainText(/^2\//);
  // Both lists reloaded: My Cooperatives has it too.
  await page.getByTestId('tab-mine').click();
  await expect(page.locator(`[data-testid="membership-card"][data-coop-id="${pending.id}"]`)).toBeVisible();
  await expectNoHorizontalScroll(page);
  await shot(page, 'cooperatives', project);

  // Governance of the co-op just joined.
  await page.getByTestId('tab-browse').click();
  await card.getByTestId('governance-link').click();
  await expect(page).toHaveURL(new RegExp(`/cooperative-governance/${pending.id}$`));
  await expect(page.getByRole('heading', { name: foundingName })).toBeVisible();

  // Create a vote: the end must come after the start (the domain's rule), then it is listed.
  const voteTitle = unique(project, 'Vote');
  await page.getByTestId('new-vote').click();
  await page.getByLabel(key(enGovernance, 'voting.fields.title')).fill(voteTitle);
  const start = new Date(Date.now() + 2 * 86_400_000);
  await page.getByLabel(key(enGovernance, 'voting.fields.start')).fill(localInput(start));
  await page
    .getByLabel(key(enGovernance, 'voting.fields.end'))
    .fill(localInput(new Date(Date.now() + 86_400_000)));
  await page.getByTestId('create-vote').click();
  // The catalogue's words for the domain's code, under the end field (the kit's resolver translates it).
  await expect(page.getByText(key(enErrors, 'validation.end_after_start'))).toBeVisible();
  await expect(page.getByLabel(key(enGovernance, 'voting.fields.title'))).toHaveValue(voteTitle);
  // Open now: clear both dates.
  await page.getByLabel(key(enGovernance, 'voting.fields.start')).fill('');
  await page.getByLabel(key(enGovernance, 'voting.fields.end')).fill('');
  await page.getByTestId('create-vote').click();
  const vote = page.getByTestId('vote-card').filter({ hasText: voteTitle });
  await expect(vote).toHaveAttribute('data-status', 'active');

  // Vote Now -> For; the card then says so.
  await vote.getByTestId('vote-now').click();
  await vote.getByTestId('ballot-for').click();
  await expect(vote.getByTestId('my-ballot')).toContainText(key(enGovernance, 'choices.for'));
  await expect(vote.getByTestId('vote-now')).toHaveCount(0);

  // View Results: one ballot for, turnout against the two members.
  await vote.getByTestId('view-results').click();
  const results = page.getByTestId('vote-results');
  await expect(results.getByTestId('tally-for')).toContainText('1 (100%)');
  await expect(results.getByTestId('turnout')).toContainText('1 of 2');
  await shot(page, 'governance-results', project);
  await page.keyboard.press('Escape');
  await expect(results).toBeHidden();

  // Meetings: schedule one next month and join it once.
  await page.getByTestId('tab-meetings').click();
  const meetingTitle = unique(project, 'Meeting');
  await page.getByTestId('new-meeting').click();
  await page.getByLabel(key(enGovernance, 'meetings.fields.title')).fill(meetingTitle);
  await page
    .getByLabel(key(enGovernance, 'meetings.fields.date'))
    .fill(localInput(new Date(Date.now() + 30 * 86_400_000)));
  await page.getByLabel(key(enGovernance, 'meetings.fields.agenda')).fill('1. Welcome\n2. Bulk maize order');
  await page.getByTestId('schedule-meeting').click();
  const meeting = page.getByTestId('meeting-card').filter({ hasText: meetingTitle });
  await expect(meeting).toBeVisible();
  await meeting.getByTestId('join-meeting').click();
  await expect(meeting.getByTestId('attending')).toBeVisible();
  await expect(meeting.getByTestId('attendees')).toContainText('1');
  await meeting.getByTestId('meeting-details').click();
  await expect(page.getByTestId('meeting-dialog')).toContainText('Bulk maize order');
  await page.keyboard.press('Escape');

  await expectNoHorizontalScroll(page);
  await shot(page, 'governance', project);
});

test('a coordinator proposes a bulk order below list price, the seller accepts it on /orders, a member joins', async ({
  page,
  login,
  request,
}, info) => {
  const project = info.project.name;
  await signIn(request, 'supplier');
  const supplierId = (await json<{ id: number }>(request, '/api/users/me')).id;
  await signIn(request, 'retailer');
  const retailerCoops = await json<Membership[]>(request, '/api/cooperatives/my-memberships');

  await login('coordinator', false);
  const coordinated = await json<Membership[]>(page.request, '/api/cooperatives/my-memberships');
  const shared = coordinated.find(
    (m) => m.is_coordinator && retailerCoops.some((r) => r.coop_id === m.coop_id),
  );
  if (!shared) throw new Error('The seed needs a co-op the coordinator runs and the retailer belongs to');

  // The coordinator's Create Order form: a real form, product from the catalogue.
  await page.goto('/bulk-orders?tab=create');
  const form = page.getByTestId('bulk-order-form');
  await form.locator('#bo-coop').selectOption(String(shared.coop_id));
  const products = (await json<{ products: Product[] }>(page.request, '/api/products?page_size=100'))
    .products;
  // The demo supplier's own product, so the demo supplier is the seller who answers the proposal.
  const product = products.find((p) => p.is_active && p.seller_id === supplierId && p.stock_quantity >= 20);
  if (!product) throw new Error('The catalogue needs an active product of the demo supplier in stock');
  await form.locator('#bo-product').selectOption(String(product.id));
  await expect(form.locator('#bo-price')).not.toHaveValue('');
  await form.locator('#bo-discount').fill('10');
  await form.locator('#bo-minimum').fill('3');
  await form.locator('#bo-target').fill('100000');
  await expect(page.getByTestId('final-price-preview')).toBeVisible();
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/bulk-orders') && r.request().method() === 'POST',
  );
  await page.getByTestId('create-bulk-order').click();
  const order = await (await created).json();
  expect(order).toMatchObject({ minimum_quantity: 3, status: 'proposed' });
  // Below the list price it waits for the seller (DECISIONS 22): shown to the coordinator, not open yet.
  await expect(page.getByTestId('proposal-sent')).toBeVisible();
  const mine = page.getByTestId('my-proposal').filter({ hasText: product.name }).first();
  await expect(mine).toHaveAttribute('data-status', 'proposed');
  await shot(page, 'bulk-proposal-sent', project);
  await shot(page.getByTestId('my-proposals'), 'my-proposals', project);

  // The seller accepts it on their orders screen, committing what they can supply (at most their stock).
  await login('supplier', '/orders');
  const proposal = page.locator(`[data-testid="proposal"][data-order-id="${order.id}"]`);
  await expect(proposal).toBeVisible();
  await shot(page, 'seller-proposals', project);
  await shot(page.getByTestId('proposed-to-me'), 'seller-proposals-panel', project);
  await proposal.getByTestId('accept-proposal').click();
  await proposal.getByTestId('commit-quantity').fill('20');
  await expectNoHorizontalScroll(page);
  await proposal.getByTestId('confirm-accept').click();
  await expect(proposal).toBeHidden();
  const accepted = await json<{ status: string; committed_quantity: number; target_quantity: number }>(
    page.request,
    `/api/bulk-orders?status=active`,
  ).then((list) => (list as unknown as { id: number }[]).find((o) => o.id === order.id));
  expect(accepted).toMatchObject({ status: 'active', committed_quantity: 20, target_quantity: 20 });

  // The member joins with the order's minimum quantity; the tiles follow.
  await login('retailer', '/bulk-orders');
  const card = page.locator(`[data-testid="bulk-order-card"][data-order-id="${order.id}"]`);
  await expect(card).toBeVisible();
  const before = await json<unknown[]>(page.request, '/api/bulk-orders/my-participations');
  const savingsBefore = await tileValue(page, 'bulk-tiles', 'Total Savings');
  await expect(page.getByTestId('bulk-tiles')).toContainText(String(before.length));
  await card.getByTestId('join-bulk-order').click();
  // Quantity x price, when it is paid and the terms, before the call.
  const dialog = page.getByTestId('join-bulk-dialog');
  await expect(dialog).toBeVisible();
  await page.getByTestId('confirm-join-bulk').click();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('joined-quantity')).toContainText('3');
  await expect(card.getByTestId('join-bulk-order')).toHaveCount(0);
  await expect(card.getByTestId('bulk-progress')).toContainText(/^3\//);
  await expect.poll(() => tileValue(page, 'bulk-tiles', 'My Participations')).toBe(String(before.length + 1));
  await expect.poll(() => tileValue(page, 'bulk-tiles', 'Total Savings')).not.toBe(savingsBefore);

  await page.getByTestId('tab-mine').click();
  await expect(page.getByTestId('participation-row').filter({ hasText: product.name }).first()).toBeVisible();
  await expectNoHorizontalScroll(page);
  await shot(page, 'bulk-orders', project);
});

/** A warehouse of the co-op with at least `space` m³ free, created by the coordinator when none has room. */
async function warehouseWithRoom(
  request: APIRequestContext,
  coopId: number,
  space: number,
): Promise<Warehouse> {
  const list = await json<Warehouse[]>(request, `/api/cooperatives/${coopId}/virtual-warehouses`);
  const room = list.find((w) => w.is_active && w.total_capacity_cubic_meters - w.allocated_capacity >= space);
  if (room) return room;
  const created = await request.post(`/api/cooperatives/${coopId}/virtual-warehouses`, {
    data: {
      name: `E2E Store ${Date.now().toString(36)}`,
      total_capacity_cubic_meters: 100,
      cost_per_cubic_meter_monthly: 50,
    },
  });
  expect(created.status(), 'the coordinator creates a warehouse').toBe(201);
  return (await created.json()) as Warehouse;
}

test('allocate warehouse space, and the free plan meets the upgrade dialog', async ({
  page,
  login,
  request,
}, info) => {
  const project = info.project.name;
  await signIn(request, 'coordinator');
  const coordinated = (await json<Membership[]>(request, '/api/cooperatives/my-memberships')).filter(
    (m) => m.is_coordinator,
  );

  // The retailer (a paid plan) allocates 1 m3 in a co-op it belongs to.
  await login('retailer', false);
  const mine = await json<Membership[]>(page.request, '/api/cooperatives/my-memberships');
  const coop = coordinated.find((c) => mine.some((m) => m.coop_id === c.coop_id));
  if (!coop) throw new Error('The seed needs a co-op the coordinator runs and the retailer belongs to');
  const warehouse = await warehouseWithRoom(request, coop.coop_id, 1);

  await page.goto(`/virtual-warehouses/${coop.coop_id}`);
  await expect(page.getByTestId('warehouse-summary')).toBeVisible();
  const spaceBefore = await tileValue(page, 'warehouse-summary', 'Total Space Owned');
  await page
    .locator(`[data-testid="warehouse-card"][data-warehouse-id="${warehouse.id}"]`)
    .getByTestId('allocate-in-warehouse')
    .click();
  await expect(page.locator('#al-warehouse')).toHaveValue(String(warehouse.id));
  // The estimate uses that warehouse's own rate: 10 m3 by default.
  const fee = Math.round(warehouse.cost_per_cubic_meter_monthly * 100) * 10;
  await expect.poll(async () => plain(await page.getByTestId('estimated-fee').textContent())).toBe(rand(fee));
  await page.locator('#al-space').fill('1');
  await page.locator('#al-share').fill('1');
  await shot(page, 'warehouse-allocate', project);
  await page.getByTestId('submit-allocation').click();
  await expect(page).toHaveURL(/tab=ownership/);
  await expect(page.getByTestId('ownership-card').filter({ hasText: warehouse.name }).first()).toBeVisible();
  await expect.poll(() => tileValue(page, 'warehouse-summary', 'Total Space Owned')).not.toBe(spaceBefore);
  await expectNoHorizontalScroll(page);
  await shot(page, 'warehouses', project);

  // The sales rep is on the free plan: allocating anything opens the upgrade dialog instead of a toast.
  await login('sales_rep', false);
  const repCoops = await json<Membership[]>(page.request, '/api/cooperatives/my-memberships');
  if (!repCoops.some((m) => m.coop_id === coop.coop_id)) {
    expect(
      (await page.request.post('/api/cooperatives/join', { data: { coop_id: coop.coop_id } })).status(),
    ).toBe(201);
  }
  await page.goto(`/virtual-warehouses/${coop.coop_id}`);
  await page
    .locator(`[data-testid="warehouse-card"][data-warehouse-id="${warehouse.id}"]`)
    .getByTestId('allocate-in-warehouse')
    .click();
  // The server refuses it too, with the answer the dialog is built from (asked outside the page, whose
  // failed requests would fail this test).
  const answer = await page.request.post('/api/virtual-warehouses/allocate-space', {
    data: { warehouse_id: warehouse.id, allocated_space_cubic_meters: 1, ownership_percentage: 1 },
  });
  expect(answer.status()).toBe(402);
  const limit = await answer.json();
  expect(limit).toMatchObject({ error: { code: 'plan_limit' }, feature: 'warehouse_space' });
  const dialog = page.getByTestId('upgrade-dialog');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('upgrade-figures')).toHaveText(`${limit.used} of ${limit.limit}`);
  await expect(page.getByTestId('upgrade-bar')).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByText('14-day free trial')).toBeVisible();
  await shot(page, 'upgrade-dialog', project);
  await page.getByTestId('upgrade-link').click();
  await expect(page).toHaveURL(/\/subscription$/);
});

test('a transaction is recorded by a coordinator, approved by someone else and corrected by a reversal', async ({
  page,
  login,
}, info) => {
  const description = unique(info.project.name, 'Levy');
  // The coordinator of the seeded Soweto co-op (id 1) records it; nobody reviews their own (DECISIONS 22).
  await login('coordinator', '/cooperative-governance/1?tab=finances');
  await page.getByTestId('new-transaction').click();
  await page.locator('#tx-type').selectOption('operational_expense');
  await page.locator('#tx-amount').fill('123.45');
  await page.locator('#tx-description').fill(description);
  await page.getByTestId('record-transaction').click();
  const row = page.getByTestId('transaction-row').filter({ hasText: description }).first();
  await expect(row).toHaveAttribute('data-status', 'pending');
  await expect(row.getByTestId('transaction-amount')).toContainText('-R');
  await expect(row.getByTestId('review-transaction')).toHaveCount(0);
  await expect(row.getByTestId('own-transaction-note')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await shot(row, 'own-transaction', info.project.name);

  // An admin reviews it.
  await login('admin', '/cooperative-governance/1?tab=finances');
  const forAdmin = page.getByTestId('transaction-row').filter({ hasText: description }).first();
  await forAdmin.getByTestId('review-transaction').click();
  await page.getByTestId('approve-transaction').click();
  await expect(forAdmin).toHaveAttribute('data-status', 'approved');

  // A member reverses it: a new pending transaction with the opposite amount; the original is untouched.
  await login('retailer', '/cooperative-governance/1?tab=finances');
  const original = page.getByTestId('transaction-row').filter({ hasText: description }).first();
  const reference = plain(await original.locator('p.font-mono').textContent());
  await original.getByTestId('reverse-transaction').click();
  await page.getByTestId('confirm-reverse').click();
  const reversal = page
    .getByTestId('transaction-row')
    .filter({ hasText: `Reversal of ${reference}` })
    .first();
  await expect(reversal).toHaveAttribute('data-status', 'pending');
  await expect(reversal.getByTestId('transaction-amount')).toHaveText('+R 123.45');
  await expect(original).toHaveAttribute('data-status', 'approved');
  await expect(original.getByTestId('transaction-amount')).toHaveText('-R 123.45');
  await expect(original.getByTestId('reverse-transaction')).toHaveCount(0);
});
