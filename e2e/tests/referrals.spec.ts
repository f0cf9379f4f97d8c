import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { formatRandAmount, type ReferralStats } from '@tt/domain';
import { test, expect, locale, key, shot, expectNoHorizontalScroll } from './fixtures';
import { moveOrder, orderFromSeller } from './orders-api';
import { startProviderServer, type ProviderServer } from './provider-server';

const en = locale('en', 'referrals');

test('the referrals screen shows the code, copies the link and shares it on WhatsApp', async ({
  page,
  login,
}, info) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await login('retailer', false);
  const stats = (await (await page.request.get('/api/referrals/stats')).json()) as ReferralStats;
  await page.goto('/referrals');
  await expect(page.getByRole('heading', { name: key(en, 'title'), level: 1 })).toBeVisible();
  await expect(page.getByTestId('referral-code')).toHaveText(stats.referral_code);
  const tiles = page.getByTestId('referral-stats');
  await expect(tiles).toContainText(formatRandAmount(stats.total_earnings));
  await expect(tiles).toContainText(String(stats.total_referrals));

  const link = `${new URL(page.url()).origin}/join?ref=${stats.referral_code}`;
  await expect(page.getByLabel(key(en, 'link.label'))).toHaveValue(link);
  await page.getByTestId('copy-link').click();
  await expect(page.getByTestId('copy-link')).toContainText(key(en, 'link.copied'));
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  // The confirmation lasts two seconds, then the button offers to copy again.
  await expect(page.getByTestId('copy-link')).toContainText(key(en, 'link.copy'), { timeout: 4000 });

  const share = new URL((await page.getByTestId('share-whatsapp').getAttribute('href'))!);
  expect(share.origin).toBe('https://wa.me');
  expect(share.searchParams.get('text')).toContain(stats.referral_code);
  expect(share.searchParams.get('text')).toContain(link);
  await expectNoHorizontalScroll(page);
  await shot(page, 'referrals', info.project.name);
});

test('the join page keeps the invitation for the sign-up, and a signed-in trader is pointed to their own link', async ({
  page,
  login,
}, info) => {
  await page.goto('/join?ref=beta0042');
  await expect(page.getByTestId('join-page')).toContainText('BETA0042');
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'tt_ref')?.value).toBe('BETA0042');
  await expectNoHorizontalScroll(page);
  await shot(page, 'join', info.project.name);

  await login('retailer', '/join?ref=BETA0042');
  await expect(page.getByRole('heading', { name: key(en, 'join.signed_in_title') })).toBeVisible();
  await page.getByRole('link', { name: key(en, 'join.own_link') }).click();
  await expect(page).toHaveURL(/\/referrals$/);
});

/**
 * From the link to R50, exactly once: a real account (the provider's) signs up through the demo
 * retailer's link on a server of its own, buys, and the seller delivers two orders; the referrer is
 * credited R50 once, by the background job, and sees it on /referrals.
 */
test.describe('a referral from link to reward', () => {
  let server: ProviderServer;
  let origin: string;
  const contexts: APIRequestContext[] = [];
  const signedIn = async (role: 'retailer' | 'supplier' | 'admin') => {
    const context = await playwrightRequest.newContext({ baseURL: origin });
    contexts.push(context);
    expect((await context.post('/api/demo/login', { data: { role } })).ok()).toBeTruthy();
    return context;
  };

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startProviderServer({
      portOffset: 51,
      dataDirPrefix: 'tt-e2e-referral-',
      account: { sub: 'e2e-referred', email: 'sipho.referred@example.com', name: 'Sipho Referred' },
      env: { JOB_POLL_MS: '200' },
    });
    origin = server.origin;
  });
  test.afterAll(async () => {
    await Promise.all(contexts.map((c) => c.dispose()));
    await server?.stop();
  });

  test('signs up through the link, and the first delivery credits the referrer R50 once', async ({
    page,
  }, info) => {
    test.setTimeout(120_000);
    const referrer = await signedIn('retailer');
    const seller = await signedIn('supplier');
    const admin = await signedIn('admin');
    const { referral_code: code } = (await (
      await referrer.get('/api/referrals/stats')
    ).json()) as ReferralStats;
    const sellerId = ((await (await seller.get('/api/users/me')).json()) as { id: number }).id;

    await page.goto(`${origin}/join?ref=${code}`);
    await expect(page.getByTestId('join-page')).toContainText(code);
    await page.getByTestId('join-sign-up').click();
    await expect(page).toHaveURL(`${origin}/dashboard`);

    // The new trader buys twice from the demo supplier (through the API: the cart has its own tests).
    const deliver = (orderId: number) =>
      moveOrder(seller, orderId, ['confirmed', 'processing', 'shipped', 'delivered']);
    const stats = async () => (await (await referrer.get('/api/referrals/stats')).json()) as ReferralStats;

    const first = await orderFromSeller(page.request, sellerId, origin);
    const second = await orderFromSeller(page.request, sellerId, origin);
    await expect.poll(async () => (await stats()).total_referrals).toBe(1);
    expect(await stats()).toMatchObject({ pending_earnings: 50, verified_referrals: 0, rewards_balance: 0 });

    await deliver(first);
    await expect.poll(async () => (await stats()).rewards_balance).toBe(50);
    await deliver(second);
    // Once the outbox is drained and the runner has had its rounds, the second delivery added nothing.
    await expect
      .poll(
        async () =>
          ((await (await admin.get('/api/admin/jobs')).json()) as { undispatched_events: number })
            .undispatched_events,
      )
      .toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await stats()).toMatchObject({
      total_earnings: 50,
      pending_earnings: 0,
      total_referrals: 1,
      verified_referrals: 1,
      rewards_balance: 50,
    });

    // The referrer sees it on the screen: the new trader verified, R 50.00 in the balance.
    const cookies = (await referrer.storageState()).cookies;
    await page.context().clearCookies();
    await page.context().addCookies(cookies);
    await page.goto(`${origin}/referrals`);
    await expect(page.getByTestId('referral-history')).toContainText('Sipho Referred');
    await expect(page.getByTestId('referral-history')).toContainText(key(en, 'status.verified'));
    await expect(page.getByTestId('rewards-balance')).toHaveText(formatRandAmount(50));
    await expectNoHorizontalScroll(page);
    await shot(page, 'referrals-rewarded', info.project.name);
  });
});
