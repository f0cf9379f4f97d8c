import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { DAY, seededRandom, type AreaSeed, type DemoWorld } from '../../db/seed-types.ts';
import { COURSES, lessonTexts, moduleTexts } from './content.ts';
import {
  learningEnrollments,
  learningLessonProgress,
  learningLessons,
  learningModules,
  learningRatings,
} from './tables.ts';

/** The academy's own generator, so its demo data does not shift the areas seeded after it. */
const DEMO_SEED = 20261313;

/**
 * The academy's seed (issue 13 point 1): the courses are reference data, brought to the repo's content
 * on every start. Keyed by slug, so a course or lesson keeps its id (and learners their progress) when its
 * words change; a course taken out of the repo becomes inactive, a lesson taken out is removed.
 */
export const seed = {
  area: 'academy',
  reference: async (db: Db | Tx) => {
    const slugs = COURSES.map((c) => c.slug);
    for (const [index, course] of COURSES.entries()) {
      const [row] = await db
        .insert(learningModules)
        .values({
          slug: course.slug,
          category: course.category,
          difficulty_level: course.level,
          content_type: 'article',
          image: course.image,
          is_active: true,
          sort_order: index,
          texts: moduleTexts(course.slug),
        })
        .onConflictDoUpdate({
          target: learningModules.slug,
          set: {
            category: sql`excluded.category`,
            difficulty_level: sql`excluded.difficulty_level`,
            content_type: sql`excluded.content_type`,
            image: sql`excluded.image`,
            is_active: sql`excluded.is_active`,
            sort_order: sql`excluded.sort_order`,
            texts: sql`excluded.texts`,
          },
        })
        .returning({ id: learningModules.id });
      const moduleId = row!.id;
      for (const [position, lesson] of course.lessons.entries()) {
        await db
          .insert(learningLessons)
          .values({
            module_id: moduleId,
            slug: lesson.slug,
            position: position + 1,
            duration_minutes: lesson.minutes,
            image: lesson.image,
            texts: lessonTexts(course.slug, lesson.slug),
          })
          .onConflictDoUpdate({
            target: [learningLessons.module_id, learningLessons.slug],
            set: {
              position: sql`excluded.position`,
              duration_minutes: sql`excluded.duration_minutes`,
              image: sql`excluded.image`,
              texts: sql`excluded.texts`,
            },
          });
      }
      await db.delete(learningLessons).where(
        and(
          eq(learningLessons.module_id, moduleId),
          notInArray(
            learningLessons.slug,
            course.lessons.map((l) => l.slug),
          ),
        ),
      );
    }
    await db
      .update(learningModules)
      .set({ is_active: false })
      .where(slugs.length > 0 ? notInArray(learningModules.slug, slugs) : undefined);
  },
  /**
   * The seeded shop owners have taken some courses, so the cards' learners and ratings are counted from
   * data even on a fresh demo. The demo accounts start with none (their rows go with them: cascade).
   */
  async demo(tx: Tx, { now, users }: DemoWorld) {
    const random = seededRandom(DEMO_SEED);
    const modules = await tx
      .select({ id: learningModules.id })
      .from(learningModules)
      .where(eq(learningModules.is_active, true))
      .orderBy(asc(learningModules.sort_order));
    const lessons = await tx
      .select({ id: learningLessons.id, module_id: learningLessons.module_id })
      .from(learningLessons)
      .orderBy(asc(learningLessons.module_id), asc(learningLessons.position));
    const enrollments: (typeof learningEnrollments.$inferInsert)[] = [];
    const progress: (typeof learningLessonProgress.$inferInsert)[] = [];
    const ratings: (typeof learningRatings.$inferInsert)[] = [];
    for (const userId of users?.members ?? []) {
      for (const module of modules) {
        if (random() > 0.3) continue;
        const started = new Date(now.getTime() - Math.floor(random() * 60 + 1) * DAY);
        enrollments.push({ user_id: userId, module_id: module.id, started_at: started });
        const own = lessons.filter((l) => l.module_id === module.id);
        const done = Math.floor(random() * (own.length + 1));
        own.slice(0, done).forEach((lesson, i) =>
          progress.push({
            user_id: userId,
            lesson_id: lesson.id,
            module_id: module.id,
            completed_at: new Date(started.getTime() + (i + 1) * DAY),
          }),
        );
        if (done > 0 && random() < 0.7) {
          const rating = random() < 0.1 ? 3 : 4 + Math.round(random());
          ratings.push({ user_id: userId, module_id: module.id, rating, rated_at: started });
        }
      }
    }
    if (enrollments.length > 0) await tx.insert(learningEnrollments).values(enrollments);
    if (progress.length > 0) await tx.insert(learningLessonProgress).values(progress);
    if (ratings.length > 0) await tx.insert(learningRatings).values(ratings);
  },
} satisfies AreaSeed;
