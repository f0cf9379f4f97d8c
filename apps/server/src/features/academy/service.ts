import { and, asc, eq, sql, type AnyColumn } from 'drizzle-orm';
import {
  averageRating,
  lessonPercent,
  matchesLearningFilter,
  resolveLanguage,
  type LanguageCode,
  type LearningModule,
  type LearningModuleDetail,
  type LearningModulesQuery,
  type LearningProgress,
  type ModuleRating,
} from '@tt/domain';
import type { Db, Tx } from '../../db/client.ts';
import { fail } from '../../platform/errors.ts';
import { IMAGE_BASE, localize } from './content.ts';
import {
  learningEnrollments,
  learningLessonProgress,
  learningLessons,
  learningModules,
  learningRatings,
  type LessonTexts,
  type ModuleTexts,
} from './tables.ts';

type ModuleRow = typeof learningModules.$inferSelect;
interface LessonRef {
  id: number;
  module_id: number;
  position: number;
  duration_minutes: number;
}

/** The reader's language: the one asked for, else the browser's Accept-Language, else English. */
export function readerLanguage(asked: LanguageCode | undefined, acceptLanguage: string | undefined) {
  const browser = (acceptLanguage ?? '')
    .split(',')
    .map((part) => part.split(';')[0]!.trim())
    .filter(Boolean);
  return resolveLanguage(asked, browser);
}

async function activeModule(db: Db | Tx, moduleId: number): Promise<ModuleRow> {
  const [row] = await db
    .select()
    .from(learningModules)
    .where(and(eq(learningModules.id, moduleId), eq(learningModules.is_active, true)));
  if (!row) throw fail('learning.module_not_found');
  return row;
}

/** Lessons in order (ids and minutes only), for the given course or every course. */
async function lessonRefs(db: Db | Tx, moduleId?: number): Promise<LessonRef[]> {
  return db
    .select({
      id: learningLessons.id,
      module_id: learningLessons.module_id,
      position: learningLessons.position,
      duration_minutes: learningLessons.duration_minutes,
    })
    .from(learningLessons)
    .where(moduleId === undefined ? undefined : eq(learningLessons.module_id, moduleId))
    .orderBy(asc(learningLessons.module_id), asc(learningLessons.position), asc(learningLessons.id));
}

function progressOf(
  moduleId: number,
  lessons: LessonRef[],
  done: ReadonlySet<number>,
  enrolled: boolean,
  myRating: number | null,
): LearningProgress {
  const own = lessons.filter((l) => l.module_id === moduleId);
  const completed = own.filter((l) => done.has(l.id));
  return {
    module_id: moduleId,
    enrolled: enrolled || completed.length > 0,
    lessons_count: own.length,
    completed_lessons: completed.length,
    percent: lessonPercent(completed.length, own.length),
    completed_lesson_ids: completed.map((l) => l.id),
    next_lesson_id: own.find((l) => !done.has(l.id))?.id ?? null,
    my_rating: myRating,
  };
}

/** The caller's done lessons, enrolments and ratings (for one course or all). */
async function learnerState(db: Db | Tx, userId: number, moduleId?: number) {
  const only = (column: AnyColumn) => (moduleId === undefined ? undefined : eq(column, moduleId));
  const [done, enrolled, rated] = await Promise.all([
    db
      .select({
        lesson_id: learningLessonProgress.lesson_id,
        completed_at: learningLessonProgress.completed_at,
      })
      .from(learningLessonProgress)
      .where(and(eq(learningLessonProgress.user_id, userId), only(learningLessonProgress.module_id))),
    db
      .select({ module_id: learningEnrollments.module_id })
      .from(learningEnrollments)
      .where(and(eq(learningEnrollments.user_id, userId), only(learningEnrollments.module_id))),
    db
      .select({ module_id: learningRatings.module_id, rating: learningRatings.rating })
      .from(learningRatings)
      .where(and(eq(learningRatings.user_id, userId), only(learningRatings.module_id))),
  ]);
  return {
    done: new Map(done.map((d) => [d.lesson_id, d.completed_at])),
    enrolled: new Set(enrolled.map((e) => e.module_id)),
    ratings: new Map(rated.map((r) => [r.module_id, r.rating])),
  };
}

