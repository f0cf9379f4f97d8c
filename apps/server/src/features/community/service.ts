import { and, asc, count, desc, eq, inArray, isNull, max, or, sql, type SQL } from 'drizzle-orm';
import {
  can,
  COMMENT_LIST_MAX,
  communityImagePath,
  communityPostLink,
  needsAnnouncePermission,
  REPORT_LIST_MAX,
  type Comment,
  type CommentInput,
  type LikeState,
  type Post,
  type PostInput,
  type PostListQuery,
  type PostPage,
  type PostType,
  type PostUpdate,
  type ReportedPost,
  type ReportInput,
  type UploadedImage,
} from '@tt/domain';
import type { Db, Tx } from '../../db/client.ts';
import type { AuthenticatedUser } from '../../platform/auth.ts';
import { fail } from '../../platform/errors.ts';
import { demoWorldAccountIds, isDemoWorldAccount, userSummaries } from '../auth/service.ts';
import { notify } from '../notifications/service.ts';
import { reencodeImage } from './image.ts';
import {
  communityComments,
  communityImages,
  communityLikes,
  communityPosts,
  communityReports,
} from './tables.ts';

type Caller = Pick<AuthenticatedUser, 'id' | 'role'> & { is_demo?: boolean };
type PostRow = typeof communityPosts.$inferSelect;

const isModerator = (user: Pick<Caller, 'role'>) => can(user.role, 'community.moderate');
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** An announcement needs community.announce (spec 1: admins and coordinators). */
function checkType(user: Caller, type: PostType) {
  if (needsAnnouncePermission(type) && !can(user.role, 'community.announce')) {
    throw fail('community.announcers_only');
  }
}

/** Counts of likes and comments, and the caller's own like and report, for a page of posts. */
async function toPosts(db: Db | Tx, user: Caller, rows: PostRow[]): Promise<Post[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [authors, likes, comments, mine, reported] = await Promise.all([
    userSummaries(
      db,
      rows.map((r) => r.author_id),
    ),
    db
      .select({ post_id: communityLikes.post_id, n: count() })
      .from(communityLikes)
      .where(inArray(communityLikes.post_id, ids))
      .groupBy(communityLikes.post_id),
    db
      .select({ post_id: communityComments.post_id, n: count() })
      .from(communityComments)
      .where(inArray(communityComments.post_id, ids))
      .groupBy(communityComments.post_id),
    db
      .select({ post_id: communityLikes.post_id })
      .from(communityLikes)
      .where(and(inArray(communityLikes.post_id, ids), eq(communityLikes.user_id, user.id))),
    db
      .select({ post_id: communityReports.post_id })
      .from(communityReports)
      .where(and(inArray(communityReports.post_id, ids), eq(communityReports.user_id, user.id))),
  ]);
  const likeCounts = new Map(likes.map((r) => [r.post_id, r.n]));
  const commentCounts = new Map(comments.map((r) => [r.post_id, r.n]));
  const liked = new Set(mine.map((r) => r.post_id));
  const reportedByMe = new Set(reported.map((r) => r.post_id));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    content: r.content,
    post_type: r.post_type,
    image_url: r.image_id === null ? null : communityImagePath(r.image_id),
    user_id: r.author_id,
    user_name: authors.get(r.author_id)?.name ?? '',
    user_profile_image: null,
    created_at: r.created_at.toISOString(),
    edited_at: iso(r.edited_at),
    is_pinned: r.is_pinned,
    is_hidden: r.hidden_at !== null,
    likes_count: likeCounts.get(r.id) ?? 0,
    comments_count: commentCounts.get(r.id) ?? 0,
    liked_by_me: liked.has(r.id),
    reported_by_me: reportedByMe.has(r.id),
  }));
}

async function toPost(db: Db | Tx, user: Caller, row: PostRow): Promise<Post> {
  const [post] = await toPosts(db, user, [row]);
  return post!;
}

/**
 * The post as the caller may see it: a hidden post exists only for moderators (404 for the rest).
 * `lock` takes the row for the rest of the transaction.
 */
