import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { CONTENT_TYPES, DIFFICULTY_LEVELS, LEARNING_CATEGORIES } from '@tt/domain';
import { users } from '../auth/tables.ts';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** A course's words in one language (features/academy/content/<lang>.json). */
export interface ModuleTexts {
  title: string;
  description: string;
}
/** A lesson's words in one language. */
export interface LessonTexts {
  title: string;
  image_alt: string;
  paragraphs: string[];
  example_title: string;
  example: string[];
  takeaways: string[];
}

/**
 * Reference data (issue 13 point 1): the courses shipped in the repo, brought to the repo's content on
 * every start by the academy's seed, keyed by slug so ids and learners' progress survive a content change.
 * A course no longer in the repo is made inactive, never deleted.
 */
export const learningModules = pgTable(
  'learning_modules',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    category: text('category', { enum: LEARNING_CATEGORIES }).notNull(),
    difficulty_level: text('difficulty_level', { enum: DIFFICULTY_LEVELS }).notNull(),
    content_type: text('content_type', { enum: CONTENT_TYPES }).notNull().default('article'),
    /** A picture under the web app's /academy/ folder. */
    image: text('image').notNull(),
    is_active: boolean('is_active').notNull().default(true),
    sort_order: integer('sort_order').notNull().default(0),
    /** Title and description by language code. */
    texts: jsonb('texts').$type<Record<string, ModuleTexts>>().notNull(),
  },
  (t) => [
    check('learning_modules_category_check', sql`${t.category} in (${inList(LEARNING_CATEGORIES)})`),
    check('learning_modules_level_check', sql`${t.difficulty_level} in (${inList(DIFFICULTY_LEVELS)})`),
    check('learning_modules_content_type_check', sql`${t.content_type} in (${inList(CONTENT_TYPES)})`),
  ],
);

export const learningLessons = pgTable(
  'learning_lessons',
  {
    id: serial('id').primaryKey(),
    module_id: integer('module_id')
      .notNull()
      .references(() => learningModules.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    position: integer('position').notNull(),
    duration_minutes: integer('duration_minutes').notNull(),
    image: text('image').notNull(),
    texts: jsonb('texts').$type<Record<string, LessonTexts>>().notNull(),
  },
  (t) => [
    unique('learning_lessons_module_slug_unique').on(t.module_id, t.slug),
    check('learning_lessons_duration_check', sql`${t.duration_minutes} > 0`),
  ],
);

/** Start Free Course: who started which course (the cards' enrolled count). */
export const learningEnrollments = pgTable(
  'learning_enrollments',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    module_id: integer('module_id')
      .notNull()
      .references(() => learningModules.id, { onDelete: 'cascade' }),
    started_at: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.module_id] }),
    index('learning_enrollments_module_idx').on(t.module_id),
  ],
);

/** One row per lesson a learner has marked done. */
export const learningLessonProgress = pgTable(
  'learning_lesson_progress',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lesson_id: integer('lesson_id')
      .notNull()
      .references(() => learningLessons.id, { onDelete: 'cascade' }),
    module_id: integer('module_id')
      .notNull()
      .references(() => learningModules.id, { onDelete: 'cascade' }),
    completed_at: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.lesson_id] }),
    index('learning_lesson_progress_user_module_idx').on(t.user_id, t.module_id),
  ],
);

/** One rating per learner and course; a new rating replaces the old one. */
export const learningRatings = pgTable(
  'learning_ratings',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    module_id: integer('module_id')
      .notNull()
      .references(() => learningModules.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    rated_at: timestamp('rated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.module_id] }),
    index('learning_ratings_module_idx').on(t.module_id),
    check('learning_ratings_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);