/** Every course's enrolled count and ratings (counted over learners, so one query each, grouped). */
async function courseFigures(db: Db | Tx, moduleId?: number) {
  const [enrolled, ratings] = await Promise.all([
    db
      .select({ module_id: learningEnrollments.module_id, n: sql<number>`count(*)::int` })
      .from(learningEnrollments)
      .where(moduleId === undefined ? undefined : eq(learningEnrollments.module_id, moduleId))
      .groupBy(learningEnrollments.module_id),
    db
      .select({
        module_id: learningRatings.module_id,
        n: sql<number>`count(*)::int`,
        sum: sql<number>`coalesce(sum(${learningRatings.rating}), 0)::int`,
      })
      .from(learningRatings)
      .where(moduleId === undefined ? undefined : eq(learningRatings.module_id, moduleId))
      .groupBy(learningRatings.module_id),
  ]);
  return {
    enrolled: new Map(enrolled.map((e) => [e.module_id, e.n])),
    ratings: new Map(ratings.map((r) => [r.module_id, { count: r.n, sum: r.sum }])),
  };
}

function toModule(
  row: ModuleRow,
  language: LanguageCode,
  lessons: LessonRef[],
  figures: Awaited<ReturnType<typeof courseFigures>>,
  state: Awaited<ReturnType<typeof learnerState>>,
): LearningModule {
  const texts = localize<ModuleTexts>(row.texts, language);
  const own = lessons.filter((l) => l.module_id === row.id);
  const rating = figures.ratings.get(row.id);
  return {
    id: row.id,
    slug: row.slug,
    title: texts.title,
    description: texts.description,
    category: row.category,
    difficulty_level: row.difficulty_level,
    content_type: row.content_type,
    duration_minutes: own.reduce((sum, l) => sum + l.duration_minutes, 0),
    is_active: row.is_active,
    image_url: IMAGE_BASE + row.image,
    lessons_count: own.length,
    enrolled_count: figures.enrolled.get(row.id) ?? 0,
    rating: averageRating(rating?.sum ?? 0, rating?.count ?? 0),
    ratings_count: rating?.count ?? 0,
    progress: progressOf(
      row.id,
      lessons,
      new Set(state.done.keys()),
      state.enrolled.has(row.id),
      state.ratings.get(row.id) ?? null,
    ),
  };
}

/** GET /api/learning/modules: the active courses in the reader's language, filtered by spec 1 §5's rule. */
export async function listModules(
  db: Db,
  userId: number,
  language: LanguageCode,
  filter: Omit<LearningModulesQuery, 'lang'>,
): Promise<LearningModule[]> {
  const [rows, lessons, figures, state] = await Promise.all([
    db
      .select()
      .from(learningModules)
      .where(eq(learningModules.is_active, true))
      .orderBy(asc(learningModules.sort_order), asc(learningModules.id)),
    lessonRefs(db),
    courseFigures(db),
    learnerState(db, userId),
  ]);
  return rows
    .map((row) => toModule(row, language, lessons, figures, state))
    .filter((m) => matchesLearningFilter(m, filter));
}

/** GET /api/learning/modules/:id: one active course with its lessons and the caller's progress. */
export async function getModule(
  db: Db,
  userId: number,
  moduleId: number,
  language: LanguageCode,
): Promise<LearningModuleDetail> {
  const row = await activeModule(db, moduleId);
  const [lessons, figures, state] = await Promise.all([
    db
      .select()
      .from(learningLessons)
      .where(eq(learningLessons.module_id, moduleId))
      .orderBy(asc(learningLessons.position), asc(learningLessons.id)),
    courseFigures(db, moduleId),
    learnerState(db, userId, moduleId),
  ]);
  const module = toModule(row, language, lessons, figures, state);
  return {
    ...module,
    lessons: lessons.map((lesson) => {
      const texts = localize<LessonTexts>(lesson.texts, language);
      const completedAt = state.done.get(lesson.id);
      return {
        id: lesson.id,
        slug: lesson.slug,
        position: lesson.position,
        title: texts.title,
        duration_minutes: lesson.duration_minutes,
        image_url: IMAGE_BASE + lesson.image,
        image_alt: texts.image_alt,
        paragraphs: texts.paragraphs,
        example_title: texts.example_title,
        example: texts.example,
        takeaways: texts.takeaways,
        completed: completedAt !== undefined,
        completed_at: completedAt ? completedAt.toISOString() : null,
      };
    }),
  };
}

async function progressFor(tx: Db | Tx, userId: number, moduleId: number): Promise<LearningProgress> {
  const [lessons, state] = await Promise.all([lessonRefs(tx, moduleId), learnerState(tx, userId, moduleId)]);
  return progressOf(
    moduleId,
    lessons,
    new Set(state.done.keys()),
    state.enrolled.has(moduleId),
    state.ratings.get(moduleId) ?? null,
  );
}

