import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import {
  commentSchema,
  likeStateSchema,
  postPageSchema,
  postSchema,
  reportedPostSchema,
  uploadedImageSchema,
  type Post,
} from '@tt/domain';
import { communityPosts, notifications } from '../src/db/schema.ts';
import { count, createTestApp, expectError, type TestApp } from './support/test-app.ts';
import { insertUser } from './support/marketplace.ts';

describe('Community (spec 1 §2-§7, DECISIONS 5, 11, 12)', () => {
  let t: TestApp;
  let alice: string;
  let aliceId: number;
  let bongi: string;
  let coordinator: string;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    aliceId = await insertUser(t.db, 'retailer', 'Alice Dlamini');
    const bongiId = await insertUser(t.db, 'trader', 'Bongi Khumalo');
    // Real staff: the shared demo ones moderate only the demo world's posts (its own test below).
    [alice, bongi, coordinator, admin] = await Promise.all([
      t.sessionFor(aliceId),
      t.sessionFor(bongiId),
      insertUser(t.db, 'coordinator', 'Coordinator Zola').then((id) => t.sessionFor(id)),
      insertUser(t.db, 'admin', 'Admin Ayanda').then((id) => t.sessionFor(id)),
    ]);
  });
  afterAll(() => t.close());

  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const posts = () => count(t.db, 'community_posts');
  const images = () => count(t.db, 'community_images');
  const newPost = async (cookie: string, body: Record<string, unknown> = {}) => {
    const response = await send('POST', '/api/community/posts', cookie, {
      content: `Post ${Math.random().toString(36).slice(2, 8)}`,
      ...body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return postSchema.parse(response.json());
  };
  const feed = async (cookie: string, query = '') => {
    const response = await send('GET', `/api/community/posts${query}`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return postPageSchema.parse(response.json());
  };
  const upload = (cookie: string | undefined, bytes: Buffer, filename = 'photo.jpg', type = 'image/jpeg') => {
    const boundary = `----tt${Math.random().toString(16).slice(2)}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
          `Content-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/api/community/images',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(cookie ? { cookie } : {}) },
      payload,
    });
  };
  const pixels = (width: number, height: number) => {
    const data = Buffer.alloc(width * height * 4);
    for (let i = 0; i < width * height; i += 1) data.set([(i * 7) % 256, 120, 60, 255], i * 4);
    return data;
  };
  /** A real JPEG with an EXIF block that carries a "location" the server must not keep. */
  const jpegWithExif = () => {
    const plain = jpeg.encode({ width: 40, height: 30, data: pixels(40, 30) }, 90).data;
    const exifBody = Buffer.concat([Buffer.from('Exif\0\0'), Buffer.from('GPS -26.2041 28.0473 SECRET')]);
    const app1 = Buffer.concat([Buffer.from([0xff, 0xe1]), Buffer.alloc(2), exifBody]);
    app1.writeUInt16BE(exifBody.length + 2, 2);
    return Buffer.concat([plain.subarray(0, 2), app1, plain.subarray(2)]);
  };
  const pngOf = (width: number, height: number) => {
    const png = new PNG({ width, height });
    png.data = pixels(width, height);
    return PNG.sync.write(png);
  };

  describe('GET /api/community/posts', () => {
    it('answers pages of the feed, pinned first, then newest, with a type filter', async () => {
      const older = await newPost(alice, { title: 'Older', post_type: 'question' });
      const newer = await newPost(bongi, { post_type: 'success_story' });
      const pinnedResponse = await send('PUT', `/api/community/posts/${older.id}/pin`, coordinator, {
        is_pinned: true,
      });
      expect(pinnedResponse.statusCode, pinnedResponse.body).toBe(200);
      const all = await feed(alice, '?limit=50');
      const pinned = all.posts.filter((p) => p.is_pinned);
      expect(all.posts.slice(0, pinned.length)).toEqual(pinned);
      expect(all.posts[0]).toMatchObject({ id: older.id, is_pinned: true, user_name: 'Alice Dlamini' });
      expect(all.posts[pinned.length]!.id).toBe(newer.id);
      const first = await feed(alice, '?limit=1');
      expect(first.posts.map((p) => p.id)).toEqual([older.id]);
      expect(first.next_page).toBe(2);
      const second = await feed(alice, '?limit=1&page=2');
      expect(second.posts[0]!.id).toBe(all.posts[1]!.id);
      const questions = await feed(alice, '?post_type=question&limit=50');
      expect(questions.posts.every((p) => p.post_type === 'question')).toBe(true);
      expect(questions.posts.some((p) => p.id === older.id)).toBe(true);
    });
    it('refuses anonymous callers (401) and a page size beyond the bound (400)', async () => {
      expectError(await send('GET', '/api/community/posts'), 401);
      expectError(await send('GET', '/api/community/posts?limit=500', alice), 400);
      expectError(await send('GET', '/api/community/posts?post_type=rumour', alice), 400);
    });
  });

  describe('POST /api/community/posts', () => {
    it('defaults the type to discussion and the title to none', async () => {
      const post = await newPost(alice, { content: '  Who sells maize meal in Soweto?  ', title: '  ' });
      expect(post).toMatchObject({
        post_type: 'discussion',
        title: null,
        content: 'Who sells maize meal in Soweto?',
        likes_count: 0,
        comments_count: 0,
        liked_by_me: false,
      });
    });
    it('lets admins and coordinators announce, and refuses a retailer (403) with nothing written', async () => {
      await newPost(coordinator, { post_type: 'announcement', title: 'Co-op meeting Friday' });
      await newPost(admin, { post_type: 'announcement' });
      const before = await posts();
      expectError(
        await send('POST', '/api/community/posts', alice, { content: 'Sale!', post_type: 'announcement' }),
        403,
        'community.announcers_only',
      );
      expect(await posts()).toBe(before);
    });
    it('refuses blank content and unknown types (400) with nothing written, and anonymous callers (401)', async () => {
      const before = await posts();
      expectError(await send('POST', '/api/community/posts', alice, { content: '   ' }), 400);
      expectError(await send('POST', '/api/community/posts', alice, { content: 'x', post_type: 'ad' }), 400);
      expectError(await send('POST', '/api/community/posts', alice, { content: 'x'.repeat(5001) }), 400);
      expectError(await send('POST', '/api/community/posts', undefined, { content: 'Hello' }), 401);
      expect(await posts()).toBe(before);
    });
  });

  describe('GET, PUT, DELETE /api/community/posts/:id', () => {
    it('lets the author read, edit and delete their own post', async () => {
      const post = await newPost(alice, { title: 'Draft' });
      const read = await send('GET', `/api/community/posts/${post.id}`, bongi);
      expect(read.statusCode, read.body).toBe(200);
      const edited = await send('PUT', `/api/community/posts/${post.id}`, alice, {
        title: 'Final',
        content: 'Edited text',
        post_type: 'question',
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(postSchema.parse(edited.json())).toMatchObject({ title: 'Final', post_type: 'question' });
      expect(postSchema.parse(edited.json()).edited_at).not.toBeNull();
      const removed = await send('DELETE', `/api/community/posts/${post.id}`, alice);
      expect(removed.statusCode, removed.body).toBe(204);
      expectError(
        await send('GET', `/api/community/posts/${post.id}`, alice),
        404,
        'community.post_not_found',
      );
    });
    it("refuses another member's edit or delete (403), bad input (400) and anonymous (401), changing nothing", async () => {
      const post = await newPost(alice, { content: 'Mine' });
      expectError(
        await send('PUT', `/api/community/posts/${post.id}`, bongi, { content: 'Taken' }),
        403,
        'community.not_author',
      );
      expectError(
        await send('DELETE', `/api/community/posts/${post.id}`, bongi),
        403,
        'community.not_author',
      );
      expectError(await send('PUT', `/api/community/posts/${post.id}`, alice, { content: '' }), 400);
      expectError(
        await send('PUT', `/api/community/posts/${post.id}`, alice, {
          content: 'x',
          post_type: 'announcement',
        }),
        403,
        'community.announcers_only',
      );
      expectError(await send('PUT', `/api/community/posts/${post.id}`, undefined, { content: 'x' }), 401);
      expectError(await send('DELETE', `/api/community/posts/${post.id}`), 401);
      expectError(await send('GET', `/api/community/posts/abc`, alice), 400);
      const [row] = await t.db.select().from(communityPosts).where(eq(communityPosts.id, post.id));
      expect(row).toMatchObject({ content: 'Mine', post_type: 'discussion', edited_at: null });
    });
    it("lets an admin delete anyone's post", async () => {
      const post = await newPost(bongi);
      expect((await send('DELETE', `/api/community/posts/${post.id}`, admin)).statusCode).toBe(204);
    });
  });

  describe('PUT and DELETE /api/community/posts/:id/like', () => {
    it('counts one like per member, and takes it back', async () => {
      const post = await newPost(bongi);
      for (const cookie of [alice, alice, coordinator]) {
        const response = await send('PUT', `/api/community/posts/${post.id}/like`, cookie);
        expect(response.statusCode, response.body).toBe(200);
      }
      const state = likeStateSchema.parse(
        (await send('PUT', `/api/community/posts/${post.id}/like`, alice)).json(),
      );
      expect(state).toEqual({ post_id: post.id, liked_by_me: true, likes_count: 2 });
      const undone = likeStateSchema.parse(
        (await send('DELETE', `/api/community/posts/${post.id}/like`, alice)).json(),
      );
      expect(undone).toEqual({ post_id: post.id, liked_by_me: false, likes_count: 1 });
    });
    it('20 concurrent likes by one member make one like', async () => {
      const post = await newPost(bongi);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => send('PUT', `/api/community/posts/${post.id}/like`, alice)),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
      expect(await count(t.db, 'community_likes', sql`post_id = ${post.id}`)).toBe(1);
      const [page] = [await feed(bongi, '?limit=50')];
      expect(page.posts.find((p) => p.id === post.id)?.likes_count).toBe(1);
    });
    it('refuses anonymous (401), a bad id (400) and a missing post (404), writing nothing', async () => {
      const post = await newPost(bongi);
      const before = await count(t.db, 'community_likes');
      expectError(await send('PUT', `/api/community/posts/${post.id}/like`), 401);
      expectError(await send('DELETE', `/api/community/posts/${post.id}/like`), 401);
      expectError(await send('PUT', '/api/community/posts/0/like', alice), 400);
      expectError(await send('PUT', '/api/community/posts/2147483647/like', alice), 404);
      expect(await count(t.db, 'community_likes')).toBe(before);
    });
  });

  describe('GET and POST /api/community/posts/:id/comments', () => {
    it("keeps a thread and notifies the post's author with a link to the post", async () => {
      const post = await newPost(alice, { title: 'Best bread supplier?' });
      const first = await send('POST', `/api/community/posts/${post.id}/comments`, bongi, {
        content: 'Try the bakery in Orlando East',
      });
      expect(first.statusCode, first.body).toBe(201);
      expect(commentSchema.parse(first.json()).user_name).toBe('Bongi Khumalo');
      const own = await send('POST', `/api/community/posts/${post.id}/comments`, alice, {
        content: 'Thanks!',
      });
      expect(own.statusCode, own.body).toBe(201);
      const thread = await send('GET', `/api/community/posts/${post.id}/comments`, coordinator);
      expect(thread.statusCode).toBe(200);
      expect((thread.json() as unknown[]).map((c) => commentSchema.parse(c).content)).toEqual([
        'Try the bakery in Orlando East',
        'Thanks!',
      ]);
      const notices = await t.db.select().from(notifications).where(eq(notifications.user_id, aliceId));
      const notice = notices.filter((n) => n.link === `/community?post=${post.id}`);
      expect(notice).toHaveLength(1);
      expect(notice[0]).toMatchObject({
        title: 'notifications.community.comment.title',
        params: { name: 'Bongi Khumalo', post: 'Best bread supplier?' },
      });
      const page = await feed(alice, '?limit=50');
      expect(page.posts.find((p) => p.id === post.id)?.comments_count).toBe(2);
    });
    it('refuses a blank comment (400), anonymous (401) and a missing post (404), writing nothing', async () => {
      const post = await newPost(alice);
      const before = await count(t.db, 'community_comments');
      const noticesBefore = await count(t.db, 'notifications');
      expectError(
        await send('POST', `/api/community/posts/${post.id}/comments`, bongi, { content: ' ' }),
        400,
      );
      expectError(await send('POST', `/api/community/posts/${post.id}/comments`, bongi, {}), 400);
      expectError(
        await send('POST', `/api/community/posts/${post.id}/comments`, undefined, { content: 'Hi' }),
        401,
      );
      expectError(await send('GET', `/api/community/posts/${post.id}/comments`), 401);
      expectError(
        await send('POST', '/api/community/posts/2147483647/comments', bongi, { content: 'Hi' }),
        404,
        'community.post_not_found',
      );
      expect(await count(t.db, 'community_comments')).toBe(before);
      expect(await count(t.db, 'notifications')).toBe(noticesBefore);
    });
  });

  describe('PUT /api/community/posts/:id/pin', () => {
    it('lets admins and coordinators pin; a retailer gets 403, bad input 400, anonymous 401', async () => {
      const post = await newPost(alice);
      const pinned = await send('PUT', `/api/community/posts/${post.id}/pin`, admin, { is_pinned: true });
      expect(postSchema.parse(pinned.json()).is_pinned).toBe(true);
      const unpinned = await send('PUT', `/api/community/posts/${post.id}/pin`, coordinator, {
        is_pinned: false,
      });
      expect(postSchema.parse(unpinned.json()).is_pinned).toBe(false);
      expectError(
        await send('PUT', `/api/community/posts/${post.id}/pin`, alice, { is_pinned: true }),
        403,
        'community.pinners_only',
      );
      expectError(await send('PUT', `/api/community/posts/${post.id}/pin`, admin, { is_pinned: 'yes' }), 400);
      expectError(
        await send('PUT', `/api/community/posts/${post.id}/pin`, undefined, { is_pinned: true }),
        401,
      );
      const [row] = await t.db.select().from(communityPosts).where(eq(communityPosts.id, post.id));
      expect(row!.is_pinned).toBe(false);
    });
  });

  describe('reports and moderation', () => {
    it('anyone reports once; an admin sees the reports, hides the post from the feed and shows it again', async () => {
      const post = await newPost(bongi, { content: 'Buy cheap airtime from me, DM now' });
      for (const [cookie, reason] of [
        [alice, 'Spam'],
        [alice, 'Again'],
        [coordinator, null],
      ] as const) {
        const response = await send('POST', `/api/community/posts/${post.id}/report`, cookie, { reason });
        expect(response.statusCode, response.body).toBe(200);
        expect(postSchema.parse(response.json()).reported_by_me).toBe(true);
      }
      const reported = await send('GET', '/api/community/reported-posts', admin);
      expect(reported.statusCode, reported.body).toBe(200);
      const entry = (reported.json() as unknown[])
        .map((r) => reportedPostSchema.parse(r))
        .find((r) => r.post.id === post.id);
      expect(entry).toMatchObject({ reports_count: 2, reasons: ['Spam'] });

      const hidden = await send('PUT', `/api/community/posts/${post.id}/hidden`, admin, { is_hidden: true });
      expect(postSchema.parse(hidden.json()).is_hidden).toBe(true);
      const ids = (await feed(alice, '?limit=50')).posts.map((p: Post) => p.id);
      expect(ids).not.toContain(post.id);
      expectError(await send('GET', `/api/community/posts/${post.id}`, bongi), 404);
      expectError(await send('PUT', `/api/community/posts/${post.id}/like`, alice), 404);
      const shown = await send('PUT', `/api/community/posts/${post.id}/hidden`, admin, { is_hidden: false });
      expect(postSchema.parse(shown.json()).is_hidden).toBe(false);
      expect((await feed(alice, '?limit=50')).posts.map((p) => p.id)).toContain(post.id);
    });
    it('refuses moderation to a coordinator or retailer (403), bad input (400), anonymous (401)', async () => {
      const post = await newPost(bongi);
      expectError(
        await send('GET', '/api/community/reported-posts', coordinator),
        403,
        'community.moderators_only',
      );
      expectError(await send('GET', '/api/community/reported-posts'), 401);
      expectError(
        await send('PUT', `/api/community/posts/${post.id}/hidden`, alice, { is_hidden: true }),
        403,
        'community.moderators_only',
      );
      expectError(await send('PUT', `/api/community/posts/${post.id}/hidden`, admin, {}), 400);
      expectError(
        await send('PUT', `/api/community/posts/${post.id}/hidden`, undefined, { is_hidden: true }),
        401,
      );
      const before = await count(t.db, 'community_reports');
      expectError(
        await send('POST', `/api/community/posts/${post.id}/report`, alice, { reason: 'x'.repeat(501) }),
        400,
      );
      expectError(await send('POST', `/api/community/posts/${post.id}/report`, undefined, {}), 401);
      expect(await count(t.db, 'community_reports')).toBe(before);
      const [row] = await t.db.select().from(communityPosts).where(eq(communityPosts.id, post.id));
      expect(row!.hidden_at).toBeNull();
    });
  });

  describe('pictures: POST /api/community/images, GET /api/community/images/:id', () => {
    it('re-encodes a JPEG without its metadata, and a post shows it', async () => {
      const original = jpegWithExif();
      expect(original.includes('SECRET')).toBe(true);
      const response = await upload(alice, original);
      expect(response.statusCode, response.body).toBe(201);
      const image = uploadedImageSchema.parse(response.json());
      expect(image).toMatchObject({ width: 40, height: 30 });
      const served = await send('GET', image.url, bongi);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const bytes = served.rawPayload;
      expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      expect(bytes.includes('SECRET')).toBe(false);
      expect(bytes.includes('Exif')).toBe(false);
      expect(bytes.equals(original)).toBe(false);

      const post = await newPost(alice, { content: 'My new shelves', image_id: image.id });
      expect(post.image_url).toBe(image.url);
      // The picture belongs to that post now: not to another one, and not to someone else.
      expectError(
        await send('POST', '/api/community/posts', alice, { content: 'Again', image_id: image.id }),
        400,
        'community.image_unusable',
      );
      const other = uploadedImageSchema.parse(
        (await upload(alice, pngOf(10, 10), 'a.png', 'image/png')).json(),
      );
      expectError(
        await send('POST', '/api/community/posts', bongi, { content: 'Stolen', image_id: other.id }),
        400,
        'community.image_unusable',
      );
    });
    it('turns a large PNG into a JPEG at most 1280 pixels a side', async () => {
      const response = await upload(bongi, pngOf(2000, 500), 'wide.png', 'image/png');
      expect(response.statusCode, response.body).toBe(201);
      expect(uploadedImageSchema.parse(response.json())).toMatchObject({ width: 1280, height: 320 });
    });
    it('refuses a PNG that claims huge dimensions (400) before decoding it, writing nothing', async () => {
      const bomb = pngOf(1, 1);
      bomb.writeUInt32BE(100_000, 16);
      bomb.writeUInt32BE(100_000, 20);
      const before = await images();
      expectError(
        await upload(alice, bomb, 'small.png', 'image/png'),
        400,
        'community.image_too_many_pixels',
      );
      expect(await images()).toBe(before);
    });
    it('refuses a JPEG that claims huge dimensions (400), writing nothing', async () => {
      const real = jpeg.encode({ width: 8, height: 8, data: pixels(8, 8) }, 80).data;
      // Rewrite the frame header's size to 60000 x 60000.
      const sof = real.indexOf(Buffer.from([0xff, 0xc0]));
      real.writeUInt16BE(60_000, sof + 5);
      real.writeUInt16BE(60_000, sof + 7);
      const before = await images();
      expectError(await upload(alice, real), 400, 'community.image_too_many_pixels');
      expect(await images()).toBe(before);
    });
    it('refuses a non-image named .jpg (400), a broken JPEG (400) and a GIF (400), writing nothing', async () => {
      const before = await images();
      expectError(
        await upload(alice, Buffer.from('<script>alert(1)</script>'), 'cat.jpg', 'image/jpeg'),
        400,
        'community.image_type',
      );
      expectError(
        await upload(alice, Buffer.from('GIF89a\x01\x00\x01\x00'), 'a.gif', 'image/gif'),
        400,
        'community.image_type',
      );
      const broken = Buffer.concat([jpegWithExif().subarray(0, 200), Buffer.alloc(50)]);
      expectError(await upload(alice, broken), 400);
      expect(await images()).toBe(before);
    });
    it('refuses a picture over 5 MB (413), writing nothing', async () => {
      const big = Buffer.concat([jpegWithExif(), Buffer.alloc(5 * 1024 * 1024)]);
      const before = await images();
      expectError(await upload(alice, big), 413, 'community.image_too_large');
      expect(await images()).toBe(before);
    });
    it('refuses no file (400) and anonymous callers (401)', async () => {
      const before = await images();
      expectError(
        await send('POST', '/api/community/images', alice, { file: 'x' }),
        400,
        'community.image_missing',
      );
      expectError(await upload(undefined, jpegWithExif()), 401);
      expectError(await send('GET', '/api/community/images/1'), 401);
      expectError(
        await send('GET', '/api/community/images/2147483647', alice),
        404,
        'community.image_not_found',
      );
      expect(await images()).toBe(before);
    });
  });
});