async function findPost(db: Db | Tx, user: Caller, id: number, lock = false): Promise<PostRow> {
  const visible: SQL | undefined = isModerator(user)
    ? user.is_demo
      ? or(isNull(communityPosts.hidden_at), inArray(communityPosts.author_id, demoWorldAccountIds))
      : undefined
    : isNull(communityPosts.hidden_at);
  const query = db
    .select()
    .from(communityPosts)
    .where(and(eq(communityPosts.id, id), visible));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw fail('community.post_not_found');
  return row;
}

export async function listPosts(db: Db, user: Caller, query: PostListQuery): Promise<PostPage> {
  const rows = await db
    .select()
    .from(communityPosts)
    .where(
      and(
        isNull(communityPosts.hidden_at),
        query.post_type ? eq(communityPosts.post_type, query.post_type) : undefined,
      ),
    )
    .orderBy(desc(communityPosts.is_pinned), desc(communityPosts.created_at), desc(communityPosts.id))
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  const more = rows.length > query.limit;
  return {
    posts: await toPosts(db, user, rows.slice(0, query.limit)),
    page: query.page,
    next_page: more ? query.page + 1 : null,
  };
}

export async function getPost(db: Db, user: Caller, id: number): Promise<Post> {
  return toPost(db, user, await findPost(db, user, id));
}

export async function createPost(db: Db, user: Caller, input: PostInput): Promise<Post> {
  checkType(user, input.post_type);
  return db.transaction(async (tx) => {
    if (input.image_id !== null) {
      // The picture must be the author's own upload and free; the unique image_id stands behind this.
      const [image] = await tx
        .select({ id: communityImages.id })
        .from(communityImages)
        .where(and(eq(communityImages.id, input.image_id), eq(communityImages.uploader_id, user.id)))
        .for('update');
      const [used] = await tx
        .select({ id: communityPosts.id })
        .from(communityPosts)
        .where(eq(communityPosts.image_id, input.image_id));
      if (!image || used) throw fail('community.image_unusable');
    }
    const [row] = await tx
      .insert(communityPosts)
      .values({
        author_id: user.id,
        title: input.title,
        content: input.content,
        post_type: input.post_type,
        image_id: input.image_id,
      })
      .returning();
    return toPost(tx, user, row!);
  });
}

/** The author's own post, locked; anyone else's is 403 (a moderator may delete, not edit). */
async function ownPost(tx: Tx, user: Caller, id: number, moderatorMay: boolean): Promise<PostRow> {
  const row = await findPost(tx, user, id, true);
  if (row.author_id !== user.id && !(moderatorMay && isModerator(user))) throw fail('community.not_author');
  await moderatesOnlyTheDemoWorld(tx, user, row);
  return row;
}

/** A shared demo moderator (anyone can sign in to it) pins, hides and deletes only the demo world's posts. */
async function moderatesOnlyTheDemoWorld(tx: Tx, user: Caller, row: PostRow): Promise<void> {
  if (user.is_demo && row.author_id !== user.id && !(await isDemoWorldAccount(tx, row.author_id))) {
    throw fail('admin_users.demo_on_real');
  }
}

export async function updatePost(db: Db, user: Caller, id: number, input: PostUpdate): Promise<Post> {
  return db.transaction(async (tx) => {
    const row = await ownPost(tx, user, id, false);
    if (input.post_type !== row.post_type) checkType(user, input.post_type);
    const [updated] = await tx
      .update(communityPosts)
      .set({ title: input.title, content: input.content, post_type: input.post_type, edited_at: new Date() })
      .where(eq(communityPosts.id, id))
      .returning();
    return toPost(tx, user, updated!);
  });
}

export async function deletePost(db: Db, user: Caller, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await ownPost(tx, user, id, true);
    await tx.delete(communityPosts).where(eq(communityPosts.id, id));
    if (row.image_id !== null) await tx.delete(communityImages).where(eq(communityImages.id, row.image_id));
  });
}

async function likeState(db: Db | Tx, user: Caller, postId: number): Promise<LikeState> {
  const [[total], [mine]] = await Promise.all([
    db.select({ n: count() }).from(communityLikes).where(eq(communityLikes.post_id, postId)),
    db
      .select({ n: count() })
      .from(communityLikes)
      .where(and(eq(communityLikes.post_id, postId), eq(communityLikes.user_id, user.id))),
  ]);
  return { post_id: postId, liked_by_me: (mine?.n ?? 0) > 0, likes_count: total?.n ?? 0 };
}

