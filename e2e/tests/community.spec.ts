import type { Browser, Page, TestInfo } from '@playwright/test';
import { expect, expectNoHorizontalScroll, key, locale, shot, test } from './fixtures';
import { blockingViolations } from './axe';

/**
 * Issue 13 point 2: the community feed. One member posts (with a picture, which the server re-encodes),
 * another member, in a second browser, likes and comments, and the first sees the counts and the comment
 * arrive; the type chips filter the feed; the author deletes the post. An admin hides a reported post.
 */

const en = locale('en', 'community');
/** A 24x16 PNG with a text chunk the server must drop. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAQCAYAAAAMJL+VAAAAF3RFWHRDb21tZW50AHNlY3JldC1sb2NhdGlvbsKhmz8AAAAeSURBVHicYzhho/Gflphh1IJRC0YtGLVg1IKhYAEAsSVArqCyxDEAAAAASUVORK5CYII=',
  'base64',
);

/** A second member in their own browser context, at the same size as the test's project. */
async function secondMember(browser: Browser, info: TestInfo, role: 'supplier' | 'admin'): Promise<Page> {
  const use = info.project.use;
  const context = await browser.newContext({
    baseURL: use.baseURL,
    viewport: use.viewport ?? null,
    isMobile: use.isMobile ?? false,
    hasTouch: use.hasTouch ?? false,
  });
  const page = await context.newPage();
  const response = await page.request.post('/api/demo/login', { data: { role } });
  expect(response.ok()).toBeTruthy();
  return page;
}

/** axe's serious and critical findings; run at phone size, as the accessibility suite does. */
async function blocking(page: Page): Promise<string[]> {
  if (!test.info().project.use.isMobile) return [];
  return blockingViolations(page);
}

const postCard = (page: Page, text: string) =>
  page.locator('[data-testid^="post-"]').filter({ hasText: text });

