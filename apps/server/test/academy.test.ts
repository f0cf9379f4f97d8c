import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  learningModuleDetailSchema,
  learningModuleSchema,
  learningProgressSchema,
  moduleRatingSchema,
  type LearningModule,
  type LearningModuleDetail,
  type LearningProgress,
} from '@tt/domain';
import {
  learningEnrollments,
  learningLessonProgress,
  learningLessons,
  learningModules,
  learningRatings,
} from '../src/db/schema.ts';
import { seed } from '../src/features/academy/seed.ts';
import { COURSES } from '../src/features/academy/content.ts';
import { count, createTestApp, expectError, type TestApp } from './support/test-app.ts';
import { insertUser } from './support/marketplace.ts';

describe('academy (spec 1 /academy, issue 13 point 1)', () => {
  let t: TestApp;
  let modules: LearningModule[];

  beforeAll(async () => {
    t = await createTestApp();
    modules = (
      await get('/api/learning/modules?lang=en', await t.login('retailer'))
    ).json() as LearningModule[];
  });
  afterAll(() => t.close());

  const get = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
  const send = (method: 'POST' | 'PUT', url: string, payload: unknown, cookie?: string) =>
    t.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: cookie ? { cookie } : {},
    });
  const learner = async () => {
    const id = await insertUser(t.db, 'retailer');
    return { id, cookie: await t.sessionFor(id) };
  };
  const moduleBySlug = (slug: string) => modules.find((m) => m.slug === slug)!;
  const detail = async (id: number, cookie: string, lang = 'en') =>
    (await get(`/api/learning/modules/${id}?lang=${lang}`, cookie)).json() as LearningModuleDetail;
  const markDone = (moduleId: number, lessonId: number, cookie?: string, completed: unknown = true) =>
    send('PUT', `/api/learning/modules/${moduleId}/lessons/${lessonId}/progress`, { completed }, cookie);
  const rate = (moduleId: number, rating: unknown, cookie?: string) =>
    send('PUT', `/api/learning/modules/${moduleId}/rating`, { rating }, cookie);
  const writes = async () =>
    (await count(t.db, 'learning_enrollments')) +
    (await count(t.db, 'learning_lesson_progress')) +
    (await count(t.db, 'learning_ratings'));

  describe('GET /api/learning/modules', () => {
    it('lists the seven seeded courses with real lesson counts, minutes and no fixed figures', async () => {
      expect(modules.map((m) => m.slug)).toEqual(COURSES.map((c) => c.slug));
      for (const m of modules) {
        learningModuleSchema.parse(m);
        const course = COURSES.find((c) => c.slug === m.slug)!;
        expect(m.lessons_count).toBe(course.lessons.length);
        expect(m.duration_minutes).toBe(course.lessons.reduce((sum, l) => sum + l.minutes, 0));
        expect(m.image_url).toBe(`/academy/${course.image}`);
        expect(m.is_active).toBe(true);
      }
      expect(moduleBySlug('vat-basics')).toMatchObject({
        title: 'VAT basics',
        category: 'tax',
        difficulty_level: 'intermediate',
      });
    });

    it('answers in the asked language, else the Accept-Language header, else English', async () => {
      const cookie = await t.login('retailer');
      const zu = (await get('/api/learning/modules?lang=zu', cookie)).json() as LearningModule[];
      const af = (
        await get('/api/learning/modules', cookie, { 'accept-language': 'af-ZA,af;q=0.9,en;q=0.8' })
      ).json() as LearningModule[];
      const none = (await get('/api/learning/modules', cookie)).json() as LearningModule[];
      const en = moduleBySlug('stock-control');
      expect(zu.find((m) => m.id === en.id)!.title).not.toBe(en.title);
      expect(af.find((m) => m.id === en.id)!.title).not.toBe(en.title);
      expect(af.find((m) => m.id === en.id)!.title).not.toBe(zu.find((m) => m.id === en.id)!.title);
      expect(none.find((m) => m.id === en.id)!.title).toBe(en.title);
    });

    it('searches title and description case-insensitively and filters by category and level', async () => {
      const cookie = await t.login('retailer');
      const search = async (query: string) =>
        ((await get(`/api/learning/modules?lang=en&${query}`, cookie)).json() as LearningModule[]).map(
          (m) => m.slug,
        );
      expect(await search('search=WHATSAPP')).toEqual(['whatsapp-marketing']);
      // "expired" is only in the stock course's description.
      expect(await search('search=expired')).toEqual(['stock-control']);
      expect(await search('category=tax')).toEqual(['vat-basics']);
      expect(await search('level=advanced')).toEqual(['co-op-governance']);
      expect(await search('level=beginner&category=food_safety')).toEqual(['food-safety']);
      expect(await search('search=nothing-like-this')).toEqual([]);
    });

    it('shows only active courses', async () => {
      const cookie = await t.login('retailer');
      const food = moduleBySlug('food-safety');
      await t.db.update(learningModules).set({ is_active: false }).where(eq(learningModules.id, food.id));
      try {
        const list = (await get('/api/learning/modules', cookie)).json() as LearningModule[];
        expect(list.map((m) => m.id)).not.toContain(food.id);
        expectError(await get(`/api/learning/modules/${food.id}`, cookie), 404, 'learning.module_not_found');
      } finally {
        await t.db.update(learningModules).set({ is_active: true }).where(eq(learningModules.id, food.id));
      }
    });

    it('refuses anonymous callers and bad filters', async () => {
      expectError(await get('/api/learning/modules'), 401, 'unauthorized');
      const cookie = await t.login('retailer');
      expectError(await get('/api/learning/modules?category=astrology', cookie), 400);
      expectError(await get('/api/learning/modules?level=expert', cookie), 400);
      expectError(await get('/api/learning/modules?lang=fr', cookie), 400);
    });
  });

  describe('GET /api/learning/modules/:id', () => {
    it('answers the lessons in order with their words and pictures in the reader’s language', async () => {
      const { cookie } = await learner();
      const course = moduleBySlug('cash-flow');
      const en = await detail(course.id, cookie);
      learningModuleDetailSchema.parse(en);
      expect(en.lessons.map((l) => l.position)).toEqual([1, 2, 3]);
      for (const lesson of en.lessons) {
        expect(lesson.paragraphs.length).toBeGreaterThan(0);
        expect(lesson.example.length).toBeGreaterThan(0);
        expect(lesson.takeaways.length).toBeGreaterThan(0);
        expect(lesson.image_url).toMatch(/^\/academy\/[a-z-]+\.svg$/);
        expect(lesson.completed).toBe(false);
      }
      const xh = await detail(course.id, cookie, 'xh');
      expect(xh.lessons.map((l) => l.id)).toEqual(en.lessons.map((l) => l.id));
      expect(xh.lessons[0]!.title).not.toBe(en.lessons[0]!.title);
      expect(xh.lessons[0]!.paragraphs[0]).not.toBe(en.lessons[0]!.paragraphs[0]);
    });

    it('refuses anonymous callers, bad ids and unknown courses', async () => {
      const id = moduleBySlug('cash-flow').id;
      expectError(await get(`/api/learning/modules/${id}`), 401, 'unauthorized');
      const cookie = await t.login('retailer');
      expectError(await get('/api/learning/modules/abc', cookie), 400);
      expectError(await get('/api/learning/modules/0', cookie), 400);
      expectError(await get('/api/learning/modules/999999', cookie), 404, 'learning.module_not_found');
    });
  });

  describe('POST /api/learning/modules/:id/enroll', () => {
    it('starts the course once and counts the learner as enrolled', async () => {
      const { id: userId, cookie } = await learner();
      const course = moduleBySlug('pricing-and-margins');
      const before = course.enrolled_count;
      const first = await send('POST', `/api/learning/modules/${course.id}/enroll`, undefined, cookie);
      expect(first.statusCode).toBe(200);
      const progress = learningProgressSchema.parse(first.json());
      expect(progress).toMatchObject({ enrolled: true, completed_lessons: 0, percent: 0 });
      const lessons = (await detail(course.id, cookie)).lessons;
      expect(progress.next_lesson_id).toBe(lessons[0]!.id);
      await send('POST', `/api/learning/modules/${course.id}/enroll`, undefined, cookie);
      expect(
        await count(
          t.db,
          'learning_enrollments',
          and(eq(learningEnrollments.user_id, userId), eq(learningEnrollments.module_id, course.id)),
        ),
      ).toBe(1);
      const list = (await get('/api/learning/modules', cookie)).json() as LearningModule[];
      expect(list.find((m) => m.id === course.id)!.enrolled_count).toBe(before + 1);
    });

    it('refuses anonymous callers, bad ids and unknown courses with nothing written', async () => {
      const id = moduleBySlug('pricing-and-margins').id;
      const before = await writes();
      expectError(await send('POST', `/api/learning/modules/${id}/enroll`, undefined), 401, 'unauthorized');
      const { cookie } = await learner();
      expectError(await send('POST', '/api/learning/modules/x1/enroll', undefined, cookie), 400);
      expectError(
        await send('POST', '/api/learning/modules/999999/enroll', undefined, cookie),
        404,
        'learning.module_not_found',
      );
      expect(await writes()).toBe(before);
    });
  });

  describe('PUT /api/learning/modules/:id/lessons/:lessonId/progress', () => {
    it('marks lessons done, shows progress on the list and the course, and continues where the learner left', async () => {
      const { cookie } = await learner();
      const course = moduleBySlug('stock-control');
      const lessons = (await detail(course.id, cookie)).lessons;
      const first = await markDone(course.id, lessons[0]!.id, cookie);
      expect(first.statusCode).toBe(200);
      expect(learningProgressSchema.parse(first.json())).toMatchObject({
        enrolled: true,
        completed_lessons: 1,
        lessons_count: 3,
        percent: 33,
        completed_lesson_ids: [lessons[0]!.id],
        next_lesson_id: lessons[1]!.id,
      });
      // Marking it again changes nothing.
      expect(
        ((await markDone(course.id, lessons[0]!.id, cookie)).json() as LearningProgress).completed_lessons,
      ).toBe(1);
      await markDone(course.id, lessons[2]!.id, cookie);
      const list = (await get('/api/learning/modules', cookie)).json() as LearningModule[];
      expect(list.find((m) => m.id === course.id)!.progress).toMatchObject({
        completed_lessons: 2,
        percent: 67,
        next_lesson_id: lessons[1]!.id,
      });
      const again = await detail(course.id, cookie);
      expect(again.lessons.map((l) => l.completed)).toEqual([true, false, true]);
      expect(again.lessons[0]!.completed_at).not.toBeNull();
      const all = (await markDone(course.id, lessons[1]!.id, cookie)).json() as LearningProgress;
      expect(all).toMatchObject({ percent: 100, next_lesson_id: null });
      // Not done again.
      const undone = (await markDone(course.id, lessons[1]!.id, cookie, false)).json() as LearningProgress;
      expect(undone).toMatchObject({ completed_lessons: 2, next_lesson_id: lessons[1]!.id });
      // Someone else's progress is their own.
      const other = await learner();
      const theirs = (await get('/api/learning/modules', other.cookie)).json() as LearningModule[];
      expect(theirs.find((m) => m.id === course.id)!.progress.completed_lessons).toBe(0);
    });

    it('refuses a lesson of another course, with nothing written', async () => {
      const { cookie } = await learner();
      const stock = moduleBySlug('stock-control');
      const vat = moduleBySlug('vat-basics');
      const vatLesson = (await detail(vat.id, cookie)).lessons[0]!;
      const before = await writes();
      expectError(await markDone(stock.id, vatLesson.id, cookie), 404, 'learning.lesson_not_found');
      expectError(await markDone(stock.id, 999999, cookie), 404, 'learning.lesson_not_found');
      expectError(await markDone(999999, vatLesson.id, cookie), 404, 'learning.module_not_found');
      expect(await writes()).toBe(before);
    });

    it('refuses anonymous callers and bad input with nothing written', async () => {
      const { cookie } = await learner();
      const course = moduleBySlug('stock-control');
      const lesson = (await detail(course.id, cookie)).lessons[0]!;
      const before = await writes();
      expectError(await markDone(course.id, lesson.id), 401, 'unauthorized');
      expectError(await markDone(course.id, lesson.id, cookie, 'yes'), 400);
      expectError(
        await send('PUT', `/api/learning/modules/${course.id}/lessons/${lesson.id}/progress`, {}, cookie),
        400,
      );
      expectError(await markDone(course.id, -1, cookie), 400);
      expect(await writes()).toBe(before);
    });
  });

  describe('PUT /api/learning/modules/:id/rating', () => {
    it('needs a finished lesson, keeps one rating per learner and updates it, and averages real ratings', async () => {
      const course = moduleBySlug('food-safety');
      const a = await learner();
      const b = await learner();
      const lessons = (await detail(course.id, a.cookie)).lessons;

      const early = await rate(course.id, 5, a.cookie);
      expectError(early, 409, 'learning.rating_needs_lesson');
      expect(await count(t.db, 'learning_ratings', eq(learningRatings.user_id, a.id))).toBe(0);

      await markDone(course.id, lessons[0]!.id, a.cookie);
      await markDone(course.id, lessons[0]!.id, b.cookie);
      const first = await rate(course.id, 5, a.cookie);
      expect(first.statusCode).toBe(200);
      expect(moduleRatingSchema.parse(first.json())).toMatchObject({ my_rating: 5 });

      const changed = (await rate(course.id, 3, a.cookie)).json();
      expect(changed).toMatchObject({ my_rating: 3 });
      expect(
        await count(
          t.db,
          'learning_ratings',
          and(eq(learningRatings.user_id, a.id), eq(learningRatings.module_id, course.id)),
        ),
      ).toBe(1);

      const withB = moduleRatingSchema.parse((await rate(course.id, 4, b.cookie)).json());
      const [all] = await t.db.select().from(learningRatings).where(eq(learningRatings.module_id, course.id));
      expect(all).toBeDefined();
      const rows = await t.db.select().from(learningRatings).where(eq(learningRatings.module_id, course.id));
      const average = Math.round((rows.reduce((s, r) => s + r.rating, 0) / rows.length) * 10) / 10;
      expect(withB).toMatchObject({ my_rating: 4, rating: average, ratings_count: rows.length });

      const card = ((await get('/api/learning/modules', a.cookie)).json() as LearningModule[]).find(
        (m) => m.id === course.id,
      )!;
      expect(card).toMatchObject({ rating: average, ratings_count: rows.length });
      expect(card.progress.my_rating).toBe(3);
    });

    it('refuses anonymous callers and ratings outside 1-5 with nothing written', async () => {
      const course = moduleBySlug('food-safety');
      const { cookie } = await learner();
      await markDone(course.id, (await detail(course.id, cookie)).lessons[0]!.id, cookie);
      const before = await writes();
      expectError(await rate(course.id, 4), 401, 'unauthorized');
      for (const bad of [0, 6, 2.5, '4', null]) expectError(await rate(course.id, bad, cookie), 400);
      expectError(await rate(999999, 4, cookie), 404, 'learning.module_not_found');
      expect(await writes()).toBe(before);
    });
  });

  it('puts the learner’s courses, lessons and ratings in their personal-data export', async () => {
    const { cookie } = await learner();
    const course = moduleBySlug('vat-basics');
    const lesson = (await detail(course.id, cookie)).lessons[0]!;
    await markDone(course.id, lesson.id, cookie);
    await rate(course.id, 4, cookie);
    const exported = (await get('/api/users/me/export?format=json', cookie)).json() as {
      learning: Record<string, unknown[]>;
    };
    expect(exported.learning.courses_started).toEqual([expect.objectContaining({ course: 'vat-basics' })]);
    expect(exported.learning.lessons_done).toEqual([
      expect.objectContaining({ course: 'vat-basics', lesson: lesson.slug }),
    ]);
    expect(exported.learning.course_ratings).toEqual([
      expect.objectContaining({ course: 'vat-basics', rating: 4 }),
    ]);
  });

  describe('the seed', () => {
    it('is idempotent, keeps ids and progress, and follows the content in the repo', async () => {
      const { id: userId, cookie } = await learner();
      const course = moduleBySlug('whatsapp-marketing');
      const lesson = (await detail(course.id, cookie)).lessons[0]!;
      await markDone(course.id, lesson.id, cookie);
      const modulesBefore = await count(t.db, 'learning_modules');
      const lessonsBefore = await count(t.db, 'learning_lessons');

      // Someone edited a title in the database (or the repo's text changed): the seed brings it back.
      await t.db
        .update(learningLessons)
        .set({ texts: { en: { ...lesson, title: 'Old title' } } as never })
        .where(eq(learningLessons.id, lesson.id));
      await seed.reference(t.db);
      await seed.reference(t.db);

      expect(await count(t.db, 'learning_modules')).toBe(modulesBefore);
      expect(await count(t.db, 'learning_lessons')).toBe(lessonsBefore);
      const after = await detail(course.id, cookie);
      expect(after.lessons[0]!.id).toBe(lesson.id);
      expect(after.lessons[0]!.title).toBe(lesson.title);
      expect(after.lessons[0]!.completed).toBe(true);
      expect(await count(t.db, 'learning_lesson_progress', eq(learningLessonProgress.user_id, userId))).toBe(
        1,
      );
    });

    it('makes a course that left the repo inactive instead of deleting it', async () => {
      const [row] = await t.db
        .insert(learningModules)
        .values({
          slug: 'retired-course',
          category: 'stock',
          difficulty_level: 'beginner',
          image: 'stock-control.svg',
          texts: { en: { title: 'Retired', description: 'Gone from the repo' } },
        })
        .returning({ id: learningModules.id });
      await seed.reference(t.db);
      const [retired] = await t.db.select().from(learningModules).where(eq(learningModules.id, row!.id));
      expect(retired!.is_active).toBe(false);
      const list = (await get('/api/learning/modules', await t.login('retailer'))).json() as LearningModule[];
      expect(list.map((m) => m.slug)).not.toContain('retired-course');
    });
  });
});