/** One like per member: the primary key (post, member) makes a repeat, or a race, a no-op. */
export async function like(db: Db, user: Caller, postId: number): Promise<LikeState> {
  await findPost(db, user, postId);
  await db.insert(communityLikes).values({ post_id: postId, user_id: user.id }).onConflictDoNothing();
  return likeState(db, user, postId);
}

export async function unlike(db: Db, user: Caller, postId: number): Promise<LikeState> {
  await findPost(db, user, postId);
  await db
    .delete(communityLikes)
    .where(and(eq(communityLikes.post_id, postId), eq(communityLikes.user_id, user.id)));
  return likeState(db, user, postId);
}

export async function listComments(db: Db, user: Caller, postId: number): Promise<Comment[]> {
  await findPost(db, user, postId);
  const rows = await db
    .select()
    .from(communityComments)
    .where(eq(communityComments.post_id, postId))
    .orderBy(asc(communityComments.created_at), asc(communityComments.id))
    .limit(COMMENT_LIST_MAX);
  const authors = await userSummaries(
    db,
    rows.map((r) => r.author_id),
  );
  return rows.map((r) => ({
    id: r.id,
    post_id: r.post_id,
    user_id: r.author_id,
    user_name: authors.get(r.author_id)?.name ?? '',
    content: r.content,
    created_at: r.created_at.toISOString(),
  }));
}

/** A comment, and a notice to the post's author (not for one's own post) that opens the post. */
export async function createComment(
  db: Db,
  user: Caller,
  postId: number,
  input: CommentInput,
): Promise<Comment> {
  return db.transaction(async (tx) => {
    const post = await findPost(tx, user, postId);
    const [row] = await tx
      .insert(communityComments)
      .values({ post_id: postId, author_id: user.id, content: input.content })
      .returning();
    const authors = await userSummaries(tx, [user.id]);
    const name = authors.get(user.id)?.name ?? '';
    if (post.author_id !== user.id) {
      await notify(tx, {
        userId: post.author_id,
        type: 'message',
        priority: 'low',
        title: 'notifications.community.comment.title',
        message: 'notifications.community.comment.message',
        params: { name, post: post.title ?? post.content.slice(0, 60) },
        link: communityPostLink(postId),
      });
    }
    return {
      id: row!.id,
      post_id: postId,
      user_id: user.id,
      user_name: name,
      content: row!.content,
      created_at: row!.created_at.toISOString(),
    };
  });
}

export async function setPinned(db: Db, user: Caller, id: number, pinned: boolean): Promise<Post> {
  return db.transaction(async (tx) => {
    await moderatesOnlyTheDemoWorld(tx, user, await findPost(tx, user, id, true));
    const [row] = await tx
      .update(communityPosts)
      .set({ is_pinned: pinned })
      .where(eq(communityPosts.id, id))
      .returning();
    return toPost(tx, user, row!);
  });
}

/** One report per member per post; a second report keeps the first (and its reason). */
export async function report(db: Db, user: Caller, id: number, input: ReportInput): Promise<Post> {
  const row = await findPost(db, user, id);
  await db
    .insert(communityReports)
    .values({ post_id: id, user_id: user.id, reason: input.reason })
    .onConflictDoNothing();
  return toPost(db, user, row);
}

export async function setHidden(db: Db, user: Caller, id: number, hidden: boolean): Promise<Post> {
  return db.transaction(async (tx) => {
    const row = await findPost(tx, user, id, true);
    await moderatesOnlyTheDemoWorld(tx, user, row);
    const [updated] = await tx
      .update(communityPosts)
      .set({ hidden_at: hidden ? (row.hidden_at ?? new Date()) : null })
      .where(eq(communityPosts.id, id))
      .returning();
    return toPost(tx, user, updated!);
  });
}

