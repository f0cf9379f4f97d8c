import { z } from 'zod';
import { idSchema } from './ids.ts';

/**
 * The community feed (spec 1 §2 /community, §3, §4, §5; DECISIONS 5, 11, 12). Who may do what:
 * - every signed-in member reads the feed, posts (discussion, question, success story), likes a post
 *   once, comments and reports a post once;
 * - announcements are posted by admins and coordinators only (`community.announce`), who also pin posts
 *   (`community.pin`); pinned posts come first;
 * - an author edits and deletes their own posts; an admin (`community.moderate`) sees the reported posts
 *   and hides (or shows again) a post, and may delete one;
 * - a picture is uploaded first (JPEG or PNG up to 5 MB), re-encoded by the server, then named by the post.
 */

export const POST_TYPES = ['discussion', 'announcement', 'question', 'success_story'] as const;
export type PostType = (typeof POST_TYPES)[number];

/** Posts per page of the feed. */
export const COMMUNITY_PAGE_SIZE = 10;
export const COMMUNITY_PAGE_MAX = 50;
/** The most comments one answer lists (oldest first). */
export const COMMENT_LIST_MAX = 200;
/** The reported posts the moderation view lists (most reported first). */
export const REPORT_LIST_MAX = 100;

/** Upload limits: the bytes sent, and the decoded picture's pixels (a small file can claim a huge one). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_MAX_PIXELS = 24_000_000;
/** The longest side of the stored picture: enough for a phone screen, small on prepaid data. */
export const IMAGE_STORED_MAX_SIDE = 1280;

const optionalTitle = z
  .string()
  .trim()
  .max(150)
  .nullish()
  .transform((v) => (v ? v : null));

/** Spec 1 §5: non-blank content, title optional, type defaults to discussion. */
export const postInputSchema = z.object({
  title: optionalTitle,
  content: z.string().trim().min(1, { message: 'validation.required' }).max(5000),
  post_type: z.enum(POST_TYPES).default('discussion'),
  /** A picture the author uploaded (POST /api/community/images) and no post uses yet. */
  image_id: idSchema.nullish().transform((v) => v ?? null),
});
export type PostInput = z.output<typeof postInputSchema>;
export type PostForm = z.input<typeof postInputSchema>;

/** An edit keeps the picture; the rest is as on creation. */
export const postUpdateSchema = postInputSchema.omit({ image_id: true });
export type PostUpdate = z.output<typeof postUpdateSchema>;

export const postSchema = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  content: z.string(),
  post_type: z.enum(POST_TYPES),
  image_url: z.string().nullable(),
  user_id: z.number().int(),
  user_name: z.string(),
  user_profile_image: z.string().nullable(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  is_pinned: z.boolean(),
  is_hidden: z.boolean(),
  likes_count: z.number().int(),
  comments_count: z.number().int(),
  liked_by_me: z.boolean(),
  reported_by_me: z.boolean(),
});
export type Post = z.infer<typeof postSchema>;

export const postListQuerySchema = z.object({
  post_type: z.enum(POST_TYPES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(COMMUNITY_PAGE_MAX).default(COMMUNITY_PAGE_SIZE),
});
export type PostListQuery = z.output<typeof postListQuerySchema>;

export const postPageSchema = z.object({
  posts: z.array(postSchema),
  page: z.number().int(),
  next_page: z.number().int().nullable(),
});
export type PostPage = z.infer<typeof postPageSchema>;

export const commentInputSchema = z.object({
  content: z.string().trim().min(1, { message: 'validation.required' }).max(2000),
});
export type CommentInput = z.output<typeof commentInputSchema>;

export const commentSchema = z.object({
  id: z.number().int(),
  post_id: z.number().int(),
  user_id: z.number().int(),
  user_name: z.string(),
  content: z.string(),
  created_at: z.string(),
});
export type Comment = z.infer<typeof commentSchema>;

export const likeStateSchema = z.object({
  post_id: z.number().int(),
  liked_by_me: z.boolean(),
  likes_count: z.number().int(),
});
export type LikeState = z.infer<typeof likeStateSchema>;

export const pinInputSchema = z.object({ is_pinned: z.boolean() });
export const hideInputSchema = z.object({ is_hidden: z.boolean() });

export const reportInputSchema = z.object({
  reason: z
    .string()
    .trim()
    .max(500)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type ReportInput = z.output<typeof reportInputSchema>;

export const reportedPostSchema = z.object({
  post: postSchema,
  reports_count: z.number().int(),
  reasons: z.array(z.string()),
  last_reported_at: z.string(),
});
export type ReportedPost = z.infer<typeof reportedPostSchema>;

export const uploadedImageSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

/** The app path of a stored picture. */
export const communityImagePath = (id: number) => `/api/community/images/${id}`;
/** The app path that opens a post (a notification's link). */
export const communityPostLink = (id: number) => `/community?post=${id}`;

/** Whether a role may post this type (announcements need community.announce). */
export const needsAnnouncePermission = (type: PostType) => type === 'announcement';
