import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { POST_TYPES } from '@tt/domain';
import { users } from '../auth/tables.ts';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A picture for a post, as the server re-encoded it (JPEG, metadata gone, at most 1280 px a side). Kept in
 * the database so that any app instance serves it; the uploaded bytes are never kept.
 */
export const communityImages = pgTable('community_images', {
  id: serial('id').primaryKey(),
  uploader_id: integer('uploader_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  data: bytea('data').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const communityPosts = pgTable(
  'community_posts',
  {
    id: serial('id').primaryKey(),
    author_id: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title'),
    content: text('content').notNull(),
    post_type: text('post_type', { enum: POST_TYPES }).notNull().default('discussion'),
    /** One picture per post, used by no other post. */
    image_id: integer('image_id')
      .unique('community_posts_image_unique')
      .references(() => communityImages.id, { onDelete: 'set null' }),
    is_pinned: boolean('is_pinned').notNull().default(false),
    /** Set when an admin hides the post; the feed leaves it out. */
    hidden_at: timestamp('hidden_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    edited_at: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [
    check('community_posts_type_check', sql`${t.post_type} in (${inList(POST_TYPES)})`),
    index('community_posts_feed_idx').on(t.is_pinned, t.created_at, t.id),
    index('community_posts_author_idx').on(t.author_id),
  ],
);

/** One like per member per post: the primary key is what enforces it, however many requests race. */
export const communityLikes = pgTable(
  'community_likes',
  {
    post_id: integer('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.post_id, t.user_id] })],
);

export const communityComments = pgTable(
  'community_comments',
  {
    id: serial('id').primaryKey(),
    post_id: integer('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    author_id: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('community_comments_post_idx').on(t.post_id, t.created_at)],
);

/** One report per member per post. */
export const communityReports = pgTable(
  'community_reports',
  {
    post_id: integer('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.post_id, t.user_id] })],
);