/** The moderation view: every reported post, hidden or not, most reported first. */
export async function reportedPosts(db: Db, user: Caller): Promise<ReportedPost[]> {
  const tally = await db
    .select({
      post_id: communityReports.post_id,
      n: count(),
      last: max(communityReports.created_at),
      reasons: sql<
        (string | null)[]
      >`array_agg(${communityReports.reason} order by ${communityReports.created_at})`,
    })
    .from(communityReports)
    .where(
      user.is_demo
        ? inArray(
            communityReports.post_id,
            db
              .select({ id: communityPosts.id })
              .from(communityPosts)
              .where(inArray(communityPosts.author_id, demoWorldAccountIds)),
          )
        : undefined,
    )
    .groupBy(communityReports.post_id)
    .orderBy(desc(count()), desc(max(communityReports.created_at)))
    .limit(REPORT_LIST_MAX);
  if (tally.length === 0) return [];
  const rows = await db
    .select()
    .from(communityPosts)
    .where(
      inArray(
        communityPosts.id,
        tally.map((t) => t.post_id),
      ),
    );
  const posts = new Map((await toPosts(db, user, rows)).map((p) => [p.id, p]));
  return tally.flatMap((t) => {
    const post = posts.get(t.post_id);
    if (!post) return [];
    return [
      {
        post,
        reports_count: t.n,
        reasons: (t.reasons ?? []).filter((r): r is string => typeof r === 'string' && r.length > 0),
        last_reported_at: new Date(t.last ?? Date.now()).toISOString(),
      },
    ];
  });
}

export async function uploadImage(db: Db, user: Caller, bytes: Buffer): Promise<UploadedImage> {
  const image = reencodeImage(bytes);
  const [row] = await db
    .insert(communityImages)
    .values({ uploader_id: user.id, width: image.width, height: image.height, data: image.data })
    .returning({ id: communityImages.id });
  return { id: row!.id, url: communityImagePath(row!.id), width: image.width, height: image.height };
}

/**
 * A picture re-encoded as community pictures are (ADR 015: JPEG or PNG told by its bytes, the pixel bomb refused
 * from its header, flattened onto white, scaled to `maxSide`, encoded afresh as JPEG): for another area's upload
 * (the branding's logo, ADR 049).
 */
export function reencodePicture(bytes: Buffer, maxSide: number) {
  return reencodeImage(bytes, maxSide);
}

export async function imageBytes(db: Db, id: number): Promise<Buffer> {
  const [row] = await db
    .select({ data: communityImages.data })
    .from(communityImages)
    .where(eq(communityImages.id, id));
  if (!row) throw fail('community.image_not_found');
  return row.data;
}

/**
 * The personal-data export's community section (POPIA): the user's posts (hidden ones too), comments,
 * likes and reports. Other members' posts appear only by id.
 */
export async function communityRecordsOf(db: Db, userId: number) {
  const posts = await db
    .select()
    .from(communityPosts)
    .where(eq(communityPosts.author_id, userId))
    .orderBy(asc(communityPosts.id));
  const comments = await db
    .select()
    .from(communityComments)
    .where(eq(communityComments.author_id, userId))
    .orderBy(asc(communityComments.id));
  const likes = await db
    .select()
    .from(communityLikes)
    .where(eq(communityLikes.user_id, userId))
    .orderBy(asc(communityLikes.created_at));
  const reports = await db
    .select()
    .from(communityReports)
    .where(eq(communityReports.user_id, userId))
    .orderBy(asc(communityReports.created_at));
  return {
    posts: posts.map((p) => ({
      id: p.id,
      post_type: p.post_type,
      title: p.title,
      content: p.content,
      image_url: p.image_id === null ? null : communityImagePath(p.image_id),
      is_pinned: p.is_pinned,
      hidden: p.hidden_at !== null,
      created_at: p.created_at.toISOString(),
      edited_at: iso(p.edited_at),
    })),
    comments: comments.map((c) => ({
      id: c.id,
      post_id: c.post_id,
      content: c.content,
      created_at: c.created_at.toISOString(),
    })),
    likes: likes.map((l) => ({ post_id: l.post_id, created_at: l.created_at.toISOString() })),
    reports: reports.map((r) => ({
      post_id: r.post_id,
      reason: r.reason,
      created_at: r.created_at.toISOString(),
    })),
  };
}