/** POST /api/learning/modules/:id/enroll: Start Free Course. Starting again changes nothing. */
export async function enroll(db: Db, userId: number, moduleId: number): Promise<LearningProgress> {
  return db.transaction(async (tx) => {
    await activeModule(tx, moduleId);
    await tx
      .insert(learningEnrollments)
      .values({ user_id: userId, module_id: moduleId })
      .onConflictDoNothing();
    return progressFor(tx, userId, moduleId);
  });
}

/**
 * PUT /api/learning/modules/:id/lessons/:lessonId/progress: marks the lesson done (which starts the course
 * too) or not done. A lesson of another course is refused as not found in this one.
 */
export async function setLessonProgress(
  db: Db,
  userId: number,
  moduleId: number,
  lessonId: number,
  completed: boolean,
): Promise<LearningProgress> {
  return db.transaction(async (tx) => {
    await activeModule(tx, moduleId);
    const [lesson] = await tx
      .select({ id: learningLessons.id })
      .from(learningLessons)
      .where(and(eq(learningLessons.id, lessonId), eq(learningLessons.module_id, moduleId)));
    if (!lesson) throw fail('learning.lesson_not_found');
    if (completed) {
      await tx
        .insert(learningEnrollments)
        .values({ user_id: userId, module_id: moduleId })
        .onConflictDoNothing();
      await tx
        .insert(learningLessonProgress)
        .values({ user_id: userId, lesson_id: lessonId, module_id: moduleId })
        .onConflictDoNothing();
    } else {
      await tx
        .delete(learningLessonProgress)
        .where(
          and(eq(learningLessonProgress.user_id, userId), eq(learningLessonProgress.lesson_id, lessonId)),
        );
    }
    return progressFor(tx, userId, moduleId);
  });
}

/**
 * PUT /api/learning/modules/:id/rating: one rating per learner and course, allowed once a lesson is done;
 * rating again replaces it. Answers the course's new average.
 */
export async function rateModule(
  db: Db,
  userId: number,
  moduleId: number,
  rating: number,
): Promise<ModuleRating> {
  return db.transaction(async (tx) => {
    await activeModule(tx, moduleId);
    const [done] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(learningLessonProgress)
      .where(and(eq(learningLessonProgress.user_id, userId), eq(learningLessonProgress.module_id, moduleId)));
    if (!done || done.n === 0) throw fail('learning.rating_needs_lesson');
    await tx
      .insert(learningRatings)
      .values({ user_id: userId, module_id: moduleId, rating })
      .onConflictDoUpdate({
        target: [learningRatings.user_id, learningRatings.module_id],
        set: { rating, rated_at: sql`now()` },
      });
    const figures = await courseFigures(tx, moduleId);
    const all = figures.ratings.get(moduleId);
    return {
      module_id: moduleId,
      my_rating: rating,
      rating: averageRating(all?.sum ?? 0, all?.count ?? 0),
      ratings_count: all?.count ?? 0,
    };
  });
}

/** The learner's own academy records, for the personal-data export (POPIA). */
export async function learningRecordsOf(db: Db | Tx, userId: number) {
  const [started, done, rated] = await Promise.all([
    db
      .select({ slug: learningModules.slug, started_at: learningEnrollments.started_at })
      .from(learningEnrollments)
      .innerJoin(learningModules, eq(learningModules.id, learningEnrollments.module_id))
      .where(eq(learningEnrollments.user_id, userId))
      .orderBy(asc(learningEnrollments.started_at)),
    db
      .select({
        course: learningModules.slug,
        lesson: learningLessons.slug,
        completed_at: learningLessonProgress.completed_at,
      })
      .from(learningLessonProgress)
      .innerJoin(learningLessons, eq(learningLessons.id, learningLessonProgress.lesson_id))
      .innerJoin(learningModules, eq(learningModules.id, learningLessonProgress.module_id))
      .where(eq(learningLessonProgress.user_id, userId))
      .orderBy(asc(learningLessonProgress.completed_at)),
    db
      .select({
        slug: learningModules.slug,
        rating: learningRatings.rating,
        rated_at: learningRatings.rated_at,
      })
      .from(learningRatings)
      .innerJoin(learningModules, eq(learningModules.id, learningRatings.module_id))
      .where(eq(learningRatings.user_id, userId)),
  ]);
  return {
    courses_started: started.map((s) => ({ course: s.slug, started_at: s.started_at.toISOString() })),
    lessons_done: done.map((d) => ({ ...d, completed_at: d.completed_at.toISOString() })),
    course_ratings: rated.map((r) => ({
      course: r.slug,
      rating: r.rating,
      rated_at: r.rated_at.toISOString(),
    })),
  };
}