test('a member posts with a picture; another likes and comments; the author sees it and deletes the post', async ({
  page,
  browser,
  login,
}, info) => {
  test.slow();
  const title = `Cheapest cooking oil? ${info.project.name}`;
  await login('retailer', '/community');
  await expect(page.getByRole('heading', { level: 1, name: key(en, 'title') })).toBeVisible();
  // The seeded feed: the coordinator's pinned announcement comes first.
  const first = page.locator('[data-testid^="post-"]').first();
  await expect(first).toContainText(key(en, 'post.pinned'));
  await expectNoHorizontalScroll(page);
  await shot(page, 'community-feed', info.project.name);

  // New Post: blank content is refused under its field, then a question with a picture goes in.
  await page.getByTestId('new-post').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(key(en, 'form.title')).fill(title);
  await page.getByTestId('submit-post').click();
  await expect(dialog.getByText(key(locale('en', 'errors'), 'validation.required'))).toBeVisible();
  // Only admins and coordinators may announce: a retailer is not offered the type.
  await expect(dialog.getByLabel(key(en, 'form.type')).locator('option[value="announcement"]')).toHaveCount(
    0,
  );
  await dialog
    .getByLabel(key(en, 'form.content'))
    .fill('Which supplier has the best price on 5 litre sunflower oil?');
  await dialog.getByLabel(key(en, 'form.type')).selectOption('question');
  await page
    .getByTestId('post-picture')
    .setInputFiles({ name: 'shelf.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.locator('img')).toBeVisible();
  await shot(page, 'community-new-post', info.project.name);
  expect(await blocking(page)).toEqual([]);
  await page.getByTestId('submit-post').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const mine = postCard(page, title);
  await expect(mine).toContainText(key(en, 'types.question'));
  const picture = mine.getByRole('img');
  await expect(picture).toBeVisible();
  // What others are served is the app's JPEG, never the PNG that was sent.
  const served = await page.request.get((await picture.getAttribute('src'))!);
  expect(served.headers()['content-type']).toBe('image/jpeg');
  expect((await served.body()).includes('secret-location')).toBe(false);

  // Another member, in another browser: sees the post, likes it (once) and comments.
  const other = await secondMember(browser, info, 'supplier');
  await other.goto('/community');
  const theirs = postCard(other, title);
  await expect(theirs).toBeVisible();
  await theirs.getByTestId('like').click();
  await expect(theirs.getByTestId('likes-count')).toHaveText('1 like');
  await expect(theirs.getByTestId('like')).toHaveAttribute('aria-pressed', 'true');
  await theirs.getByTestId('toggle-comments').click();
  await expect(theirs.getByTestId('comments')).toContainText(key(en, 'comments.empty'));
  await theirs.getByLabel(key(en, 'comments.label')).fill('Try Ubuntu Foods Wholesale, R129 this week.');
  await theirs.getByTestId('send-comment').click();
  await expect(theirs.getByTestId('comment')).toHaveCount(1);
  await expect(theirs.getByTestId('comments-count')).toHaveText('1 comment');
  await expectNoHorizontalScroll(other);
  expect(await blocking(other)).toEqual([]);
  await shot(other, 'community-other-member', info.project.name);
  await other.context().close();

  // The author's feed updates: one like, one comment, and the comment in the thread.
  await page.reload();
  await expect(mine.getByTestId('likes-count')).toHaveText('1 like');
  await expect(mine.getByTestId('comments-count')).toHaveText('1 comment');
  await mine.getByTestId('toggle-comments').click();
  await expect(mine.getByTestId('comment')).toContainText('Try Ubuntu Foods Wholesale');
  // The comment told the author, with a link to the post.
  const notices = (await (await page.request.get('/api/notifications')).json()) as {
    notifications?: { link: string | null }[];
  };
  const list = Array.isArray(notices)
    ? (notices as { link: string | null }[])
    : (notices.notifications ?? []);
  expect(list.some((n) => n.link?.startsWith('/community?post='))).toBe(true);
  await shot(page, 'community-author-sees-comment', info.project.name);

  // Chips: questions keep the post, announcements do not.
  await page.getByTestId('chip-question').click();
  await expect(page.getByTestId('chip-question')).toHaveAttribute('aria-pressed', 'true');
  await expect(mine).toBeVisible();
  await page.getByTestId('chip-announcement').click();
  await expect(page.locator('[data-testid^="post-"]').first()).toContainText(key(en, 'types.announcement'));
  await expect(mine).toHaveCount(0);
  await page.getByTestId('chip-all').click();

  // The author deletes their own post.
  await mine.getByTestId('delete-post').click();
  await page.getByTestId('confirm-action').click();
  await expect(mine).toHaveCount(0);
});

test('a member reports a post and an admin hides it from the feed', async ({
  page,
  browser,
  login,
}, info) => {
  test.slow();
  const text = `Cheap airtime, message me now ${info.project.name}`;
  await login('retailer', false);
  const created = await page.request.post('/api/community/posts', { data: { content: text } });
  expect(created.status()).toBe(201);

  const reporter = await secondMember(browser, info, 'supplier');
  await reporter.goto('/community');
  const card = postCard(reporter, text);
  await card.getByTestId('report-post').click();
  await reporter.getByRole('dialog').getByLabel(key(en, 'post.report_prompt')).fill('Spam');
  await reporter.getByTestId('confirm-action').click();
  await expect(card.getByTestId('report-post')).toBeDisabled();
  await reporter.context().close();

  const admin = await secondMember(browser, info, 'admin');
  await admin.goto('/community?tab=moderation');
  const reported = admin.getByTestId('reported-posts').locator('li').filter({ hasText: text });
  await expect(reported).toContainText('Spam');
  await reported.getByTestId('hide-post').click();
  await expect(reported).toContainText(key(en, 'post.hidden'));
  expect(await blocking(admin)).toEqual([]);
  await shot(admin, 'community-moderation', info.project.name);
  await admin.context().close();

  await page.goto('/community');
  await expect(page.locator('[data-testid^="post-"]').first()).toBeVisible();
  await expect(postCard(page, text)).toHaveCount(0);
});
