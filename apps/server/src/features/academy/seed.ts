import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { AreaSeed } from '../../db/seed-types.ts';
import { COURSES, lessonTexts, moduleTexts } from './content.ts';
import { learningLessons, learningModules } from './tables.ts';

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
} satisfies AreaSeed;
